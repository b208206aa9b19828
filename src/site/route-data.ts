import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { navigation, type NavEntry } from '../lib/index.ts';
import { href, loadSite } from './data.ts';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Sidebar = App.Locals['starlightRoute']['sidebar'];

/** The core's navigation as Starlight's sidebar entries. */
/** Method badges in Starlight's own accessible colours, as API references colour them. */
const VARIANT: Record<string, 'success' | 'note' | 'caution' | 'danger'> = { GET: 'success', POST: 'note', PUT: 'caution', PATCH: 'caution', DELETE: 'danger' };

function sidebarEntries(entries: readonly NavEntry[]): Sidebar {
  return entries.map((e) => {
    const badge = e.badge === undefined ? undefined : { text: e.badge, variant: VARIANT[e.badge] ?? ('default' as const) };
    return e.kind === 'link'
      ? { type: 'link', label: e.label, href: href(e.path), isCurrent: e.current, badge, attrs: {} }
      : { type: 'group', label: e.label, entries: sidebarEntries(e.entries), collapsed: !e.open, badge };
  });
}

/**
 * Per page: the sidebar lists the items of the current area (bounded: see the core's
 * `navigation`), the site title is the service's name, and Starlight's `<title>` entry, built
 * from a title that comes from the spec, is escaped so it can never close the tag.
 */
export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  const site = await loadSite();
  const name = site.service.name;
  for (const entry of route.head) {
    if (entry.tag === 'title' && typeof entry.content === 'string') {
      const title = name !== undefined ? entry.content.replace(/ \| Specbench$/, () => ` | ${name}`) : entry.content;
      entry.content = escapeText(title);
    }
  }
  if (name !== undefined) route.siteTitle = name;
  const base = href('');
  const current = context.url.pathname.startsWith(base) ? context.url.pathname.slice(base.length) : context.url.pathname;
  const areas = route.sidebar.find((e) => e.type === 'group' && e.label === 'Areas');
  if (areas?.type === 'group') areas.entries = sidebarEntries(navigation(site.areas, current));
});
