#!/usr/bin/env node
// @ts-check
/**
 * Which pull request a finished pull request workflow asked a preview for, in the privileged
 * workflow (`workflow_run`): GitHub gives no pull request for a fork's run, so that workflow leaves
 * its number in its artifact (`pr.json`), and this takes it as untrusted data (in the build job; the
 * publishing job checks the build job's pr.json again the same way): a regular file of a few bytes, a
 * JSON object whose `number` is a whole number, and only that. It then asks GitHub about that pull
 * request and accepts it only when it is open and its head is the commit the run built
 * (SPECBENCH_HEAD_SHA, from the `workflow_run` event): a build cannot name another pull request and
 * have its preview or comment land there. A pull request pushed again since (its head moved on) is
 * skipped: the newer run publishes.
 *
 * Writes `name=value` lines for $GITHUB_OUTPUT: `ok` (`true` or `false`), and when true `number`,
 * `base-sha` (the pull request's base commit), `site` (`true` when the artifact holds a built site
 * with an index page), `fork` (`true` when the pull request comes from another repository, or
 * GitHub does not say where from). Environment: SPECBENCH_TOKEN, SPECBENCH_REPOSITORY, SPECBENCH_ARTIFACT (the
 * downloaded artifact's folder), SPECBENCH_HEAD_SHA, GITHUB_API_URL. Exit 0 (`ok=false` with the
 * reason on stderr when there is nothing to do), 1 when GitHub could not be asked, 2 on a wrong call
 * or an artifact that is not what a build leaves.
 */
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const shown = (/** @type {unknown} */ text) => String(text).slice(0, 200).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const SHA = /^[0-9a-f]{40}$/;

/**
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<number>}
 */
async function main(env) {
  const repository = env.SPECBENCH_REPOSITORY ?? '';
  const token = env.SPECBENCH_TOKEN ?? '';
  const artifact = env.SPECBENCH_ARTIFACT ?? '';
  const head = env.SPECBENCH_HEAD_SHA ?? '';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) return usage(`SPECBENCH_REPOSITORY is owner/name; got \`${shown(repository)}\``);
  if (!SHA.test(head)) return usage(`SPECBENCH_HEAD_SHA is a commit's 40 hexadecimal digits; got \`${shown(head)}\``);
  if (token === '') return usage('SPECBENCH_TOKEN is empty');
  if (artifact === '') return usage('SPECBENCH_ARTIFACT is empty');

  const number = await prNumber(join(artifact, 'pr.json'));
  if (typeof number === 'string') return usage(`the artifact's pr.json ${number}`);

  const api = new URL((env.GITHUB_API_URL ?? '') || 'https://api.github.com');
  const base = api.href.endsWith('/') ? api.href : `${api.href}/`;
  const [owner, name] = repository.split('/').map(encodeURIComponent);
  const url = `${base}repos/${owner}/${name}/pulls/${number}`;
  let answer;
  try {
    answer = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'specbench-action' },
      redirect: 'error',
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    process.stderr.write(`preview-pr: GET /repos/${repository}/pulls/${number} did not reach GitHub: ${shown(error instanceof Error ? error.message : error)}\n`);
    return 1;
  }
  const text = await answer.text();
  if (answer.status !== 200) {
    process.stderr.write(`preview-pr: GET /repos/${repository}/pulls/${number} answered ${answer.status}: ${shown(text)}\n`);
    return 1;
  }
  /** @type {any} */
  let pull;
  try {
    pull = JSON.parse(text);
  } catch {
    pull = undefined;
  }
  const state = pull?.state;
  const pullHead = pull?.head?.sha;
  const baseSha = pull?.base?.sha;
  if (typeof pullHead !== 'string' || !SHA.test(pullHead) || typeof baseSha !== 'string' || !SHA.test(baseSha) || pull?.number !== number) {
    process.stderr.write(`preview-pr: GitHub's answer for pull request #${number} is not a pull request\n`);
    return 1;
  }
  if (pullHead !== head) {
    process.stderr.write(`preview-pr: pull request #${number} is at ${pullHead.slice(0, 12)}, not at the commit this run built (${head.slice(0, 12)}): nothing published (a run for its head does that, or the artifact named a pull request it was not built for).\n`);
    process.stdout.write('ok=false\n');
    return 0;
  }
  if (state !== 'open') {
    process.stderr.write(`preview-pr: pull request #${number} is ${shown(state)}: nothing published.\n`);
    process.stdout.write('ok=false\n');
    return 0;
  }
  const site = await isSite(join(artifact, 'site'));
  const from = pull?.head?.repo?.full_name;
  const fork = typeof from !== 'string' || from.toLowerCase() !== repository.toLowerCase();
  process.stdout.write(`ok=true\nnumber=${number}\nbase-sha=${baseSha}\nsite=${site}\nfork=${fork}\n`);
  return 0;
}

/**
 * The number in pr.json, or what is wrong with the file.
 * @param {string} file
 * @returns {Promise<number | string>}
 */
async function prNumber(file) {
  const info = await lstat(file).catch(() => undefined);
  if (info === undefined) return 'is missing';
  if (!info.isFile()) return 'is not a regular file';
  if (info.size > 1024) return `has ${info.size} bytes; a build writes a few`;
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return 'is not JSON';
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || Object.keys(data).join() !== 'number') return 'is not {"number": N}';
  const number = /** @type {{ number: unknown }} */ (data).number;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1 || number > 9_999_999_999) return `holds no pull request's number (${shown(JSON.stringify(number))})`;
  return number;
}

/**
 * A built site: a folder (not a link) with an index page that is a regular file.
 * @param {string} folder
 */
async function isSite(folder) {
  const dir = await lstat(folder).catch(() => undefined);
  const index = await lstat(join(folder, 'index.html')).catch(() => undefined);
  return dir !== undefined && dir.isDirectory() && index !== undefined && index.isFile();
}

/** @param {string} message */
function usage(message) {
  process.stderr.write(`preview-pr: ${message}\n`);
  return 2;
}

process.exitCode = await main(process.env).catch((/** @type {unknown} */ error) => {
  process.stderr.write(`preview-pr: unexpected error: ${shown(error instanceof Error ? error.message : error)}\n`);
  return 1;
});
