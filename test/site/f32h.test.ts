import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from './build.ts';

// Issue 32: r14 H4 (a required field left out for a pattern one level down, or the whole example, unsaid) and
// T32u N-g (the example budget spent on optional fields, a required top-level field cut), read back from one built
// site of test/fixtures/interchange/f32h/f32h.yaml. What the views show: test/lib/render/f32h.test.ts.
let outDir = '';

beforeAll(async () => {
  const { dir } = await importToSpec('test/fixtures/interchange/f32h/f32h.yaml');
  const built = await buildSite(dir);
  if (built.code !== 0) throw new Error(built.output);
  outDir = built.outDir;
});

afterAll(async () => {
  if (outDir !== '') await rm(outDir, { recursive: true, force: true });
});

const html = async (path: string) => parse(await readFile(join(outDir, path, 'index.html'), 'utf8'));
const words = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('a required field left out for a pattern inside it (r14 H4)', () => {
  it('is said under the example, with what inside it is left out', async () => {
    const page = await html('endpoints/post_nested');
    const notes = page.querySelectorAll('main .note.example-short').map((n) => words(n.text));
    expect(notes).toEqual([
      'Cut at the top level: the example leaves out the required field outer, as something it requires is left out inside it (said below).',
      'Cut at outer: the example leaves out the field code, as no text was made that its pattern `^(?=b)a$` matches; a placeholder would not match it.',
    ]);
  });

  it('leaves a body with no example saying why', async () => {
    const page = await html('endpoints/post_rows');
    const none = page.querySelectorAll('main .note.no-example').map((n) => words(n.text));
    expect(none.length).toBe(2);
    for (const n of none) expect(n).toBe('No example in: application/json: no value of its shape can be made without what it requires. Cut at the top level: the example leaves out the required field rows, as something it requires is left out inside it (said below). Cut at rows[0]: the example leaves out the field code, as no text was made that its pattern `^(?=b)a$` matches; a placeholder would not match it.');
    expect(words(page.querySelector('main')?.text)).toContain('The request body is left out: no value of its shape can be made without what it requires.');
  });
});

describe('the example budget (T32u N-g)', () => {
  it('keeps every required field: no cut said, the required top-level field in the example', async () => {
    const page = await html('endpoints/post_deep');
    expect(page.querySelectorAll('main .note.example-short')).toHaveLength(0);
    expect(page.querySelector('main')?.text).toContain('"b": "kept"');
  });
});

describe('what the spec keeps no mapping of (T32u N-h, N-j)', () => {
  it('says under the XML example that its elements are the fields\' own, and under the multipart one what each part is sent as', async () => {
    const page = await html('endpoints/put_thing');
    const notes = page.querySelectorAll('main .note.example-encoding').map((n) => words(n.text));
    expect(notes).toContain("Each field is an element of its own name, as OpenAPI writes XML where no xml mapping is stated: the spec keeps no XML names or attributes (an OpenAPI document's xml mapping is not kept: its import says so where it leaves one out).");
    expect(notes.some((n) => n.startsWith('meta is a part of JSON text') && n.includes('file is a file part of Content-Type application/octet-stream'))).toBe(true);
    expect(words(page.querySelector('main')?.text)).not.toContain('the document states no other encoding');
  });
});
