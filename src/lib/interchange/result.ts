import type { AreaInput, AreaKey, ItemInput } from '../areas/index.ts';

/** An element of the source document that has no place in the spec, with why. */
export interface Unmapped {
  /** JSON pointer into the source document. */
  pointer: string;
  reason: string;
}

/** One item an import writes: its area, id, and the data its area's item schema accepts. */
export type ImportedItem = { [K in AreaKey]: { area: K; id: string; data: ItemInput<K> } }[AreaKey];

/** What an import produced: area files, item files, and everything it could not map. */
export interface ImportResult {
  format: string;
  areas: { [K in AreaKey]?: AreaInput<K> };
  items: ImportedItem[];
  unmapped: Unmapped[];
}

/** JSON pointer escaping of one segment. */
export const seg = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

/** Gives every source name a valid, case-insensitively unique item id, the same one each time it is asked. */
export class Ids {
  private readonly byName = new Map<string, string>();
  private readonly taken = new Set<string>();

  id(name: string): string {
    const known = this.byName.get(name);
    if (known) return known;
    let base = name.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(/-+$/, '') || 'x';
    if (base.length > 120) base = base.slice(0, 120);
    let id = base;
    for (let n = 2; this.taken.has(id.toLowerCase()); n++) id = `${base}-${n}`;
    this.taken.add(id.toLowerCase());
    this.byName.set(name, id);
    return id;
  }

  has(name: string): boolean {
    return this.byName.has(name);
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
