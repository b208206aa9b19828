#!/usr/bin/env node
// @ts-check
/**
 * Posts the Specbench comment on a pull request, or updates the one posted before: `node
 * post-comment.mjs BODY_FILE`. The body's first line is its marker (an HTML comment); the comment
 * updated is the first that starts with the marker AND was written by this token's own user, so a
 * comment someone else wrote, marker or not, is never edited. Plain JavaScript on Node's `fetch`,
 * nothing to install (the Action runs it as it is, from the package; the preview's privileged
 * workflow, preview/action.yml, runs it on the body preview-comment.sh wrote there).
 *
 * Environment: SPECBENCH_TOKEN (the token), SPECBENCH_REPOSITORY (`owner/name`), SPECBENCH_PR (the
 * pull request's number), SPECBENCH_SPEC (the spec folder: its name joins the marker, one comment
 * per spec folder), SPECBENCH_COMMENT_AUTHOR (whose comment is ours when the token cannot say
 * who it is; default `github-actions[bot]`), GITHUB_API_URL (set by GitHub; default
 * https://api.github.com). Exit 0 once the comment is posted, 1 when anything failed (said on
 * stderr), 2 on a wrong call.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** GitHub refuses a comment body over this many characters. */
const GITHUB_BODY_MAX = 65_536;
/** Pages of comments read at most (100 each): a pull request with more is read no further. */
const MAX_PAGES = 100;
/** How long one request may take before the step gives up on it. */
const REQUEST_MS = 60_000;

class Failure extends Error {}

/** Text from a response or the environment, made safe for the log: no control characters, no workflow command at a line start. */
const shown = (/** @type {unknown} */ text) => String(text).slice(0, 500).replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * @param {Record<string, string | undefined>} env
 * @param {string[]} args
 * @returns {Promise<number>}
 */
