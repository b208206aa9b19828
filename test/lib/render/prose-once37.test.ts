// Issue 37: a build renders each prose text once per analysis, not once per page that shows it
// or again after the site's index lets go of what it derived (GitHub's description: 5,291 texts
// were rendered 46,704 times). A text with a link relative to its page is rendered once per page.
import { describe, expect, it, vi } from 'vitest';
import { itemView, SiteIndex, specMarkdown } from '../../../src/lib/index.ts';
import { completeWith, editComplete } from '../../helpers.ts';

/** Every text the prose renderer was asked for, and whether it was given a page to rebase links onto; every text the Markdown document's writer was. */
const rendered = vi.hoisted(() => [] as Array<{ text: string; page: boolean }>);
const written = vi.hoisted(() => [] as string[]);

vi.mock('../../../src/lib/link/markdown.ts', async (original) => {
  const actual = await original<typeof import('../../../src/lib/link/markdown.ts')>();
  return {
    ...actual,
    proseRenderer: (...args: Parameters<typeof actual.proseRenderer>) => {
      const render = actual.proseRenderer(...args);
      return (text: string, rebase?: (url: string) => string, top?: number) => {
        rendered.push({ text, page: rebase !== undefined });
        return render(text, rebase, top);
      };
    },
    proseMarkdown: (...args: Parameters<typeof actual.proseMarkdown>) => {
      const write = actual.proseMarkdown(...args);
      return (text: string) => {
        written.push(text);
        return write(text);
      };
    },
  };
});

const PLAIN = 'Words two operations share, with a link to [[endpoints/list-orders]].';
const RELATIVE = 'See [the notes](notes/) of this page.';

describe('prose rendered once per analysis (issue 37)', () => {
  it('a text two pages show is rendered once, through the print pages, the item pages and the index letting go in between', async () => {
    const described = (text: string) => (data: Record<string, unknown>) => ({ ...data, description: text });
    const analysis = await completeWith({
      'endpoints/get-order.yaml': editComplete('endpoints/get-order.yaml', described(`${PLAIN}\n\n${RELATIVE}`)),
      'endpoints/cancel-order.yaml': editComplete('endpoints/cancel-order.yaml', described(`${PLAIN}\n\n${RELATIVE}`)),
      'endpoints/place-order.yaml': editComplete('endpoints/place-order.yaml', described(PLAIN)),
    });
    const ids = ['get-order', 'cancel-order', 'place-order'];
    const fresh = ids.map((id) => itemView(new SiteIndex(analysis).context(() => {}), 'endpoints', id));
    rendered.length = 0;
    const index = new SiteIndex(analysis);
    // As a build asks: each item's view for its print page, then for its own page, letting go of what was derived after each.
    const views = [0, 1].flatMap(() =>
      ids.map((id) => {
        const view = itemView(index.context(() => {}), 'endpoints', id);
        index.forget();
        return view;
      }),
    );
    expect(views.slice(3)).toEqual(fresh);
    expect(views.slice(0, 3)).toEqual(fresh);
    const times = (text: string) => rendered.filter((r) => r.text === text).length;
    // The same HTML on every page: rendered once.
    expect(times(PLAIN)).toBe(1);
    // A link relative to the page: once per page that owns it, each with its own address.
    expect(times(`${PLAIN}\n\n${RELATIVE}`)).toBe(2);
    expect(fresh[0]?.descriptionHtml).toContain('href="/endpoints/get-order/notes/"');
    expect(fresh[1]?.descriptionHtml).toContain('href="/endpoints/cancel-order/notes/"');
    expect(fresh[2]?.descriptionHtml).toBe(views[2]?.descriptionHtml);
  });

  it('the single Markdown document writes a text many files hold once, the same in each place', async () => {
    const described = (text: string) => (data: Record<string, unknown>) => ({ ...data, description: text });
    const analysis = await completeWith(Object.fromEntries(['get-order', 'cancel-order', 'place-order'].map((id) => [`endpoints/${id}.yaml`, editComplete(`endpoints/${id}.yaml`, described(PLAIN))])));
    written.length = 0;
    const doc = specMarkdown(analysis);
    expect(written.filter((t) => t === PLAIN)).toHaveLength(1);
    const line = doc.split('\n').filter((l) => l.startsWith('Words two operations share'));
    expect(line).toHaveLength(3);
    expect(new Set(line).size).toBe(1);
  });
});
