import { parseDocument } from 'yaml';
import { AREA_KEYS, areaModule, isAreaKey, itemTitle, type AreaKey } from '../areas/index.ts';
import { requirements, type SecurityAlternative } from '../areas/security.ts';
import { COMPOSITIONS, PRIMITIVE_TYPES } from '../areas/shape.ts';
import type { StateMachineItem } from '../areas/states/schema.ts';
import { transitionsOf } from '../areas/states/machine.ts';
import type { Span } from '../diagnostics/diagnostic.ts';
import type { Analysis } from '../engine/engine.ts';
import type { Path } from '../facet/path.ts';
import { isObj, own, stated } from '../facet/state.ts';
import { fileReferences } from '../link/references.ts';
import { classify } from '../load/classify.ts';
import { YAML_OPTIONS } from '../load/source.ts';
import { findItem } from '../model/spec.ts';
import type { FilePositions } from './positions.ts';
import { offsetOf } from './yaml-at.ts';

/** One name that may stand at a place: an item's id, a type, an area, a gap id, a scope or a state, with its title or label. */
export interface Suggestion {
  label: string;
  kind: 'item' | 'type' | 'area' | 'facet' | 'scope' | 'state';
  detail?: string;
  /** The text written in place of the span so that the file reads the label there: quoted where YAML would read it as something else (`'null'`, `'1.0'`), with the blank a value needs after its `:` or `-`. */
  insert: string;
}

/** What may stand at a place of a file, and the span of the text a choice replaces. */
export interface Suggestions {
  /** What is asked for, in words: "resource", "scope of oauth2", "prose link". */
  what: string;
  span: Span;
  items: Suggestion[];
  /** More would match than are given (gap ids, past `limit`): the editor asks again as more is typed. */
  incomplete: boolean;
}

/** What a reference at a path would name: asked of the area's module by writing a name there and reading its references back. */
type Slot = { kind: 'item'; area: AreaKey; via: string } | { kind: 'scope'; scheme: string } | { kind: 'state'; states: string[] } | { kind: 'facet' };

/** A name no spec has, written where a reference might be to see whether the area's module reads it as one. */
const PROBE = 'Specbench0Probe';

/**
 * The names that may stand at a 1-based line and column of a file: in a `[[` prose link, every
 * area, item and (after `gap:`) gap id; at a value the area's module reads as a reference, the
 * ids of that area (and the built-in types where a type goes); a scope of the scheme a requirement
 * names; a state of the machine; a gap id in `blocked_by`. Exactly the names that resolve there,
 * as `check` resolves them. Undefined where no name of the spec goes.
 */
export function suggestionsAt(analysis: Analysis, positions: FilePositions, line: number, column: number, limit = 2000): Suggestions | undefined {
  const { source } = positions;
  const offset = offsetOf(source, line, column);
  const link = proseLinkAt(source.text, offset);
  if (link) {
    const span = source.spanOf(link.start, link.end);
    const items = linkTargets(analysis, link.typed);
    return { what: 'prose link', span, items: items.slice(0, limit).map((s) => ({ ...s, insert: s.label })), incomplete: items.length > limit };
  }
  const at = positions.nodeAt(line, column);
  if (!at || at.key) return undefined;
  const path: Path = at.node === 'seq' ? [...at.path, at.index ?? 0] : at.path;
  if (at.node === 'map' || path.length === 0) return undefined;
  const place = valuePlace(source, at, offset);
  if (!place) return undefined;
  const slot = slotAt(analysis, positions, path);
  if (!slot) return undefined;
  const { span } = place;
  const write = (names: Array<Omit<Suggestion, 'insert'>>): Suggestion[] =>
    names.flatMap((s) => {
      const name = written(s.label, place.quote);
      return name === undefined ? [] : [{ ...s, insert: place.before + name + place.after }];
    });
  if (slot.kind === 'item') {
    const isType = /^(type|items|values|variant) of/.test(slot.via);
    const area = analysis.spec.areas.find((a) => a.key === slot.area);
    const items: Array<Omit<Suggestion, 'insert'>> = (area?.items ?? []).map((i) => ({ label: i.id, kind: 'item', detail: itemTitle(slot.area, i) }));
    if (isType) for (const t of [...PRIMITIVE_TYPES, ...COMPOSITIONS]) items.push({ label: t, kind: 'type', detail: 'built-in type' });
    return { what: isType ? 'type or resource' : (areaModule(slot.area).items?.noun ?? slot.area), span, items: write(items), incomplete: false };
  }
  if (slot.kind === 'scope') {
    const scopes = stated(findItem(analysis.spec, 'authentication', slot.scheme)?.data.scopes);
    const items: Array<Omit<Suggestion, 'insert'>> = Object.entries(isObj(scopes) ? scopes : {}).map(([name, allows]) => ({ label: name, kind: 'scope', ...(typeof allows === 'string' ? { detail: allows } : {}) }));
    return { what: `scope of ${slot.scheme}`, span, items: write(items), incomplete: false };
  }
  if (slot.kind === 'state') return { what: 'state', span, items: write(slot.states.map((s) => ({ label: s, kind: 'state' }))), incomplete: false };
  const typed = source.text.slice(offsetOf(source, span.line, span.column), offset);
  const items = facetIds(analysis, typed, limit + 1).map((f) => ({ label: f.id, kind: 'facet' as const, detail: `${f.label} (${f.state})` }));
  return { what: 'gap id', span, items: write(items.slice(0, limit)), incomplete: items.length > limit };
}

