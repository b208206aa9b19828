import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { analyze, areaView, AREAS, itemView, readSpecDir, SiteIndex, type Analysis, type BlockView, type ItemView, type SiteOptions, type SpecFile } from '../src/lib/index.ts';
import { main } from '../src/cli/main.ts';

const encoder = new TextEncoder();

/** A spec from in-memory YAML, through the real loader. */
export function specFrom(files: Record<string, string | Uint8Array>): Analysis {
  const list: SpecFile[] = Object.entries(files).map(([path, text]) => ({ path, bytes: typeof text === 'string' ? encoder.encode(text) : text }));
  return analyze(list);
}

/** A fixture folder (or `content`) through the real file reader and loader. */
export async function specAt(dir: string): Promise<Analysis> {
  return analyze(await readSpecDir(dir));
}

export const fixture = (name: string) => join('test', 'fixtures', name);

/** Runs the command line in-process and captures what it prints. */
export async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  let out = '';
  let err = '';
  const code = await main(args, { env, out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** A spec folder in a fresh temporary folder, from paths and texts. */
export async function writeSpec(files: ReadonlyMap<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-'));
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** A scratch copy of a fixture that a test may change. */
export async function scratchCopy(dir: string): Promise<string> {
  const target = await mkdtemp(join(tmpdir(), 'specbench-'));
  await cp(dir, target, { recursive: true });
  return target;
}

/** `id state` lines of an analysis's gaps, for exact comparisons. */
export function gapLines(analysis: Analysis): string[] {
  return analysis.assessment.gaps.map((g) => `${g.id} ${g.state}`);
}

/** The complete fixture in memory, with some files replaced (or removed with `null`), through the real loader. */
export async function completeWith(overrides: Record<string, string | null>): Promise<Analysis> {
  const files = (await readSpecDir(fixture('complete'))).filter((f) => !(f.path in overrides));
  for (const [path, text] of Object.entries(overrides)) if (text !== null) files.push({ path, bytes: new TextEncoder().encode(text) });
  return analyze(files.sort((a, b) => (a.path < b.path ? -1 : 1)));
}

/** Every view of the site for an analysis, as its pages build them: the service, the readiness, and each area with its items' pages. */
export function siteViews(analysis: Analysis, options: SiteOptions = {}) {
  const index = new SiteIndex(analysis, options);
  const ctx = index.context(() => {});
  const areas = AREAS.map((module) => {
    const area = areaView(ctx, module.key);
    return { ...area, items: area.items.flatMap((i) => itemView(ctx, module.key, i.id) ?? []) };
  });
  return { service: index.service, readiness: index.readiness, sources: index.sources, areas, gapCount: areas.reduce((n, a) => n + a.gapCount, 0) };
}

/** A file of the complete fixture, changed: its YAML read, changed and written back, for `completeWith`. */
export function editComplete(path: string, change: (data: Record<string, unknown>) => Record<string, unknown>): string {
  return stringify(change(parse(readFileSync(join(fixture('complete'), path), 'utf8'))));
}

/** An item's page among a site's views (`siteViews`); throws when there is no such item. */
export function itemOf(model: ReturnType<typeof siteViews>, area: string, id: string): ItemView {
  const found = model.areas.find((a) => a.key === area)?.items.find((i) => i.id === id);
  if (!found) throw new Error(`no ${area}/${id}`);
  return found;
}

/** The first block of a kind on an item's page. */
export const blockOf = <K extends BlockView['kind']>(item: ItemView | undefined, kind: K): Extract<BlockView, { kind: K }> | undefined =>
  item?.blocks.find((b): b is Extract<BlockView, { kind: K }> => b.kind === kind);
