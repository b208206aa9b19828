#!/usr/bin/env node
// @ts-check
/**
 * The pull request's spec, taken as data into a checkout of the default branch, for the preview's
 * trusted build (`specbench/preview/build`, in the privileged workflow's read-only job). The pull
 * request's head (a fork's too: GitHub keeps it under `refs/pull/<n>/head`) and its base are fetched
 * as git objects; nothing of them is checked out. From the head, only the spec folder's YAML files
 * (what the spec's loader reads: `*.yaml`, `*.yml`) are written, byte for byte, into the checkout's
 * spec folder, which is emptied first: the default branch's package.json, lockfile, site and
 * build stay as they are, and whatever else the pull request holds (inside the spec folder or out
 * of it) is never written. The whole spec is refused, with a message naming the path, when its
 * folder holds a symbolic link, a submodule or anything but plain files and folders, a path that
 * does not stay inside it, or more than SPECBENCH_SPEC_MAX_KB of YAML (100 MB by default).
 *
 * Writes `name=value` lines for $GITHUB_OUTPUT: `compare` (where the pull request starts: the merge
 * base of its base and head, the revision the site is compared with, now in this clone) and `files`.
 * Environment: SPECBENCH_PR, SPECBENCH_HEAD_SHA and SPECBENCH_BASE_SHA (checked by preview-pr.mjs),
 * SPECBENCH_SPEC (the spec folder, from the repository's root), SPECBENCH_TOKEN (read-only; given
 * to `git fetch` alone, through its environment, never stored in the clone), SPECBENCH_SPEC_MAX_KB.
 * Run at the root of the clone. Exit 0; 1 when git could not fetch; 2 on a wrong call or a spec
 * folder that is refused.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SHA = /^[0-9a-f]{40}$/;
const NAME = /^[A-Za-z0-9._-]+$/;
/** The files the spec's loader reads (src/lib/load/classify.ts). */
const YAML = /\.ya?ml$/;
const MAX_FILES = 100_000;
const shown = (/** @type {unknown} */ text) => String(text).slice(0, 200).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

class Refused extends Error {
  /** @param {string} message @param {number} code */
  constructor(message, code = 2) {
    super(message);
    this.code = code;
  }
}

/**
 * git, with the token (when there is one) as an HTTP header from the environment, as actions/checkout
 * gives it; the output as bytes.
 * @param {string[]} args
 * @param {{ input?: Buffer | string, maxBuffer?: number, token?: string }} [options]
 */
function git(args, options = {}) {
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0' };
  delete env.SPECBENCH_TOKEN;
  if (options.token) {
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'http.extraheader';
    env.GIT_CONFIG_VALUE_0 = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${options.token}`).toString('base64')}`;
  }
  const ran = spawnSync('git', args, { env, input: options.input, maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 });
  return { ok: ran.status === 0, out: ran.stdout ?? Buffer.alloc(0), err: (ran.stderr ?? Buffer.alloc(0)).toString('utf8').trim().split('\n')[0] ?? '' };
}

/** Whether a commit is in this clone. */
const has = (/** @type {string} */ sha) => git(['cat-file', '-e', `${sha}^{commit}`]).ok;

