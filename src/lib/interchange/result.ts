import type { AreaInput, AreaKey, ItemInput } from '../areas/index.ts';

/** An element of the source document that has no place in the spec, with why. */
export interface Unmapped {
  /** JSON pointer into the source document. */
  pointer: string;
  reason: string;
}

/**
 * One item an import writes: its area, id, and the data its area's item schema accepts; `from`, where
 * the document writes it (JSON pointers: an operation, its path's parameters), to say at a place of
 * the item what its file does not keep.
 */
export type ImportedItem = { [K in AreaKey]: { area: K; id: string; data: ItemInput<K>; from?: readonly string[] } }[AreaKey];

/** What an import produced: area files, item files, and everything it could not map. */
export interface ImportResult {
  format: string;
  areas: { [K in AreaKey]?: AreaInput<K> };
  items: ImportedItem[];
  unmapped: Unmapped[];
}

/** JSON pointer escaping of one segment. */
export const seg = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

/** The id a name has before it is made unique, with why it differs from the name. */
export function idBase(name: string): { base: string; why: string[] } {
  const why: string[] = [];
  // A letter with an accent keeps its letter (`Café` is `Cafe`, not `Caf`, which `Caf` beside it would take).
  const plain = name.normalize('NFKD').replace(/\p{M}+/gu, '');
  let base = plain.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(/-+$/, '') || 'x';
  if (base !== name) why.push(plain !== name && /^[\x00-\x7f]*$/.test(plain) && base === plain ? 'an id uses the letters A to Z without accents, digits, `_`, `.` and `-`: each accent is left out' : 'an id uses the letters A to Z (an accent left out), digits, `_`, `.` and `-`, starting with a letter or digit; any other character is written `-`');
  if (base.length > 120) {
    base = base.slice(0, 120);
    why.push(`an id has at most 120 characters (this name has ${name.length})`);
  }
  return { base, why };
}

/** Gives every source name a valid, case-insensitively unique item id, the same one each time it is asked; every name it had to change is listed with why. */
export class Ids {
  private readonly byName = new Map<string, string>();
  private readonly byId = new Map<string, string>();
  private readonly taken = new Map<string, string>();
  /** Names kept under another id, with why, in the order met. */
  readonly renamed: Array<{ name: string; id: string; why: string }> = [];

  /** `reserved`: ids no name may have (a resource may not be called `string`, which is a type). */
  constructor(reserved: readonly string[] = []) {
    for (const id of reserved) this.taken.set(id.toLowerCase(), id);
  }

  id(name: string): string {
    return this.byName.get(name) ?? this.assign(name, true);
  }

  /**
   * Ids for names met together (a document's schemas, its operationIds), in the given order, but
   * every name that is a valid id as written first: it keeps its name, and only a name that must
   * change (`Café`) takes a number (`Cafe-3` beside `Cafe` and `Cafe-2`), never a name another
   * schema writes exactly (t31r D12: the export's `Cafe` was the source's `Café`).
   */
  claim(names: Iterable<string>): void {
    const all = [...names];
    // A name the spec reserves (`Number`, beside the type `number`) or one a name before it takes in other letter case must change: it waits for the second round, and takes an id no name of the document writes (t31t D6: `Number` took `Number-2`, the document's own `Number-2` was pushed to `Number-2-2`).
    for (const name of all) if (idBase(name).base === name && !this.taken.has(name.toLowerCase())) this.id(name);
    for (const name of all) this.id(name);
  }

  /**
   * Another id for a name already given one: OpenAPI asks each `operationId` to be unique, and a
   * document may still repeat one. The name stays the first one's; the caller says why.
   */
  another(name: string): string {
    return this.assign(name, false);
  }

  /** Whether a name not given an id yet would take a number, its id being taken already (`Name` beside `name`). */
  clashes(name: string): boolean {
    return !this.byName.has(name) && this.taken.has(idBase(name).base.toLowerCase());
  }

