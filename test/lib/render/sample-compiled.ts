import { LITERAL, readCsharp, readGo, readJava, type Read } from './sample-literals.ts';
import { expect } from 'vitest';
import { exactJson, fileContent, type Expected } from './sample-check.ts';
import { multipartParts, pathSegments, queryPairs, type ReceivedPart } from './sample-recorder.ts';

/**
 * What a Go, Java or C# sample sends, read from its code without running it: its literals read
 * as the compiler reads them, each line of its skeleton (the code with every literal written
 * `§`) one of the shapes the samples are made of, and the literals on each line taken for what
 * the line does with them. A value that left its literal fails here, as a line of no known
 * shape or a literal that does not close.
 */
export type Sent = {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: { kind: 'text'; text: string } | { kind: 'form'; fields: Array<[string, string]> } | { kind: 'multipart'; parts: ReceivedPart[] };
};

export const COMPILED = ['Go', 'Java', 'C#'] as const;
export type Compiled = (typeof COMPILED)[number];

/** A line's shape (a regular expression over the skeleton's line) and what it does with its literals and the shape's groups. */
type Shape = [RegExp, (sent: Sent, s: string[], m: RegExpExecArray) => void];

const none = () => undefined;
const parts = (sent: Sent): ReceivedPart[] => {
  if (sent.body?.kind !== 'multipart') sent.body = { kind: 'multipart', parts: [] };
  return sent.body.parts;
};
const fields = (sent: Sent): Array<[string, string]> => {
  if (sent.body?.kind !== 'form') sent.body = { kind: 'form', fields: [] };
  return sent.body.fields;
};
const at = (s: string[], i: number): string => {
  const v = s[i];
  if (v === undefined) throw new Error(`no literal ${i} on the line`);
  return v;
};

const GO: Shape[] = [
  [/^(package main|import \(|\)|func main\(\) \{|\}|)$/, none],
  [/^\t§$/, none],
  [/^\trequestUrl := §$/, (t, s) => void (t.url = at(s, 0))],
  [/^\tpayload := strings\.NewReader\(§\)$/, (t, s) => void (t.body = { kind: 'text', text: at(s, 0) })],
  [/^\t(form := url\.Values\{\}|payload := strings\.NewReader\(form\.Encode\(\)\))$/, (t) => void fields(t)],
  [/^\tform\.Add\(§, §\)$/, (t, s) => void fields(t).push([at(s, 0), at(s, 1)])],
  [/^\t(payload := &bytes\.Buffer\{\}|writer := multipart\.NewWriter\(payload\)|io\.Copy\(part, file\)|file\.Close\(\)|writer\.Close\(\))$/, (t) => void parts(t)],
  [/^\twriter\.WriteField\(§, §\)$/, (t, s) => void parts(t).push({ name: at(s, 0), value: at(s, 1) })],
  [/^\tpart, _ :?= writer\.CreateFormFile\(§, §\)$/, (t, s) => void parts(t).push({ name: at(s, 0), filename: at(s, 1), content: fileContent(at(s, 1)) })],
  [
    /^\tfile, _ :?= os\.Open\(§\)$/,
    (t, s) => {
      const last = parts(t).at(-1);
      if (!last || !('filename' in last) || last.filename !== at(s, 0)) throw new Error(`Go opens ${at(s, 0)}, not the file its part names`);
    },
  ],
  [/^\treq, _ := http\.NewRequest\(§, requestUrl, (payload|nil)\)$/, (t, s) => void (t.method = at(s, 0))],
  [/^\treq\.Header\.Set\(§, writer\.FormDataContentType\(\)\)$/, (_t, s) => void expectEqual(at(s, 0), 'Content-Type')],
  [/^\treq\.Header\.Add\(§, §\)$/, (t, s) => void t.headers.push([at(s, 0), at(s, 1)])],
  [/^\t(res, _ := http\.DefaultClient\.Do\(req\)|defer res\.Body\.Close\(\)|body, _ := io\.ReadAll\(res\.Body\)|fmt\.Println\(res\)|fmt\.Println\(string\(body\)\))$/, none],
];

/** Java's multipart body, piece by piece, read back as bytes. */
const javaPieces = new WeakMap<Sent, Buffer[]>();
const JAVA: Shape[] = [
  [/^(java\.io\.ByteArrayOutputStream body = new java\.io\.ByteArrayOutputStream\(\);|)$/, none],
  [/^body\.write\(§\.getBytes\(java\.nio\.charset\.StandardCharsets\.UTF_8\)\);$/, (t, s) => void javaPieces.set(t, [...(javaPieces.get(t) ?? []), Buffer.from(at(s, 0), 'utf8')])],
  [/^body\.write\(java\.nio\.file\.Files\.readAllBytes\(java\.nio\.file\.Path\.of\(§\)\)\);$/, (t, s) => void javaPieces.set(t, [...(javaPieces.get(t) ?? []), Buffer.from(fileContent(at(s, 0)), 'utf8')])],
  [/^(HttpClient client = HttpClient\.newHttpClient\(\);|HttpRequest request = HttpRequest\.newBuilder\(\)|  \.build\(\);)$/, none],
  [/^  \.uri\(java\.net\.URI\.create\(§\)\)$/, (t, s) => void (t.url = at(s, 0))],
  [/^  \.header\(§, §\)$/, (t, s) => void t.headers.push([at(s, 0), at(s, 1)])],
  [/^  \.method\(§, HttpRequest\.BodyPublishers\.noBody\(\)\)$/, (t, s) => void (t.method = at(s, 0))],
  [
    /^  \.method\(§, HttpRequest\.BodyPublishers\.ofString\(§\)\)$/,
    (t, s) => {
      t.method = at(s, 0);
      t.body = { kind: 'text', text: at(s, 1) };
    },
  ],
  [
    /^  \.method\(§, HttpRequest\.BodyPublishers\.ofByteArray\(body\.toByteArray\(\)\)\)$/,
    (t, s) => {
      t.method = at(s, 0);
      const type = t.headers.find(([n]) => n === 'Content-Type')?.[1] ?? '';
      t.headers = t.headers.filter(([n]) => n !== 'Content-Type');
      t.body = { kind: 'multipart', parts: multipartParts({ method: t.method, target: '', headers: { 'content-type': [type] }, body: Buffer.concat(javaPieces.get(t) ?? []) }) };
    },
  ],
  [/^(HttpResponse<String> response = client\.send\(request, HttpResponse\.BodyHandlers\.ofString\(\)\);|System\.out\.println\(response\.body\(\)\);)$/, none],
];

