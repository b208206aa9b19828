// The pull-request comment's Markdown: values hold their text as written, names never become
// GitHub references or mentions, and any change fits a budget (a comment's 65,536 characters),
// summarised with the counts per area and a link to the full report.
import type { Root } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { analyze, DIFF_LINK_MAX, DIFF_MARKER, DIFF_MIN_BUDGET, diffMarkdown, diffSpecs, readSpecDir, type Analysis, type SpecDiff } from '../../../src/lib/index.ts';
import { cli, completeWith } from '../../helpers.ts';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;
const URL_OF_RUN = 'https://github.example/acme/orders/actions/runs/4242';

/** The Markdown as GitHub's parser reads it: code spans, text, and any raw HTML. */
function read(markdown: string) {
  const tree = remark().use(remarkGfm).parse(markdown) as Root;
  const out = { code: [] as string[], text: [] as string[], html: [] as string[] };
  visit(tree, (node) => {
    if (node.type === 'inlineCode') out.code.push(node.value);
    if (node.type === 'text') out.text.push(node.value);
    if (node.type === 'html') out.html.push(node.value);
  });
  return out;
}

/** The empty spec (content/) with files added, through the real loader. */
async function emptyWith(files: Record<string, string>): Promise<Analysis> {
  const list = [...(await readSpecDir('content')), ...Object.entries(files).map(([path, text]) => ({ path, bytes: encoder.encode(text) }))];
  return analyze(list.sort((a, b) => (a.path < b.path ? -1 : 1)));
}

/** `count` endpoints with every facet open. */
function endpoints(count: number, name = (i: number) => `get-thing-${i}`): Record<string, string> {
  const facets = ['method', 'path', 'parameters', 'request', 'responses'].map((f) => `${f}: { open: Which ${f}? }\n`).join('');
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`endpoints/${name(i + 1)}.yaml`, `title: Thing ${i + 1}\n${facets}`]));
}

