// The guide's reference of every key (issue 33): generated from the schemas `check` uses and from
// the example spec, so the page, the example spec and the messages say the same thing, and it is true.
import { readFile, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SPEC } from '../../../src/lib/docs/example-spec.ts';
import { keyCatalogue, keyReference, keysWithoutExample } from '../../../src/lib/docs/reference.ts';
import type { Diagnostic } from '../../../src/lib/index.ts';
import { specFrom } from '../../helpers.ts';

const PAGE = 'src/site/guide/writing/reference.md';

/** The example spec as a spec folder in memory, with some files replaced. */
const example = (changed: Record<string, string> = {}) => specFrom({ ...Object.fromEntries(EXAMPLE_SPEC.map((f) => [f.path, f.text])), ...changed });

/** The value at a path of parsed YAML. */
function at(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = data;
  for (const segment of path) value = (value as Record<string | number, unknown>)[segment];
  return value;
}

/** Parsed YAML with the value at `path` replaced. */
function withValue(data: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  const copy = structuredClone(data);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
  return copy;
}

/** The rows of the page's tables: key, and the example as the page shows it (its code span, unescaped). */
function pageRows(text: string): Array<{ heading: string; key: string; example: string }> {
  const rows: Array<{ heading: string; key: string; example: string }> = [];
  let heading = '';
  let keys = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) heading = line.slice(4).replace(/^`+\s?|\s?`+$/g, '');
    // Only the tables of keys: each starts with this header and ends at a blank line.
    if (line === '| key | form | counts as | example |') keys = true;
    if (line === '') keys = false;
    const cells = keys && line.startsWith('| `') ? line.split(/(?<!\\)\|/).map((c) => c.trim()) : [];
    const key = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    // The example is HTML (the site's search leaves it out): its text, unescaped.
    const example = /^<code data-pagefind-ignore>(.*)<\/code>$/.exec(cells[4] ?? '')?.[1];
    const unescaped = example?.replace(/&#124;/g, '|').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    if (key !== undefined && unescaped !== undefined && unescaped !== '') rows.push({ heading, key, example: unescaped });
  }
  return rows;
}

describe('the guide page Every key', () => {
  it('is the page the schemas and the example spec make (SPECBENCH_REFERENCE_UPDATE=1 rewrites it)', async () => {
    const made = keyReference();
    if (process.env.SPECBENCH_REFERENCE_UPDATE === '1') await writeFile(PAGE, made);
    expect(await readFile(PAGE, 'utf8')).toBe(made);
  });

  it('documents every key of every file with its form and an example', () => {
    expect(keysWithoutExample()).toEqual([]);
    const keys = keyCatalogue().flatMap((doc) => doc.keys.map((k) => `${doc.title}: ${k.key}`));
    // A sample of what the issue asked for by name.
    expect(keys).toEqual(expect.arrayContaining(['states/<id>.yaml › transitions[]: trigger', 'authentication/<id>.yaml: credentials', 'authentication/<id>.yaml: headers', 'A shape: pattern', 'specbench.yaml: levels']));
    const form = (title: string, key: string) => keyCatalogue().find((d) => d.title === title)?.keys.find((k) => k.key === key)?.form;
    expect(form('states/<id>.yaml › transitions[]', 'trigger')).toBe('{ endpoint: id } | { event: id } | { condition: text }');
    expect(form('authentication/<id>.yaml', 'credentials')).toBe('[name, …]');
    expect(form('authentication/<id>.yaml', 'headers')).toBe('[name, …]');
    expect(form('authentication/<id>.yaml', 'scheme')).toBe('api-key | http-basic | http-bearer | http | oauth2 | openid-connect | mutual-tls | sasl | user-password');
  });

  it('lists the kinds of authentication scheme in one place, with the facets each has', async () => {
    const page = await readFile(PAGE, 'utf8');
    expect(page).toContain('### The kinds of scheme');
    expect(page).toContain('| `oauth2` | `headers`, `token_lifetimes`, `scopes`, `token_endpoints` | `credentials` | `location`, `token_format` |');
  });

  it('takes its examples from an example spec that passes check with every gap closed', () => {
    const analysis = example();
    expect(analysis.diagnostics).toEqual([]);
    expect(analysis.assessment.gaps).toEqual([]);
  });

  it('shows examples that are true: each, written into the example spec where it comes from, checks clean', async () => {
    const rows = pageRows(await readFile(PAGE, 'utf8'));
    const catalogue = keyCatalogue();
    let checked = 0;
    for (const row of rows) {
      const doc = catalogue.find((d) => d.title === row.heading);
      const found = doc?.keys.find((k) => k.key === row.key)?.example;
      expect(found, `${row.heading}: ${row.key}`).toBeDefined();
      if (!found) continue;
      const file = EXAMPLE_SPEC.find((f) => f.path === found.file);
      if (!file) throw new Error(`no ${found.file}`);
      // The page's text, read as YAML: one key and its value.
      const shown = (parse(row.example) as Record<string, unknown>)[row.key];
      const data = parse(file.text) as unknown;
      if (/ # and \d+ more$/.test(row.example)) {
        // The first entries of what the example spec writes there, which passes check whole (above).
        const whole = at(data, found.path);
        expect(Array.isArray(whole) ? whole.slice(0, (shown as unknown[]).length) : Object.fromEntries(Object.entries(whole as object).slice(0, Object.keys(shown as object).length)), `${row.heading}: ${row.key}`).toEqual(shown);
        continue;
      }
      const changed = example({ [found.file]: stringify(withValue(data, found.path, shown)) });
      expect(changed.diagnostics.map((d: Diagnostic) => `${d.file}:${d.line} ${d.code} ${d.message}`), `${row.heading}: ${row.example}`).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  }, 120_000);
});
