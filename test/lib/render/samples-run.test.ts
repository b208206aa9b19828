import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, type SampleRequest } from '../../../src/lib/render/samples.ts';
import { checkReceived, expected, inputFiles } from './sample-check.ts';
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

/** Runs a request's sample in one language and checks what arrived; returns what the run left behind. */
async function send(lang: Runnable, request: Omit<SampleRequest, 'base'>): Promise<void> {
  needInterpreters();
  const id = `fixed${runs++}`;
  const full: SampleRequest = { ...request, base: recorder.base(id) };
  const code = codeSamples(full).samples.find((s) => s.label === lang)?.code;
  if (code === undefined) throw new Error(`no ${lang} sample`);
  const { made } = await runSample(lang, code, inputFiles(full));
  expect(made, `${lang}: files the sample made (something in it ran)`).toEqual([]);
  const got = recorder.take(id);
  expect(got, `${lang}: requests received`).toHaveLength(1);
  checkReceived(lang, got[0] as (typeof got)[number], expected(full));
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