  private assign(name: string, remember: boolean): string {
    const { base, why } = idBase(name);
    let id = base;
    const clash = this.taken.get(id.toLowerCase());
    for (let n = 2; this.taken.has(id.toLowerCase()); n++) id = `${base}-${n}`;
    if (clash !== undefined) why.push(clash.toLowerCase() === base.toLowerCase() && this.reserved(clash) ? `\`${clash}\` is a type of the spec` : `ids must differ in more than letter case, and \`${clash}\` is taken`);
    this.taken.set(id.toLowerCase(), id);
    this.byId.set(id, name);
    if (!remember) return id;
    this.byName.set(name, id);
    if (id !== name) this.renamed.push({ name, id, why: why.join('; ') });
    return id;
  }

  private reserved(id: string): boolean {
    return !this.byId.has(id);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The name an id was given for. */
  nameOf(id: string): string | undefined {
    return this.byId.get(id);
  }

  /** The unmapped entries that say so, at each renamed name's place in the source. */
  reported(where: (name: string) => string, what: string): Unmapped[] {
    return this.renamed.map((r) => ({ pointer: where(r.name), reason: `the ${what} \`${r.name}\` is kept under the id \`${r.id}\`, and an export names it so: ${r.why}` }));
  }
}

/** Each unmapped element once, in the order first met (a shared component is reported once). */
export function uniqueUnmapped(list: readonly Unmapped[]): Unmapped[] {
  const seen = new Set<string>();
  return list.filter((u) => {
    const key = `${u.pointer}\u0000${u.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Keys whose value maps names to things (properties, media types, statuses, components, channels…): a key under one is a name, not a keyword. */
const NAME_MAPS: ReadonlySet<string> = new Set([
  ...['paths', 'webhooks', 'x-webhooks', 'callbacks', 'responses', 'headers', 'properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'content', 'encoding', 'examples', 'links'],
  ...['variables', 'scopes', 'mapping', 'schemas', 'parameters', 'requestBodies', 'securitySchemes', 'securityDefinitions', 'pathItems', 'channels', 'messages', 'operations', 'servers', 'tags'],
  ...['messageTraits', 'operationTraits', 'correlationIds', 'replies', 'replyAddresses', 'serverVariables', 'externalDocs', 'bindings', 'channelBindings', 'operationBindings', 'messageBindings', 'serverBindings'],
]);

/**
 * The keywords of the source an unmapped element is written under: the ones its reason lists
 * (`JSON Schema keywords \`xml\`, \`not\` have no place…`, `the extensions \`x-a\`, \`x-b\` (…) have no place…`), else the last key of its pointer that is
 * neither a name (a property's, a media type's, a component's) nor a position in a list
 * (`/paths/~1pets/get/x-internal` is `x-internal`, `/tags/3` is `tags`); `''` for the document itself.
 */
export function keywordsOf(u: Unmapped): string[] {
  const listed = /^(?:JSON Schema keywords?|the extensions?) ((?:`[^`]*`(?:, )?)+) (?:\([^)]*\) )?ha(?:s|ve) no place/.exec(u.reason);
  if (listed?.[1] !== undefined) return [...listed[1].matchAll(/`([^`]*)`/g)].map((m) => m[1] ?? '');
  const parts = u.pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  // A key is a name when the key above it maps names and is no name itself (a property called `content`).
  const names: boolean[] = [];
  parts.forEach((_, i) => names.push(i > 0 && names[i - 1] === false && NAME_MAPS.has(parts[i - 1] ?? '')));
  for (let i = parts.length - 1; i >= 0; i--) if (!names[i] && !/^\d+$/.test(parts[i] ?? '')) return [parts[i] ?? ''];
  return ['']; // the document itself
}

/** How many unmapped elements each keyword has, most first (then by keyword, in code-unit order): the same list for the same import. */
export function unmappedKeywords(list: readonly Unmapped[]): Array<{ keyword: string; count: number }> {
  const counts = new Map<string, number>();
  for (const u of list) for (const k of keywordsOf(u)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([keyword, count]) => ({ keyword, count })).sort((a, b) => b.count - a.count || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
}

/** What a reason names (a keyword, a tag, a path in backquotes; words in brackets) and the numbers it states, each read whole. */
const NAMED_OR_NUMBER = /`[^`]*`|\([^)]*\)|\d+(?:[.,]\d+)*/g;

/** How many different names a reason line shows in one place (then how many more there are), and how long a name it shows. */
const NAMES_SHOWN = 3;
const NAME_SHOWN_LENGTH = 60;

/**
 * The reasons of unmapped elements in general words, each with how many share it, most first (then
 * in code-unit order). A reason's names (a keyword, a tag, a path in backquotes; words in brackets)
 * are shown in each place, most used first (then in code-unit order): up to three, and how many
 * more (`` `xml`, `not`, `if` or 2 more ``); a name past 60 characters is left out (`…`). A number
 * is shown whole where every reason of its group states it alike (a bound: `65,536 characters`),
 * else left out whole (a length): never cut inside a number or a name (`…,…`). So a line names
 * what was not kept, not only how many (t31 s10 D16).
 */
export function unmappedReasons(list: readonly Unmapped[]): Array<{ reason: string; count: number }> {
  const NUMBER = '\u0000';
  const NAME = '\u0001';
  const groups = new Map<string, { numbers: Array<string | undefined>; names: Array<Map<string, number>>; count: number }>();
  for (const u of list) {
    const numbers: string[] = [];
    const names: string[] = [];
    const shape = u.reason.replace(NAMED_OR_NUMBER, (m) => (/^\d/.test(m) ? (numbers.push(m), NUMBER) : (names.push(m), NAME)));
    const group = groups.get(shape) ?? { numbers, names: names.map(() => new Map<string, number>()), count: 0 };
    groups.set(shape, group);
    group.count++;
    group.numbers = group.numbers.map((n, i) => (n === numbers[i] ? n : undefined));
    group.names.forEach((counts, i) => {
      const name = names[i] ?? '';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    });
  }
  const named = (counts: Map<string, number> | undefined): string => {
    if (counts === undefined) return '…';
    // Sizes in brackets (`(412 characters)`, `(1,024 characters as JSON)`) in one place: their range, never a run of brackets that belong to nothing (t31r D14).
    const sizes = [...counts.keys()].map((name) => /^\((\d{1,3}(?:,\d{3})*) ([^()]+)\)$/.exec(name));
    if (counts.size > 1 && sizes.every((m) => m !== null && m[2] === sizes[0]?.[2])) {
      const numbers = sizes.map((m) => Number((m as RegExpExecArray)[1]?.replace(/,/g, '')));
      return `(${Math.min(...numbers).toLocaleString('en')}–${Math.max(...numbers).toLocaleString('en')} ${(sizes[0] as RegExpExecArray)[2] ?? ''})`;
    }
    // Names all too long to show (the starts of long texts): one `…`, not `… or 168 more`.
    if ([...counts.keys()].every((name) => name.length > NAME_SHOWN_LENGTH)) return '…';
    const all = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([name]) => (name.length > NAME_SHOWN_LENGTH ? '…' : name));
    const shown = [...new Set(all.slice(0, NAMES_SHOWN))];
    const more = all.length - Math.min(all.length, NAMES_SHOWN);
    return more > 0 ? `${shown.join(', ')} or ${more} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1) ?? ''}` : (shown[0] ?? '…');
  };
  const reasons = [...groups].map(([shape, { numbers, names, count }]) => {
    let i = 0;
    let k = 0;
    return { reason: shape.replace(/\u0000/g, () => numbers[i++] ?? '…').replace(/\u0001/g, () => named(names[k++])), count };
  });
  return reasons.sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}
