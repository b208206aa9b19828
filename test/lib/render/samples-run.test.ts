import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, type SampleRequest } from '../../../src/lib/render/samples.ts';
import { checkReceived, expected, fillIn, inputFiles } from './sample-check.ts';
import { checkSent, COMPILED } from './sample-compiled.ts';
import { startRecorder, type Recorder } from './sample-recorder.ts';
import { missingInterpreters, RUNNABLE, runSample, type Runnable } from './sample-runners.ts';

/**
 * The cases issue 30 found, each run under its real interpreter against a local server: the
 * sample must send exactly what the spec states and run nothing of it.
 */
let recorder: Recorder;
let runs = 0;

let missing: string[] = [];
beforeAll(async () => {
  missing = await missingInterpreters();
  recorder = await startRecorder();
});
afterAll(() => recorder?.close());

/** Each test fails, saying what to install, where an interpreter is missing: none is skipped. */
const needInterpreters = () => {
  if (missing.length > 0) throw new Error(`The code-sample tests run the samples under their interpreters; install what is missing:\n${missing.join('\n')}`);
};

/**
 * Runs a request's sample in one language and checks what arrived. The base address is the
 * recorder's, or what `base` makes of it; a placeholder for it is filled in with the recorder's,
 * as the sample's reader would. Returns the notes under the samples.
 */
async function send(lang: Runnable, request: Omit<SampleRequest, 'base'>, base = (recorderBase: string) => recorderBase, on = recorder): Promise<string[]> {
  needInterpreters();
  const id = `fixed${runs++}`;
  const full: SampleRequest = { ...request, base: base(on.base(id)) };
  const { samples, notes } = codeSamples(full);
  const written = samples.find((s) => s.label === lang)?.code;
  if (written === undefined) throw new Error(`no ${lang} sample`);
  const { code, want } = fillIn(written, on.base(id), full.base, expected(full));
  const { made } = await runSample(lang, code, inputFiles(full));
  expect(made, `${lang}: files the sample made (something in it ran)`).toEqual([]);
  const got = on.take(id);
  expect(got, `${lang}: requests received`).toHaveLength(1);
  checkReceived(lang, got[0] as (typeof got)[number], want);
  return notes;
}

const post = (body: SampleRequest['body']): Omit<SampleRequest, 'base'> => ({ method: 'POST', path: '/items', pathValues: {}, query: [], headers: [], body });

