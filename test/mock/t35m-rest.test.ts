import { appendFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { join } from 'node:path';
import type { ThreadBounds } from '../../src/lib/mock/body-thread.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve } from './harness.ts';

/**
 * Issue 35, what t35m's fixers left (f35e). On the synthetic spec of t35k's d2/d3 scripts (one
 * endpoint whose request and response shapes hold 40 objects of 150 fields each, 0.9 MB):
 * 1. a body over 1 MB to it was answered `413 … 96 MB of memory`: its body thread could not
 *    compile the shape's check within its bound, an honest request refused for a false reason;
 * 2. the first call to it held every other client for 4-5 s (V8 compiling Ajv's 7 MB function on
 *    the thread that answers every client).
 * Through the command line's node:http server, with the threads the command line gives the mock.
 */
const CORE = new URL('../../src/lib/index.ts', import.meta.url);
const field = (i: number) => `f${i}: { type: string, required: false, max_length: ${i + 1}, pattern: "^[a-z]*$" }`;
const object = `{ type: object, required: true, fields: { ${Array.from({ length: 150 }, (_, i) => field(i)).join(', ')} } }`;
const shape = `{ type: object, fields: { ${Array.from({ length: 40 }, (_, j) => `o${j}: ${object}`).join(', ')} } }`;
/** A stated example of the shape (the mock makes no body of it: it answers that 501 for a reason of its own). */
const example = `{ ${Array.from({ length: 40 }, (_, j) => `o${j}: { f3: abcd }`).join(', ')} }`;
const spec = () =>
  writeSpec(
    new Map([
      ['purpose/_area.yaml', 'name: Big\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
      ['endpoints/ping.yaml', 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n'],
      ['endpoints/big.yaml', `title: Big\nmethod: POST\npath: /big\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json: { schema: ${shape} }\nresponses:\n  "200": { schema: ${shape}, example: ${example} }\n`],
    ]),
  );

/** A mock with the command line's threads behind its node:http server; `ended` resolves once the server has read a request's whole body (by method and path). */
async function server(checkThread?: ThreadBounds) {
  const mock = new Mock(analyze(await readSpecDir(await spec())), { bodyThread: CORE, ...(checkThread ? { checkThread } : {}) });
  const log: string[] = [];
  const s = mockServer(mock, (line) => log.push(line));
  const ends: Array<{ url: string; done: () => void }> = [];
  s.on('request', (req: IncomingMessage) =>
    req.on('end', () => {
      for (const w of ends.splice(0)) if (w.url === `${req.method ?? ''} ${req.url ?? ''}`) w.done();
      else ends.push(w);
    }),
  );
  const ended = (url: string) => new Promise<void>((done) => ends.push({ url, done }));
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const close = () => {
    mock.close();
    s.closeAllConnections();
    s.close();
  };
  return { origin, log, ended, close };
}

describe('a heavy shape (issue 35, f35e)', () => {
  it('answers a small call to another endpoint while the first call to the heavy one is being checked, not after', async () => {
    const { origin, ended, close } = await server();
    try {
      const order: string[] = [];
      const read = ended('POST /v1/big');
      const big = call(origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((a) => {
        order.push('big');
        return a;
      });
      // Once the server has the heavy call's whole body, its check is under way: the ping comes after.
      await read;
      const ping = await call(origin, '/v1/ping');
      order.push('ping');
      expect(ping.status).toBe(200);
      const answer = await big;
      expect(order).toEqual(['ping', 'big']);
      // Answered on its merits: the 40 objects are required.
      expect(answer.status).toBe(422);
      expect((answer.json as { detail: string }).detail).toContain('field `o0` of the request body: required, but missing (endpoints/big.yaml:');
    } finally {
      close();
    }
  }, 120_000);

  it('answers a body over 1 MB to it on its merits, not 413 for memory its shape took', async () => {
    const { origin, close } = await server();
    try {
      const objects = Object.fromEntries(Array.from({ length: 40 }, (_, j) => [`o${j}`, { f3: 'abcd' }]));
      // Fits the shape, padded with JSON's own white space past the 1 MB a body thread is for.
      const fits = `${JSON.stringify(objects)}${' '.repeat(1_100_000)}`;
      const ok = await call(origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body: fits });
      expect(ok.text).not.toContain('MB of memory');
      expect(ok.status).toBe(200);
      expect(ok.json).toEqual(objects);
      const broken = await call(origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `${JSON.stringify({ ...objects, o7: { f3: 'abcde' } })}${' '.repeat(1_100_000)}` });
      expect(broken.status).toBe(422);
      expect((broken.json as { detail: string }).detail).toContain('field `o7.f3` of the request body');
    } finally {
      close();
    }
  }, 120_000);

  it('where a bound must refuse, names the true one: the memory the check of its shape takes to compile, not the body', async () => {
    // A check thread bounded at 48 MB (the core loads in it; the shape's check takes some 140 MB to compile).
    const { origin, close } = await server({ heapMb: 48, recycleMb: 48 });
    try {
      const refused = await call(origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(413);
      expect(refused.json).toMatchObject({ title: 'The mock cannot check bodies of this shape', endpoint: 'big', limit: 48, unit: 'MB of memory to compile its shape' });
      expect((refused.json as { detail: string }).detail).toContain("whose shape's check takes 48 MB of memory at most to compile; this endpoint's took more, so the body was not checked (it is no fault of the body's)");
      // The thread is started again for the next call, and other endpoints are answered.
      expect((await call(origin, '/v1/ping')).status).toBe(200);
    } finally {
      close();
    }
  }, 120_000);
});

/**
 * 3. An optional field (`required: false`) with an open length, bound or list of allowed values
 * made its body a 501, while one with an open pattern, format or write_only was left out (its gap
 * named): every open facet of an optional field's values now leaves it out, named; a required
 * field's still leaves the body open.
 */
const optional = (facet: string) => `{ schema: { type: object, fields: { id: { type: integer, required: true, minimum: 1 }, note: { type: ${facet.startsWith('minimum') ? 'integer' : 'string'}, required: false, ${facet} } } } }`;
const facets = ['max_length: { open: How long? }', 'min_length: { open: How short? }', 'minimum: { open: From what? }', 'allowed: { open: Which values? }', 'pattern: { open: Which form? }'];
const facetSpec = new Map<string, string>([
  ['purpose/_area.yaml', 'name: Facets\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ...facets.map((facet, i) => [`endpoints/optional${i}.yaml`, `method: GET\npath: /optional${i}\nparameters: { none: None. }\nresponses:\n  "200": ${optional(facet)}\n`] as [string, string]),
  ['endpoints/required.yaml', 'method: GET\npath: /required\nparameters: { none: None. }\nresponses:\n  "200": { schema: { type: object, fields: { note: { type: string, required: true, max_length: { open: How long? } } } } }\n'],
]);

describe('an optional field whose values are open (issue 35, f35e)', () => {
  it('is left out of a made body, its gap named, whichever facet of its values is open', async () => {
    const served = await serve(await writeSpec(facetSpec));
    try {
      for (const [i, facet] of facets.entries()) {
        const answer = await call(served.origin, `/v1/optional${i}`);
        const key = facet.slice(0, facet.indexOf(':'));
        expect({ facet, status: answer.status, json: answer.json }).toEqual({ facet, status: 200, json: { id: 1 } });
        expect(answer.gaps).toContain(`endpoints/optional${i}/responses/200/schema/fields/note/${key}`);
      }
      // Required, it is in every body: what it holds is undecided, and the body is open.
      const required = await call(served.origin, '/v1/required');
      expect(required.status).toBe(501);
      expect((required.json as { gaps: Array<{ id: string }> }).gaps.map((g) => g.id)).toEqual(['endpoints/required/responses/200/schema/fields/note/max_length']);
    } finally {
      await served.close();
    }
  });
});

/**
 * 4. Memory after edits of other files: each edit made a new locator, and the next refused call
 * parsed the 0.9 MB endpoint file again for its lines (0.5 s of every client's time, and garbage
 * the process grew by). A file whose text is the same keeps what was parsed of it.
 */
describe('an edit of another file (issue 35, f35e)', () => {
  it('parses no unchanged file again for the lines of a refusal, and the lines stay right', async () => {
    const dir = await spec();
    const served = await serve(dir);
    try {
      const refuse = async () => {
        const answer = await call(served.origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...Object.fromEntries(Array.from({ length: 40 }, (_, j) => [`o${j}`, {}])), o0: { f0: 'ab' } }) });
        expect(answer.status).toBe(422);
        return (answer.json as { detail: string }).detail;
      };
      const before = await refuse();
      expect(before).toContain('field `o0.f0` of the request body: expected at most 1 character');
      expect(served.mock.parsedFiles()).toBe(1);
      await appendFile(join(dir, 'endpoints/ping.yaml'), '# an edit\n');
      served.mock.load(analyze(await readSpecDir(dir)));
      expect(await refuse()).toBe(before);
      expect(served.mock.parsedFiles()).toBe(0);
      // The file itself edited: parsed again, its lines as they now are.
      await appendFile(join(dir, 'endpoints/big.yaml'), '# an edit\n');
      served.mock.load(analyze(await readSpecDir(dir)));
      expect(await refuse()).toBe(before);
      expect(served.mock.parsedFiles()).toBe(1);
    } finally {
      await served.close();
    }
  }, 120_000);
});
