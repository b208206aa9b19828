import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { AREA_KEYS, escapeControls } from '../lib/index.ts';
import type { SiteSettings } from './state.ts';

/** Starlight's page files: a page's path is its name without this ending (`index` is its folder's own page). */
const PAGE = /\.(md|mdx|mdoc)$/;

/** The first names of the paths the spec's pages take at the site's root: the dashboard is `index`. */
function takenNames(settings: SiteSettings): Set<string> {
  return new Set(['index', ...AREA_KEYS, 'gaps', 'changelog', 'print', 'downloads', ...(settings.guide ? ['guide'] : [])]);
}

/**
 * The site's own pages (Starlight's `src/content/docs/`) at paths the spec's pages take when they
 * are the whole site (no `base`): its home page, or a page at `/resources/`, `/gaps/`... Astro keeps
 * the spec's route and drops the site's page with no more than a warning, so the site's home page
 * would silently become the spec's dashboard. Each as its file from the project's root.
 */
export function ownPagesInTheWay(root: string, srcDir: string, settings: SiteSettings): string[] {
  if (settings.route !== '') return [];
  const docs = join(srcDir, 'content', 'docs');
  const taken = takenNames(settings);
  const entries = (() => {
    try {
      return readdirSync(docs, { withFileTypes: true });
    } catch {
      return [];
    }
  })();
  return entries
    .filter((e) => (e.isDirectory() ? taken.has(e.name) : PAGE.test(e.name) && taken.has(e.name.replace(PAGE, ''))))
    .map((e) => relative(root, join(docs, e.name)).split(sep).join('/') + (e.isDirectory() ? '/' : ''))
    .sort();
}

/** Why the plugin stops on the site's own pages in the way, naming `base` with an example. */
export function ownPagesMessage(pages: readonly string[], spec: string): string {
  const shown = pages.map((p) => `\`${escapeControls(p)}\``).join(', ');
  return `specbench({ base }): without \`base\` the spec's pages are the whole site, and the site's own ${pages.length === 1 ? 'page' : 'pages'} ${shown} would be replaced by them (its home page by the spec's dashboard). Give the spec a path of its own, e.g. \`specbench({ spec: '${escapeControls(spec)}', base: 'api/' })\` puts its pages under /api/, or move those pages away.`;
}
