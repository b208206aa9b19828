import type { TestProject } from 'vitest/node';
import { buildSite } from '../site/build.ts';
import { importDocument, type DocumentName } from './documents.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The three documents' sites, built; and the spec folders they were built from. */
    readers: Record<DocumentName, { site: string; spec: string }>;
  }
}

/** Imports each document and builds its site, one after the other. */
export default async function setup(project: TestProject): Promise<void> {
  const readers: Partial<Record<DocumentName, { site: string; spec: string }>> = {};
  for (const name of ['petstore', 'azure', 'twitter'] as const) {
    const { dir } = await importDocument(name);
    const built = await buildSite(dir);
    if (built.code !== 0) throw new Error(`building the site of ${name} (${dir}) failed:\n${built.output.slice(-4000)}`);
    readers[name] = { site: built.outDir, spec: dir };
  }
  project.provide('readers', readers as Record<DocumentName, { site: string; spec: string }>);
}
