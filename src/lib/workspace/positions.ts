import { isAreaKey, type AreaKey } from '../areas/index.ts';
import { requirements, type SecurityAlternative } from '../areas/security.ts';
import type { StateMachineItem } from '../areas/states/schema.ts';
import { transitionsOf } from '../areas/states/machine.ts';
import type { Span } from '../diagnostics/diagnostic.ts';
import type { Analysis } from '../engine/engine.ts';
import type { Path } from '../facet/path.ts';
import { isObj, isOpenValue, own, stated } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import { inspectAll } from '../link/markdown.ts';
import { collectProse, parseTarget } from '../link/prose.ts';
import type { Reference } from '../link/references.ts';
import { classify } from '../load/classify.ts';
import { SourceFile } from '../load/source.ts';
import { areaOf, findItem, type Spec } from '../model/spec.ts';
import { nodeAt, offsetOf, type NodeAt } from './yaml-at.ts';

/** What a mention names: an item, an area, a facet (a gap id), a scope of a scheme, or a state of a machine. */
export type Target =
  | { kind: 'item'; area: AreaKey; id: string }
  | { kind: 'area'; area: AreaKey }
  | { kind: 'facet'; id: string }
  | { kind: 'scope'; scheme: string; scope: string }
  | { kind: 'state'; machine: string; state: string };

/** How a mention is written: a reference value, a `[[...]]` prose link, a `blocked_by` entry, a scope a call needs, a state a transition names. */
export type MentionForm = 'reference' | 'prose' | 'blocked-by' | 'scope' | 'state';

/** One place of a file that names something of the spec. */
export interface Mention {
  /** Where it is written: the value (quotes included), the whole `[[...]]`, the `blocked_by` entry. */
  span: Span;
  /** The data path of the value (for a prose link, of the prose value it is in). */
  path: Path;
  form: MentionForm;
  target: Target;
  /** What the mention is, in the words of the link graph ("request payload", "prose", "blocked_by"). */
  via: string;
  /** Whether the spec has what it names. */
  resolves: boolean;
  /** The item it names (directly, or as the owner of a facet) and where that item's id is written inside `span`: what a rename rewrites. */
  item?: { area: AreaKey; id: string; span: Span };
}

/** A name this file declares: its own item, the states of a machine, the scopes of a scheme, its facets. */
export interface Declaration {
  target: Target;
  span: Span;
}

/** Where everything a file says of others sits, and what sits at a place of it. */
export interface FilePositions {
  file: string;
  /** The file's text parsed with positions. */
  source: SourceFile;
  /** In the order of the text. */
  mentions: readonly Mention[];
  declarations: readonly Declaration[];
  /** The mention at a 1-based line and column (an end column counts: the cursor after a word is on it). */
  mentionAt(line: number, column: number): Mention | undefined;
  /** The data path at a 1-based line and column, and whether it is on a key. */
  nodeAt(line: number, column: number): NodeAt | undefined;
}

/** `area`, or `area/id`: the page a file is, as the link graph names it; undefined for a file that is neither. */
export function pageOf(file: string): string | undefined {
  const place = classify(file);
  if (!('area' in place)) return undefined;
  return place.item === undefined ? place.area : `${place.area}/${place.item}`;
}

/** The file of a page (`area` or `area/id`) of the spec, when the spec has it. */
export function fileOfPage(spec: Spec, page: string): string | undefined {
  const [area = '', id] = page.split('/');
  if (!isAreaKey(area)) return undefined;
  if (id === undefined) return areaOf(spec, area).file;
  return findItem(spec, area, id)?.file ?? areaOf(spec, area).unreadable.find((u) => u.id === id)?.file;
}

