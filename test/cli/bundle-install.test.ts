// The command line's bundle put in place (issue 37): a bundle built while another process runs
// from the one in place never replaces it, a part of a bundle is never used, and the package's
// bundle is replaced whole. Renames only; nothing is built here (esbuild is not run).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { install } from '../../src/cli/bundle.mjs';

const put: (building: string, outdir: string, replace: boolean) => void = install;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a bundle whose every file says `name` (whole: its four entries; else `cli.mjs` alone). */
function bundleDir(path: string, name: string, whole = true): string {
  mkdirSync(path, { recursive: true });
  for (const file of whole ? ['cli.mjs', 'worker.mjs', 'index.mjs', 'mock-thread.mjs', `chunk-${name}.mjs`] : ['cli.mjs']) writeFileSync(join(path, file), name);
  return path;
}

function place(): string {
  const root = mkdtempSync(join(tmpdir(), 'specbench-bundle-'));
  made.push(root);
  return root;
}

describe('a bundle put in place', () => {
  it('goes where there is none, and nothing is left beside it', () => {
    const root = place();
    put(bundleDir(join(root, 'b.1.1.tmp'), 'new'), join(root, 'b'), false);
    expect(readFileSync(join(root, 'b', 'cli.mjs'), 'utf8')).toBe('new');
    expect(readdirSync(root)).toEqual(['b']);
  });

  it('never replaces a whole bundle already there (another process made it first, and may be loading its chunks): the new one is dropped', () => {
    const root = place();
    bundleDir(join(root, 'b'), 'first');
    put(bundleDir(join(root, 'b.2.2.tmp'), 'second'), join(root, 'b'), false);
    expect(readFileSync(join(root, 'b', 'cli.mjs'), 'utf8')).toBe('first');
    expect(existsSync(join(root, 'b', 'chunk-first.mjs'))).toBe(true);
    expect(readdirSync(root)).toEqual(['b']);
  });

  it('replaces a part of a bundle (left by a process that was ended)', () => {
    const root = place();
    bundleDir(join(root, 'b'), 'part', false);
    put(bundleDir(join(root, 'b.3.3.tmp'), 'new'), join(root, 'b'), false);
    expect(readdirSync(join(root, 'b')).sort()).toEqual(['chunk-new.mjs', 'cli.mjs', 'index.mjs', 'mock-thread.mjs', 'worker.mjs']);
    expect(readdirSync(root)).toEqual(['b']);
  });

  it('replaces the package bundle whole when asked (never the old files mixed with the new)', () => {
    const root = place();
    bundleDir(join(root, 'bundle'), 'old');
    put(bundleDir(join(root, 'bundle.4.4.tmp'), 'new'), join(root, 'bundle'), true);
    expect(readdirSync(join(root, 'bundle')).sort()).toEqual(['chunk-new.mjs', 'cli.mjs', 'index.mjs', 'mock-thread.mjs', 'worker.mjs']);
    expect(readdirSync(root)).toEqual(['bundle']);
  });

  it('three builds finishing one after another in one folder: the first stays, whole', () => {
    const root = place();
    for (const name of ['one', 'two', 'three']) put(bundleDir(join(root, `b.${name}.tmp`), name), join(root, 'b'), false);
    expect(readdirSync(join(root, 'b')).sort()).toEqual(['chunk-one.mjs', 'cli.mjs', 'index.mjs', 'mock-thread.mjs', 'worker.mjs']);
    expect(readdirSync(root)).toEqual(['b']);
  });
});
