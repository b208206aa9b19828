import type { TestProject } from 'vitest/node';
import { importToSpec, OAS } from '../interchange/helpers.ts';
import { BASE, buildSite, HOSTILE_EDIT_URL, type Sites } from './build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sites: Sites;
    /** The spec folder each site was built from. */
    specs: Sites;
  }
}

/** Builds each site once, one after the other (Astro keeps its content cache in the project). */
export default async function setup(project: TestProject): Promise<void> {
  const sites: Partial<Sites> = {};
  const specs: Partial<Sites> = {};
  const builds = [
    ['content', 'content', {}],
    ['complete', 'test/fixtures/complete', {}],
    ['hostile', 'test/fixtures/hostile', { SPECBENCH_EDIT_URL: HOSTILE_EDIT_URL }],
    ['based', 'test/fixtures/complete', { BASE_PATH: BASE }],
    ['halfWritten', 'test/fixtures/half-written', {}],
    ['imported', (await importToSpec(`${OAS}/3.1/json/train-travel.json`)).dir, {}],
  ] as const;
  for (const [name, dir, env] of builds) {
    const built = await buildSite(dir, env);
    if (built.code !== 0) throw new Error(`building the site for ${dir} failed:\n${built.output}`);
    sites[name] = built.outDir;
    specs[name] = dir;
  }
  project.provide('sites', sites as Sites);
  project.provide('specs', specs as Sites);
}
