#!/usr/bin/env node
// @ts-check
/**
 * The check cache's key for the Action's `actions/cache` step, written as `prefix=...` for
 * $GITHUB_OUTPUT: the runner's OS, this Specbench's version (the package.json beside the action,
 * three folders up) and a digest of the spec folder's settings (`specbench.yaml`; results read
 * under other settings are of no use). The Action adds the run to it, so each run saves what it
 * added, and restores the newest cache of the same prefix. Environment: SPECBENCH_SPEC (the spec
 * folder), SPECBENCH_RUNNER_OS. Plain JavaScript: it runs from the package as it is.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Only what a cache key may hold, whatever a file or the environment says. */
const plain = (/** @type {string} */ text) => text.replace(/[^A-Za-z0-9._+]/g, '_').slice(0, 64) || 'none';

/** @param {string} path */
function read(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

const pkg = read(fileURLToPath(new URL('../../../package.json', import.meta.url)));
/** @type {unknown} */
const version = pkg === undefined ? undefined : JSON.parse(pkg.toString('utf8')).version;
const settings = read(join(process.env.SPECBENCH_SPEC || 'content', 'specbench.yaml'));
const digest = settings === undefined ? 'none' : createHash('sha256').update(settings).digest('hex').slice(0, 16);
process.stdout.write(`prefix=specbench-check-${plain(process.env.SPECBENCH_RUNNER_OS ?? '')}-${plain(typeof version === 'string' ? version : '')}-${digest}-\n`);
