import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { exportAsyncApi, exportOpenApi, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec } from './helpers.ts';

/**
 * Defects a second independent tester of issue 31 (t31e) found: a file's prose budget, a schema cut
 * at the nesting bound, names that differ only in letter case, and short texts with HTML. Each
 * reproduction goes through the real reader, importer and exporter: a clean check, a document the
 * official validators accept, export → import → export a fixed point, nothing lost without a word.
 */
const REPRO = (n: string) => `test/fixtures/interchange/t31e/repro-${n}.yaml`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** A document (a file, or a value written to one) imported, exported, imported and exported again. */
async function roundTrip(source: string | Doc, format: 'openapi' | 'asyncapi') {
  const write = (a: Analysis): Doc => (format === 'openapi' ? exportOpenApi(a) : exportAsyncApi(a));
  const dir = await mkdtemp(join(tmpdir(), 'specbench-t31e-'));
  const file = typeof source === 'string' ? source : join(dir, 'source.json');
  if (typeof source !== 'string') await writeFile(file, JSON.stringify(source));
  const first = await importToSpec(file);
  const exported = write(first.analysis);
  await writeFile(join(dir, 'exported.json'), JSON.stringify(exported));
  const second = await importToSpec(join(dir, 'exported.json'));
  return { first, second, exported, again: write(second.analysis) };
}

