// What the compare tests share: a fixture's file with edits made in it, and an item's view as its
// page renders it in comparison mode, with the change of each facet marked in place.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { itemView, markItemView, SiteIndex, type Analysis, type FacetChange, type ItemView, type PageChange } from '../../src/lib/index.ts';
import { fixture } from '../helpers.ts';

/** A fixture file's text with each edit made; each `from` must be there exactly once. */
export async function text(path: string, ...edits: ReadonlyArray<[from: string, to: string]>): Promise<string> {
  let out = await readFile(join(fixture('complete'), path), 'utf8');
  for (const [from, to] of edits) {
    if (out.split(from).length !== 2) throw new Error(`${path} holds ${JSON.stringify(from)} ${out.split(from).length - 1} times`);
    out = out.replace(from, to);
  }
  return out;
}

/** A changed item's view, marked as its page shows it. */
export function markedView(analysis: Analysis, page: PageChange | undefined): ItemView {
  if (!page) throw new Error('no such changed page');
  const ctx = new SiteIndex(analysis, { base: '/' }).context(() => {});
  const [area = '', id = ''] = page.key.split('/');
  const view = itemView(ctx, area, id);
  if (!view) throw new Error(`no view of ${page.key}`);
  return markItemView(view, page, ctx);
}

/** Every facet marked in a view, by its id. */
export function inPlace(view: unknown, out = new Map<string, FacetChange>()): Map<string, FacetChange> {
  if (Array.isArray(view)) for (const v of view) inPlace(v, out);
  else if (view && typeof view === 'object') {
    const o = view as Record<string, unknown>;
    if (typeof o.id === 'string' && o.change && typeof o.change === 'object') out.set(o.id, o.change as FacetChange);
    for (const [k, v] of Object.entries(o)) if (k !== 'changes') inPlace(v, out);
  }
  return out;
}