const CSHARP: Shape[] = [
  [/^var client = new RestClient\(§\);$/, (t, s) => void (t.url = at(s, 0))],
  [
    /^var request = new RestRequest\(§, Method\.([A-Z][a-z]+)\);$/,
    (t, s, m) => {
      expectEqual(at(s, 0), '');
      t.method = (m[1] ?? '').toUpperCase();
    },
  ],
  [/^request\.AddHeader\(§, §\);$/, (t, s) => void t.headers.push([at(s, 0), at(s, 1)])],
  [/^request\.AddStringBody\(§, §\);$/, (t, s) => void (t.body = { kind: 'text', text: at(s, 0) })],
  [/^request\.AlwaysMultipartFormData = true;$/, (t) => void parts(t)],
  [/^request\.AddParameter\(§, §\);$/, (t, s) => void (t.body?.kind === 'multipart' ? parts(t).push({ name: at(s, 0), value: at(s, 1) }) : fields(t).push([at(s, 0), at(s, 1)]))],
  [/^request\.AddFile\(§, §\);$/, (t, s) => void parts(t).push({ name: at(s, 0), filename: at(s, 1), content: fileContent(at(s, 1)) })],
  [/^var response = await client\.ExecuteAsync\(request\);$/, none],
];

function expectEqual(got: string, want: string): void {
  if (got !== want) throw new Error(`expected the literal ${JSON.stringify(want)}, read ${JSON.stringify(got)}`);
}

const LANGS: Record<Compiled, { read: (code: string) => Read; shapes: Shape[] }> = { Go: { read: readGo, shapes: GO }, Java: { read: readJava, shapes: JAVA }, 'C#': { read: readCsharp, shapes: CSHARP } };

/** What a Go, Java or C# sample sends, read from its code; a line of no known shape fails. */
export function readSent(lang: Compiled, code: string): Sent {
  const { read, shapes } = LANGS[lang];
  const { skeleton, literals } = read(code);
  const sent: Sent = { method: '', url: '', headers: [] };
  let next = 0;
  for (const line of skeleton.split('\n')) {
    const count = line.split(LITERAL).length - 1;
    const mine = literals.slice(next, next + count);
    next += count;
    const shape = shapes.find(([re]) => re.test(line));
    if (!shape) throw new Error(`${lang}: a line of no known shape: ${JSON.stringify(line)}\n--- sample ---\n${code}`);
    shape[1](sent, mine, shape[0].exec(line) as RegExpExecArray);
  }
  return sent;
}

/** That what a Go, Java or C# sample sends, read from its code, is what the request states. */
export function checkSent(lang: Compiled, code: string, want: Expected): void {
  const sent = readSent(lang, code);
  const where = `${lang} sample, read`;
  expect(sent.method, `${where}: method`).toBe(want.method);
  expect(sent.url.startsWith(`${want.base.written}/`), `${where}: the base address ${want.base.written} starts ${sent.url}`).toBe(true);
  const origin = /^https?:\/\/[^/]+/.exec(sent.url)?.[0] ?? '';
  const target = { method: '', target: sent.url.slice(origin.length), headers: {}, body: Buffer.alloc(0) };
  expect(pathSegments(target), `${where}: path`).toEqual([...want.base.segments, ...want.path]);
  expect(queryPairs(target), `${where}: query`).toEqual(want.query);
  expect(sent.headers, `${where}: headers`).toEqual(want.headers);
  const body = want.body;
  if (!body) expect(sent.body, `${where}: no body`).toBeUndefined();
  else if (body.kind === 'json') expect(sent.body?.kind === 'text' ? exactJson(sent.body.text) : sent.body, `${where}: JSON body`).toEqual(exactJson(body.text));
  else if (body.kind === 'text') expect(sent.body, `${where}: text body`).toEqual(body);
  else if (body.kind === 'form') expect(sent.body?.kind === 'text' ? [...new URLSearchParams(sent.body.text)] : sent.body?.kind === 'form' ? sent.body.fields : sent.body, `${where}: form fields`).toEqual(body.fields);
  else expect(sent.body, `${where}: parts`).toEqual(body);
}
