import { describe, expect, it } from 'vitest';
import { headingsBelow, specMarkdown, type ShapeView } from '../../src/lib/index.ts';
import { blockOf, cli, gapLines, itemOf, siteViews, specFrom, writeSpec } from '../helpers.ts';

// Issue 32, defects left after the eighth pass. Each case is YAML through the real loader, the
// real gap walk and the real view model (the page's HTML is read in test/site/reader-pass9.test.ts).

/** A resource whose `body` is an all_of: a part that types `kind`, parts that narrow it, and `other`, typed nowhere. */
const NARROWED = `description: A pet.
fields:
  body:
    description: The pet's body.
    required: true
    type: all_of
    of:
      - type: object
        fields:
          kind: { type: string, description: What kind of pet., required: true }
      - type: object
        fields:
          kind: { allowed: [cat, dog] }
          other: { description: Typed nowhere. }
      - fields:
          kind: { description: Restated with only a description. }
`;

describe('an all_of part that narrows a field another part types (defect 1)', () => {
  const analysis = specFrom({ 'resources/Pet.yaml': NARROWED });
  const gaps = gapLines(analysis).filter((g) => g.startsWith('resources/Pet/'));

  it('opens no gap for what another part states of the field (its type, whether it is required)', () => {
    expect(gaps.filter((g) => g.includes('/kind/'))).toEqual([]);
  });

  it('keeps open what no part states: a field typed nowhere; and a part’s own type, which is the part’s (test/lib/render/reader-pass8.test.ts)', () => {
    expect(gaps).toEqual(['resources/Pet/fields/body/of/1/fields/other/type missing', 'resources/Pet/fields/body/of/1/fields/other/required missing', 'resources/Pet/fields/body/of/2/type missing']);
  });

  it('keeps open a field whose type every part leaves out, and a type another part only leaves open', () => {
    const open = gapLines(
      specFrom({
        'resources/Pet.yaml': `description: A pet.
fields:
  body:
    description: b
    required: true
    type: all_of
    of:
      - type: object
        fields: { kind: { description: first, required: true }, size: { type: { open: Which unit? }, required: true } }
      - type: object
        fields: { kind: { allowed: [a] }, size: { minimum: 1 } }
`,
      }),
    ).filter((g) => g.startsWith('resources/Pet/'));
    expect(open).toEqual([
      'resources/Pet/fields/body/of/0/fields/kind/type missing',
      'resources/Pet/fields/body/of/0/fields/size/type open',
      'resources/Pet/fields/body/of/1/fields/kind/type missing',
      'resources/Pet/fields/body/of/1/fields/size/type missing',
    ]);
  });

  it('does not share facets between the variants of a one_of: each is a value of its own', () => {
    const oneOf = gapLines(specFrom({ 'resources/Pet.yaml': NARROWED.replace('type: all_of', 'type: one_of') })).filter((g) => g.startsWith('resources/Pet/'));
    expect(oneOf).toContain('resources/Pet/fields/body/of/1/fields/kind/type missing');
    expect(oneOf).toContain('resources/Pet/fields/body/of/2/type missing');
  });

  it('the resource’s page shows the merged field `kind` with its type and no open facet in any part’s row', () => {
    const shape = blockOf(itemOf(siteViews(analysis), 'resources', 'Pet'), 'shape');
    const body = shape?.fields.find((f) => f.name === 'body');
    const kind = body?.children.flatMap((c) => c.shapes).find((s) => s.name === 'kind');
    expect(kind?.type?.text).toBe('string');
    const states = (s: ShapeView | undefined): string[] =>
      s === undefined ? [] : [...[s.type, s.required, s.description, s.allowed, ...s.extras].flatMap((f): string[] => (f ? [f.state] : [])), ...(s.also ?? []).flatMap(states)];
    expect(kind?.also).toHaveLength(2);
    expect(states(kind).filter((s) => s !== 'stated')).toEqual([]);
  });
});

/** Two resources; Order's description has a table whose cells link to Pet, with `bar` written between target and label. */
const tableSpec = (bar: string) => ({
  'resources/Pet.yaml': 'description: A pet.\nfields:\n  name: { type: string, required: true, description: Its name. }\n',
  'resources/Order.yaml': `description: |
  An order.

  | Kind | See |
  | ---- | --- |
  | pet  | [[resources/Pet${bar}pets]] |
fields:
  id: { type: string, required: true, description: Its id. }
`,
});

