import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../src/lib/index.ts';
import { yamlText } from '../../src/lib/interchange/yaml-text.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';

/**
 * Defects 3, 6, 7 and 8 of the independent tester t31j in the interchange (issue 31), each through
 * the tester's repro (generated here, or under test/fixtures/interchange/t31j/ with its origin in
 * its header): the real reader, importer and exporter, the validator, and back.
 */
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

/** A document written to a fresh folder, as YAML (JSON is YAML), for the reader to read as a file. */
async function written(name: string, doc: unknown): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t31j-')), name);
  await writeFile(file, JSON.stringify(doc, null, 1));
  return file;
}

/** A clean check, a valid export, and an export of its import that is the same text, byte for byte. */
async function fixedPoint(trip: Trip): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(await openApiProblems(trip.exported)).toEqual([]);
  expect(yamlText(trip.again)).toBe(yamlText(trip.exported));
}

describe('issue 31, t31j #3: path descriptions a file\'s prose budget leaves out', () => {
  // The tester's repro-03: 80 paths, /p00../p59 with 1,559 characters of words each (more than the 64 KB one file holds), /p60../p79 with a few.
  const doc = {
    openapi: '3.0.3',
    info: { title: 'cap-order', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: 80 }, (_, i) => {
        const n = String(i).padStart(2, '0');
        const description = i < 60 ? Array.from({ length: 60 }, () => `Long words about path ${n}.`).join(' ') : `Short ${n}.`;
        return [`/p${n}`, { description, get: { operationId: `get${n}`, responses: { '200': { description: 'ok' } } } }];
      }),
    ),
  };

  it('order the export the same way whichever descriptions were kept: its import exports the same text', async () => {
    const trip = await roundTrip(await written('cap-order.json', doc));
    // The budget left some out, and said so.
    const dropped = said(trip).filter((s) => s.includes('passes the 65,536 characters of prose one file holds'));
    expect(dropped.length).toBeGreaterThan(0);
    const paths = trip.exported.paths as Record<string, { description?: string }>;
    expect(Object.keys(paths).sort()).toEqual(Object.keys(doc.paths));
    expect(Object.values(paths).filter((p) => p.description === undefined)).toHaveLength(dropped.length);
    await fixedPoint(trip);
  });
});

describe('issue 31, t31j #6: emphasis inside a word, in a description that also holds HTML', () => {
  it('keeps the words readable, the asterisks escaped (`a\\*b\\*c`), not written as character references; a fixed point', async () => {
    // The tester's repro-06-emphasis-as-entities.yaml.
    const trip = await roundTrip(await written('star.json', { openapi: '3.0.3', info: { title: 'star', version: '1', description: 'Weights a*b*c apply.<br/>Second line with 2*3*4.' }, paths: {} }));
    expect(trip.exported.info.description).toBe('Weights a\\*b\\*c apply.\\\nSecond line with 2\\*3\\*4.');
    await fixedPoint(trip);
  });
});

const FIXTURE = (name: string) => `test/fixtures/interchange/t31j/${name}.yaml`;

describe('issue 31, t31j #7a: a callback declared in components that an operation uses', () => {
  it('is mapped where the operation uses it: "components.callbacks are not mapped" is not said', async () => {
    const trip = await roundTrip(FIXTURE('repro-06-t31i-callback-component'));
    await fixedPoint(trip);
    expect(said(trip)).toEqual([
      '/components/callbacks/Ev/{$request.body#~1url}/post/responses what the receiver of an event answers has no place in the spec',
      '/components/pathItems/PetHook/post/responses what the receiver of an event answers has no place in the spec',
    ]);
    expect(Object.keys(trip.exported.paths['/a'].post.callbacks.onEvent)).toEqual(['{$request.body#/url}']);
  });

  it('one no operation uses is said as not kept, at its own pointer', async () => {
    const hook = { '{$request.body#/url}': { post: { requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } }, responses: { '200': { description: 'ok' } } } } };
    const doc = { openapi: '3.0.3', info: { title: 'unused callback', version: '1' }, paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok' } } } } }, components: { callbacks: { Unused: hook } } };
    const trip = await roundTrip(await written('unused-callback.json', doc));
    await fixedPoint(trip);
    expect(said(trip)).toEqual(['/components/callbacks/Unused a callback declared in components that no operation uses has no place in the spec (it is kept where an operation uses it)']);
  });
});

describe('issue 31, t31j #8a: a webhook whose summary is paragraphs (GitHub\'s `x-webhooks`)', () => {
  // As api.github.com.json writes its 218 webhooks (199 of them with a summary of paragraphs).
  const summary = 'This event occurs when there is activity relating to branch protection rules. For more information, see "[About protected branches](https://docs.github.com/about-protected-branches)."\n\nTo subscribe to this event, a GitHub App must have at least read-level access for the "Administration" repository permission.';
  const doc = {
    openapi: '3.0.3',
    info: { title: 'hooks', version: '1' },
    paths: {},
    'x-webhooks': {
      'branch-protection-rule-created': { post: { summary, description: 'A branch protection rule was created.', operationId: 'branch-protection-rule/created', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { action: { type: 'string' } } } } } }, responses: { '200': { description: 'ok' } } } },
      ping: { post: { summary: 'One line', operationId: 'ping', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '200': { description: 'ok' } } } },
    },
  };

  it('keeps its words at the start of the description, and says the summary is not kept as one; a one-line summary stays a summary', async () => {
    const trip = await roundTrip(await written('hooks.json', doc));
    await fixedPoint(trip);
    expect(said(trip).filter((s) => s.includes('summary'))).toEqual([
      '/x-webhooks/branch-protection-rule-created/post/summary a summary of several lines has no place as a one-line summary; it is kept at the start of the description',
    ]);
    const hooks = trip.exported.webhooks ?? trip.exported['x-webhooks'];
    expect(hooks['branch-protection-rule-created'].post.description).toBe(`${summary}\n\nA branch protection rule was created.`);
    expect(hooks['branch-protection-rule-created'].post.summary).toBeUndefined();
    expect(hooks.ping.post.summary).toBe('One line');
  });
});

describe('issue 31, t31j #8b: the headers of a response declared in components', () => {
  it('OpenAPI 3.0: are kept on the response of the operation that uses it, and that the component is written without them is said', async () => {
    const trip = await roundTrip(FIXTURE('oa30h2'));
    expect(trip.exported.paths['/items'].get.responses['429'].headers).toEqual({ 'Retry-After': { required: true, schema: { type: 'integer', minimum: 0 } } });
    expect(said(trip).filter((s) => s.includes('headers'))).toEqual([
      "/components/responses/Throttled/headers an error holds no headers: a response component's are kept on the response of each operation that uses it, where an export writes them, and not on the component",
    ]);
  });

  it('Swagger 2.0: the same, at the pointer of the file as written', async () => {
    const trip = await roundTrip(FIXTURE('sw2h2'));
    expect(trip.exported.paths['/pets'].get.responses['404'].headers).toEqual({ 'X-Req': { description: 'request id', schema: { type: 'string' } } });
    expect(said(trip).filter((s) => s.includes('headers'))).toEqual([
      "/responses/NotFound/headers an error holds no headers: a response component's are kept on the response of each operation that uses it, where an export writes them, and not on the component",
    ]);
  });
});