/** A facet's id, looked up in the analysis (an item's facet, or its area's). */
export function facetOf(analysis: Analysis, id: string): FacetResult | undefined {
  const [area = '', item] = id.split('/');
  const owners = id.split('/').length > 2 && item !== undefined ? [`${area}/${item}`, area] : [area];
  for (const owner of owners) {
    const hit = analysis.facetsOf(owner)?.facets.find((f) => f.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The positions of one file of an analysis, from its text as the analysis read it: each mention
 * with its span and whether it resolves, each declaration. `references` are the file's own
 * references as the analysis found them (`Analysis.references` of this file).
 */
export function filePositions(analysis: Analysis, file: string, text: string, references: readonly Reference[]): FilePositions {
  const source = new SourceFile(file, text);
  const { spec } = analysis;
  const page = pageOf(file);
  const [areaKey = '', itemId] = page?.split('/') ?? [];
  const area = isAreaKey(areaKey) ? areaKey : undefined;
  const data: unknown = area === undefined ? undefined : itemId === undefined ? areaOf(spec, area).data : findItem(spec, area, itemId)?.data;
  const facets = page === undefined ? [] : (analysis.facetsOf(page)?.facets ?? []);
  const mentions: Mention[] = [];
  const has = (a: AreaKey, id: string) => findItem(spec, a, id) !== undefined;

  for (const r of references) {
    const span = source.locate(r.path);
    mentions.push({ span, path: r.path, form: 'reference', target: { kind: 'item', area: r.area, id: r.id }, via: r.via, resolves: has(r.area, r.id), ...named(source, span, r.area, r.id, r.id) });
  }

  // Prose links, as `check` finds them (outside code, within the prose limits).
  if (page !== undefined && data !== undefined) {
    const searched = new Map<string, number>();
    for (const p of inspectAll(collectProse([{ file, source: page, data }], facets))) {
      const value = source.locate(p.path);
      const key = JSON.stringify(p.path);
      for (const link of p.links) {
        const from = searched.get(key) ?? offsetOf(source, value.line, value.column);
        const end = offsetOf(source, value.endLine ?? value.line, value.endColumn ?? value.column);
        const at = source.text.indexOf(link.raw, from);
        const found = at >= 0 && at + link.raw.length <= end;
        if (found) searched.set(key, at + link.raw.length);
        const span = found ? source.spanOf(at, at + link.raw.length) : value;
        const target = parseTarget(link.target);
        const mention = proseMention(analysis, target);
        if (!mention) continue;
        const inner = found && mention.item ? named(source, span, mention.item.area, mention.item.id, link.raw.slice(0, link.raw.indexOf(link.target) + link.target.length)) : {};
        mentions.push({ span, path: p.path, form: 'prose', target: mention.target, via: 'prose', resolves: mention.resolves, ...inner });
      }
    }
  }

  // `blocked_by` names facets by their gap ids.
  for (const f of facets) {
    if (f.state !== 'open' || !isOpenValue(f.value)) continue;
    (f.value.blocked_by ?? []).forEach((id, i) => {
      const path = [...f.at, 'blocked_by', i];
      const span = source.locate(path);
      const found = facetOf(analysis, id);
      const owner = facetOwner(id, found);
      mentions.push({ span, path, form: 'blocked-by', target: { kind: 'facet', id }, via: 'blocked_by', resolves: found !== undefined, ...(owner ? named(source, span, owner.area, owner.id, id) : {}) });
    });
  }

  // The scopes a call needs, of the schemes it names (as `unknown-scope` reads them).
  if (area !== undefined && itemId !== undefined) {
    const alternatives = stated(own(data, 'security'));
    if (Array.isArray(alternatives)) {
      for (const { requirement, path } of requirements(alternatives as SecurityAlternative[])) {
        const scopes = stated(findItem(spec, 'authentication', requirement.scheme)?.data.scopes);
        (requirement.scopes ?? []).forEach((scope, j) => {
          const at = ['security', ...path, 'scopes', j];
          const span = source.locate(at);
          mentions.push({ span, path: at, form: 'scope', target: { kind: 'scope', scheme: requirement.scheme, scope }, via: `scope of ${requirement.scheme}`, resolves: isObj(scopes) && Object.hasOwn(scopes, scope) });
        });
      }
    }
  }

  // The states a machine's transitions go from and to (as `unknown-state` reads them).
  const declarations: Declaration[] = [];
  // This file is a state machine when the states area has its item (looked up, as the checks do, not switched on).
  const machine = itemId === undefined ? undefined : findItem(spec, 'states', itemId);
  if (itemId !== undefined && machine?.file === file) {
    const states = stated(machine.data.states);
    for (const t of transitionsOf(machine.data as StateMachineItem)) {
      const ends = [...t.from.map((s, i) => ({ s, path: t.fromIsList ? ['transitions', t.index, 'from', i] : ['transitions', t.index, 'from'] })), { s: t.to, path: ['transitions', t.index, 'to'] }];
      for (const { s, path } of ends) mentions.push({ span: source.locate(path), path, form: 'state', target: { kind: 'state', machine: itemId, state: s }, via: 'transition', resolves: isObj(states) && Object.hasOwn(states, s) });
    }
    for (const name of Object.keys(isObj(states) ? states : {})) declarations.push({ target: { kind: 'state', machine: itemId, state: name }, span: source.locate(['states', name], true) });
  }
  const scheme = itemId === undefined ? undefined : findItem(spec, 'authentication', itemId);
  if (itemId !== undefined && scheme?.file === file) {
    const scopes = stated(scheme.data.scopes);
    for (const name of Object.keys(isObj(scopes) ? scopes : {})) declarations.push({ target: { kind: 'scope', scheme: itemId, scope: name }, span: source.locate(['scopes', name], true) });
  }
  const top = source.spanOf(0, 0);
  if (area !== undefined) declarations.push({ target: itemId === undefined ? { kind: 'area', area } : { kind: 'item', area, id: itemId }, span: top });
  for (const f of facets) declarations.push({ target: { kind: 'facet', id: f.id }, span: f.line !== undefined ? source.spanOf(offsetOf(source, f.line, f.column ?? 1)) : source.locate(f.at, true) });

  const ordered = mentions.sort((a, b) => a.span.line - b.span.line || a.span.column - b.span.column);
  return {
    file,
    source,
    mentions: ordered,
    declarations,
    mentionAt: (line, column) => ordered.find((m) => contains(m.span, line, column)),
    nodeAt: (line, column) => nodeAt(source, offsetOf(source, line, column)),
  };
}

/** What a prose link names, whether the spec has it, and the item it names (directly or as a facet's owner). */
function proseMention(analysis: Analysis, target: ReturnType<typeof parseTarget>): { target: Target; resolves: boolean; item?: { area: AreaKey; id: string } } | undefined {
  if (!target) return undefined;
  if (target.kind === 'facet') {
    const found = facetOf(analysis, target.id);
    const owner = facetOwner(target.id, found);
    return { target: { kind: 'facet', id: target.id }, resolves: found !== undefined, ...(owner ? { item: owner } : {}) };
  }
  if (!isAreaKey(target.area)) return undefined;
  if (target.kind === 'area') return { target: { kind: 'area', area: target.area }, resolves: true };
  return { target: { kind: 'item', area: target.area, id: target.id }, resolves: findItem(analysis.spec, target.area, target.id) !== undefined, item: { area: target.area, id: target.id } };
}

/** The item a facet id belongs to: the facet's own when the spec has it, else what its first two segments would name. */
function facetOwner(id: string, found: FacetResult | undefined): { area: AreaKey; id: string } | undefined {
  if (found) return found.item === undefined ? undefined : { area: found.area, id: found.item };
  const [area = '', item, ...rest] = id.split('/');
  return isAreaKey(area) && item !== undefined && rest.length > 0 ? { area, id: item } : undefined;
}

/**
 * The item named inside a written span: `written` is how the name starts in the text (the id itself,
 * `resources/Order` in a link, a gap id), and the item's id is found in the span after its area.
 */
function named(source: SourceFile, span: Span, area: AreaKey, id: string, written: string): { item?: { area: AreaKey; id: string; span: Span } } {
  const start = offsetOf(source, span.line, span.column);
  const end = offsetOf(source, span.endLine ?? span.line, span.endColumn ?? span.column);
  const shown = source.text.slice(start, end);
  const prefix = written === id ? '' : `${area}/`;
  const at = shown.indexOf(`${prefix}${id}`);
  if (at < 0) return {};
  const from = start + at + prefix.length;
  // The id ends where the name does: not inside a longer id (`Order` in `Orders`).
  const after = source.text[from + id.length] ?? '';
  if (/[A-Za-z0-9_.-]/.test(after) && !(after === '.' && !/[A-Za-z0-9_-]/.test(source.text[from + id.length + 1] ?? ''))) return {};
  return { item: { area, id, span: source.spanOf(from, from + id.length) } };
}

/** Whether a 1-based line and column is inside a span, its end included. */
export function contains(span: Span, line: number, column: number): boolean {
  const endLine = span.endLine ?? span.line;
  const endColumn = span.endColumn ?? span.column;
  if (line < span.line || line > endLine) return false;
  if (line === span.line && column < span.column) return false;
  return !(line === endLine && column > endColumn);
}
