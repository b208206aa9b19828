import type { Analysis } from '../analyze.ts';
import { AREAS } from '../areas/index.ts';
import { isObj, stated } from '../facet/state.ts';
import { facetTree, type FacetNode } from '../gaps/tree.ts';
import { sumCoverage, type FacetResult } from '../gaps/types.ts';
import { areaOf, itemKey } from '../model/spec.ts';
import { markdownText } from '../safety/markdown.ts';
import { escapeControls } from '../safety/terminal.ts';
import { showCoverage } from './report.ts';

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
      return line(`**open** (\`${markdownText(f.id)}\`${f.state === 'empty' ? ', an empty list' : ''}). ${markdownText(f.question)}${f.owner ? ` Owner: ${markdownText(f.owner)}.` : ''}`);
  }
}

const facetLines = (facets: FacetResult[], baseDepth: number) => facetTree(facets, baseDepth).map(facetLine);

/**
 * The whole spec as one Markdown document in the nine-part order, stating what is established
 * and marking what is open, fit to attach to a review. Deterministic for the same content.
 */
export function specMarkdown(a: Analysis): string {
  const purpose = areaOf(a.spec, 'purpose').data;
  const name = stated(purpose.name);
  const lines = [
    `# ${markdownText(name ?? 'Service')} interface specification`,
    '',
    `This document covers all nine parts of the service interface in order: ${AREAS.map((d) => d.title.toLowerCase()).join(', ')}. It states only what is established; everything else is marked **open**, with the question that would settle it. ${a.assessment.gaps.length} facets are open; ${showCoverage(sumCoverage(Object.values(a.assessment.byArea)))} are stated.`,
  ];
  // Facets grouped once by owner: each area and item then takes its own in constant time.
  const byOwner = new Map<string, FacetResult[]>();
  for (const f of a.assessment.facets) {
    const key = f.item === undefined ? f.area : itemKey({ area: f.area, id: f.item });
    const list = byOwner.get(key);
    if (list) list.push(f);
    else byOwner.set(key, [f]);
  }
  AREAS.forEach((module, index) => {
    const area = areaOf(a.spec, module.key);
    const own = byOwner.get(module.key) ?? [];
    const coverage = a.assessment.byArea[module.key];
    lines.push('', `## ${index + 1}. ${module.title}`, '', `${module.covers}: ${coverage.stated === 0 ? 'nothing is stated yet' : `${showCoverage(coverage)} stated`}.`);
    for (const line of module.intro?.({ items: area.items.length, purpose }) ?? []) lines.push('', line);
    if (own.length) lines.push('', ...facetLines(own, 1));
    for (const item of area.items) {
      const facets = byOwner.get(itemKey(item)) ?? [];
      lines.push('', `### ${markdownText(item.data.title ?? item.id)} (\`${module.key}/${item.id}\`)`);
      const description = stated(item.data.description);
      if (description !== undefined) lines.push('', escapeControls(description.trim()));
      if (facets.length) lines.push('', ...facetLines(facets, 2));
      const extra = module.markdown?.(item.data, item.id) ?? [];
      if (extra.length) lines.push('', ...extra);
    }
  });
  lines.push('');
  return lines.join('\n');
}
