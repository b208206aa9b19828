import { describe, expect, it } from 'vitest';
import { specFrom } from '../../helpers.ts';

const diagnose = (files: Record<string, string | Uint8Array>) => specFrom(files).diagnostics;

describe('loader diagnostics carry file, line and column', () => {
  it.each([
    ['YAML syntax', { 'purpose/_area.yaml': 'name: A\ndomain: a: b\n' }, { code: 'yaml-syntax', file: 'purpose/_area.yaml', line: 2, column: 9 }],
    ['an unclosed flow list, where the parser notices', { 'purpose/_area.yaml': 'name: A\ndomain: [unclosed\n' }, { code: 'yaml-syntax', line: 3, column: 1 }],
    ['a duplicate key', { 'purpose/_area.yaml': 'name: A\nname: B\n' }, { code: 'duplicate-key', line: 2, column: 1 }],
    ['a tab as indentation', { 'resources/O.yaml': 'fields:\n\tid: {}\n' }, { code: 'yaml-tab', line: 2, column: 1 }],
    ['an unknown key, with did you mean', { 'endpoints/e.yaml': 'method: GET\npaht: /x\n' }, { code: 'unknown-key', line: 2, column: 1, message: expect.stringContaining('did you mean `path`?') }],
    ['an unknown nested key', { 'resources/O.yaml': 'fields:\n  id: { type: string, requird: true }\n' }, { code: 'unknown-key', line: 2, column: 23, message: expect.stringContaining('`required`') }],
    ['a wrong type', { 'errors/e.yaml': 'status: "not found"\n' }, { code: 'wrong-type', line: 1, column: 9, message: 'Wrong type at `status`: expected an HTTP status code such as 404, found string `not found`. For example: `status: 400`.' }],
    ['a bad enum value', { 'endpoints/e.yaml': 'method: GETT\n' }, { code: 'bad-value', line: 1, column: 9, message: expect.stringContaining('did you mean `GET`?') }],
    ['a malformed duration', { 'limits/q.yaml': 'kind: quota\nwindow: 1 hour\n' }, { code: 'bad-duration', line: 2, column: 9 }],
    ['a malformed date', { 'versioning/v1.yaml': 'released: 2025-13-45\n' }, { code: 'bad-date', line: 1, column: 11 }],
    ['a malformed URL', { 'purpose/_area.yaml': 'base_url: not a url\n' }, { code: 'bad-url', line: 1, column: 11 }],
    ['an unknown limit kind', { 'limits/q.yaml': 'kind: rate\n' }, { code: 'bad-value', line: 1 }],
    ['a missing required key', { 'purpose/_area.yaml': 'servers:\n  - { description: Production }\n' }, { code: 'missing-key', line: 2, column: 5, message: 'Missing key `url` in `servers.0`: expected text.' }],
    ['a parameter in the layout before locations', { 'endpoints/e.yaml': 'parameters:\n  id: { in: query, type: string }\n' }, { code: 'unknown-key', line: 2, column: 3, message: 'Unknown key `id` in `parameters`. Parameters are grouped by location: write `query: { id: { ... } }` under `parameters`, without `in`.' }],
    ['`require` where it used to be', { 'resources/_area.yaml': 'require: [format]\n' }, { code: 'unknown-key', line: 1, column: 1, message: expect.stringContaining('`require` moved to specbench.yaml') }],
    ['an empty file', { 'errors/e.yaml': '' }, { code: 'empty-file', line: 1, column: 1 }],
    ['a list at the top level', { 'errors/e.yaml': '- a\n' }, { code: 'wrong-type', line: 1 }],
    ['a file outside the area folders', { 'orders.yaml': 'a: 1' }, { code: 'misplaced-file', file: 'orders.yaml' }],
    ['an unknown area, with did you mean', { 'endpoint/e.yaml': 'a: 1' }, { code: 'misplaced-file', message: expect.stringContaining('did you mean `endpoints`?') }],
    ['an item in the purpose area', { 'purpose/x.yaml': 'a: 1' }, { code: 'misplaced-file' }],
    ['an invalid item id', { 'errors/-bad.yaml': 'status: 400' }, { code: 'misplaced-file', message: expect.stringContaining('not a valid item id') }],
    ['ids that differ only in case', { 'errors/Gone.yaml': 'status: 410', 'errors/gone.yaml': 'status: 410' }, { code: 'duplicate-id', file: 'errors/gone.yaml' }],
    ['a mapping used as a key', { 'limits/_area.yaml': 'quotas: complete\n? { timeouts: complete }\n: x\n' }, { code: 'complex-key', line: 2, column: 3 }],
    ['nesting deeper than 64 levels', { 'resources/D.yaml': `fields: ${'['.repeat(70)}${']'.repeat(70)}` }, { code: 'too-deep', line: 1 }],
    ['bytes that are not UTF-8', { 'errors/e.yaml': new Uint8Array([0x73, 0x74, 0x0a, 0xff, 0xfe]) }, { code: 'not-utf8', line: 2, column: 1 }],
  ])('%s', (_label, files, expected) => {
    expect(diagnose(files)).toContainEqual(expect.objectContaining({ severity: 'error', ...expected }));
  });

  it('picks the branch the author meant: a none without a reason', () => {
    expect(diagnose({ 'purpose/_area.yaml': 'name: { none: "" }\n' })).toEqual([
      expect.objectContaining({ code: 'bad-value', line: 1, column: 15, message: expect.stringContaining('give the reason there is none') }),
    ]);
  });

  it('reports an alias bomb instead of expanding it', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefghij'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(', ')}]`)].join('\n');
    expect(diagnose({ 'purpose/_area.yaml': bomb })).toContainEqual(expect.objectContaining({ code: 'yaml-alias', severity: 'error' }));
  });

  it('reads a BOM and CRLF line ends like any file', () => {
    const { diagnostics, assessment } = specFrom({ 'purpose/_area.yaml': '\uFEFFname: A\r\nfoo: 1\r\n' });
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'unknown-key', line: 2, column: 1 })]);
    expect(assessment.facets.find((f) => f.id === 'purpose/name')?.state).toBe('stated');
  });

  it('is quiet on valid content', () => {
    expect(diagnose({ 'purpose/_area.yaml': 'name: A\nbase_url: "{base_url}"\n', 'errors/e.yaml': 'status: 404\n' })).toEqual([]);
  });

  it('keeps items with errors in the model, so nothing is silently dropped', () => {
    const { spec, diagnostics } = specFrom({ 'errors/e.yaml': 'status: x\n' });
    expect(diagnostics).toHaveLength(1);
    expect(spec.areas.find((a) => a.key === 'errors')?.items.map((i) => i.id)).toEqual(['e']);
  });

  describe('common slips get a hint that shows what to write', () => {
    const only = (files: Record<string, string>) => diagnose(files).map(({ code, line, column, message }) => ({ code, line, column, message }));

    it('an unquoted colon in a value: quote it', () => {
      expect(only({ 'purpose/_area.yaml': 'name: Orders\npurpose: Orders: create, track # what it does\n' })).toEqual([
        { code: 'yaml-syntax', line: 2, column: 10, message: 'Nested mappings are not allowed in compact mappings; a value with `: ` in it must be quoted: write `purpose: "Orders: create, track"`.' },
      ]);
    });

    it('an unquoted colon inside braces, such as an open question: quote it', () => {
      expect(only({ 'purpose/_area.yaml': 'name: A\ndomain: { open: Which one: retail or logistics?, owner: "@a" }\n' })).toEqual([
        {
          code: 'yaml-syntax',
          line: 2,
          column: 17,
          message: 'Block collections are not allowed within flow collections; a value with `: ` in it must be quoted (inside `{ }` a `,` ends it too): write `open: "Which one: retail or logistics?"`.',
        },
      ]);
    });

    it('an unquoted comma inside braces: the rest became a key; quote the value', () => {
      expect(only({ 'purpose/_area.yaml': 'name: A\ndomain: { open: Retail, or logistics?, owner: "@a" }\n' })).toEqual([
        { code: 'unknown-key', line: 2, column: 25, message: 'Unknown key `or logistics?` in `domain`. A `,` inside `{ }` ends a value: if `or logistics?` belongs to `open`, quote it: `open: "Retail, or logistics?"`.' },
      ]);
    });

    it('`{ none: true }`: none takes the reason', () => {
      expect(only({ 'purpose/_area.yaml': 'name: A\ndomain: { none: true }\n', 'errors/_area.yaml': 'inventory: { none: false }\n' })).toEqual([
        { code: 'wrong-type', line: 1, column: 20, message: 'Wrong type at `inventory.none`: `none` takes the reason there is none, as text, not boolean `false`; write `inventory: { none: "why there is none" }`.' },
        { code: 'wrong-type', line: 2, column: 17, message: 'Wrong type at `domain.none`: `none` takes the reason there is none, as text, not boolean `true`; write `domain: { none: "why there is none" }`.' },
      ]);
    });

    it('parameters listed as OpenAPI lists them: the grouped form, from the list itself', () => {
      const endpoint = 'method: GET\npath: /orders/{id}\nparameters:\n  - { name: id, in: path, required: true, schema: { type: string } }\n  - name: limit\n    in: query\n    schema: { type: integer }\n';
      expect(only({ 'endpoints/get-order.yaml': endpoint })).toEqual([
        {
          code: 'wrong-type',
          line: 4,
          column: 3,
          message:
            'Wrong type at `parameters`: expected a mapping, found a list. Parameters are grouped by location, then name, not listed with `in` and `name`: write `parameters: { path: { id: { type: string, required: true } }, query: { limit: { type: integer } } }`.',
        },
      ]);
    });
  });

  describe('errors come in one run, not in waves', () => {
    it('a wrong limit kind does not hide a key that no kind has', () => {
      expect(diagnose({ 'limits/burst.yaml': 'kind: rate\nquota: 100\nwindw: PT1H\n' }).map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['1:7 bad-value', '3:1 unknown-key']);
      expect(diagnose({ 'limits/burst.yaml': 'kind: rate\nwindw: PT1H\n' })[1]?.message).toContain('did you mean `window`?');
    });

    it('an explicit tag does not hide the rest of the file: the tagged value is read as written without it', () => {
      const { diagnostics, spec } = specFrom({ 'errors/not_found.yaml': 'status: !!int 404\ntitel: Not found\n', 'versioning/v1.yaml': 'status: current\nreleased: !!timestamp 2025-01-15\nnaem: v1\n' });
      expect(diagnostics.map((d) => `${d.file} ${d.line}:${d.column} ${d.code}`)).toEqual(['errors/not_found.yaml 1:10 yaml-tag', 'errors/not_found.yaml 2:1 unknown-key', 'versioning/v1.yaml 2:12 yaml-tag', 'versioning/v1.yaml 3:1 unknown-key']);
      // Nothing invented: the tagged values are what they are without the tag, and the files keep their errors.
      expect(spec.areas.find((a) => a.key === 'versioning')?.items[0]).toMatchObject({ status: 'partial', data: { status: 'current', released: '2025-01-15' } });
    });

    it('a tagged list or mapping still cannot be read', () => {
      expect(diagnose({ 'errors/e.yaml': 'status: 404\ntitle: !!set { a }\ntitel: x\n' }).map((d) => d.code)).toEqual(['yaml-tag']);
    });
  });
});

