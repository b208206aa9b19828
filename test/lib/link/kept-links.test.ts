import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyKeptLinks, parsedFindings, proseLimit } from '../../../src/lib/link/markdown.ts';

const NOTHING = { links: [], html: [], unsafeUrls: [], malformed: [] };

// Text made of links, images and definitions of every kind of URL (kept, unsafe, unreadable, rooted),
// the Markdown around them, and what could hide a URL from a scan of the text.
const part = fc.constantFrom(
  '[', ']', '(', ')', '![', '](', ']:', ']: ', '] (', ']\n(', ' ', '\n', '\t', 'a', 'docs', '*', '_', '`', '> ', '- ', '1. ', '#', '"t"', "'t'",
  'https://docs.github.com/rest', 'http://a.b/c_(d)', 'https://', 'https://[', 'https://a b', 'https://a\u00a0b', 'mailto:x@y.z', 'javascript:alert(1)', 'JaVaScRiPt:x', 'java\tscript:x', 'data:text/html,x', 'vbscript:x',
  '/rooted/page', '//host/x', '/\\x', '../up', '#frag', '?q=1', 'x:y', ':', '\u0001', '\u00a0', '%20', 'a)b', '((', '))', '<', '&', '&#58;', '\\', '[[', ']]', '[x]: ', '[x][y]', '[y]',
);
const prose = fc.array(part, { maxLength: 40 }).map((parts) => parts.join(''));

describe('prose whose links need not be parsed', () => {
  it('skips only values whose real parse finds nothing: no unsafe, unreadable or rooted URL, no HTML, no [[link]], no depth past the limit', () => {
    let skipped = 0;
    fc.assert(
      fc.property(prose, (text) => {
        if (proseLimit(text) !== undefined || !onlyKeptLinks(text)) return;
        skipped++;
        expect(parsedFindings(text)).toEqual(NOTHING);
      }),
      { numRuns: 20_000, seed: 37 },
    );
    // The property says something: many values with links were skipped.
    expect(skipped).toBeGreaterThan(1_000);
  });

  it('parses what it must', () => {
    expect(onlyKeptLinks('See [the docs](https://docs.github.com/rest) and ![x](https://a.b/x.png).')).toBe(true);
    expect(onlyKeptLinks('[a]: https://a.b\n\nSee [a].')).toBe(true);
    for (const text of ['[x](javascript:alert(1))', '[x]( javascript:y)', '[x](/rooted)', '[a]:\n/rooted', '<b>x</b>', '[x](https://a.b) &lt;', '\\[\\[a]]', '[[resources/Order]]', '[x](https://[)']) {
      expect(onlyKeptLinks(text), text).toBe(false);
    }
  });
});
