import { describe, expect, it } from 'vitest';
import { escapeLiteralLinks, inspectProse, parsedFindings, proseMarkdown, proseRenderer, unescapeLiteralLinks } from '../../../src/lib/link/markdown.ts';

/** Issue 31 (t31e repro-01): `\[[x]]` is the text `[[x]]`, never a prose link, wherever prose is read. */
const resolve = (target: string) => (target === 'resources/Order' ? { href: '/resources/#item-Order', label: 'Order' } : undefined);
const render = proseRenderer(resolve);
const markdown = proseMarkdown(resolve);

describe('an escaped `[[` in prose', () => {
  it('is neither a link nor a broken or malformed one, escaped once or throughout', () => {
    for (const text of ['Returns \\[[Pet]]s.', 'See \\[[resources/Order]].', 'escaped \\[\\[Pet\\]\\] here', 'half [\\[Pet]]', '\\[[ x ]] marks']) {
      expect(inspectProse(text), text).toEqual({ links: [], html: [], unsafeUrls: [], malformed: [] });
      expect(parsedFindings(text), text).toEqual({ links: [], html: [], unsafeUrls: [], malformed: [] });
    }
  });

  it('is a link again after an escaped backslash (`\\\\[[x]]` is a backslash and a link), and a link beside it is still one', () => {
    expect(inspectProse('\\\\[[Pet]]').links).toEqual([{ raw: '[[Pet]]', target: 'Pet' }]);
    expect(inspectProse('\\[[Pet]] and [[resources/Order|orders]]').links).toEqual([{ raw: '[[resources/Order|orders]]', target: 'resources/Order', label: 'orders' }]);
  });

  it('renders as the text `[[x]]`, on a page and in a Markdown document, even where the target resolves', () => {
    expect(render('See \\[[resources/Order]] and [[resources/Order]].')).toBe('<p>See [[resources/Order]] and <a href="/resources/#item-Order">Order</a>.</p>');
    expect(render('A \\[[Pet]]')).toBe('<p>A [[Pet]]</p>');
    // Markdown's writer escapes both brackets, which reads the same.
    expect(markdown('See \\[[resources/Order]] and [[resources/Order|it]].')).toBe('See \\[\\[resources/Order]] and [it](/resources/#item-Order).');
  });

  it('keeps code, raw HTML and addresses as written', () => {
    expect(render('`\\[[x]]` <b>\\[[y]]</b> <span title="\\[[z]]">')).toBe('<p><code>\\[[x]]</code> &#x3C;b>[[y]]&#x3C;/b> &#x3C;span title="\\[[z]]"></p>');
    expect(inspectProse('<b>\\[[y]]</b> <span title="\\[[z]]">').html).toEqual(['<b>', '</b>', '<span title="\\[[z]]">']);
    expect(render('[a](https://x.test/\\[q)')).toBe('<p><a href="https://x.test/%5Bq">a</a></p>');
  });
});

describe('literal `[[` of another tool’s text', () => {
  it('is escaped on import where Markdown reads text, and written plain again on export', () => {
    const cases: Array<[string, string]> = [
      ['Returns [[Pet]]s.', 'Returns \\[[Pet]]s.'],
      ['[[[x]]]', '\\[\\[[x]]]'],
      ['code `[[x]]` and [[y]]', 'code `[[x]]` and \\[[y]]'],
      ['```\n[[x]]\n```', '```\n[[x]]\n```'],
      ['escaped \\[\\[Pet\\]\\] here', 'escaped \\[\\[Pet\\]\\] here'],
      ['no brackets', 'no brackets'],
    ];
    for (const [written, imported] of cases) {
      expect(escapeLiteralLinks(written), written).toBe(imported);
      expect(unescapeLiteralLinks(imported), imported).toBe(written);
      expect(inspectProse(imported).links, imported).toEqual([]);
    }
  });
});
