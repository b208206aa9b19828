import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, type SampleRequest } from '../../../src/lib/render/samples.ts';
import { checkReceived, expected, fillBase, fillIn, inputFiles } from './sample-check.ts';
import { checkSent, COMPILED } from './sample-compiled.ts';
import { startRecorder, type Recorder } from './sample-recorder.ts';
import { limiter, missingInterpreters, RUNNABLE, runSample } from './sample-runners.ts';

/**
 * Hostile strings in every place a request's value can go (the base address, a path value, a query
 * name and value, a header name and value, a JSON body's keys and values, a text body, a form's and
 * a multipart body's names and values, the fields sent as files), numbers no language holds alike
 * (past 2^53 and PHP's integers, `0.1`, `-0`, infinite), JSON bodies of `null` and other scalars,
 * file fields named `-` or `@…`, base addresses with braces, brackets, a user name and password, a
 * query or a `..`; their samples run under bash and the real
 * curl, Node, python3, Ruby and PHP against a local server: each must send exactly the stated
 * value (or the placeholder the contract allows) and run nothing. The Go, Java and C# samples are
 * read back through their literals. Each kind of body is its own property (four side by side):
 * one request with every fragment in every place, one with the edges (`EDGES`), then six
 * generated ones, each in five languages, three samples running at a time.
 */

/** Pieces that break out of a string in one language or another, make a tool read a file, or end a line or a heredoc. */
const FRAGMENTS = [
  "'", '"', '\\', '`', '$', '#', '{', '}', '%', '@', '<', '>', ';', '=', '&', '+', '?', '/', ' ', '\t', '\n', '\r', '\r\n', '\0', '\x1b', '\x7f', '\u0085', '\u2028', '\u2029', '\u202e', '\ufeff', '\u200b',
  '$(touch PWNED)', '`touch PWNED`', '${HOME}', "${system('touch PWNED')}", "{${system('touch PWNED')}}", "#{File.write('PWNED', '')}", '#@x', '#$0',
  "'+(await import('node:fs')).writeFileSync('PWNED','')+'", '"+__import__("os").system("touch PWNED")+"', "'.system('touch PWNED').'", '");os.system("touch PWNED");("',
  '@secret.txt', '<secret.txt', ';type=text/html', ';filename=x.sh', ';headers=@secret.txt', '?>', '<?php', '*/', '/*', '//', '--', '--specbench-boundary', '\\u0022', '\\x41', '\\n', '%00', '%41', '%7B', 'JSON', '\nJSON\n', '"""', "'''",
  'é', '日本', '😀', '\ud800', '\udc00', '0', '12', 'a', 'B',
];
const hostile = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2 }) }), { maxLength: 5 })
  .map((pieces) => pieces.join(''));
/** A header's name: mostly HTTP's token characters (quotes and `$` among them), sometimes one HTTP forbids. */
const headerName = fc.array(fc.constantFrom("'", '`', '$', '#', '%', '&', '*', '+', '.', '^', '_', '|', '~', '!', 'a', 'Z', '9', '-', ' ', ':', '"', '(', 'é', '\n'), { minLength: 1, maxLength: 6 }).map((c) => `X-${c.join('')}`);
/** A header's value: mostly printable ASCII that quotes, interpolates or reads a file, sometimes what HTTP clients do not send as it is. */
const headerValue = fc
  .array(fc.constantFrom("'", '"', '\\', '`', '$(touch PWNED)', '#{x}', '${x}', '{$x}', '%', '<', '>', ';', ' ', 'a', '?>', '*/', '@secret.txt', '\t', 'é', '\n'), { minLength: 1, maxLength: 6 })
  .map((c) => c.join(''));
