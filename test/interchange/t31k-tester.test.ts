import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';

/**
 * The defects the independent tester t31k found in the interchange (issue 31), each through the
 * tester's own repro (test/fixtures/interchange/t31k/*.yaml, hand-made by t31k; their headers name
 * their origin and what was seen): the real reader, importer and exporter, both validators, and back.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31k/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** A clean check, valid exports, a fixed point whose second import says `saidAgain`. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi', saidAgain: string[] = []): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual(saidAgain);
}

const HEADERS = (key: string) => `the headers schema's own \`${key}\` has no place in the spec (an event keeps each header, with its shape and whether it is required, not the headers as a whole); it is not kept`;

describe('issue 31, t31k #1: an AsyncAPI message\'s headers schema has words and examples of its own', () => {
  it('AsyncAPI 3: its description, title and examples are each said at their pointer; the headers are kept', async () => {
    const trip = await roundTrip(FIXTURE('repro-01-asyncapi-headers-schema-words'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toEqual(['description', 'title', 'examples'].map((k) => `/components/messages/cfg/headers/${k} ${HEADERS(k)}`));
    const headers = (trip.exported.components.messages.cfg ?? Object.values(trip.exported.components.messages)[0]).headers;
    expect(Object.keys(headers.properties)).toEqual(['trace', 'prio']);
    expect(headers.required).toEqual(['trace']);
  });

  it('AsyncAPI 2.6: the headers\' examples are said, beside the message example\'s headers', async () => {
    const trip = await roundTrip(FIXTURE('asx2'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toContain(`/channels/cfg/subscribe/message/headers/examples ${HEADERS('examples')}`);
  });
});

const SPACES = 'a one-line text holds control characters (a tab, or another), which the spec forbids in one line; each is kept as a space';

describe('issue 31, t31k #2: a tab in a one-line title or summary is no line break', () => {
  it('the service\'s name, a schema\'s and a field\'s title and an operation\'s summary keep their words, the tab a space, said at each', async () => {
    const trip = await roundTrip(FIXTURE('repro-02-tab-in-title'));
    await sound(trip);
    expect(trip.exported.info.title).toBe('Billing API');
    expect(trip.exported.paths['/invoices/{id}'].get.summary).toBe('Get invoice');
    expect(trip.exported.paths['/invoices/{id}'].get.description).toBeUndefined();
    expect(trip.exported.components.schemas.Invoice.title).toBe('Invoice record');
    expect(trip.exported.components.schemas.Invoice.properties.total.title).toBe('Total amount');
    expect(said(trip).sort()).toEqual([
      '/components/schemas/Invoice/properties/total/title',
      '/components/schemas/Invoice/title',
      '/info/title',
      '/paths/~1invoices~1{id}/get/summary',
    ].map((p) => `${p} ${SPACES}`));
  });
});

describe('issue 31, t31k #3: names that start with `x-` and are no extensions', () => {
  it('a field `x-mode` of a value in a 3.1 schema\'s `examples` is data, kept and not said', async () => {
    const trip = await roundTrip(FIXTURE('repro-03-x-key-in-schema-examples'));
    await sound(trip);
    expect(said(trip)).toEqual([]);
    expect(trip.exported.components.schemas.Cfg.examples).toEqual([{ 'x-mode': 'slow' }]);
    expect(trip.exported.paths['/cfg'].put.requestBody.content['application/json'].schema.examples).toEqual([{ 'x-mode': 'fast' }]);
  });

  it('a 3.0 `example: {x-flag: true}` imports clean and so does its 3.1 export', async () => {
    const trip = await roundTrip(FIXTURE('x-flag-example'));
    expect(said(trip)).toEqual([]);
    await sound(trip, 'openapi');
  });

  it('a security requirement naming a scheme `x-key` is kept and not said', async () => {
    const trip = await roundTrip(FIXTURE('repro-03b-x-named-security-scheme'));
    await sound(trip);
    expect(said(trip)).toEqual([]);
    expect(trip.exported.paths['/a'].get.security).toEqual([{ 'x-key': [] }]);
  });
});

describe('issue 31, t31k #4: an AsyncAPI 3 message component keyed apart from its name', () => {
  it('the component key the export does not write back is said at the component', async () => {
    const trip = await roundTrip(FIXTURE('repro-04-asyncapi3-message-component-key'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(Object.keys(trip.exported.components.messages)).toEqual(['hello']);
    expect(said(trip)).toEqual(["/components/messages/Greeting the message component's key `Greeting` is not kept: the event's id is `OrderGreeting` (its `name`), and an export keys the message by its key in its channel (`hello`) or by that id"]);
  });
});

describe('issue 31, t31k #5: a bound past 2^53 that is kept as written', () => {
  it('`maximum: 1e308` is the number the export writes (`1e+308`): nothing said, on either import', async () => {
    const trip = await roundTrip(FIXTURE('repro-05-1e308-bound-said-every-round'));
    await sound(trip);
    expect(said(trip)).toEqual([]);
    expect(trip.exported.paths['/m'].get.responses['200'].headers['X-Total'].schema.maximum).toBe(1e308);
  });

  it('`maximum: 9223372036854775807` is not (the export writes 9223372036854776000): still said', async () => {
    const trip = await roundTrip(FIXTURE('int64-bound'));
    expect(said(trip)).toEqual(['/components/schemas/Id/maximum `maximum` is a whole number past 2^53, more than a double holds exactly: it is kept as the nearest double, 9223372036854775808 (which an export writes 9223372036854776000), and may differ from the value written']);
  });
});

describe('issue 31, t31k #6 (t32k #4): an allOf part that only makes a sibling\'s fields required', () => {
  it('is an object, as its sibling is, so it opens no "What is its type?"; said; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('allof-required-part'));
    await sound(trip);
    expect(areaOf(trip.first.analysis.spec, 'resources').items.find((r) => r.id === 'KB')?.data.value).toEqual({ type: 'all_of', of: ['KA', { type: 'object', fields: { x: { type: 'string', required: true } } }] });
    expect(trip.first.analysis.assessment.gaps.map((g) => g.id).filter((id) => id.startsWith('resources/KB'))).toEqual([]);
    expect(said(trip)).toEqual(['/components/schemas/KB/allOf/1 a part of an allOf that only lists required names is kept as an object of those fields, each required with the type the part that states it gives (that part is an object, so is any value the allOf allows)']);
    expect(trip.exported.components.schemas.KB.allOf[1]).toEqual({ type: 'object', properties: { x: { type: 'string' } }, required: ['x'] });
  });
});

describe('issue 31, t31k minor: a parameter schema\'s `deprecated`', () => {
  it('becomes the parameter\'s own, said at the schema', async () => {
    const trip = await roundTrip(FIXTURE('schema-deprecated'));
    await sound(trip);
    expect(trip.exported.paths['/a'].get.parameters[0]).toEqual({ name: 'q', in: 'query', deprecated: true, schema: { type: 'string' } });
    expect(said(trip)).toEqual(["/paths/~1a/get/parameters/0/schema/deprecated the schema's `deprecated` is kept as the parameter's or header's own (the spec keeps one, and an export writes it on the object, not its schema)"]);
  });
});

describe('issue 31, t31k #2 in AsyncAPI', () => {
  it('the title, a message\'s title and summary and an operation\'s summary keep their words, the tab a space, said at each', async () => {
    const trip = await roundTrip(FIXTURE('as3-tab-summary'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(trip.exported.info.title).toBe('Chat API');
    const message = Object.values(trip.exported.components.messages as Record<string, { title?: string; summary?: string; description?: string }>)[0];
    expect([message?.title, message?.summary, message?.description]).toEqual(['Said line', 'One line', undefined]);
    expect(trip.exported.operations.onSaid.summary).toBe('On said');
    expect(said(trip).sort()).toEqual(['/components/messages/said/summary', '/components/messages/said/title', '/info/title', '/operations/onSaid/summary'].map((p) => `${p} ${SPACES}`));
  });
});