/** A `[[` link being written at an offset: what was typed after `[[`, and the span of the target (up to `|`, `]]` or the line's end). */
function proseLinkAt(text: string, offset: number): { typed: string; start: number; end: number } | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const open = text.lastIndexOf('[[', offset - 2);
  if (open < lineStart) return undefined;
  const typed = text.slice(open + 2, offset);
  if (/[\]|[\n]/.test(typed)) return undefined;
  const rest = /^[^\]|\n"']*/.exec(text.slice(offset))?.[0] ?? '';
  return { typed, start: open + 2, end: offset + rest.length };
}

/** Every link target: areas, items, and gap ids once `gap:` is typed. */
function linkTargets(analysis: Analysis, typed: string): Array<Omit<Suggestion, 'insert'>> {
  if (typed.trimStart().startsWith('gap:')) return facetIds(analysis, typed.trimStart().slice(4), Infinity).map((f) => ({ label: `gap:${f.id}`, kind: 'facet', detail: `${f.label} (${f.state})` }));
  const out: Array<Omit<Suggestion, 'insert'>> = AREA_KEYS.map((key) => ({ label: key, kind: 'area', detail: areaModule(key).title }));
  for (const area of analysis.spec.areas) for (const item of area.items) out.push({ label: `${area.key}/${item.id}`, kind: 'item', detail: itemTitle(area.key, item) });
  return out;
}

/** The spec's facets whose ids start with what was typed, at most `limit`. */
function facetIds(analysis: Analysis, typed: string, limit: number): Array<{ id: string; label: string; state: string }> {
  const out: Array<{ id: string; label: string; state: string }> = [];
  for (const f of analysis.assessment.facets) {
    if (!f.id.startsWith(typed)) continue;
    out.push({ id: f.id, label: f.label, state: f.state });
    if (out.length >= limit) break;
  }
  return out;
}

/** Where a value is written at the cursor: the span a choice replaces, the quotes it is inside, and the blanks it needs around it. */
interface ValuePlace {
  span: Span;
  quote: '"' | "'" | undefined;
  before: string;
  after: string;
}

/**
 * The span a name written at an offset replaces: a written scalar's own (inside its quotes when it
 * is quoted), or, for a value not written yet (`key:`, `{ key: }`, `[ ]`, `- `), the cursor itself,
 * with a blank before the name when it would follow the `:` or `-` at once and after it before a
 * comment. Undefined where a name written would not be the value there: after a list's `]`,
 * beside an item of a flow list without its `,`, in a block scalar.
 */
function valuePlace(source: FilePositions['source'], at: NonNullable<ReturnType<FilePositions['nodeAt']>>, offset: number): ValuePlace | undefined {
  const { text } = source;
  const start = offsetOf(source, at.span.line, at.span.column);
  const end = offsetOf(source, at.span.endLine ?? at.span.line, at.span.endColumn ?? at.span.column);
  const cursor = { span: source.spanOf(offset), quote: undefined };
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const previous = /\S?(?=[ \t]*$)/.exec(text.slice(lineStart, offset))?.[0] ?? '';
  const touching = text[offset - 1];
  if (at.node === 'seq') {
    if (text[start] === '[') {
      // Inside the brackets, where an item starts: after `[` or `,`, before `]` or `,`.
      if (offset <= start || offset >= end || text[end - 1] !== ']') return undefined;
      const left = /\S?(?=\s*$)/.exec(text.slice(start, offset))?.[0] ?? '';
      if (!['[', ','].includes(left) || !['', ']', ','].includes(/^\s*(\S?)/.exec(text.slice(offset, end))?.[1] ?? '')) return undefined;
      return { ...cursor, before: '', after: '' };
    }
    // A block list takes an item after its `- `.
    if (!/^[ \t]*-[ \t]*$/.test(text.slice(lineStart, offset))) return undefined;
    return { ...cursor, before: touching === '-' ? ' ' : '', after: text[offset] === '#' ? ' ' : '' };
  }
  if (end === start) {
    // A value not written yet: at the cursor, after a `:`, `-`, `[` or `,`.
    if (![':', '-', '[', ','].includes(previous)) return undefined;
    return { ...cursor, before: touching === ':' || touching === '-' ? ' ' : '', after: text[offset] === '#' ? ' ' : '' };
  }
  const first = text[start];
  if (first === '|' || first === '>') return undefined;
  if ((first === '"' || first === "'") && end - start >= 2 && text[end - 1] === first) return { span: source.spanOf(start + 1, end - 1), quote: first, before: '', after: '' };
  if (first === '"' || first === "'") return undefined;
  return { span: at.span, quote: undefined, before: '', after: '' };
}