describe('a labelled wiki link in a GFM table cell (defect 2)', () => {
  it('written with its bar unescaped, `check` reports it where it is written, with the bar escaped as the fix', () => {
    const found = specFrom(tableSpec('|')).diagnostics.filter((d) => d.file === 'resources/Order.yaml');
    expect(found.map((d) => [d.code, d.severity, d.line, d.column, d.message])).toEqual([
      ['broken-link', 'error', 6, 12, '`[[resources/Pet|pets]]` is in a table cell, where `|` ends the cell, so the table cuts the link in two. Escape the bar, as on GitHub: `[[resources/Pet\\|pets]]`.'],
    ]);
  });

  it('the command line exits non-zero with it, file, line and column first', async () => {
    const dir = await writeSpec(new Map(Object.entries(tableSpec('|'))));
    const run = await cli(['check', '--spec', dir]);
    expect(run.code).not.toBe(0);
    expect(`${run.out}${run.err}`).toMatch(/resources\/Order\.yaml:6:12 error broken-link `\[\[resources\/Pet\|pets\]\]` is in a table cell/);
  });

  it('outside a table, the same link is a link and nothing is reported', () => {
    const spec = tableSpec('|');
    spec['resources/Order.yaml'] = spec['resources/Order.yaml'].replace('  | pet  | [[resources/Pet|pets]] |', '  | pet  | x |\n\n  See [[resources/Pet|pets]].');
    expect(specFrom(spec).diagnostics.filter((d) => d.file === 'resources/Order.yaml')).toEqual([]);
  });

  it('written `\\|`, it passes `check` and is the labelled link on the page and in the Markdown document', () => {
    const analysis = specFrom(tableSpec('\\|'));
    expect(analysis.diagnostics.filter((d) => d.file === 'resources/Order.yaml')).toEqual([]);
    const html = itemOf(siteViews(analysis), 'resources', 'Order').descriptionHtml ?? '';
    expect(html).toMatch(/<td><a href="[^"]*resources\/pet\/?[^"]*">pets<\/a><\/td>/i);
    expect(html).not.toContain('[[');
    const markdown = specMarkdown(analysis);
    expect(markdown).toMatch(/\| pet \| \[pets\]\(#[^)]+\) \|/);
    expect(markdown).not.toContain('[[resources/Pet');
  });
});

describe('headings of an item’s page placed under its heading on the print page (defect 3)', () => {
  it('moves every heading down by as many levels as the item’s heading is below a page title, at most to h6', () => {
    const html = '<h2 id="a">Request</h2><div class="prose"><h2>Intro</h2><h3>Detail</h3><h5>Deep</h5><h6>Deepest</h6></div>';
    expect(headingsBelow(html, 2)).toBe('<h4 id="a">Request</h4><div class="prose"><h4>Intro</h4><h5>Detail</h5><h6>Deep</h6><h6>Deepest</h6></div>');
  });

  it('rewrites only the tags of headings: what merely looks like one in an attribute, a text or code stays as written', () => {
    const html = '<h3 class="response-head" title="<h2>x</h2>"><span>200</span></h3><pre><code>&lt;h2&gt;Title&lt;/h2&gt;</code></pre><p>a <!-- <h2> --> b</p>';
    expect(headingsBelow(html, 2)).toBe('<h5 class="response-head" title="<h2>x</h2>"><span>200</span></h5><pre><code>&lt;h2&gt;Title&lt;/h2&gt;</code></pre><p>a <!-- <h2> --> b</p>');
    expect(headingsBelow('<p>no heading</p>', 2)).toBe('<p>no heading</p>');
  });

  it('leaves an item’s whole page, as the print page renders it, with no heading above h4', () => {
    const item = itemOf(siteViews(specFrom({ 'resources/Pet.yaml': '# a pet\ndescription: "A pet.\\n\\n## Kinds\\n\\nCats.\\n\\n### Indoor\\n\\nMostly."\nfields:\n  name: { type: string, required: true, description: Its name. }\n' })), 'resources', 'Pet');
    const levels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    // The item's page writes its description's headings from h2, right under its title.
    expect(levels(item.descriptionHtml ?? '')).toEqual([2, 3]);
    expect(levels(headingsBelow(item.descriptionHtml ?? '', 2))).toEqual([4, 5]);
  });
});
