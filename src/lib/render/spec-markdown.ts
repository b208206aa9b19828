import type { Analysis } from '../analyze.ts';
import { isEmptyList } from '../gaps/facet-state.ts';
import { facetTree, type FacetNode } from '../gaps/tree.ts';
import { sumCoverage, type FacetResult } from '../gaps/types.ts';
import { AREAS } from '../model/areas/index.ts';
import { isObj } from '../model/facet-def.ts';
import { machineView } from './state-diagram.ts';
import { showCoverage } from './report.ts';
import { markdownText } from '../safety/markdown.ts';
import { escapeControls } from '../safety/terminal.ts';

const inline = (v: unknown): string => {
  if (typeof v === 'string') return markdownText(v.trim());
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return markdownText(v.join(', '));
  if (isObj(v)) return Object.entries(v).map(([k, x]) => `${markdownText(k)}: ${inline(x)}`).join('; ');
  return markdownText(String(v));
};

/** One facet as a list line: stated, none with its reason, or marked open with its id and question. */
function facetLine({ facet: f, depth, hasChildren }: FacetNode): string {
  const line = (rest: string) => `${'  '.repeat(depth)}- ${markdownText(f.label)}: ${rest}`;
  switch (f.state) {
    case 'stated':
      if (hasChildren && isObj(f.value)) return line(Object.keys(f.value).join(', '));
      if (hasChildren && Array.isArray(f.value)) return line(`${f.value.length} listed below`);
      return line(inline(f.value));
    case 'none':
      return line(`none (${isObj(f.value) ? inline(f.value.none) : ''})`);
    case 'placeholder':
      return line(`${markdownText(String(f.value))}, a placeholder; the concrete value is **open** (\`${markdownText(f.id)}\`).`);
    default:
      return line(`**open** (\`${markdownText(f.id)}\`${isEmptyList(f.value) ? ', an empty list' : ''}). ${markdownText(f.question)}${f.owner ? ` Owner: ${markdownText(f.owner)}.` : ''}`);
  }
}

const facetLines = (facets: FacetResult[], baseDepth: number) => facetTree(facets, baseDepth).map(facetLine);

/**
 * The whole spec as one Markdown document in the nine-part order, stating what is established
 * and marking what is open, fit to attach to a review. Deterministic for the same content.
 */
export function specMarkdown(a: Analysis): string {
  const purpose = a.spec.areas.find((x) => x.key === 'purpose')?.data ?? {};
  const name = typeof purpose.name === 'string' && !purpose.name.startsWith('{') ? purpose.name : undefined;
  const base = typeof purpose.base_url === 'string' ? purpose.base_url : undefined;
  const lines = [
    `# ${markdownText(name ?? 'Service')} interface specification`,
    '',
    `This document covers all nine parts of the service interface in order: ${AREAS.map((d) => d.title.toLowerCase()).join(', ')}. It states only what is established; everything else is marked **open**, with the question that would settle it. ${a.assessment.gaps.length} facets are open; ${showCoverage(sumCoverage(Object.values(a.assessment.byArea)))} are stated.`,
  ];
  // Facets grouped once by owner: each area and item then takes its own in constant time.
  const byOwner = new Map<string, FacetResult[]>();
  for (const f of a.assessment.facets) {
    const key = f.item === undefined ? f.area : `${f.area}/${f.item}`;
    const list = byOwner.get(key);
    if (list) list.push(f);
    else byOwner.set(key, [f]);
  }
  AREAS.forEach((def, index) => {
    const area = a.spec.areas.find((x) => x.key === def.key);
    const own = byOwner.get(def.key) ?? [];
    const coverage = a.assessment.byArea[def.key];
    lines.push('', `## ${index + 1}. ${def.title}`, '', `${def.covers}: ${coverage.stated === 0 ? 'nothing is stated yet' : `${showCoverage(coverage)} stated`}.`);
    if (def.key === 'endpoints') {
      lines.push('', base === undefined ? 'The base address is not stated yet.' : base.startsWith('{') ? `The base address is ${base}, a placeholder; nothing further about it is established.` : `The base address is ${base}.`);
    }
    if (def.key === 'states' && (area?.items.length ?? 0) === 0) lines.push('', 'No state list and no transition between states is stated, so no transition table can be written.');
    if (own.length) lines.push('', ...facetLines(own, 1));
    for (const item of area?.items ?? []) {
      const facets = byOwner.get(`${def.key}/${item.id}`) ?? [];
      const title = typeof item.data.title === 'string' ? item.data.title : item.id;
      lines.push('', `### ${markdownText(title)} (\`${def.key}/${item.id}\`)`);
      if (typeof item.data.description === 'string') lines.push('', escapeControls(item.data.description.trim()));
      if (facets.length) lines.push('', ...facetLines(facets, 2));
      if (def.key === 'states') {
        const m = machineView(item);
        if (m.transitions.length) {
          lines.push('', '| From | To | Trigger |', '|---|---|---|', ...m.transitions.map((t) => `| ${t.from.join(', ')} | ${t.to} | ${t.trigger.kind === 'open' || t.trigger.kind === 'missing' ? '**open**' : `${t.trigger.kind === 'condition' ? '' : `${t.trigger.kind} `}${t.trigger.text}`} |`));
        } else lines.push('', 'No transition table can be written yet.');
      }
    }
  });
  lines.push('');
  return lines.join('\n');
}