describe('code samples, run', () => {
  it('JavaScript: a multipart value that closes its quote, or only holds one, is sent as it is and runs nothing', async () => {
    for (const value of ["x'+(await import('node:fs')).writeFileSync('PWNED_js','')+'", "it's"]) await send('JavaScript', post({ mediaType: 'multipart/form-data', value: { a: value } }));
  });

  it.each(['hello;headers=@secret.txt', '<secret.txt', '@secret.txt', 'a;type=text/html', 'a;filename=evil.sh', 'x;type=text/html;filename=secret.txt'])('cURL: the multipart value %j is sent as it is, no local file read', async (value) => {
    await send('cURL', post({ mediaType: 'multipart/form-data', value: { a: value, b: 'plain' } }));
  });

  it('cURL: a text body that starts with @ is sent as it is, not read from a file', async () => {
    await send('cURL', post({ mediaType: 'text/plain', value: '@secret.txt' }));
  });

  it('Ruby: a text body holding U+2028 keeps `#{…}` inert', async () => {
    for (const value of ["a\u2028#{File.write('PWNED_rb', '')}", "#{File.write('PWNED_rb', '')}\u2029#@x #$0"]) await send('Ruby', post({ mediaType: 'text/plain', value }));
  });

  it('Python: a multipart body is sent as multipart/form-data, with no file as with one', async () => {
    await send('Python', post({ mediaType: 'multipart/form-data', value: { note: 'it\'s "quoted"', tags: ['a', 'b'] } }));
    await send('Python', post({ mediaType: 'multipart/form-data', value: { note: 'hi', attachment: 'x' }, files: ['attachment'] }));
  });

  it.each(RUNNABLE)('%s: a JSON body of null is sent as the text null (Python and PHP sent no body), as are the other scalars', async (lang) => {
    for (const value of [null, false, 0, 'null']) await send(lang, post({ mediaType: 'application/json', value }));
  });

  it.each(RUNNABLE)('%s: every number arrives exactly as the example writes it (PHP sent 12345678901234567000 as 1.2345678901234567e+19)', async (lang) => {
    const value = {
      n: 12345678901234567000,
      big: [2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 63 - 1024, 1e20, 123456789012345680000],
      small: [0.1, 1e-7, 5e-324, -0, 1.5],
      large: [1e21, 1.5e300, Number.MAX_VALUE],
      // `1e400` in YAML is infinite: JSON's null, as the page shows it.
      infinite: [Infinity, -Infinity],
    };
    await send(lang, post({ mediaType: 'application/json', value }));
    await send(lang, post({ mediaType: 'application/json', value: [12345678901234567000] }));
  });

  it.each(RUNNABLE)('%s: a file field named "-" sends its file, never standard input (curl read `--form -=@-` from stdin), nor does one named like an option, a file to read or a device', async (lang) => {
    const names = ['-', '-rf', '@secret.txt', '<secret.txt', '.hidden', 'con'];
    await send(lang, post({ mediaType: 'multipart/form-data', value: Object.fromEntries(names.map((n) => [n, 'x'])), files: names }));
  });

  it.each(['cURL', 'Python', 'Ruby', 'PHP'] as const)('%s: a file that is not there fails the sample, never sends an empty part (PHP’s fopen did)', async (lang) => {
    needInterpreters();
    const code = codeSamples({ ...post({ mediaType: 'multipart/form-data', value: { attachment: 'x' }, files: ['attachment'] }), base: recorder.base('missing') }).samples.find((s) => s.label === lang)?.code ?? '';
    await expect(runSample(lang, code, {})).rejects.toThrow(`the ${lang} sample failed`);
    expect(recorder.take('missing')).toEqual([]);
  });

  it.each(RUNNABLE)('%s: a base address with braces or brackets is requested once, as written (curl requested /x1, and {a,b} twice; Ruby refused it)', async (lang) => {
    // Braces alone (brackets made curl take the URL as written), then brackets, in the base and in the path.
    await send(lang, post({ mediaType: 'application/json', value: { a: 1 } }), (b) => `${b}/x{1}/{a,b}/`);
    await send(lang, { ...post({ mediaType: 'application/json', value: { a: 1 } }), path: '/items/[1]/{item}', pathValues: { item: 'a' } }, (b) => `${b}/v[1-2]/%zz`);
  });

  it.each(RUNNABLE)('%s: a base address with a user name and password is the placeholder {base_url}, noted (fetch threw, Ruby dropped them); so is one with a query', async (lang) => {
    for (const base of [(b: string) => b.replace('://', '://user:pa%24s@'), (b: string) => `${b}?key=1`]) {
      const notes = await send(lang, post({ mediaType: 'text/plain', value: 'x' }), base);
      expect(notes.filter((n) => n.startsWith('The base address is left as the placeholder {base_url}'))).toHaveLength(1);
    }
  });

  it.each(RUNNABLE)('%s: a base address on an IPv6 address is reached (Ruby connected to "[::1]")', async (lang) => {
    const six = await startRecorder('::1');
    try {
      await send(lang, post({ mediaType: 'text/plain', value: 'x' }), undefined, six);
    } finally {
      await six.close();
    }
  });

  /** Requests of every kind of body with a quote in every name and value. */
  const quoted = (() => {
    const headers = [{ name: "X-It's", value: 'say "hi" $(touch PWNED) #{x} {$x}' }];
    const value = { "it's": 'a "b" \\c $(touch PWNED)', 'tags[]': ['x', 'y'] };
    return [
      { ...post({ mediaType: 'application/json', value: { ...value, nested: [{ "k'": null }] } }), headers },
      { ...post({ mediaType: 'text/plain', value: "it's \"plain\" text\nline 2 \\ $HOME #{x}" }), headers },
      { ...post({ mediaType: 'application/x-www-form-urlencoded', value }), headers },
      { ...post({ mediaType: 'multipart/form-data', value: { ...value, "file'1": 'x' }, files: ["file'1"] }), headers },
    ];
  })();

  it.each(RUNNABLE)('%s: every kind of body, with a quote in every name and value', async (lang) => {
    for (const request of quoted) await send(lang, request);
  });

  it.each(COMPILED)('%s: every kind of body, with a quote in every name and value, read back from the literals', (lang) => {
    for (const request of quoted) {
      const full = { ...request, base: 'https://api.example.com/v1' };
      const code = codeSamples(full).samples.find((s) => s.label === lang)?.code ?? '';
      checkSent(lang, code, expected(full));
    }
  });
});
