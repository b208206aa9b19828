import type { TestProject } from 'vitest/node';
import { buildSite } from '../site/build.ts';
import { importDocument, type DocumentName } from './documents.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The three documents' sites, built; and the spec folders they were built from. */
    readers: Record<DocumentName, { site: string; spec: string }>;
  }
}

/**
 * Imports each document and builds its site, two builds at a time: a build keeps mostly one core
 * busy, and each keeps Astro's cache in a folder of its own (`buildSite`).
 */
export default async function setup(project: TestProject): Promise<void> {
  const readers: Partial<Record<DocumentName, { site: string; spec: string }>> = {};
  const queue: DocumentName[] = ['azure', 'twitter', 'petstore'];
  const worker = async (): Promise<void> => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const { dir } = await importDocument(name);
      const built = await buildSite(dir);
      if (built.code !== 0) {
        queue.length = 0;
        throw new Error(`building the site of ${name} (${dir}) failed:\n${built.output.slice(-4000)}`);
      }
      readers[name] = { site: built.outDir, spec: dir };
    }
  };
  await Promise.all([worker(), worker()]);
  project.provide('readers', readers as Record<DocumentName, { site: string; spec: string }>);
}
