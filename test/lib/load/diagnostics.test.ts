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
    ['a wrong type', { 'errors/e.yaml': 'status: "not found"\n' }, { code: 'wrong-type', line: 1, column: 9, message: 'Wrong type at `status`: expected an HTTP status code such as 404, found string `not found`.' }],
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
});
