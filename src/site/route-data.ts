import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { changelogPath, gapsPath, navigation, printPath, readerOrder, type NavEntry } from '../lib/index.ts';
import { href, label, loadSite, settings, specSite } from './data.ts';
import { guidePages } from './guide.ts';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Sidebar = App.Locals['starlightRoute']['sidebar'];

/** Method badges in Starlight's own accessible colours, as API references colour them. */
const VARIANT: Record<string, 'success' | 'note' | 'caution' | 'danger'> = { GET: 'success', POST: 'note', PUT: 'caution', PATCH: 'caution', DELETE: 'danger' };

/** The core's navigation as Starlight's sidebar entries. */
function sidebarEntries(entries: readonly NavEntry[]): Sidebar {
  return entries.map((e) => {
    const badge = e.badge === undefined ? undefined : { text: e.badge, variant: VARIANT[e.badge] ?? ('default' as const) };
    return e.kind === 'link'
      ? { type: 'link', label: e.label, href: href(e.path), isCurrent: e.current, badge, attrs: {} }
      : { type: 'group', label: e.label, entries: sidebarEntries(e.entries), collapsed: !e.open, badge };
  });
}

/**
 * The guide in the sidebar: "Reading this spec", and "Writing this spec": on the guide's writing
 * pages a group of them, elsewhere one link (its pages would be some 2 KB of every reference page
 * a reader opens, closed).
 */
function guide(link: (label: string, path: string) => Sidebar[number], current: string | undefined): Sidebar {
  const [reading, writing, ...rest] = guidePages();
  const path = (slug: string) => `guide/${slug}${slug ? '/' : ''}`;
  const entries = [writing, ...rest].flatMap((p) => (p ? [link(p.slug === 'writing' ? 'Overview' : p.frontmatter.title, path(p.slug))] : []));
  const writingOpen = current?.startsWith('guide/writing/') === true;
  return [
    ...(reading ? [link(reading.frontmatter.title, path(reading.slug))] : []),
    ...(writing ? [writingOpen ? { type: 'group' as const, label: writing.frontmatter.title, entries, collapsed: false, badge: undefined } : link(writing.frontmatter.title, path(writing.slug))] : []),
  ];
}

/**
 * Per page: Starlight's `<title>`, built from a title that comes from the spec, is escaped so it
 * can never close the tag; the sidebar gets the spec's pages (the items of the current area
 * listed, bounded: see the core's `navigation`), after the site's own where the spec is part of
 * a site, as a group; where the spec is the whole site, the site title is the service's name.
 */
export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  const root = settings.route === '';
  const site = await specSite();
  const name = site.analysis ? site.index.service.name : undefined;
  const configured = route.siteTitle;
  for (const entry of route.head) {
    if (entry.tag === 'title' && typeof entry.content === 'string') {
      const title = root && name !== undefined && entry.content.endsWith(` | ${configured}`) ? `${entry.content.slice(0, -configured.length)}${name}` : entry.content;
      entry.content = escapeText(title);
    }
  }
  // Until the spec first loads without errors there is nothing to list.
  if (!site.analysis) return;
  if (root && name !== undefined) route.siteTitle = name;
  const { areas } = await loadSite();
  const base = href('');
  const pathname = context.url.pathname;
  const current = pathname.startsWith(base) ? pathname.slice(base.length) : undefined;
  const link = (label: string, path: string): Sidebar[number] => ({ type: 'link', label, href: href(path), isCurrent: current === path, badge: undefined, attrs: {} });
  const ours: Sidebar = [
    link('Overview', ''),
    // With `compare`, what the change does, above the areas.
    ...(settings.compare ? [link('Changes', 'changes/')] : []),
    { type: 'group', label: 'Reference', entries: sidebarEntries(navigation(readerOrder(areas), current ?? '')), collapsed: false, badge: undefined },
    link('All gaps', gapsPath()),
    link('Changelog', changelogPath()),
    link('The whole spec (print)', printPath()),
    ...(settings.guide ? guide(link, current) : []),
  ];
  if (root) route.sidebar = [...ours, ...route.sidebar];
  else route.sidebar = [...route.sidebar, { type: 'group', label, entries: ours, collapsed: current === undefined, badge: undefined }];
});