/** @param {Record<string, string | undefined>} env */
function main(env) {
  const pr = env.SPECBENCH_PR ?? '';
  const head = env.SPECBENCH_HEAD_SHA ?? '';
  const base = env.SPECBENCH_BASE_SHA ?? '';
  const spec = (env.SPECBENCH_SPEC ?? '') || 'content';
  const token = env.SPECBENCH_TOKEN ?? '';
  const maxKb = Number(env.SPECBENCH_SPEC_MAX_KB || 102_400);
  if (!/^[1-9]\d{0,9}$/.test(pr)) throw new Refused(`SPECBENCH_PR is a pull request's number; got \`${shown(pr)}\``);
  if (!SHA.test(head)) throw new Refused(`SPECBENCH_HEAD_SHA is a commit; got \`${shown(head)}\``);
  if (!SHA.test(base)) throw new Refused(`SPECBENCH_BASE_SHA is a commit; got \`${shown(base)}\``);
  if (!Number.isSafeInteger(maxKb) || maxKb < 1) throw new Refused('SPECBENCH_SPEC_MAX_KB is a number of kilobytes');
  // The spec folder names a folder of this clone; it is emptied, so it is never the clone itself or outside it.
  if (spec.startsWith('-') || !spec.split('/').every((n) => NAME.test(n) && n !== '.' && n !== '..' && n.toLowerCase() !== '.git' && n.toLowerCase() !== 'node_modules')) {
    throw new Refused(`the spec folder \`${shown(spec)}\` is not a folder inside the repository (names of letters, digits, \`-\`, \`_\` and \`.\` joined by \`/\`)`);
  }
  const top = git(['rev-parse', '--show-toplevel']);
  if (!top.ok) throw new Refused('not run in a clone of the repository');
  const root = top.out.toString('utf8').trim();

  // The pull request's head and base, as objects only: nothing of them is checked out.
  const fetched = git(['fetch', '--quiet', '--no-tags', 'origin', `+refs/pull/${pr}/head:refs/specbench/pull/${pr}`], { token });
  if (!fetched.ok) process.stderr.write(`preview-spec: refs/pull/${pr}/head could not be fetched: ${shown(fetched.err)}\n`);
  if (!has(head)) git(['fetch', '--quiet', '--no-tags', 'origin', head], { token });
  if (!has(head)) throw new Refused(`the pull request's head ${head.slice(0, 12)} is not in this clone (pushed again since? the run for the new head builds its preview)`, 1);
  if (!has(base)) git(['fetch', '--quiet', '--no-tags', 'origin', base], { token });
  if (!has(base)) throw new Refused(`the pull request's base ${base.slice(0, 12)} is not in this clone`, 1);
  const meet = git(['merge-base', base, head]);
  const compare = meet.ok ? meet.out.toString('utf8').trim() : base;

  // The spec folder in the head: a folder (a tree), looked up name by name, never through a link.
  const kind = git(['cat-file', '-t', `${head}:${spec}`]);
  if (!kind.ok) throw new Refused(`the pull request's head has no spec folder \`${spec}\`: no preview`);
  if (kind.out.toString('utf8').trim() !== 'tree') throw new Refused(`\`${spec}\` in the pull request's head is not a folder (a symbolic link or a file): no preview`);
  const listing = git(['ls-tree', '-r', '-z', '-l', `${head}:${spec}`]);
  if (!listing.ok) throw new Refused(`the spec folder could not be listed: ${shown(listing.err)}`);

  /** @type {Array<{ path: string, object: string, size: number }>} */
  const files = [];
  /** @type {string[]} */
  const refused = [];
  let left = 0;
  let bytes = 0;
  const entries = listing.out.toString('latin1').split('\0').filter(Boolean);
  if (entries.length > MAX_FILES) throw new Refused(`the spec folder holds ${entries.length} entries, over ${MAX_FILES}: no preview`);
  for (const entry of entries) {
    const tab = entry.indexOf('\t');
    const [mode = '', type = '', object = '', size = ''] = entry.slice(0, tab).trim().split(/\s+/);
    let path;
    try {
      path = strictUtf8.decode(Buffer.from(entry.slice(tab + 1), 'latin1'));
    } catch {
      refused.push(`${shown(entry.slice(tab + 1))}: a name that is not UTF-8 text`);
      continue;
    }
    const where = `${spec}/${path}`;
    const names = path.split('/');
    if (names.some((n) => n === '' || n === '.' || n === '..' || n.toLowerCase() === '.git' || n.includes('\\'))) {
      refused.push(`${shown(where)}: a path that does not stay inside the spec folder`);
      continue;
    }
    if (mode === '120000') {
      const target = git(['cat-file', 'blob', object]);
      refused.push(`${shown(where)}: a symbolic link (to ${shown(target.out.toString('utf8'))}); a preview takes plain files only`);
      continue;
    }
    if (mode === '160000' || type === 'commit') {
      refused.push(`${shown(where)}: a submodule`);
      continue;
    }
    if (type !== 'blob' || (mode !== '100644' && mode !== '100755') || !SHA.test(object)) {
      refused.push(`${shown(where)}: not a plain file (mode ${shown(mode)})`);
      continue;
    }
    if (!YAML.test(path)) {
      left++;
      continue;
    }
    files.push({ path, object, size: Number(size) });
    bytes += Number(size);
  }
  if (refused.length > 0) {
    throw new Refused(`the pull request's spec folder is refused, so no preview is built:\n${refused.slice(0, 20).map((r) => `  - ${r}`).join('\n')}${refused.length > 20 ? `\n  - and ${refused.length - 20} more` : ''}`);
  }
  if (bytes > maxKb * 1024) throw new Refused(`the spec folder's YAML takes ${Math.ceil(bytes / 1024)} KB, over ${maxKb} KB: no preview`);

  // The blobs in one batch: `<object> blob <size>\n<bytes>\n` each.
  const batch = git(['cat-file', '--batch'], { input: files.map((f) => `${f.object}\n`).join(''), maxBuffer: bytes + files.length * 128 + 1024 });
  if (!batch.ok) throw new Refused(`the spec's files could not be read: ${shown(batch.err)}`, 1);
  const folder = join(root, ...spec.split('/'));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  let at = 0;
  for (const file of files) {
    const newline = batch.out.indexOf(10, at);
    const header = batch.out.subarray(at, newline).toString('latin1').split(' ');
    const size = Number(header[2]);
    if (header[0] !== file.object || header[1] !== 'blob' || !Number.isSafeInteger(size)) throw new Refused(`git answered \`${shown(header.join(' '))}\` for ${file.object}`, 1);
    const content = batch.out.subarray(newline + 1, newline + 1 + size);
    at = newline + 1 + size + 1;
    const names = file.path.split('/');
    const dir = join(folder, ...names.slice(0, -1));
    mkdirSync(dir, { recursive: true });
    // `wx`: a new file, never one that is there (nothing is: the folder was emptied and the tree has each path once).
    writeFileSync(join(dir, names.at(-1) ?? ''), content, { flag: 'wx', mode: 0o644 });
  }
  process.stderr.write(`Took ${files.length} YAML file(s) (${Math.ceil(bytes / 1024)} KB) of \`${spec}/\` from pull request #${pr} at ${head.slice(0, 12)}, as data${left > 0 ? `; left out ${left} other file(s), which the spec does not read` : ''}. Compared with ${compare.slice(0, 12)}.\n`);
  process.stdout.write(`compare=${compare}\nfiles=${files.length}\n`);
}

try {
  main(process.env);
} catch (error) {
  process.stderr.write(`preview-spec: ${error instanceof Error ? error.message : shown(error)}\n`);
  process.exitCode = error instanceof Refused ? error.code : 1;
}
