import fc from 'fast-check';
import type { Node, Parent } from 'unist';
import { parse } from 'node-html-parser';
import { remark } from 'remark';
import { describe, expect, it } from 'vitest';
import { inlineMarkers, inspectProse, nothingToFind, isSafeUrl, PROSE_LIMITS, proseLimit, proseRenderer } from '../../../src/lib/link/markdown.ts';

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
