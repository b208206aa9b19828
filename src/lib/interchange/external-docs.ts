import { externalDocsSchema } from '../facet/define.ts';
import { isObj, type Obj } from '../facet/state.ts';
import { seg, type Unmapped } from './result.ts';

type ExternalDocs = { url: string; description?: string };

/**
 * An `externalDocs` object (OpenAPI's, AsyncAPI's, of an operation, a schema, a message, a tag or
 * the document) as the spec keeps it: its address and what is there. Undefined where there is
 * none; where there is one the spec cannot keep (no address, one a page would not link: a
 * script, blanks, or one relative to a page of the document's own site), it is said at its pointer, as is any other key it states (`skip` tells the
 * keys another part of the import says, such as extensions).
 */
export function importExternalDocs(value: unknown, pointer: string, unmapped: Unmapped[], skip: (key: string) => boolean = (k) => k.startsWith('x-')): ExternalDocs | undefined {
  if (value === undefined) return undefined;
  if (!isObj(value) || typeof value.url !== 'string') {
    unmapped.push({ pointer, reason: 'external documentation without an address (`url`) is not kept' });
    return undefined;
  }
  const description = typeof value.description === 'string' && value.description.trim() !== '' ? value.description : undefined;
  const docs = { url: value.url, ...(description !== undefined ? { description } : {}) };
  if (!externalDocsSchema.safeParse(docs).success) {
    unmapped.push({ pointer, reason: `\`${value.url.length > 80 ? `${value.url.slice(0, 79)}…` : value.url}\` is not an address a page links to (http, https or relative); the external documentation is not kept` });
    return undefined;
  }
  // An address relative to a page of the document's own site (`#section/…`, `docs/guide.html`, `../guide/`): no page of the spec
  // answers it, and a page would make it an address of its own; not kept, as prose links to such addresses are not (T32u N-b).
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value.url) && !value.url.startsWith('/')) {
    unmapped.push({ pointer, reason: `the external documentation's address \`${value.url.length > 80 ? `${value.url.slice(0, 79)}…` : value.url}\` is relative to a page of the document's own site, and no page of the spec answers it: the external documentation is not kept${description !== undefined ? ', nor its description' : ''}` });
    return undefined;
  }
  for (const key of Object.keys(value)) if (key !== 'url' && key !== 'description' && key !== '$ref' && !skip(key)) unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `external documentation's \`${key}\` has no place in the spec` });
  return docs;
}

/** What the spec keeps of external documentation as OpenAPI and AsyncAPI write it, `{ externalDocs: { description, url } }`, to spread into the object it describes; `{}` where none is stated. */
export function externalDocsKey(value: unknown): Obj {
  if (!isObj(value) || typeof value.url !== 'string') return {};
  return { externalDocs: { ...(typeof value.description === 'string' ? { description: value.description } : {}), url: value.url } };
}
