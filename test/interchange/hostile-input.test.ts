import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentError, importDocument } from '../../src/lib/index.ts';
import { READ_LIMITS } from '../../src/lib/load/untrusted-yaml.ts';
import { cli, scratchCopy } from '../helpers.ts';
import { importToSpec } from './helpers.ts';

/** A folder with files, for documents that refer to one another. */
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-hostile-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** What an import refuses with, as the command line says it. */
async function refusal(file: string, flags: string[] = []): Promise<{ code: number; err: string }> {
  const { code, err } = await cli(['import', file, '--spec', await scratchCopy('content'), '--force', ...flags]);
  return { code, err };
}

const HEAD = "openapi: 3.0.0\ninfo: { title: t, version: '1' }\npaths: {}\n";

/** Nine aliases per level, each level repeating the one before: 9^levels values from a few hundred bytes (issue 26). */
function aliasBomb(levels: number): string {
  const lines = [HEAD, 'components:', '  schemas:', '    l0: &l0 { type: string }'];
  for (let i = 1; i <= levels; i++) lines.push(`    l${i}: &l${i} { type: object, properties: { ${'abcdefghi'.split('').map((k) => `${k}: *l${i - 1}`).join(', ')} } }`);
  return `${lines.join('\n')}\n`;
}

describe('an import reads a document nobody here wrote within bounds, and refuses past them with where and why', () => {
  it('refuses nested aliases that would expand past the bound, at the alias, without expanding them (issue 26: 10 levels never finished)', async () => {
    const dir = await folder({ 'bomb.yaml': aliasBomb(10), 'small.yaml': aliasBomb(2) });
    const { code, err } = await refusal(join(dir, 'bomb.yaml'));
    expect(code).toBe(2);
    expect(err).toMatch(/bomb\.yaml:\d+:\d+: its aliases expand to [\d,]+ values beyond the \d+ written/);
    expect(err).toContain(`at most ${READ_LIMITS.aliasValues.toLocaleString('en-US')} values added by aliases`);
    // Two levels (81 repeats) are an ordinary document: imported, every alias expanded.
    const { analysis } = await importToSpec(join(dir, 'small.yaml'));
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('names the nesting limit a deep document passes, where it passes it (a valid 5,000-deep JSON was "neither JSON nor YAML")', async () => {
    const prefix = '{"openapi":"3.0.0","info":{"title":"d","version":"1"},"paths":{},"x-deep":';
    const deep = (n: number) => `${prefix}${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;
    const dir = await folder({ 'deep.json': deep(5000), 'yaml.yaml': `${HEAD}x-deep: ${'['.repeat(300)}1${']'.repeat(300)}\n`, 'fine.json': deep(40) });
    expect(await refusal(join(dir, 'deep.json'))).toEqual({ code: 2, err: `specbench: ${join(dir, 'deep.json')}:1:${prefix.length + 5 * (READ_LIMITS.depth - 1) + 1}: values nest more than ${READ_LIMITS.depth} levels deep; an import reads at most ${READ_LIMITS.depth}\n` });
    expect((await refusal(join(dir, 'yaml.yaml'))).err).toMatch(/yaml\.yaml:4:\d+: values nest (more than 256 levels deep|deeper than the YAML reader can follow)/);
    await expect(importDocument(join(dir, 'fine.json'))).resolves.toBeDefined();
  });

  it('refuses a key written twice in one mapping, at the second, in one pass over the keys', async () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `  k${i}: ${i}`);
    keys.push('  k7: again');
    const dir = await folder({ 'keys.yaml': `${HEAD}x-many:\n${keys.join('\n')}\n` });
    expect((await refusal(join(dir, 'keys.yaml'))).err).toBe(`specbench: ${join(dir, 'keys.yaml')}:20005:3: the key \`k7\` is written twice in one mapping\n`);
  });

  it('refuses a named pipe, a directory or a device at once, without reading it (a FIFO blocked forever)', async () => {
    const dir = await folder({});
    execFileSync('mkfifo', [join(dir, 'pipe.yaml')]);
    expect(await refusal(join(dir, 'pipe.yaml'))).toEqual({ code: 2, err: `specbench: \`${join(dir, 'pipe.yaml')}\` is a named pipe (FIFO); an import reads a regular file\n` });
    expect((await refusal(dir)).err).toContain('is a directory; an import reads a regular file');
    expect((await refusal('/dev/zero')).err).toContain('is a device; an import reads a regular file');
  });
});

describe('external references: only files in the document’s folder, never the network, unless asked', () => {
  const schemaRef = (ref: string) => `${HEAD}components:\n  schemas:\n    S: { $ref: '${ref}' }\n`;

  it('follows a reference to a file beside the document or below it', async () => {
    const dir = await folder({ 'api/api.yaml': schemaRef('./schemas/s.yaml'), 'api/schemas/s.yaml': 'type: object\nproperties: { id: { type: string } }\n' });
    const { result } = await importToSpec(join(dir, 'api/api.yaml'));
    expect(result.items.find((i) => i.area === 'resources' && i.id === 'S')?.data).toEqual({ fields: { id: { type: 'string', required: false } } });
  });

  it('refuses a file outside the folder, located, naming the flag that allows it; with the flag, reads it', async () => {
    const dir = await folder({ 'api/api.yaml': schemaRef('../secret.yaml'), 'secret.yaml': 'type: string\ndescription: SECRET\n' });
    const { code, err } = await refusal(join(dir, 'api/api.yaml'));
    expect(code).toBe(2);
    expect(err).toBe(`specbench: ${join(dir, 'api/api.yaml')}:6:16: the reference \`../secret.yaml\` at /components/schemas/S/$ref: \`${join(dir, 'secret.yaml')}\` is outside the folder of the imported document: add --allow-refs-outside to follow references outside it\n`);
    const spec = await scratchCopy('content');
    expect((await cli(['import', join(dir, 'api/api.yaml'), '--spec', spec, '--force', '--allow-refs-outside'])).code).toBe(0);
    expect(await readFile(join(spec, 'resources/S.yaml'), 'utf8')).toContain('SECRET');
  });

  it('refuses a reference out of the folder made by a file it may read, and one by an absolute path', async () => {
    const dir = await folder({ 'api/api.yaml': schemaRef('./s.yaml'), 'api/s.yaml': "$ref: '../../secret.yaml'\n", 'api/abs.yaml': schemaRef('/etc/passwd') });
    expect((await refusal(join(dir, 'api/api.yaml'))).err).toContain('a reference inside a referenced file: `');
    expect((await refusal(join(dir, 'api/api.yaml'))).err).toContain('is outside the folder of the imported document: add --allow-refs-outside');
    expect((await refusal(join(dir, 'api/abs.yaml'))).err).toContain('`/etc/passwd` is outside the folder');
  });

  it('never fetches an address without --allow-remote-refs (the refusal comes before any request)', async () => {
    const dir = await folder({ 'api.yaml': schemaRef('http://127.0.0.1:9/s.yaml') });
    const { code, err } = await refusal(join(dir, 'api.yaml'));
    expect(code).toBe(2);
    expect(err).toContain(':6:16: the reference `http://127.0.0.1:9/s.yaml` at /components/schemas/S/$ref: `http://127.0.0.1:9/s.yaml` is on the network, and an import reads no address unless asked: add --allow-remote-refs to follow it');
  });

  it('refuses the same way in AsyncAPI', async () => {
    const dir = await folder({
      'api/async.yaml': "asyncapi: 3.0.0\ninfo: { title: a, version: '1' }\nchannels:\n  c:\n    address: c\n    messages:\n      m: { payload: { $ref: '../secret.yaml' } }\n",
      'secret.yaml': 'type: string\n',
    });
    expect((await refusal(join(dir, 'api/async.yaml'))).err).toContain('is outside the folder of the imported document: add --allow-refs-outside');
  });
});

describe('descriptions: a link a page would not follow keeps its text, loses its address, and is reported', () => {
  it('lands a spec that checks clean from HTML and Markdown links to javascript:, data: and vbscript: (issue 26)', async () => {
    const description = 'Click <a href="javascript:alert(1)">here</a>, <a href="vbscript:msgbox">there</a> or <a href="https://example.com">a safe one</a>; [md](javascript:x) and <img src="data:image/png;base64,AAA" alt="a picture">.';
    const dir = await folder({ 'api.yaml': `openapi: 3.0.0\ninfo: { title: t, version: '1', description: ${JSON.stringify(description)} }\npaths: {}\n` });
    const { result, analysis } = await importToSpec(join(dir, 'api.yaml'));
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.areas.purpose?.purpose).toBe('Click here, there or [a safe one](https://example.com); md and a picture.');
    expect(result.unmapped.filter((u) => u.pointer === '/info/description').map((u) => u.reason).sort()).toEqual(
      ['javascript:alert(1)', 'vbscript:msgbox', 'javascript:x', 'data:image/png;base64,AAA'].map((url) => `the link to \`${url}\` is not kept, as a page would not follow it; the link's text is kept in its place, as plain words`).sort(),
    );
  });

  it('does not keep a description past the limits of prose, nor the longest ones past a file’s budget, and says so at each', async () => {
    const fields = Array.from({ length: 12 }, (_, i) => `        f${i}: { type: string, description: "${String.fromCharCode(97 + i).repeat(6000 + i)}" }`).join('\n');
    const dir = await folder({ 'api.yaml': `${HEAD}components:\n  schemas:\n    Long: { type: string, description: "${'x'.repeat(40_000)}" }\n    Many:\n      type: object\n      properties:\n${fields}\n` });
    const { result, analysis } = await importToSpec(join(dir, 'api.yaml'));
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.unmapped).toContainEqual({ pointer: '/components/schemas/Long/description', reason: expect.stringMatching(/^the text is past the limits of one prose value \(The text is 40,000 characters long/) });
    // 12 descriptions of about 6,000 characters: the two longest go, the file keeps 60,045 of the 65,536 it may hold.
    const gone = result.unmapped.filter((u) => u.reason.includes('prose one file holds')).map((u) => u.pointer);
    expect(gone).toEqual(['/components/schemas/Many/properties/f10/description', '/components/schemas/Many/properties/f11/description']);
    const many = result.items.find((i) => i.id === 'Many')?.data as { fields: Record<string, { description?: string }> };
    expect(Object.values(many.fields).filter((f) => f.description !== undefined)).toHaveLength(10);
  });

  it('keeps an introduction of 20 KB (Zapier NLA’s is 20,182 characters: the purpose was a gap its document answers)', async () => {
    const intro = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of the introduction, with [a link](https://example.com/${i}).`).join('\n\n');
    expect(intro.length).toBeGreaterThan(20_000);
    const dir = await folder({ 'api.yaml': HEAD.replace(/^info:.*$/m, (line) => `${line.replace(/\}\s*$/, '')}, description: ${JSON.stringify(intro)} }`) });
    const { result, analysis } = await importToSpec(join(dir, 'api.yaml'));
    expect(result.unmapped.filter((u) => u.pointer === '/info/description')).toEqual([]);
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(analysis.assessment.gaps.map((g) => g.id)).not.toContain('purpose/purpose');
  });

  it('is a DocumentError the command line reports with exit 2, never an internal error', async () => {
    const dir = await folder({ 'x.yaml': 'a: [1, 2\nb: 3\n' });
    await expect(importDocument(join(dir, 'x.yaml'))).rejects.toBeInstanceOf(DocumentError);
    expect(await refusal(join(dir, 'x.yaml'))).toEqual({ code: 2, err: `specbench: ${join(dir, 'x.yaml')}:2:1: neither JSON nor YAML: Flow sequence in block collection must be sufficiently indented and end with a ]\n` });
  });
});