/** A name YAML reads as that very string, plain, anywhere (a letter or `_` first, then only these signs; checked without parsing, as completion lists thousands). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** The words of that form that YAML's core schema reads as no string. */
const SPECIAL: ReadonlySet<string> = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

const reads = (yaml: string, expected: unknown): boolean => {
  const doc = parseDocument(yaml, YAML_OPTIONS);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return false;
  try {
    return JSON.stringify(doc.toJS({ maxAliasCount: 0 })) === JSON.stringify(expected);
  } catch {
    // An alias (`*a`): no name of the spec.
    return false;
  }
};

/**
 * A name as written in place of a value so that YAML reads that very string: plain where it reads
 * as itself both in a block and in a flow collection, else quoted (`'null'`, `'true'`, `'1.0'`);
 * inside quotes already, escaped for them (undefined where they cannot hold it).
 */
export function written(name: string, quote: '"' | "'" | undefined): string | undefined {
  if (quote === '"') return JSON.stringify(name).slice(1, -1);
  // Single quotes escape nothing but the quote: a control character cannot be written inside them.
  if (quote === "'") return /[\u0000-\u001f\u007f]/.test(name) ? undefined : name.replace(/'/g, "''");
  if (PLAIN.test(name) && !SPECIAL.has(name)) return name;
  if (name !== '' && name.trim() === name && reads(`k: ${name}`, { k: name }) && reads(`[${name}]`, [name]) && reads(`{ k: ${name} }`, { k: name })) return name;
  return /[\u0000-\u001f\u007f]/.test(name) ? JSON.stringify(name) : `'${name.replace(/'/g, "''")}'`;
}

/** What a name at `path` would be, as the checks read the file: asked of the file's data as the editor holds it, with a probe written there. */
function slotAt(analysis: Analysis, positions: FilePositions, path: Path): Slot | undefined {
  const place = classify(positions.file);
  if (!('area' in place)) return undefined;
  let data: unknown;
  try {
    data = positions.source.doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  const probed = setAt(data, path, PROBE);
  if (!isObj(probed)) return undefined;
  const last = path[path.length - 1];
  const parent = path.length >= 2 ? path[path.length - 2] : undefined;
  if (parent === 'blocked_by' && typeof last === 'number' && isObj(getAt(probed, path.slice(0, -2))) && Object.hasOwn(getAt(probed, path.slice(0, -2)) as object, 'open')) return { kind: 'facet' };
  if (place.item !== undefined) {
    // The scopes a requirement needs, as `unknown-scope` reads them.
    const alternatives = stated(own(probed, 'security'));
    if (Array.isArray(alternatives)) {
      for (const { requirement, path: at } of safely(() => requirements(alternatives as SecurityAlternative[]), [])) {
        const scopesAt = ['security', ...at, 'scopes'];
        if (path.length === scopesAt.length + 1 && scopesAt.every((p, i) => path[i] === p)) return { kind: 'scope', scheme: requirement.scheme };
      }
    }
    // The states a transition goes from and to, as `unknown-state` reads them.
    if (findItem(analysis.spec, 'states', place.item)?.file === positions.file && path[0] === 'transitions') {
      const states = stated(own(probed, 'states'));
      for (const t of safely(() => transitionsOf(probed as StateMachineItem), [])) {
        const ends = [...t.from.map((_, i) => (t.fromIsList ? ['transitions', t.index, 'from', i] : ['transitions', t.index, 'from'])), ['transitions', t.index, 'to']];
        if (ends.some((end) => end.length === path.length && end.every((p, i) => path[i] === p))) return { kind: 'state', states: Object.keys(isObj(states) ? states : {}) };
      }
    }
  }
  const refs = safely(() => fileReferences({ area: place.area, ...(place.item !== undefined ? { item: place.item } : {}), file: positions.file, data: probed }, positions.file), []);
  const hit = refs.find((r) => r.id === PROBE && r.path.length === path.length && r.path.every((p, i) => p === path[i]));
  return hit && isAreaKey(hit.area) ? { kind: 'item', area: hit.area, via: hit.via } : undefined;
}

/** What a module's reading of data that is still being written gives, or `fallback` where that data trips it. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function getAt(data: unknown, path: Path): unknown {
  let node = data;
  for (const p of path) node = Array.isArray(node) && typeof p === 'number' ? node[p] : own(node, String(p));
  return node;
}

/** The data with `value` at `path`, copied along the path only (a list grows by one where the path ends past it). */
function setAt(data: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(data) && typeof head === 'number') {
    const copy = [...data];
    copy[head] = setAt(data[head], rest, value);
    return copy;
  }
  if (isObj(data) && head !== undefined) return { ...data, [String(head)]: setAt(own(data, String(head)), rest, value) };
  return data;
}
