import { isAreaKey } from '../areas/index.ts';
import { isRedocAnchor } from '../link/markdown.ts';
import type { Check, CheckContext } from './types.ts';

/** The first names of the spec's own pages besides the areas (the plugin's routes): the gaps, the changelog, the print version, the downloads, the guide. */
const SITE_PAGES: ReadonlySet<string> = new Set(['gaps', 'changelog', 'changelog.xml', 'print', 'downloads', 'guide']);

/** The names of a path from the site's root, decoded, without its query and fragment (undefined when it cannot be decoded). */
function names(url: string): string[] | undefined {
  const path = url.replace(/[?#].*$/s, '');
  try {
    return path.split('/').filter((name) => name !== '' && name !== 'index.html').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** Whether a path from the root is one of the spec's pages, where the spec is the whole site: the dashboard, an area, an item, or a page of the plugin's own. */
function isSpecPage(ctx: CheckContext, url: string): boolean {
  const [first, second, ...rest] = names(url) ?? ['\u0000'];
  if (first === undefined) return true;
  if (SITE_PAGES.has(first)) return true;
  if (!isAreaKey(first)) return false;
  return second === undefined || (rest.length === 0 && ctx.item(first, second) !== undefined);
}

/**
 * Where a link relative to the page that shows its prose leads (the page of the prose's item or
 * area, `/resources/Pet/`), when it is no page of the spec: the path it names, or the Redoc anchor
 * it is (a page of the spec never has one); undefined when it leads to a page of the spec.
 */
function deadRelative(ctx: CheckContext, url: string, page: string): string | undefined {
  if (isRedocAnchor(url)) return url;
  let path: string;
  try {
    path = new URL(url, `http://site.invalid/${page}/`).pathname;
  } catch {
    return undefined; // not a URL a browser follows either: `unsafe-link`'s
  }
  return isSpecPage(ctx, path) ? undefined : path;
}

export const missingPage: Check = {
  code: 'missing-page',
  description:
    'A link in prose to a path from the site\'s root (`/documentation/web-api`), or relative to the page that shows it (`guide/start`, Redoc\'s `#operation/addShare`), that is no page of the spec: copied from another site (an import), it leads nowhere here. Link an item with `[[area/id]]`, or write the whole address; `specbench import --site-url URL` does that on import for paths from the root. In a site that has such pages of its own beside the spec, turn the check off.',
  severity: 'warning',
  example: 'description: See [scopes](/documentation/web-api/concepts/scopes).',
  scope: 'file',
  run(ctx) {
    for (const p of ctx.prose) {
      for (const url of p.rooted ?? []) {
        if (isSpecPage(ctx, url)) continue;
        ctx.report({
          message: `The link \`${url}\` leads to no page of the spec: a path from the site's root names a page of whichever site shows the spec. Write the whole address (\`https://…${url}\`), or link an item with \`[[area/id]]\`.`,
          at: { file: p.file, path: p.path, text: url },
        });
      }
      for (const url of p.relative ?? []) {
        const dead = deadRelative(ctx, url, p.source);
        if (dead === undefined) continue;
        ctx.report({
          message: dead === url
            ? `The link \`${url}\` leads to no place of the spec: it is an anchor of the document's own site (as Redoc makes them), which no page of the spec has. Link an item with \`[[area/id]]\` (an endpoint: \`[[endpoints/id]]\`), or write the whole address.`
            : `The link \`${url}\` leads to no page of the spec: relative to the page that shows it (\`/${p.source}/\`), it names \`${dead}\`. Link an item with \`[[area/id]]\`, or write the whole address.`,
          at: { file: p.file, path: p.path, text: url },
        });
      }
    }
  },
};