async function postComment(env, args) {
  const [file, ...rest] = args;
  const token = env.SPECBENCH_TOKEN ?? '';
  const repository = env.SPECBENCH_REPOSITORY ?? '';
  const pr = env.SPECBENCH_PR ?? '';
  if (file === undefined || rest.length > 0) return usage('usage: node post-comment.mjs BODY_FILE');
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) return usage(`SPECBENCH_REPOSITORY is owner/name; got \`${shown(repository)}\``);
  if (!/^[1-9]\d{0,9}$/.test(pr)) return usage(`SPECBENCH_PR is a pull request's number; got \`${shown(pr)}\``);
  if (token === '') return usage('SPECBENCH_TOKEN is empty: no token to post with');
  const api = new URL((env.GITHUB_API_URL ?? '') || 'https://api.github.com');
  if (api.protocol !== 'https:' && api.protocol !== 'http:') return usage(`GITHUB_API_URL is an http(s) URL; got \`${shown(api.href)}\``);
  const written = await readFile(file, 'utf8');
  const first = written.split('\n', 1)[0] ?? '';
  if (!/^<!--[^\n]*-->$/.test(first)) return usage(`the body's first line is its marker, an HTML comment; got \`${shown(first)}\``);
  // One comment per spec folder: a repository that runs the Action for two specs gets two comments.
  const scope = env.SPECBENCH_SPEC ? `\n<!-- spec: ${scopeWord(env.SPECBENCH_SPEC)} -->` : '';
  const marker = `${first}${scope}`;
  const body = `${marker}${written.slice(first.length)}`;
  if ([...body].length > GITHUB_BODY_MAX) return fail(`the comment has ${[...body].length} characters; GitHub takes at most ${GITHUB_BODY_MAX}`);
  const github = client(api, token);
  try {
    const author = await whoAmI(github, env.SPECBENCH_COMMENT_AUTHOR || 'github-actions[bot]');
    const [owner, name] = repository.split('/').map(encodeURIComponent);
    const ours = await findComment(github, `repos/${owner}/${name}/issues/${pr}/comments?per_page=100`, marker, author);
    const written =
      ours === undefined
        ? await github.send('POST', `repos/${owner}/${name}/issues/${pr}/comments`, { body })
        : await github.send('PATCH', `repos/${owner}/${name}/issues/comments/${ours}`, { body });
    const url = typeof written === 'object' && written !== null && 'html_url' in written ? ` ${shown(written.html_url)}` : '';
    process.stdout.write(`Posted the change's comment on pull request #${pr} (${ours === undefined ? 'a new comment' : `updated comment ${ours}`}, as ${shown(author)}).${url}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Failure) return fail(error.message);
    throw error;
  }
}

/** A spec folder as it may stand in an HTML comment: letters, digits, `.`, `_` and `/` as they are, every other byte as %XX (so no `--` or `>`). */
const scopeWord = (/** @type {string} */ text) => {
  const word = [...new TextEncoder().encode(text)].map((b) => (/[A-Za-z0-9._/]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
  // A long name stands as its digest, so the marker's line stays within the room run.sh leaves it.
  return word.length <= 200 ? word : `sha256.${createHash('sha256').update(text).digest('hex')}`;
};

/**
 * @param {string} message
 * @returns {number}
 */
function usage(message) {
  process.stderr.write(`post-comment: ${message}\n`);
  return 2;
}

/**
 * @param {string} message
 * @returns {number}
 */
function fail(message) {
  process.stderr.write(`post-comment: the comment was NOT posted: ${message}\n`);
  return 1;
}

/**
 * @typedef {{ status: number, data: unknown, next: string | undefined }} Answer
 * @typedef {{ get: (path: string) => Promise<Answer>, send: (method: string, path: string, body: unknown) => Promise<unknown> }} Client
 */

/**
 * Requests to the API at `api`; the token goes to that origin only (a `Link` to anywhere else is not followed).
 * @param {URL} api
 * @param {string} token
 * @returns {Client}
 */
function client(api, token) {
  const base = api.href.endsWith('/') ? api.href : `${api.href}/`;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'specbench-action' };
  /**
   * @param {string} method
   * @param {string} url
   * @param {unknown} [body]
   */
  const request = async (method, url, body) => {
    if (new URL(url).origin !== api.origin) throw new Failure(`the API pointed to another host (${shown(url)}); not followed`);
    const response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_MS),
    }).catch((/** @type {unknown} */ error) => {
      throw new Failure(`${method} ${new URL(url).pathname} did not reach GitHub: ${shown(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error)}`);
    });
    const text = await response.text();
    /** @type {unknown} */
    let data;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: response.status, data, next: nextLink(response.headers.get('link')) };
  };
  return {
    get: (path) => request('GET', path.startsWith('http') ? path : base + path),
    async send(method, path, body) {
      const answer = await request(method, base + path, body);
      if (answer.status < 200 || answer.status > 299) throw new Failure(`${method} ${new URL(base + path).pathname} answered ${answer.status}: ${messageOf(answer.data)}`);
      return answer.data;
    },
  };
}

/**
 * GitHub's own words for a refusal: its message and the errors it lists.
 * @param {unknown} data
 */
function messageOf(data) {
  if (typeof data !== 'object' || data === null) return shown(data ?? '(no body)');
  const message = 'message' in data ? String(data.message) : '';
  const errors = 'errors' in data && Array.isArray(data.errors) ? data.errors.map((e) => (typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : JSON.stringify(e))).join('; ') : '';
  return shown([message, errors].filter(Boolean).join(': ') || JSON.stringify(data));
}

/**
 * The `rel="next"` URL of a `Link` header.
 * @param {string | null} header
 */
function nextLink(header) {
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(match?.[2] ?? '')?.[1] ?? '';
    if (match && rel.split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}

/**
 * The login of the token's own user; a token that cannot say (GitHub answers 403 to a GITHUB_TOKEN
 * and to an app's installation token: "Resource not accessible by integration") writes as the
 * author it is said to, `github-actions[bot]` for a GITHUB_TOKEN.
 * @param {Client} github
 * @param {string} fallback
 */
async function whoAmI(github, fallback) {
  const answer = await github.get('user');
  if (answer.status === 200 && typeof answer.data === 'object' && answer.data !== null && 'login' in answer.data && typeof answer.data.login === 'string') return answer.data.login;
  if (answer.status === 403) return fallback;
  throw new Failure(`GET /user answered ${answer.status}: ${messageOf(answer.data)}`);
}

/**
 * The id of the first comment that starts with the marker and was written by `author`, following the pages.
 * @param {Client} github
 * @param {string} first
 * @param {string} marker
 * @param {string} author
 */
async function findComment(github, first, marker, author) {
  /** @type {string | undefined} */
  let page = first;
  for (let n = 0; page !== undefined && n < MAX_PAGES; n++) {
    const answer = await github.get(page);
    if (answer.status !== 200 || !Array.isArray(answer.data)) throw new Failure(`listing the pull request's comments answered ${answer.status}: ${messageOf(answer.data)}`);
    for (const comment of answer.data) {
      const login = comment?.user?.login;
      if (typeof comment?.id === 'number' && typeof comment.body === 'string' && comment.body.startsWith(marker) && typeof login === 'string' && login.toLowerCase() === author.toLowerCase()) return comment.id;
    }
    page = answer.next;
  }
  return undefined;
}

process.exitCode = await postComment(process.env, process.argv.slice(2)).catch((/** @type {unknown} */ error) => fail(`unexpected error: ${shown(error instanceof Error ? error.message : error)}`));
