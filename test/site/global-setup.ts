import type { TestProject } from 'vitest/node';
import { importToSpec, OAS } from '../interchange/helpers.ts';
import { BASE, buildSite, HOSTILE_EDIT_URL, type Sites } from './build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sites: Sites;
    /** The spec folder each site was built from. */
    specs: Sites;
    /** What each site's build printed (each exited 0: the setup fails otherwise). */
    outputs: Sites;
  }
}

/** Builds each site once, two at a time: a build keeps mostly one core busy, and each keeps Astro's cache in a folder of its own (`buildSite`). */
export default async function setup(project: TestProject): Promise<void> {
  const sites: Partial<Sites> = {};
  const specs: Partial<Sites> = {};
  const outputs: Partial<Sites> = {};
  const builds: ReadonlyArray<readonly [keyof Sites, string, Record<string, string>]> = [
    ['content', 'content', {}],
    ['complete', 'test/fixtures/complete', {}],
    ['hostile', 'test/fixtures/hostile', { SPECBENCH_EDIT_URL: HOSTILE_EDIT_URL }],
    ['based', 'test/fixtures/complete', { BASE_PATH: BASE }],
    ['halfWritten', 'test/fixtures/half-written', {}],
    ['imported', (await importToSpec(`${OAS}/3.1/json/train-travel.json`)).dir, {}],
  ];
  const queue = [...builds];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, dir, env] = next;
      const built = await buildSite(dir, env);
      if (built.code !== 0) {
        queue.length = 0;
        throw new Error(`building the site for ${dir} failed:\n${built.output}`);
      }
      sites[name] = built.outDir;
      specs[name] = dir;
      outputs[name] = built.output;
    }
  };
  await Promise.all([worker(), worker()]);
  project.provide('sites', sites as Sites);
  project.provide('specs', specs as Sites);
  project.provide('outputs', outputs as Sites);
}
