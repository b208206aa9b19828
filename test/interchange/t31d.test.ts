import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, exportAsyncApi, exportOpenApi, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec } from './helpers.ts';

/** Defects an independent tester of issue 31 found on documents outside the corpus, each through the real reader, importer and exporter. */
const REPRO = (n: string) => `test/fixtures/interchange/t31d/repro-${n}.yaml`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** Imported, exported, imported and exported again. */
async function roundTrip(file: string, format: 'openapi' | 'asyncapi') {
  const write = (a: Analysis): Doc => (format === 'openapi' ? exportOpenApi(a) : exportAsyncApi(a));
  const first = await importToSpec(file);
  const exported = write(first.analysis);
  const exportFile = join(await mkdtemp(join(tmpdir(), 'specbench-t31d-')), 'exported.json');
  await writeFile(exportFile, JSON.stringify(exported));
  const second = await importToSpec(exportFile);
  return { first, exported, again: write(second.analysis) };
}

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}: ${d.message}`);
const specText = async (dir: string) => (await readSpecDir(dir)).map((f) => Buffer.from(f.bytes ?? []).toString('utf8')).join('\n');

describe('issue 31, independent tester: values are data, operations are never merged', () => {
  it('01. a `description` inside an example or a default is part of the value: kept as written, not converted as prose', async () => {
    const { first, exported, again } = await roundTrip(REPRO('01'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const text = JSON.stringify(exported);
    expect(text).toContain('"description":"<some warning>"');
    expect(text).toContain('"description":"<p>x</p>"');
    expect(text).not.toContain('\\\\<some warning>');
    expect(JSON.stringify(again)).toBe(text);
    // The spec's files hold the values as written, and `check` reads no prose in them (no raw-html finding).
    expect(await specText(first.dir)).toContain('description: <some warning>');
  });

  it('01b. the same inside an AsyncAPI message example and a payload default', async () => {
    const { first, exported, again } = await roundTrip(REPRO('01b'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    const text = JSON.stringify(exported);
    expect(text).toContain('"description":"<some warning>"');
    expect(text).toContain('"default":"<none>"');
    expect(JSON.stringify(again)).toBe(text);
  });

  it('02. two operations under one operationId are two endpoints: the second kept under another id, said at its operationId', async () => {
    const { first, exported, again } = await roundTrip(REPRO('02'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    const endpoints = areaOf(first.analysis.spec, 'endpoints').items.map((e) => `${e.id} ${String(e.data.method)} ${String(e.data.path)}`);
    expect(endpoints).toEqual(['list GET /pets', 'list-2 GET /owners']);
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1owners/get/operationId', reason: expect.stringContaining('`list-2`') }]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect([exported.paths['/pets'].get.operationId, exported.paths['/owners'].get.operationId]).toEqual(['list', 'list-2']);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});