describe('the comment holds names as written and keeps them inert', () => {
  it('a breaking change names a field `<details>` or one holding backticks exactly: code spans are never HTML-escaped', async () => {
    // Chosen ones, then names drawn from the characters Markdown and HTML read (a fixed sequence: the same names each run).
    let seed = 7;
    const draw = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const alphabet = ['`', '``', '<', '>', '&', '#1', '@o', 'a', '\\', '*', '_', '[', ']', '|'];
    const drawn = Array.from({ length: 40 }, () => Array.from({ length: 1 + draw(6) }, () => alphabet[draw(alphabet.length)]).join(''));
    const names = [...new Set(['<details>', 'a`b``c', '`x', '&amp;', ...drawn])];
    const fields = (list: string[]) => `title: Thing\nfields:\n${list.map((n) => `  ${JSON.stringify(n)}: { type: string, required: true, description: A field. }\n`).join('')}`;
    const d = diffSpecs(await completeWith({ 'resources/Thing.yaml': fields([...names, 'kept']) }), await completeWith({ 'resources/Thing.yaml': fields(['kept']) }));
    const markdown = diffMarkdown(d, 'base with head');
    expect(d.breaking.map((b) => b.message)).toHaveLength(names.length);
    const { code, html } = read(markdown);
    for (const name of names) expect(code).toContain(name);
    expect(markdown).not.toContain('&lt;');
    expect(html).toEqual([DIFF_MARKER]);
  });

  it('labels holding `#1`, `@octocat`, `GH-2`, `acme/orders#3` or a commit hash are code spans: GitHub links and mentions none of them', async () => {
    const name = '#1 @octocat GH-2 acme/orders#3 deadbeefcafe1234';
    const d = diffSpecs(await emptyWith({}), await emptyWith({ 'resources/Thing.yaml': `title: Thing\nfields:\n  ${JSON.stringify(name)}: { type: { open: Which type? } }\n` }));
    const labels = d.gapsOpened.map((g) => g.label).filter((l) => l.includes(name));
    expect(labels).not.toEqual([]);
    const { code, text } = read(diffMarkdown(d, 'base with head'));
    for (const label of labels) expect(code).toContain(label);
    // GitHub finds references in the rendered text (a backslash before `#` or `@` does not stop it), never in code.
    expect(text.filter((t) => /#\d|@\w|GH-\d|\b[0-9a-f]{7,40}\b/i.test(t))).toEqual([]);
  });
});

describe('the comment fits its budget on any change', () => {
  let thousand: SpecDiff;
  const whole = () => diffMarkdown(thousand, 'base with head');

  it('1,000 items added: past the budget, the counts per area, each list cut short with how many more, and the link', async () => {
    thousand = diffSpecs(await emptyWith({}), await emptyWith(endpoints(1_000)));
    expect(bytes(whole())).toBeGreaterThan(65_536);
    const comment = diffMarkdown(thousand, 'base with head', { budget: 65_536, fullReport: URL_OF_RUN });
    expect(bytes(comment)).toBeLessThanOrEqual(65_536);
    expect(comment.startsWith(`${DIFF_MARKER}\n## Spec changes\n`)).toBe(true);
    expect(comment).toContain('| Endpoints | 0 | 5000 | 1000 | 0 | 0 | 0 | 0 |');
    expect(comment).toContain('| **All** | **0** | **5000** | **1000** |');
    expect(comment).toContain(`[the full report](<${URL_OF_RUN}>)`);
    // Every list says how many it shows and how many it left out: they add up.
    for (const [title, count, line] of [
      ['Gaps opened', 5_000, /^ {2}- `endpoints\//],
      ['Items', 1_000, /^- Added `/],
    ] as const) {
      const section = comment.split(`### ${title} (${count})\n`)[1]?.split('\n### ')[0] ?? '';
      const shown = section.split('\n').filter((l) => line.test(l)).length;
      const more = Number(/^- … and (\d+) more in the full report, linked above\.$/m.exec(section)?.[1] ?? 0);
      expect(shown).toBeGreaterThan(0);
      expect(shown + more).toBe(count);
    }
    // The same change, the same bytes.
    expect(diffMarkdown(thousand, 'base with head', { budget: 65_536, fullReport: URL_OF_RUN })).toBe(comment);
  });

  it('every budget from the least to past the whole report is kept; the whole report is left as it is when it fits', () => {
    const size = bytes(whole());
    for (const budget of [DIFF_MIN_BUDGET, 9_000, 20_000, 65_536, size - 1]) {
      const text = diffMarkdown(thousand, 'base with head', { budget, fullReport: URL_OF_RUN });
      expect(bytes(text), String(budget)).toBeLessThanOrEqual(budget);
      expect(text).toContain('| Endpoints |');
    }
    // The least budget holds the counts and the longest link the renderer takes.
    const longest = `https://github.example/${'a'.repeat(DIFF_LINK_MAX - 23)}`;
    expect(longest).toHaveLength(DIFF_LINK_MAX);
    const least = diffMarkdown(thousand, 'base with head', { budget: DIFF_MIN_BUDGET, fullReport: longest });
    expect(bytes(least)).toBeLessThanOrEqual(DIFF_MIN_BUDGET);
    expect(least).toContain('| **All** | **0** | **5000** | **1000** |');
    expect(least).toContain(`[the full report](<${longest}>)`);
    for (const budget of [undefined, size, 1_000_000]) expect(diffMarkdown(thousand, 'base with head', budget === undefined ? {} : { budget })).toBe(whole());
  });

  it('lines longer than a share of the budget (names of 20,000 characters) and multi-byte names are measured in bytes and kept out', async () => {
    const long = (i: number) => `${'é'.repeat(10_000)}${i}`;
    // Explicit keys: YAML reads an implicit key of at most 1,024 characters.
    const fields = Array.from({ length: 6 }, (_, i) => `  ? ${JSON.stringify(long(i))}\n  : { type: { open: Which type? } }\n`).join('');
    const d = diffSpecs(await emptyWith({}), await emptyWith({ 'resources/Wide.yaml': `title: Wide\nfields:\n${fields}`, ...endpoints(40) }));
    expect(d.gapsOpened.filter((g) => g.id.includes('é'.repeat(10_000)))).toHaveLength(12);
    for (const budget of [DIFF_MIN_BUDGET, 30_000, 65_536]) {
      const text = diffMarkdown(d, 'base with head', { budget });
      expect(bytes(text)).toBeLessThanOrEqual(budget);
      expect(text).toContain('the full report (`specbench diff`)');
    }
  });
});

describe('specbench diff --budget and --report-url', () => {
  it('refuses a budget under the least, a link that is not http(s), and either with JSON: exit 2 before any work', async () => {
    expect(await cli(['diff', '--budget', '100'])).toMatchObject({ code: 2, err: expect.stringContaining(`--budget is a number of bytes, at least ${DIFF_MIN_BUDGET}; got \`100\``) });
    expect(await cli(['diff', '--budget', '65536x'])).toMatchObject({ code: 2 });
    expect(await cli(['diff', '--report-url', 'javascript:alert(1)'])).toMatchObject({ code: 2, err: expect.stringContaining('--report-url is an absolute http or https URL') });
    expect(await cli(['diff', '--report-url', `https://example.com/${'a'.repeat(3_000)}`])).toMatchObject({ code: 2 });
    expect(await cli(['diff', '--format', 'json', '--budget', '65536'])).toMatchObject({ code: 2, err: expect.stringContaining('--format json is never cut') });
  });
});