/** Numbers some language does not hold as JavaScript writes them: past 2^53, past PHP's integers (either sign), fractions, the smallest and largest doubles, `-0`, infinite ones (JSON's `null`). */
const EDGE_NUMBERS = [12345678901234567000, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 63 - 1024, 1e20, 1e21, 1.5e300, 0.1, 1e-7, -0, 5e-324, Number.MAX_VALUE, Infinity, -Infinity, Number.NaN];
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...EDGE_NUMBERS), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number));
const scalar = fc.oneof(hostile, number, fc.boolean(), fc.constant(null));
const jsonValue = fc.oneof(scalar, fc.array(hostile, { maxLength: 2 }), fc.array(number, { maxLength: 3 }), fc.constant({}), fc.dictionary(hostile, scalar, { maxKeys: 2 }), fc.array(fc.dictionary(hostile, hostile, { maxKeys: 2 }), { maxLength: 2 }));
/** A value a tool could read as more than text: a file's name first (`@`, `<`), a part's type or file name after `;`. */
const readable = fc.oneof(
  fc.tuple(fc.constantFrom('@secret.txt', '<secret.txt', '@', '<', '@-'), hostile).map(([a, b]) => a + b),
  fc.tuple(hostile, fc.constantFrom(';type=text/html', ';filename=x.sh', ';headers=@secret.txt', ';encoder=base64', ';headers="X-A: b"'), hostile).map(([a, b, c]) => a + b + c),
);
const formText = fc.oneof(hostile, readable);
/** Names a file field's local file could be taken for something else by: standard input (`-`), an option, a file to read (`@`, `<`), a hidden file, a Windows device. */
const FILE_LIKE = ['-', '--', '-rf', '-@-', '@-', '@secret.txt', '<secret.txt', '.', '..', '.hidden', 'con', 'NUL.txt', 'lpt1'];
/** A form field's name: mostly one a multipart part can carry (no quote, backslash, control, `%` or `=`), sometimes any. */
const fieldName = fc.oneof(
  { weight: 3, arbitrary: hostile.filter((n) => /^[^\u0000-\u001f\u007f"\\%=]+$/.test(n)) },
  { weight: 1, arbitrary: fc.constantFrom(...FILE_LIKE) },
  { weight: 1, arbitrary: hostile },
);
const formValue = fc.oneof({ weight: 3, arbitrary: formText }, { weight: 1, arbitrary: fc.array(formText, { minLength: 1, maxLength: 3 }) });

/** Bodies of each kind, each its own property, so that every kind is tried as often; a JSON body is an object, or any JSON value (`null` too). */
const BODIES = {
  json: fc.oneof({ weight: 3, arbitrary: fc.dictionary(hostile, jsonValue, { maxKeys: 4 }) }, { weight: 1, arbitrary: jsonValue }).map((value: unknown) => ({ mediaType: 'application/json', value })),
  text: formText.map((value) => ({ mediaType: 'text/plain', value })),
  form: fc.dictionary(fieldName, formValue, { maxKeys: 4 }).map((value) => ({ mediaType: 'application/x-www-form-urlencoded', value })),
  multipart: fc
    .dictionary(fieldName, formValue, { minKeys: 1, maxKeys: 4 })
    .chain((value) => fc.subarray(Object.keys(value)).map((files) => ({ mediaType: 'multipart/form-data', value, files }))),
};

/** Every fragment at once, in every place that carries it (the runs above try them a few at a time): an example each property tries first. */
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CARRIED = FRAGMENTS.filter((f) => !f.includes('\0') && !LONE.test(f)).join('');
const PART_SAFE = FRAGMENTS.filter((f) => /^[^\u0000-\u001f\u007f"\\%=]+$/.test(f) && !LONE.test(f)).join('');
const PRINTABLE = FRAGMENTS.filter((f) => /^[\x20-\x7e]+$/.test(f)).join('');
const EVERYTHING: Record<keyof typeof BODIES, { mediaType: string; value: unknown; files?: string[] }> = {
  json: { mediaType: 'application/json', value: { [CARRIED]: CARRIED, [PART_SAFE]: [CARRIED, 1.5, true, null], empty: {}, '0': { [FRAGMENTS.join('')]: FRAGMENTS.join('') }, numbers: EDGE_NUMBERS } },
  text: { mediaType: 'text/plain', value: CARRIED },
  form: { mediaType: 'application/x-www-form-urlencoded', value: { [CARRIED]: CARRIED, [PART_SAFE]: [CARRIED, '@secret.txt'] } },
  multipart: { mediaType: 'multipart/form-data', value: { [PART_SAFE]: [CARRIED, '@secret.txt;type=text/html'], [`file ${PART_SAFE}`]: 'x', ...Object.fromEntries(FILE_LIKE.map((n) => [n, 'x'])) }, files: [`file ${PART_SAFE}`, ...FILE_LIKE] },
};
const everything = (kind: keyof typeof BODIES): Shape => ({
  method: 'POST',
  base: { user: '', path: `/${BASE_PIECES.filter((p) => !/^(\.|\.\.|%2e)$/.test(p)).join('')}`, tail: '' },
  item: CARRIED,
  queryName: 'filter[id]',
  queryValue: CARRIED,
  headerName: "X-'`$#%&*+.^_|~!",
  headerValue: `${PRINTABLE} end`,
  anyHeader: CARRIED,
  body: EVERYTHING[kind] as Shape['body'],
});

/**
 * What follows the recorder's address in a base address: curl's sets and ranges (`{a,b}` is two
 * requests), what Ruby's URI refuses, escapes and lone `%`, dot segments (`%2e` too); now and then
 * a user name and password, a query or a fragment, which make the base a placeholder.
 */
const BASE_PIECES = ['/', 'x', '{', '}', '[', ']', '{a,b}', '[1-2]', '{1}', '<', '>', '|', '^', '`', '\\', '"', "'", ' ', '\t', '\n', '%', '%41', '%C3%A9', '%zz', '%2e', '.', '..', ';', ',', '=', '&', '@', ':', 'é', '😀', '$(touch PWNED)', '${HOME}'];
const baseSuffix = fc.record({
  user: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('user:pass@', 'user@', ':@', "u'$(touch PWNED):p%40@") }),
  // A `/` first, so that the recorder's id stays a segment of its own.
  path: fc.array(fc.constantFrom(...BASE_PIECES), { maxLength: 6 }).map((pieces) => `/${pieces.join('')}`),
  tail: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('?k=v', '#frag', '?', '#') }),
});

/** The edges each property tries second: a base address with a user name and password, a JSON body of null, a text body `0`, a file field `-`. */
const EDGES: Record<keyof typeof BODIES, { mediaType: string; value: unknown; files?: string[] }> = {
  json: { mediaType: 'application/json', value: null },
  text: { mediaType: 'text/plain', value: '0' },
  form: { mediaType: 'application/x-www-form-urlencoded', value: { '-': '-', '@-': '@-' } },
  multipart: { mediaType: 'multipart/form-data', value: { '-': 'x' }, files: ['-'] },
};
const edges = (kind: keyof typeof BODIES): Shape => ({ ...everything(kind), base: { user: 'user:pass@', path: '/{a,b}', tail: '' }, item: '..', body: EDGES[kind] as Shape['body'] });

/** A request with a hostile value in every place and a body of one kind; the base address is the recorder's, given per run, and what `base` adds to it. */
const request = (body: (typeof BODIES)[keyof typeof BODIES]) =>
  fc.record({
    method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('POST', 'PUT', 'PATCH') }, { weight: 2, arbitrary: fc.constantFrom('GET', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE') }),
    base: fc.oneof({ weight: 1, arbitrary: fc.constant({ user: '', path: '', tail: '' }) }, { weight: 1, arbitrary: baseSuffix }),
    item: hostile,
    queryName: fc.oneof(hostile, fc.constantFrom('filter[id]', 'page.size', 'q')),
    queryValue: hostile,
    headerName,
    headerValue,
    anyHeader: hostile,
    body,
  });
type Shape = ReturnType<typeof request> extends fc.Arbitrary<infer T> ? T : never;

/** The base address stated: the recorder's (`http://127.0.0.1:port/id`) with the shape's user name, path and tail. */
const statedBase = (shape: Shape, base: string) => `${base.replace('://', `://${shape.base.user}`)}${shape.base.path}${shape.base.tail}`;

const sampleRequest = (shape: Shape, base: string): SampleRequest => ({
  method: shape.method,
  base: statedBase(shape, base),
  path: '/items/{item}',
  pathValues: { item: shape.item },
  query: [
    { name: shape.queryName, value: shape.queryValue },
    { name: 'plain', value: 'v1' },
  ],
  headers: [
    { name: shape.headerName, value: shape.headerValue },
    { name: 'X-Any', value: shape.anyHeader },
  ],
  body: shape.body,
});

let recorder: Recorder;
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

describe('code samples of hostile values', () => {
  it('send every value as stated (or as a placeholder the contract allows) and run none of it, in every language', { timeout: 300_000 }, async () => {
    needInterpreters();
    const slot = limiter(3);
    let runs = 0;
    const property = (kind: keyof typeof BODIES) =>
      fc.asyncProperty(request(BODIES[kind]), async (shape) => {
        const read = sampleRequest(shape, 'http://127.0.0.1:1/read');
        const made = codeSamples(read);
        for (const lang of COMPILED) {
          const code = made.samples.find((s) => s.label === lang)?.code;
          if (code === undefined) expect(made.notes.some((n) => n.startsWith(`No ${lang} sample`)), `${lang}: no sample and no note`).toBe(true);
          else {
            const filled = fillBase(code, 'http://127.0.0.1:1/read', read.base, expected(read));
            checkSent(lang, filled.code, filled.want);
          }
        }
        await Promise.all(
          RUNNABLE.map((lang) =>
            slot(async () => {
              const id = `p${runs++}`;
              const full = sampleRequest(shape, recorder.base(id));
              const { samples, notes } = codeSamples(full);
              const code = samples.find((s) => s.label === lang)?.code;
              if (code === undefined) {
                expect(notes.some((n) => n.startsWith(`No ${lang} sample`)), `${lang}: no sample and no note`).toBe(true);
                return;
              }
              const filled = fillIn(code, recorder.base(id), full.base, expected(full));
              const { made: left } = await runSample(lang, filled.code, inputFiles(full));
              expect(left, `${lang}: files the sample made (something in it ran)`).toEqual([]);
              const got = recorder.take(id);
              expect(got, `${lang}: requests received`).toHaveLength(1);
              checkReceived(lang, got[0] as (typeof got)[number], filled.want);
            }),
          ),
        );
      });
    // The four kinds of body side by side keep the three slots busy while one waits on a slow interpreter; fixed seeds, so that a run is repeated as it was.
    await Promise.all((['json', 'text', 'form', 'multipart'] as const).map((kind, i) => fc.assert(property(kind), { numRuns: 6, seed: 3001 + i, examples: [[everything(kind)], [edges(kind)]] })));
  });
});
