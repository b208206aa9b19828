import fc from 'fast-check';
import type { Node, Parent } from 'unist';
import { parse } from 'node-html-parser';
import { remark } from 'remark';
import { describe, expect, it } from 'vitest';
import { inlineMarkers, inspectProse, nothingToFind, isSafeUrl, PROSE_LIMITS, proseLimit, proseMarkdown, proseRenderer } from '../../../src/lib/link/markdown.ts';

const render = proseRenderer((target) => (target === 'resources/Order' ? { href: '/resources/#item-Order', label: 'Order' } : undefined));

describe('prose rendering', () => {
  it('renders Markdown and resolves spec links, with or without a label', () => {
    expect(render('An *order*: see [[resources/Order]] or [[resources/Order|orders]].')).toBe(
      '<p>An <em>order</em>: see <a href="/resources/#item-Order">Order</a> or <a href="/resources/#item-Order">orders</a>.</p>',
    );
  });

  it('leaves unresolved links and links in code as text', () => {
    expect(render('[[resources/Nope]] and `[[resources/Order]]`')).toBe('<p>[[resources/Nope]] and <code>[[resources/Order]]</code></p>');
  });

  it('never passes raw HTML through as markup, and shows it as the text it is', () => {
    const raw = 'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> <b>bold</b>\n\n<div onclick="x()">block</div>';
    const html = parse(render(raw));
    expect(html.querySelectorAll('script, img, b, div, [onerror], [onclick]')).toHaveLength(0);
    expect(html.querySelectorAll('p')).toHaveLength(2);
    expect(html.text).toBe('Hi <script>alert(1)</script> <img src=x onerror=alert(1)> <b>bold</b>\n<div onclick="x()">block</div>');
  });

  it('starts its headings below the page’s title and sections: # is h3, ## h4, at most h6 (issue 32: imported descriptions opened with a second title)', () => {
    expect(render('# Introduction\n\nText.\n\n## Auth\n\n###### Deep')).toBe('<h3>Introduction</h3>\n<p>Text.</p>\n<h4>Auth</h4>\n<h5>Deep</h5>');
    expect(render('Title\n=====')).toBe('<h3>Title</h3>');
  });

  it('skips no level: its first heading is the level it is given, each next one at most one below the one before (issue 32: Streetlights’ `###` was an h5 right under the page’s h1)', () => {
    expect(render('Intro.\n\n### Features\n\n#### Detail\n\n## Back')).toBe('<p>Intro.</p>\n<h3>Features</h3>\n<h4>Detail</h4>\n<h3>Back</h3>');
    expect(render('### Features\n\n##### Deep\n\n* a', undefined, 2)).toBe('<h2>Features</h2>\n<h3>Deep</h3>\n<ul>\n<li>a</li>\n</ul>');
  });

  it('drops unsafe URL schemes and keeps safe ones', () => {
    expect(render('[a](javascript:alert(1)) [b](https://example.com) [c](data:text/html,x)')).toBe('<p><a>a</a> <a href="https://example.com">b</a> <a>c</a></p>');
    expect(isSafeUrl('JavaScript:x')).toBe(false);
    expect(isSafeUrl('../errors/')).toBe(true);
  });
});

describe('tables in prose (GFM; issue 32: amadeus’ `400_Book` error is described by a 13-row table)', () => {
  /** A rendered table's rows, each the text of its cells. */
  const rows = (html: string) => parse(html).querySelectorAll('tr').map((tr) => tr.querySelectorAll('th, td').map((cell) => cell.text));

  it('renders a table as a table, in a box that scrolls sideways (by keyboard too): a header row and body rows, without leading or trailing pipes needed', () => {
    expect(render('code | title\n---- | -----\n477  | INVALID FORMAT\n1304 | CREDIT CARD NOT ACCEPTED')).toBe(
      '<div class="table-scroll" tabindex="0"><table>\n<thead>\n<tr>\n<th>code</th>\n<th>title</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>477</td>\n<td>INVALID FORMAT</td>\n</tr>\n<tr>\n<td>1304</td>\n<td>CREDIT CARD NOT ACCEPTED</td>\n</tr>\n</tbody>\n</table></div>',
    );
  });

  it('aligns columns with the `align` attribute only, never a style', () => {
    const html = render('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |');
    expect(parse(html).querySelectorAll('th, td').map((cell) => cell.getAttribute('align'))).toEqual(['left', 'center', 'right', 'left', 'center', 'right']);
    expect(html).not.toContain('style');
  });

  it('drops a `javascript:` link in a cell, and keeps a safe one', () => {
    const html = parse(render('| a | b |\n|---|---|\n| [x](javascript:alert(1)) | [y](https://example.com) |'));
    expect(html.querySelectorAll('td a').map((a) => a.getAttribute('href'))).toEqual([undefined, 'https://example.com']);
  });

  it('shows HTML in a cell as the text it is', () => {
    const html = parse(render('| a |\n|---|\n| <img src=x onerror=alert(1)> <b>bold</b> |'));
    expect(html.querySelectorAll('img, b, [onerror]')).toHaveLength(0);
    expect(rows(html.toString())).toEqual([['a'], ['<img src=x onerror=alert(1)> <b>bold</b>']]);
  });

  it('resolves spec links in cells, a label after an escaped bar (a bare `|` divides cells)', () => {
    const html = parse(render('| item | see |\n|---|---|\n| [[resources/Order]] | [[resources/Order\\|orders]] |'));
    expect(html.querySelectorAll('td a').map((a) => `${a.getAttribute('href')} ${a.text}`)).toEqual(['/resources/#item-Order Order', '/resources/#item-Order orders']);
  });

  it('leaves a malformed table a paragraph: no delimiter row, or one whose cells do not match the header’s', () => {
    expect(render('a | b\nx | y')).toBe('<p>a | b\nx | y</p>');
    expect(render('a | b\n--|--|--\nx | y')).toBe('<p>a | b\n--|--|--\nx | y</p>');
  });

  it('reads nothing else of GFM: a bare URL is no link, a footnote no section', () => {
    expect(render('See https://example.com and www.example.com.[^1]\n\n[^1]: A note.')).toBe('<p>See https://example.com and www.example.com.[^1]</p>\n<p>[^1]: A note.</p>');
  });

  it('fills short rows out to the header, but never past 1,024 added cells: a wide header over many one-word rows stays about as large as its text', () => {
    expect(rows(render('a | b\n--|--\nx'))).toEqual([['a', 'b'], ['x', '']]);
    const wide = `${'a|'.repeat(2048)}\n${'-:|'.repeat(2048)}\n${'x\n'.repeat(4096)}`;
    const html = render(wide);
    // Filled out it would be 8 million cells; the header's 2,048 and one per row, each still aligned as its column.
    expect(html.match(/<t[hd][ >]/g)).toHaveLength(2048 + 4096);
    expect(html.match(/<td align="right">x<\/td>/g)).toHaveLength(4096);
    expect(html.length).toBeLessThan(20 * wide.length);
  });

  it('keeps a table a GFM table in a Markdown output (written as text, its delimiter row was escaped: `\\---- | -----`)', () => {
    const markdown = proseMarkdown((target) => (target === 'resources/Order' ? { href: '#order', label: 'Order' } : undefined));
    expect(markdown('code | title\n---- | -----\n477  | [[resources/Order]]\n1304')).toBe('| code | title |\n| - | - |\n| 477 | [Order](#order) |\n| 1304 |');
  });
});

