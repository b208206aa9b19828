import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApiProblems } from '../openapi-valid.ts';
import { describe, expect, it } from 'vitest';
import { areaOf, countOpenApi, exportOpenApi, GAPS_EXTENSION } from '../../src/lib/index.ts';
import { cli, scratchCopy } from '../helpers.ts';
import { ids, importToSpec, OAS, operations, resourceFields } from './helpers.ts';

/** Resolves a JSON pointer in a document. */
const at = (doc: unknown, pointer: string) =>
  pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Record<string, unknown> | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

describe.each([
  ['Train Travel (OpenAPI 3.1)', `${OAS}/3.1/json/train-travel.json`, { paths: 5, operations: 7, schemas: 9, webhooks: 1, securitySchemes: 1 }],
  ['Petstore (OpenAPI 3.0)', `${OAS}/3.0/json/petstore.json`, { paths: 14, operations: 20, schemas: 6, webhooks: 0, securitySchemes: 2 }],
  ['Petstore (Swagger 2.0)', `${OAS}/2.0/json/petstore.json`, { paths: 14, operations: 20, schemas: 6, webhooks: 0, securitySchemes: 2 }],
])('%s', (_name, file, expected) => {
  it('imports every path, operation, schema, webhook and security scheme (counts asserted against the source)', async () => {
    const { analysis, source } = await importToSpec(file);
    expect(countOpenApi(source)).toEqual(expected);
    expect(analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
    const ops = operations(analysis);
    expect(ops).toHaveLength(expected.operations);
    expect(new Set(ops.map((o) => o.split(' ')[1])).size).toBe(expected.paths);
    const schemaNames = Object.keys((source.components as { schemas?: object } | undefined)?.schemas ?? {});
    expect(ids(analysis, 'resources')).toEqual(expect.arrayContaining(schemaNames));
    expect(ids(analysis, 'events')).toHaveLength(expected.webhooks);
    expect(ids(analysis, 'authentication')).toHaveLength(expected.securitySchemes);
  });

  it('reports every element it could not map, each at a real place in the source', async () => {
    // Into the file as written: a Swagger 2.0 file's own places, not the upgraded document's.
    const { result, raw } = await importToSpec(file);
    for (const u of result.unmapped) expect(at(raw, u.pointer), u.pointer).toBeDefined();
  });

  it('exports OpenAPI 3.1 that swagger-parser validates, with the open gaps as x-specbench-gaps', async () => {
    const { analysis } = await importToSpec(file);
    const out = exportOpenApi(analysis);
    expect(await openApiProblems(out)).toEqual([]);
    expect((out[GAPS_EXTENSION] as unknown[]).length).toBe(analysis.assessment.gaps.length);
  });

  it('round-trips: import → export → import keeps every path, operation, schema and field', async () => {
    const first = await importToSpec(file);
    const dir = await scratchCopy(first.dir);
    const exported = join(dir, 'exported.json');
    await writeFile(exported, JSON.stringify(exportOpenApi(first.analysis)));
    const second = await importToSpec(exported);
    expect(operations(second.analysis)).toEqual(operations(first.analysis));
    expect(resourceFields(second.analysis)).toEqual(resourceFields(first.analysis));
    expect(ids(second.analysis, 'endpoints')).toEqual(ids(first.analysis, 'endpoints'));
    expect(ids(second.analysis, 'events')).toEqual(ids(first.analysis, 'events'));
  });
});

describe('what an OpenAPI description does not say stays open', () => {
  it('Train Travel: no state machines, token lifetimes, retries or quotas are invented', async () => {
    const { analysis } = await importToSpec(`${OAS}/3.1/json/train-travel.json`);
    const state = (id: string) => analysis.assessment.facets.find((f) => f.id === id)?.state;
    expect(state('states/inventory')).toBe('missing');
    expect(state('authentication/OAuth2/token_lifetimes')).toBe('missing');
    expect(state('authentication/OAuth2/scopes')).toBe('stated');
    expect(state('events/retries')).toBe('missing');
    expect(state('limits/quotas')).toBe('missing');
    expect(state('limits/headers')).toBe('stated');
    expect(state('errors/body')).toBe('stated');
    expect(state('purpose/domain')).toBe('missing');
    // Every error has a Problem body in the same two media types; each keeps its own example.
    expect(areaOf(analysis.spec, 'errors').data.body).toEqual({ resource: 'Problem', content_type: ['application/problem+json', 'application/problem+xml'] });
    expect(areaOf(analysis.spec, 'errors').items.find((e) => e.id === 'NotFound')?.data.body).toMatchObject({ example: { status: 404 } });
  });
});

describe('the import command', () => {
  it('imports into the empty spec and refuses to overwrite a written one without --force', async () => {
    const dir = await scratchCopy('content');
    const first = await cli(['import', `${OAS}/3.1/json/train-travel.json`, '--spec', dir]);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('Imported OpenAPI 3.1.0');
    expect(first.out).toMatch(/\d+ elements could not be mapped/);
    const again = await cli(['import', `${OAS}/3.0/json/petstore.json`, '--spec', dir]);
    expect(again).toMatchObject({ code: 1, err: expect.stringContaining('Use --force') });
    const forced = await cli(['import', `${OAS}/3.0/json/petstore.json`, '--spec', dir, '--force', '--format', 'json']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.out).items.endpoints).toBe(20);
    expect((await cli(['check', '--spec', dir])).code).toBe(0);
  });

  it('reads names such as __proto__ as names: said where they are, not an internal error, and the import checks clean', async () => {
    // A parameter and a callback named `__proto__` crashed the import ("callbacks[cbName].push is not a function");
    // then they were written and refused by check (t31h #8: a valid document should import clean, with a located word).
    const dir = await scratchCopy('content');
    const imported = await cli(['import', 'test/fixtures/interchange/proto-names.json', '--spec', dir, '--force', '--format', 'json']);
    expect(imported.err).not.toContain('internal error');
    expect(imported.code).toBe(0);
    const { unmapped } = JSON.parse(imported.out) as { unmapped: Array<{ pointer: string }> };
    expect(unmapped.map((u) => u.pointer)).toEqual(['/paths/~1x/post/parameters/0', '/paths/~1x/post/callbacks/__proto__']);
    const { diagnostics } = JSON.parse((await cli(['check', '--spec', dir, '--format', 'json'])).out) as { diagnostics: Array<{ code: string; file: string; line: number }> };
    expect(diagnostics.filter((d) => d.code === 'reserved-key')).toEqual([]);
  });

  it('says clearly when a file is no API description', async () => {
    const { code, err } = await cli(['import', 'test/fixtures/interchange/not-an-api.yaml', '--spec', await scratchCopy('content')]);
    expect(code).toBe(2);
    expect(err).toContain('is not OpenAPI, Swagger 2.0 or AsyncAPI');
  });
});
