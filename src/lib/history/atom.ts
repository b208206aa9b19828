import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Element } from 'hast';
import { xmlChars } from '../safety/xml.ts';
import { changelogAnchor, changelogLists, changelogPath, changeSummary, type Changelog, type ChangelogEntry, type ChangelogList } from './changelog.ts';

/** The XML writer and the HTML tree tools, loaded on first use: only the site's feed needs them, no command does. */
const load = createRequire(import.meta.url);
let tools: { Builder: typeof import('fast-xml-builder').default; h: typeof import('hastscript').h; toHtml: typeof import('hast-util-to-html').toHtml } | undefined;
function feedTools(): NonNullable<typeof tools> {
  return (tools ??= {
    Builder: (load('fast-xml-builder') as { default: typeof import('fast-xml-builder').default }).default,
    h: (load('hastscript') as typeof import('hastscript')).h,
    toHtml: (load('hast-util-to-html') as typeof import('hast-util-to-html')).toHtml,
  });
}

/** Where the feed is published, relative to the site's base. */
export function changelogFeedPath(): string {
  return 'changelog.xml';
}

/** An empty feed's `updated`: no commit dates it, so it says the beginning of time rather than when it was built. */
const NO_DATE = '1970-01-01T00:00:00Z';

/** Names the feed's ids (RFC 9562 name-based UUIDs): the same commit always gets the same id. */
const NAMESPACE = '6f0c4c1e-3d2b-5a8e-9b7d-2f4a6c8e0b1d';

/** A name-based (version 5) UUID: stable, and a valid `urn:uuid:` for every feed reader and validator. */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of a commit's entry in the feed. */
export function changelogEntryId(sha: string): string {
  return `urn:uuid:${nameUuid(`commit:${sha}`)}`;
}

export interface ChangelogFeedOptions {
  /** The feed's title. */
  title: string;
  /** Who writes the spec: the feed's author. */
  author: string;
  /**
   * The site's absolute address with its base path and a final slash (`https://example.com/spec/`),
   * when known. Without it, links are relative: the feed lives at the base beside `changelog/`, so
   * they resolve against the feed's own address.
   */
  siteUrl?: string;
}

/** What a commit changed, as the HTML of its feed entry (built as a tree, so every text is escaped). */
function entryHtml(entry: ChangelogEntry): string {
  const { h, toHtml } = feedTools();
  const c = entry.changes;
  const code = (text: string) => [h('code', text)];
  const gap = (g: { id: string; label: string }) => [h('code', g.id), `: ${g.label}`];
  const lines = (l: ChangelogList): Array<Array<string | Element>> =>
    l.kind === 'breaking'
      ? l.items.shown.map((b) => [b.message])
      : l.kind === 'gap'
        ? l.items.shown.map(gap)
        : l.kind === 'renamed'
          ? l.items.shown.map((r) => [h('code', r.from), ' → ', h('code', r.to)])
          : l.items.shown.map((k: string) => code(k));
  const nodes: Element[] = [h('p', changeSummary(entry))];
  for (const l of c ? changelogLists(c) : []) {
    const more = l.items.total - l.items.shown.length;
    nodes.push(
      h('h3', `${l.title} (${l.items.total})`),
      h('ul', [...lines(l).map((line) => h('li', line)), ...(more > 0 ? [h('li', `and ${more} more`)] : [])]),
    );
  }
  return toHtml(h('div', nodes));
}

/**
 * The changelog as an Atom feed (RFC 4287): one entry per commit, newest first, its id derived from
 * the sha, `updated` the commit's date. The feed's `updated` is the newest commit's date, so the
 * same history gives the same bytes.
 */
export function changelogAtom(changelog: Changelog, options: ChangelogFeedOptions): string {
  const at = options.siteUrl ?? '';
  const page = `${at}${changelogPath()}`;
  const newest = changelog.entries.reduce<string | undefined>((d, e) => (d === undefined || Date.parse(e.date) > Date.parse(d) ? e.date : d), undefined);
  const feed = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: options.siteUrl ? page : `urn:uuid:${nameUuid(`changelog:${options.title}`)}`,
      title: { '@_type': 'text', '#text': options.title },
      subtitle: { '@_type': 'text', '#text': changelog.note },
      updated: newest ?? NO_DATE,
      author: { name: options.author },
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': `${at}${changelogFeedPath()}` },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': page },
      ],
      generator: 'Specbench',
      entry: changelog.entries.map((e) => ({
        id: changelogEntryId(e.sha),
        title: { '@_type': 'text', '#text': e.subject },
        updated: e.date,
        link: { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${page}#${changelogAnchor(e.sha)}` },
        summary: { '@_type': 'text', '#text': changeSummary(e) },
        content: { '@_type': 'html', '#text': entryHtml(e) },
      })),
    },
  };
  const builder = new (feedTools().Builder)({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', format: true, suppressEmptyNode: true });
  return xmlChars(builder.build(feed));
}