describe('prose inspection', () => {
  it('finds links, raw HTML, unsafe URLs and malformed links', () => {
    expect(inspectProse('[[a/b]] [[c|d]] `[[e]]` <i>x</i> [y](vbscript:z) [[f|*g*]]')).toEqual({
      links: [{ raw: '[[a/b]]', target: 'a/b' }, { raw: '[[c|d]]', target: 'c', label: 'd' }],
      html: ['<i>', '</i>'],
      unsafeUrls: [{ text: 'vbscript:z', scheme: 'vbscript:', hidden: false }],
      malformed: ['[[f|'],
    });
  });
});

describe('the count of slow markup before parsing', () => {
  it('counts only `*` and `_` that may open or close emphasis, and unescaped brackets', () => {
    expect(inlineMarkers('order_id, snake_case_name, a * b, 2 * 3 = 6')).toEqual({ emphasis: 0, brackets: 0 });
    expect(inlineMarkers('*a* **b** _c_ __d__')).toEqual({ emphasis: 12, brackets: 0 });
    expect(inlineMarkers('\\*not\\* \\[x\\] [y](z) [[resources/Order]]')).toEqual({ emphasis: 0, brackets: 6 });
  });

  it('rejects each kind past its limit, and nothing at it', () => {
    const at = (unit: string, n: number) => unit.repeat(n);
    expect(proseLimit(at('*a* ', PROSE_LIMITS.emphasis / 2))).toBeUndefined();
    expect(proseLimit(at('*a* ', PROSE_LIMITS.emphasis / 2 + 1))).toContain('that may open or close emphasis');
    expect(proseLimit(at('[[a/b]] ', PROSE_LIMITS.brackets / 4))).toBeUndefined();
    expect(proseLimit(at('[[a/b]] ', PROSE_LIMITS.brackets / 4 + 1))).toContain('`[` and `]`');
    expect(proseLimit(at('- a\n', PROSE_LIMITS.containers))).toBeUndefined();
    expect(proseLimit(at('- a\n', PROSE_LIMITS.containers + 1))).toContain('list items and block quote markers');
    expect(proseLimit(at('a\n===\n\n', PROSE_LIMITS.underlines))).toBeUndefined();
    expect(proseLimit(at('a\n===\n\n', PROSE_LIMITS.underlines + 1))).toContain('lines of only `=` or `-`');
  });
});

describe('prose that need not be parsed', () => {
  const depth = (node: Node): number => 1 + Math.max(0, ...((node as Partial<Parent>).children ?? []).map(depth));
  const kinds = (node: Node): string[] => [node.type, ...((node as Partial<Parent>).children ?? []).flatMap(kinds)];
  // Text made of what builds Markdown structure, except `[` and `<` (links, HTML).
  const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '*', '_', '~', '>', '-', '+', '1', '.', '#', '`', '(', ')', ':', '=', '\t', 'j'), maxLength: 400 });

  it('skips only values whose real parse has no link, image, definition or HTML and stays within the depth limit', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (!nothingToFind(t) || proseLimit(t) !== undefined) return;
        const tree = remark().parse(t);
        expect(depth(tree)).toBeLessThanOrEqual(PROSE_LIMITS.depth);
        expect(kinds(tree).filter((k) => ['link', 'image', 'definition', 'html', 'linkReference', 'imageReference'].includes(k))).toEqual([]);
      }),
      { numRuns: 3000, seed: 15 },
    );
  });

  it('still parses, and reports, deep nesting without a bracket in it', () => {
    const deep = `${'> '.repeat(15)}${'*a '.repeat(40)}x${' a*'.repeat(40)}`;
    expect(nothingToFind(deep)).toBe(false);
    expect(inspectProse(deep).limit).toMatch(/nests \d+ levels deep/);
    expect(nothingToFind('Lists the repositories of the authenticated user, 30 per page.')).toBe(true);
    expect(nothingToFind('See [the docs](https://docs.github.com).')).toBe(false);
  });
});
