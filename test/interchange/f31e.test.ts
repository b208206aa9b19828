import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * Issue 31, brief F31e: what an import writes passes its own check (a path parameter named
 * `__proto__`; the fields of a variant that an `allOf` part brings), through the real reader,
 * importer, exporter and validator, and back. Fixtures: test/fixtures/interchange/f31e/*.yaml.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31e/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);

describe('F31e #2: a path parameter named `__proto__`', () => {
  it('is kept under a name the path is written with, said at the path: a clean check, a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('proto-path'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(Object.keys(trip.exported.paths)).toEqual(['/x/{proto}', '/y/{proto}/{proto2}']);
    expect(trip.exported.paths['/x/{proto}'].get.parameters).toEqual([{ name: 'proto', in: 'path', required: true, description: 'The reserved name.', schema: { type: 'string' } }]);
    expect(trip.exported.paths['/y/{proto}/{proto2}'].get.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema])).toEqual([['proto', { type: 'integer' }], ['proto2', { type: 'string' }]]);
    expect(trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual([
      "/paths/~1x~1{__proto__} the path's `{__proto__}` is written `{proto}` (the name is reserved in JavaScript, and no spec file holds it): the path is kept as `/x/{proto}`, the same requests (a path parameter's name is not sent)",
      "/paths/~1y~1{proto}~1{__proto__} the path's `{__proto__}` is written `{proto2}` (the name is reserved in JavaScript, and no spec file holds it): the path is kept as `/y/{proto}/{proto2}`, the same requests (a path parameter's name is not sent)",
    ]);
    expect(trip.second.result.unmapped).toEqual([]);
  });
});

describe('F31e #3: a discriminator beside an `allOf` alone', () => {
  it('is kept as the base\'s (the spec reads a discriminator on an all_of as telling its subtypes apart, not its parts: t32l #5), with no warning of `check`: a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('discriminator-beside-allof'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(trip.first.result.unmapped).toEqual([]);
    const schemas = trip.exported.components.schemas;
    expect(JSON.stringify(schemas.AppleConnection)).toContain('"propertyName":"serviceType"');
    expect(JSON.stringify(schemas.PrivateApple)).toContain('"propertyName":"credentialType"');
    expect(trip.second.result.unmapped).toEqual([]);
  });
});

describe('F31e #4: what an AsyncAPI import claims of HTTP endpoints', () => {
  it('nothing: the endpoints list is left open (a gap), never stated as none, and stays open through the trip', async () => {
    const trip = await roundTrip('test/fixtures/interchange/t31j/repro-01-asyncapi3-channel-servers-security.yaml', 'asyncapi');
    for (const { analysis } of [trip.first, trip.second]) {
      expect(areaOf(analysis.spec, 'endpoints').data).not.toHaveProperty('inventory');
      expect(analysis.assessment.gaps.map((g) => g.id)).toContain('endpoints/inventory');
    }
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  });
});

describe('issue 31, f31e: a nullable object beside a union of required-only branches', () => {
  it('is read back from the 3.1 export (a nullable field restated as `type: [string, null]`) with its union: a fixed point that invents nothing (ghes-2.22 PATCH /gists)', async () => {
    const file = 'test/fixtures/interchange/f31e/nullable-required-only.yaml';
    const trip = await roundTrip(file);
    expect(trip.first.analysis.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning')).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(compare(inventory(parse(readFileSync(file, 'utf8'))), inventory(trip.exported), trip.first.result.unmapped).invented).toEqual([]);
  });
});
