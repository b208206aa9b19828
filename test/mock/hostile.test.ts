import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gapIdEntry } from '../../src/lib/index.ts';
import { call, gapsJson, rawHead, serve, type Served } from './harness.ts';
import { hostileSpec } from './specs.ts';

/** A header line as HTTP/1.1 allows it: a token, a colon, a value of printable ASCII. */
const HEADER_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+: [\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$|^[!#$%&'*+\-.^_`|~0-9A-Za-z]+: $/;

describe('hostile values in the spec never break a response or inject a header', () => {
  let dir: string;
  let served: Served;
  let gaps: Map<string, Record<string, unknown>>;
  beforeAll(async () => {
    dir = await hostileSpec();
    served = await serve(dir);
    gaps = await gapsJson(dir);
  });
  afterAll(() => served.close());

  it('writes header values from examples as printable ASCII, line breaks and all else encoded, and sends no header the spec may not name', async () => {
    const head = await rawHead(served.origin, 'GET /weird HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(head[0]).toBe('HTTP/1.1 200 OK');
    for (const line of head.slice(1)) expect(line).toMatch(HEADER_LINE);
    const names = head.slice(1).map((l) => l.slice(0, l.indexOf(':')).toLowerCase());
    expect(names).not.toContain('injected');
    expect(names).not.toContain('injected2');
    expect(names).not.toContain('x-huge');
    expect(names.filter((n) => n === 'content-length')).toHaveLength(1);
    expect(names.filter((n) => n === 'specbench-gaps')).toHaveLength(1);
    const value = (name: string) => head.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `))?.slice(name.length + 2);
    expect(value('X-Evil')).toBe('a%0D%0AInjected:%20yes');
    expect(value('X-Lf')).toBe('a%0AInjected2:%20yes');
    expect(value('X-Script')).toBe("<script>alert('x')</script>");
    expect(value('X-Quote')).toBe(`"quoted" and 'single', too`);
    expect(decodeURIComponent(value('X-Unicode') ?? '')).toBe('café \u2028 \u202e');
  });

  it('serves a huge stated example whole', async () => {
    const answer = await call(served.origin, '/weird');
    expect(answer.status).toBe(200);
    expect((answer.json as { big: string }).big).toHaveLength(1_000_000);
  });

  it('encodes gap ids that hold commas, quotes, `%` and non-ASCII letters, and decodes back to the ids `gaps` lists', async () => {
    const answer = await call(served.origin, '/weird');
    const id = 'resources/Weird/fields/a, b"<c>%é/format';
    expect(gaps.has(id)).toBe(true);
    expect(answer.headers.get('specbench-gaps')).toBe(gapIdEntry(id));
    expect(gapIdEntry(id)).toBe('resources/Weird/fields/a%2C%20b%22%3Cc%3E%25%C3%A9/format');
    expect(answer.gaps).toEqual([id]);
  });

  it('cuts a long list of gaps at whole ids and says how many there are, keeping the head small', async () => {
    const head = await rawHead(served.origin, 'GET /many HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(head.join('\r\n').length).toBeLessThan(16 * 1024);
    const answer = await call(served.origin, '/many');
    const all = [...gaps.keys()].filter((g) => g.startsWith('resources/Many/'));
    expect(all).toHaveLength(600);
    expect(answer.headers.get('specbench-gaps-count')).toBe('600');
    expect(answer.gaps.length).toBeGreaterThan(100);
    expect(answer.gaps.length).toBeLessThan(600);
    expect(answer.gaps).toEqual(all.slice(0, answer.gaps.length));
  });
});
