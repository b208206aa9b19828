import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { areaOf, exported, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * The defects the independent tester t31j found in the interchange (issue 31), each through the
 * tester's own repro (test/fixtures/interchange/t31j/*.yaml, hand-made; their headers name their
 * origin and what was seen): the real reader, importer and exporter, both validators, and back.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31j/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
/** What the export states that the source does not, by the independent inventory the corpus test uses. */
const invented = (trip: Trip, name: string) => compare(inventory(parse(readFileSync(FIXTURE(name), 'utf8'))), inventory(trip.exported), trip.first.result.unmapped).invented.map((e) => `${e.key} @ ${e.pointer}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** A clean check, valid exports, a fixed point whose second import says nothing. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi', saidAgain: string[] = []): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual(saidAgain);
}

const CHANNEL_SERVERS = "a channel's `servers` has no place in the spec, so an export puts the channel on every server; its operations that state no security of their own keep only the security of the servers named here";
const SERVER_SECURITY = "a server's security has no place on the spec's servers; it is kept as the security of the events sent or received by operations that state none of their own on the channels this server carries (an export writes it on those operations)";

describe('issue 31, t31j #1: an AsyncAPI channel limited to some servers', () => {
  it('AsyncAPI 3: an operation without security of its own takes only the security of the servers its channel is on', async () => {
    const trip = await roundTrip(FIXTURE('repro-01-asyncapi3-channel-servers-security'), 'asyncapi');
    await sound(trip, 'asyncapi');
    const ops = trip.exported.operations as Record<string, { security?: unknown }>;
    // Never the other server's scheme as an alternative the source did not allow.
    expect(Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.security]))).toEqual({
      sendSay: [{ $ref: '#/components/securitySchemes/bearer' }],
      onJob: [{ $ref: '#/components/securitySchemes/user' }],
    });
    expect(said(trip)).toEqual([
      `/servers/ws/security ${SERVER_SECURITY}`,
      `/servers/mq/security ${SERVER_SECURITY}`,
      `/channels/room/servers ${CHANNEL_SERVERS}`,
      `/channels/jobs/servers ${CHANNEL_SERVERS}`,
    ]);
  });

  it('AsyncAPI 2.6: the same, with servers named in the channel', async () => {
    const trip = await roundTrip(FIXTURE('as2-channel-servers'), 'asyncapi');
    await sound(trip, 'asyncapi');
    const ops = trip.exported.operations as Record<string, { security?: unknown }>;
    expect(Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.security]))).toEqual({
      onSay: [{ $ref: '#/components/securitySchemes/bearer' }],
      sendJob: [{ $ref: '#/components/securitySchemes/user' }],
    });
    expect(said(trip).filter((s) => s.includes('servers'))).toEqual([
      `/servers/ws/security ${SERVER_SECURITY}`,
      `/servers/mq/security ${SERVER_SECURITY}`,
      `/channels/room/servers ${CHANNEL_SERVERS}`,
      `/channels/jobs/servers ${CHANNEL_SERVERS}`,
    ]);
  });
});

describe('issue 31, t31j #2: a union of required names only ("at least / exactly one of these fields")', () => {
  const body = (trip: Trip, path: string) => trip.exported.paths[path].post.requestBody.content['application/json'].schema;

  // F31e #1: the export writes each variant back as the source had it, required names only beside the properties, no property repeated in a variant (urlbox.io 6, ghes-2.22 25 invented).
  it('`anyOf`: each variant makes its field required (the spec restates its type), and the export writes it back as the source had it', async () => {
    const trip = await roundTrip(FIXTURE('repro-02-anyof-required-only'));
    await sound(trip);
    expect(body(trip, '/reviews').anyOf).toEqual([{ required: ['reviewers'] }, { required: ['team_reviewers'] }]);
    expect(Object.keys(body(trip, '/reviews').properties)).toEqual(['reviewers', 'team_reviewers']);
    expect(said(trip)).toEqual([]);
    expect(invented(trip, 'repro-02-anyof-required-only')).toEqual([]);
  });

  it('`oneOf`: the same, so a body with one of the fields is accepted (no `oneOf` of empty variants, which accepts nothing)', async () => {
    const trip = await roundTrip(FIXTURE('repro-02b-oneof-required-only'));
    await sound(trip);
    expect(body(trip, '/pay').oneOf).toEqual([{ required: ['card'] }, { required: ['iban'] }]);
    expect(invented(trip, 'repro-02b-oneof-required-only')).toEqual([]);
  });

  it('a variant with properties of its own that requires a property stated beside the union (a conditional requirement) keeps the requirement', async () => {
    const trip = await roundTrip(FIXTURE('anyof-conditional-required'));
    await sound(trip);
    const schema = trip.exported.paths['/check-runs/{id}'].patch.requestBody.content['application/json'].schema;
    expect(schema.anyOf).toEqual([
      { properties: { status: { const: 'completed' } }, required: ['conclusion'] },
      { properties: { status: { enum: ['queued', 'in_progress'] } } },
    ]);
    expect(said(trip)).toEqual([]);
    expect(invented(trip, 'anyof-conditional-required')).toEqual([]);
  });

  it('where the names are not properties stated beside it, the union is said with what it required, and no union is exported', async () => {
    const trip = await roundTrip(FIXTURE('oneof-required-elsewhere'));
    await sound(trip);
    expect(body(trip, '/pay')).toEqual({ allOf: [{ type: 'object', properties: { card: { type: 'string' }, iban: { type: 'string' } } }] });
    expect(said(trip)).toEqual(['/paths/~1pay/post/requestBody/content/application~1json/schema/allOf/1/oneOf exactly one of card, iban required: not kept (the spec makes a field required only where it states the field, and card, iban are not properties of a single type stated beside the oneOf), so a value may have none of them, or more than one']);
  });
});

describe('issue 31, t31j #4: `x-ms-discriminator-value` that no mapping can hold', () => {
  it('a value the discriminator field does not allow makes no mapping: said at the extension, a clean check', async () => {
    const trip = await roundTrip(FIXTURE('repro-04-xms-discriminator-value-mapping'));
    await sound(trip);
    expect(JSON.stringify(trip.exported)).not.toContain('"mapping"');
    expect(said(trip)).toEqual(["/components/schemas/AppleConn/x-ms-discriminator-value the subtype's discriminator value `apple` is not among the values the field `credentialType` of the discriminator of `AppleConn` allows (the text `credentials`, the text `certificate`): no mapping is made of it, and it is not kept"]);
  });

  it('a value for the schema\'s own discriminator over the parts of its allOf makes no mapping to itself (not a variant): said', async () => {
    const trip = await roundTrip(FIXTURE('xms-own-discriminator'));
    await sound(trip);
    expect(JSON.stringify(trip.exported)).not.toContain('"mapping"');
    expect(said(trip)).toEqual(["/components/schemas/AppleConnectionSecretResponse/x-ms-discriminator-value the discriminator value `apple` is for the schema's own discriminator (the field `serviceType`), whose variants are the parts of its allOf, not the schema itself: the spec maps a value only to a variant, so no mapping is made of it, and it is not kept"]);
  });
});

describe('issue 31, t31j #5: operationIds the export makes', () => {
  it('are said in the export\'s summary with their count and where they come from; the trip stays a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('repro-05-invented-operation-ids'));
    await sound(trip);
    expect(trip.exported.paths['/things/{id}'].get.operationId).toBe('get-things-id');
    expect(trip.exported.webhooks.onPing.post.operationId).toBe('event.onPing');
    const summary = "2 operationIds are made, not stated by the spec or its source: 1 from an endpoint's method and path (as an import names an operation without an operationId), 1 from `event.` and an event's id";
    expect(exported(trip.first.analysis, 'openapi').notes).toEqual([summary]);
    expect(exported(trip.second.analysis, 'openapi').notes).toEqual([summary]);
    // A stated operationId is no made one; nor is an AsyncAPI export's.
    expect(exported((await roundTrip(FIXTURE('repro-02-anyof-required-only'))).first.analysis, 'openapi').notes).toEqual([]);
    expect(exported(trip.first.analysis, 'asyncapi').notes).toEqual([]);
  });
});

describe('issue 31, t31j (brief #5): what an import claims of the versions', () => {
  it('the one version a document describes is an item; the list of supported versions is left open, never `inventory: complete`', async () => {
    for (const [file, format] of [['repro-05-invented-operation-ids', 'openapi'], ['repro-01-asyncapi3-channel-servers-security', 'asyncapi']] as const) {
      const trip = await roundTrip(FIXTURE(file), format);
      for (const { analysis } of [trip.first, trip.second]) {
        expect(areaOf(analysis.spec, 'versioning').items.map((v) => v.id)).toEqual(format === 'openapi' ? ['1'] : ['1.0.0']);
        expect(areaOf(analysis.spec, 'versioning').data).not.toHaveProperty('inventory');
        expect(analysis.assessment.gaps.map((g) => g.id)).toContain('versioning/inventory');
      }
      expect(trip.exported['x-specbench-gaps'].map((g: { id: string }) => g.id)).toContain('versioning/inventory');
    }
  });
});
