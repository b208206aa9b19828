#!/usr/bin/env node
// @ts-check
/**
 * Where the site and a pull request's preview live, written as `name=value` lines for
 * $GITHUB_OUTPUT: the Pages site's address (`pages-url`), the preview's (`preview-url`, its
 * `pr-<number>/` folder, when SPECBENCH_PR is given), and the two halves a site build takes
 * (`site-url`, the origin; `base-path`, the path, ending in `/`: the preview's, or the site's own
 * without SPECBENCH_PR). Both the untrusted build (which must know its base path) and the privileged workflow
 * (which links it) compute it here, from what GitHub says, never from anything a build left.
 *
 * `preview-url` is the spec's pages in the preview: below its folder by SPECBENCH_SITE_BASE, the
 * spec's path inside the site (the plugin's `base`), when the spec is not the site's root.
 *
 * Environment: SPECBENCH_REPOSITORY (`owner/name`), SPECBENCH_PR (the pull request's number, or empty),
 * SPECBENCH_PAGES_URL (the Pages site's address when it is not `https://<owner>.github.io/<name>/`:
 * a custom domain, GitHub Enterprise; empty for the default), GITHUB_SERVER_URL (set by GitHub).
 * Exit 0, or 2 with a message on stderr for a value that is not what it should be.
 */

/** Text from the environment, made safe for the log. */
const shown = (/** @type {unknown} */ text) => String(text).slice(0, 200).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true, lines: string[] } | { ok: false, message: string }}
 */
function previewAddress(env) {
  const repository = env.SPECBENCH_REPOSITORY ?? '';
  const pr = env.SPECBENCH_PR ?? '';
  const given = env.SPECBENCH_PAGES_URL ?? '';
  const match = /^([A-Za-z0-9-]{1,39})\/([A-Za-z0-9_.-]{1,100})$/.exec(repository);
  if (!match) return { ok: false, message: `SPECBENCH_REPOSITORY is owner/name; got \`${shown(repository)}\`` };
  if (pr !== '' && !/^[1-9]\d{0,9}$/.test(pr)) return { ok: false, message: `SPECBENCH_PR is a pull request's number; got \`${shown(pr)}\`` };
  /** @type {URL} */
  let pages;
  if (given !== '') {
    let url;
    try {
      url = new URL(given);
    } catch {
      url = undefined;
    }
    // A plain address: no user, query, fragment, nothing a link or a base path could not hold as it is.
    if (url === undefined || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '' || !/^[A-Za-z0-9._~/-]*$/.test(url.pathname) || /(^|\/)\.\.?(\/|$)/.test(url.pathname) || /[\s<>%\\]|\/\.\.?(\/|$)/.test(given)) {
      return { ok: false, message: `pages-url (SPECBENCH_PAGES_URL) is the Pages site's http(s) address, such as https://docs.example.com/spec/; got \`${shown(given)}\`` };
    }
    pages = url;
  } else {
    const server = env.GITHUB_SERVER_URL ?? '';
    if (server !== '' && server !== 'https://github.com') return { ok: false, message: `on ${shown(server)} the Pages address is not <owner>.github.io: give it as pages-url (SPECBENCH_PAGES_URL)` };
    const owner = (match[1] ?? '').toLowerCase();
    const name = (match[2] ?? '').toLowerCase();
    // A repository named <owner>.github.io is served at the root of that host.
    pages = new URL(name === `${owner}.github.io` ? `https://${owner}.github.io/` : `https://${owner}.github.io/${encodeURIComponent(match[2] ?? '')}/`);
  }
  // The spec's pages inside the site (the plugin's `base`: `specbench({ spec, base: 'api' })`):
  // names of plain characters, no `.` or `..`; the build's base path is the site's, the plugin adds its own.
  const specBase = (env.SPECBENCH_SITE_BASE ?? '').replace(/^\/+|\/+$/g, '');
  if (specBase !== '' && !/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/.test(specBase)) {
    return { ok: false, message: `site-base (SPECBENCH_SITE_BASE) is the spec's path inside the site, the plugin's \`base\`, such as api or docs/api; got \`${shown(env.SPECBENCH_SITE_BASE)}\`` };
  }
  const inSite = specBase === '' ? '' : `${specBase}/`;
  const base = pages.pathname.endsWith('/') ? pages.pathname : `${pages.pathname}/`;
  const pagesUrl = `${pages.origin}${base}`;
  if (pr === '') return { ok: true, lines: [`pages-url=${pagesUrl}`, `site-url=${pages.origin}`, `base-path=${base}`] };
  const path = `${base}pr-${pr}/`;
  return { ok: true, lines: [`pages-url=${pagesUrl}`, `preview-url=${pages.origin}${path}${inSite}`, `site-url=${pages.origin}`, `base-path=${path}`] };
}

const answer = previewAddress(process.env);
if (answer.ok) process.stdout.write(`${answer.lines.join('\n')}\n`);
else {
  process.stderr.write(`pages-url: ${answer.message}\n`);
  process.exitCode = 2;
}
