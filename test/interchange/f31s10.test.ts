import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';

/**
 * Issue 31, brief F31 of session 10: the leftovers independent testers found, each through a
 * hand-made document (test/fixtures/interchange/f31s10/*.yaml, each headed by what it showed): the
 * real reader, importer and exporter, both validators, and back.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31s10/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** A clean check, a valid export, a fixed point whose second import says `saidAgain`. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi', saidAgain: string[] = []): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(problems(trip.second.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual(saidAgain);
}

/** Every string of a value, wherever it is. */
const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v !== null && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);

/** The words a text must hold, with Markdown's escapes read: the words after an HTML opener never closed. */
const unescaped = (t: string) => t.replace(/\\([<>[\]:*_`\\])/g, '$1');

describe('F31 s10 #1: HTML never closed in a description (a comment `<!--` with no `-->`, a tag never finished)', () => {
  it('OpenAPI: every word is kept as text, in every prose field (the service, an operation, a parameter, a response, a schema, a field, a summary); only a closed comment is said; a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('unclosed-html'));
    await sound(trip, 'openapi');
    expect(said(trip)).toEqual(['/components/schemas/Note/properties/body/description the HTML comment `<!-- said -->` is not kept, as a page does not show it']);
    const doc = trip.exported;
    const op = doc.paths['/notes/{id}'].get;
    expect(unescaped(doc.info.description)).toBe('Intro paragraph.\n\n<!-- draft: the next paragraphs are not final\n\nSecond paragraph with **bold**.\n');
    expect(op.summary).toBe('Get a note <!-- unfinished');
    expect(unescaped(op.description)).toBe('Returns one note.\n<!-- keep this text\nVisible after the opener.\n');
    expect(unescaped(op.parameters[0].description)).toBe("The note's id <!-- the rest is hidden");
    expect(unescaped(op.responses['200'].description)).toBe('The note, as stored <a href="https://example.com/notes y and more words\n\nTrailing paragraph.');
    // The 404's words are its own (an error made from its status claims none: t32 s10 D2, D3).
    expect(unescaped(op.responses['404'].description)).toBe('> Not found.\n> <!-- quoted opener\n> quoted words after it\n');
    expect(unescaped(doc.components.schemas.Note.description)).toBe('- A note.\n\n  <!-- in a list item\n\n  words in the item after it\n');
    expect(unescaped(doc.components.schemas.Note.properties.body.description)).toBe('Closed and open <!-- kept words');
    // Past eight such openers, the rest are kept as the words of one block.
    expect(unescaped(doc.components.schemas.Note.properties.notes.description)).toBe(`${Array.from({ length: 8 }, (_, i) => `<!-- opener ${i}\n\nword ${i}`).join('\n\n')}\n\n<!-- opener 8 word 8 <!-- opener 9 word 9`);
  });

  it('OpenAPI: the words are literal text in the spec, never raw HTML: each `<` of an opener is escaped', async () => {
    const trip = await roundTrip(FIXTURE('unclosed-html'));
    const prose = strings(trip.first.analysis.spec.areas.map((a) => [a.data, a.items.map((i) => i.data)]));
    const openers = prose.filter((t) => t.includes('<!--') || t.includes('<a href'));
    // The summary is a line of plain text (never read as Markdown); every other opener is escaped.
    expect(openers.filter((t) => !t.startsWith('Get a note')).every((t) => !/(?<!\\)<(?:!--|a )/.test(t))).toBe(true);
    expect(openers.length).toBeGreaterThanOrEqual(8);
  });

  it('AsyncAPI 3: a message\'s, a channel\'s, an operation\'s, a field\'s and the service\'s words are kept; nothing to say; a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('asyncapi-unclosed-html'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toEqual([]);
    const doc = trip.exported;
    expect(unescaped(doc.info.description)).toBe('Chat events.\n\n<!-- internal: not reviewed\n\nWords after the opener.\n');
    expect(unescaped(doc.channels.room.description)).toBe('The room <!-- its name is the address');
    expect(unescaped(doc.operations.onSaid.description)).toBe('Receives what was said.\n<!-- operation words kept\n');
    expect(unescaped(doc.components.messages.said.description)).toBe('A line said in the room <!-- message words kept\n\nLast paragraph.');
    expect(unescaped(doc.components.messages.said.payload.properties.text.description)).toBe('The text <a title="x y and more');
  });
});

describe('F31 s10 #2: an AsyncAPI 3 message\'s named examples in their order', () => {
  it('names that read as numbers, which the spec keeps first, are said at the examples; the export writes them as kept, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('asyncapi-examples-order'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toEqual(['/components/messages/said/examples the order of the named examples is not kept: the spec keeps them by name, the names that read as whole numbers (`2`, `10`) first, smallest first; an export writes them so']);
    expect(trip.exported.components.messages.said.examples.map((x: { name: string }) => x.name)).toEqual(['2', '10', 'zeta', 'alpha']);
    const event = areaOf(trip.first.analysis.spec, 'events').items[0];
    expect(Object.keys((event?.data.payload as { named_examples: object }).named_examples)).toEqual(['2', '10', 'zeta', 'alpha']);
  });

  it('a named example called `__proto__` is said, not lost without a word; the other is kept', async () => {
    const trip = await roundTrip(FIXTURE('asyncapi-example-proto'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toEqual(['/components/messages/said/examples/1 a named example called `__proto__` is not kept: the name is reserved in JavaScript, and no spec file holds it']);
    expect(trip.exported.components.messages.said.examples).toEqual([{ name: 'first', payload: { n: 1 } }]);
  });
});

describe('F31 s10 #3: an AsyncAPI 3 message carried under two keys; a channel\'s and an operation\'s title with a tab or two lines', () => {
  it('the component key an export does not keep is said with every key the channels carry it under; the titles are one line (a tab a space, said) or said; a clean check, a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('asyncapi-shared-component'), 'asyncapi');
    // What the events area keeps of a message on two channels is said again: the export writes it so.
    await sound(trip, 'asyncapi', ["/components/messages/orderCreatedEvent the message travels on 2 channels; the event's own channel is the first (the events area's channels keep it on audit too)"]);
    expect(said(trip)).toEqual([
      "/components/messages/OrderCreated the message travels on 2 channels; the event's own channel is the first (the events area's channels keep it on audit too)",
      "/components/messages/OrderCreated the message component's key `OrderCreated` is not kept: the event's id is `orderCreatedEvent` (its `name`), and its channels carry it under several keys (`OrderCreated`, `orderCreated`), so an export keys the message by that id",
      '/channels/orders/title a one-line text holds control characters (a tab, or another), which the spec forbids in one line; each is kept as a space',
      '/channels/audit/title a title of several lines has no place as a one-line title; it is not kept',
      '/operations/onCreated/title a one-line text holds control characters (a tab, or another), which the spec forbids in one line; each is kept as a space',
    ]);
    const doc = trip.exported;
    expect(Object.keys(doc.channels)).toEqual(['orders', 'audit']);
    expect(doc.channels.orders.title).toBe('Order stream');
    expect(doc.channels.audit.title).toBeUndefined();
    expect(doc.operations.onCreated.title).toBe('On created');
    expect(doc.channels.orders.messages.OrderCreated.$ref).toBe('#/components/messages/orderCreatedEvent');
    expect(doc.channels.audit.messages.orderCreated.$ref).toBe('#/components/messages/orderCreatedEvent');
    expect(doc.components.messages.Shipped.payload).toEqual({ $ref: '#/components/schemas/Order' });
    expect(doc.components.messages.orderCreatedEvent.payload).toEqual({ $ref: '#/components/schemas/Order' });
  });
});