/** The real command line, as `npm run specbench` starts it (the sources as they are, not a bundle of them). */
const specbench = (args: string[]) =>
  promisify(execFile)(process.execPath, ['src/cli/launch.mjs', ...args], { env: { ...process.env, SPECBENCH_NO_BUNDLE: '1', NO_COLOR: '1' } }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}: ${d.message}`);
const gapIds = (doc: Doc): string[] => (doc['x-specbench-gaps'] as Array<{ id: string }>).map((g) => g.id);

describe('issue 31, t31e: a file’s prose budget leaves out what it must, no more', () => {
  it('07. three texts of one operation past 64 KB together: two are kept, the last is said at its place, no question is invented, a fixed point', async () => {
    const { first, exported, again } = await roundTrip(REPRO('07'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const op = exported.paths['/three'].get;
    // Two texts of 23,782 characters as Markdown each (`a*b` kept as `a\*b`; t31j #6) fit the file's 65,536, three do not (compared by length: the texts are long).
    expect([op.description, op.parameters[0].description].map((d: unknown) => (typeof d === 'string' && d.startsWith('see \\<id> and ') ? d.length : 0))).toEqual([23_782, 23_782]);
    expect(op.responses['200']).toEqual({ description: '' });
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1three/get/responses/200/description', reason: expect.stringContaining('among the longest, is not kept there') }]);
    // The source states no content for the 200 response: nothing asks what it carries.
    expect(gapIds(exported).filter((id) => id.includes('responses/200'))).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, t31e: a schema cut at the nesting bound', () => {
  it('02. an array nested past 28 levels: the cut element is a value of no stated type, said once, asked in the export, and read back the same', async () => {
    const { first, second, exported, again } = await roundTrip(REPRO('02'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([{ pointer: expect.stringMatching(/^\/components\/schemas\/DeepArr30(\/items){29}$/), reason: expect.stringContaining('a schema nested more than 28 levels deep') }]);
    expect(await openApiProblems(exported)).toEqual([]);
    const cut = `resources/DeepArr30/value${'/items'.repeat(29)}/type`;
    expect(gapIds(exported)).toContain(cut);
    // The export's `{}` lost nothing more: its import says nothing, and asks the same question.
    expect(second.result.unmapped).toEqual([]);
    expect(gapIds(again)).toContain(cut);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, t31e: names that differ only in letter case', () => {
  it('03. response components `NotFound` and `notFound`: the second is kept as `notFound-2` and said at its component, as a schema’s rename is', async () => {
    const { first, exported, again } = await roundTrip(REPRO('03'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([{ pointer: '/components/responses/notFound', reason: 'the response `notFound` is kept under the id `notFound-2`, and an export names it so: ids must differ in more than letter case, and `NotFound` is taken' }]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(exported.paths['/pets/{id}'].get.responses['404']).toEqual({ $ref: '#/components/responses/notFound-2' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('04. AsyncAPI 3 messages named `created` and `Created`: the second is the event of its component’s key, `CreatedUpper`, keeping its name', async () => {
    const { first, exported, again } = await roundTrip(REPRO('04'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    // The first component's key `Created` comes back as `created`, its key in the channel: said (t31k #4).
    expect(first.result.unmapped).toEqual([{ pointer: '/components/messages/Created', reason: "the message component's key `Created` is not kept: the event's id is `created` (its `name`), and an export keys the message by its key in its channel (`created`) or by that id" }]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    const messages = exported.components.messages as Doc;
    expect(Object.keys(messages).sort()).toEqual(['CreatedUpper', 'created']);
    expect([messages.created.name, messages.CreatedUpper.name]).toEqual(['created', 'Created']);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('04b. AsyncAPI 2.6 messages in place named `UserEvent`, `userEvent` and `UserEvent` again: ids no other has, no `-2-2`, each keeping its name', async () => {
    const { first, exported, again } = await roundTrip(REPRO('04b'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    // Only the `messageId`s, which have no place (said before this fix too): no word on the ids, which lose nothing.
    // And, since F31g (T31s D6), the key of the component `Deleted`, which the export keys `deleted`.
    expect(first.result.unmapped.map((u) => u.reason)).toEqual([...Array(2).fill("a message's `messageId` has no place in the spec"), "the message component's key `Deleted` is not kept: the event's id is `deleted` (its `name`), and an export keys the message component by that id"]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    const names = Object.entries(exported.components.messages as Doc).map(([id, m]) => `${id} ${String((m as Doc).name)}`);
    expect(names.sort()).toEqual(['UserEvent UserEvent', 'UserEvent-3 UserEvent', 'deleted deleted', 'userEvent-2 userEvent']);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, t31e: small findings', () => {
  it('a named example’s summary and an AsyncAPI operation’s summary are read one way, as a title is: plain text, kept as written (t32r N9); the values stay as written', async () => {
    const { first, exported, again } = await roundTrip('test/fixtures/interchange/t31e/short-texts.yaml', 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const op = exported.paths['/a'].get;
    const [param, body] = [op.parameters[0].examples.one, op.responses['200'].content['application/json'].examples.r];
    // A summary is plain text (OpenAPI's): its characters kept as written, tags and all, as `info.title`'s are; a page shows them as text.
    expect([param.summary, body.summary]).toEqual(['<img src=x onerror=alert(1)>', '<b>bold</b> [[Pet]]']);
    expect(first.result.unmapped.filter((u) => u.pointer.endsWith('/summary'))).toEqual([]);
    expect([param.value, body.value]).toEqual(['v', 'w']);
    // Descriptions are Markdown: their HTML converted, the script and the unsafe link gone (said).
    expect([param.description, body.description]).not.toContainEqual(expect.stringMatching(/<script|javascript:/));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));

    const aa = await roundTrip(REPRO('04b'), 'asyncapi');
    const summaries = Object.values(aa.exported.operations as Doc).map((o) => (o as Doc).summary as unknown).filter((s) => s !== undefined);
    expect(summaries).toEqual(['<b>send</b> it']);
    expect(JSON.stringify(aa.again)).toBe(JSON.stringify(aa.exported));
  });

  it('AsyncAPI declared tags keep the order the document declares them in', async () => {
    const { first, exported, again } = await roundTrip('test/fixtures/interchange/t31e/tag-order.yaml', 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    expect(exported.info.tags).toEqual([{ name: 'zeta', description: 'Last by name' }, { name: 'alpha' }, { name: 'mid', description: 'In between' }]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, t31e: the import’s text summary', () => {
  it('says the bounds a reason states alike for every element (28 levels, 64), not `…`', async () => {
    const run = await specbench(['import', REPRO('02'), '--spec', join(await mkdtemp(join(tmpdir(), 'specbench-t31e-')), 'spec')]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('  1 × a schema nested more than 28 levels deep is not mapped: a spec file nests at most 64 levels, and each level of fields takes two\n');
  });
});
