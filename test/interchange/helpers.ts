import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { statedObj } from '../../src/lib/facet/state.ts';
import { analyze, areaOf, exportAsyncApi, exportOpenApi, importDocument, importedFiles, importOnSite, readApiDocument, readSpecDir, type Analysis, type ImportResult } from '../../src/lib/index.ts';

export const OAS = 'node_modules/@readme/oas-examples';
export const STREETLIGHTS = 'test/fixtures/interchange/streetlights-mqtt-asyncapi.yml';

/** A document imported through the real reader and importer, written to a fresh spec folder and loaded back; `source` is the document as read (a Swagger 2.0 one upgraded), `raw` as written. */
export async function importToSpec(file: string, options: { siteUrl?: string } = {}): Promise<{ result: ImportResult; dir: string; analysis: Analysis; source: Record<string, unknown>; raw: Record<string, unknown> }> {
  const doc = await readApiDocument(file);
  return { ...(await importedSpec(file, options)), source: doc.doc, raw: doc.raw };
}

/** As `importToSpec`, without the document as read: reading it is a second parse (0.15-0.5 s of CPU for an AsyncAPI document, which the official parser validates), for tests that look only at the import. */
export async function importedSpec(file: string, options: { siteUrl?: string } = {}): Promise<{ result: ImportResult; dir: string; analysis: Analysis }> {
  const plain = await importDocument(file);
  // As `specbench import --site-url URL` does: links to paths from the root made whole addresses on the document's site.
  const result = options.siteUrl === undefined ? plain : importOnSite(plain, new URL(options.siteUrl)).result;
  const dir = await mkdtemp(join(tmpdir(), 'specbench-import-'));
  for (const f of importedFiles(result, 'spec')) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true });
    await writeFile(join(dir, f.path), f.text);
  }
  return { result, dir, analysis: analyze(await readSpecDir(dir)) };
}

/** An exported document, read as the tests read it. */
export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A document imported, exported, imported from that export and exported again: both specs, both exports. */
export interface Trip {
  first: Awaited<ReturnType<typeof importToSpec>>;
  exported: Doc;
  second: Awaited<ReturnType<typeof importedSpec>>;
  again: Doc;
}

const trips = new Map<string, Promise<Trip>>();

/**
 * A document's round trip, made once per document (and format) in a test file and shared by the
 * tests that look at it, which only read it: each import parses and validates the document (an
 * AsyncAPI document's parse by the official parser costs a few hundred milliseconds of CPU).
 */
export function roundTrip(file: string, format: 'openapi' | 'asyncapi' = 'openapi'): Promise<Trip> {
  const key = `${format} ${file}`;
  let trip = trips.get(key);
  if (!trip) {
    trip = (async () => {
      const write = format === 'openapi' ? exportOpenApi : exportAsyncApi;
      const first = await importToSpec(file);
      const exported: Doc = write(first.analysis);
      const exportFile = join(await mkdtemp(join(tmpdir(), 'specbench-trip-')), 'exported.json');
      await writeFile(exportFile, JSON.stringify(exported));
      const second = await importedSpec(exportFile);
      return { first, exported, second, again: write(second.analysis) };
    })();
    trips.set(key, trip);
  }
  return trip;
}

/** Method and path of every endpoint, sorted. */
export function operations(a: Analysis): string[] {
  return areaOf(a.spec, 'endpoints').items.map((e) => `${String(e.data.method)} ${String(e.data.path)}`).sort();
}

/** Every resource with its field names. */
export function resourceFields(a: Analysis): Record<string, string[]> {
  return Object.fromEntries(
    areaOf(a.spec, 'resources').items.map((r) => [r.id, Object.keys(statedObj(r.data.fields) ?? {}).sort()]),
  );
}

export const ids = (a: Analysis, area: string) => (a.spec.areas.find((x) => x.key === area)?.items ?? []).map((i) => i.id).sort();
