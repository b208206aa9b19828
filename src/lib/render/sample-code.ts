import { commentText, csString, goString, hasLoneSurrogate, javaString, jsKey, jsonText, jsString, phpString, pyString, rubyString, shellString, shellWord } from './sample-quote.ts';

/**
 * The code of one request in eight languages. The request comes already decided by the samples'
 * wrapper (`samples.ts`): a URL that needs no quoting beyond a string's, headers of HTTP names
 * and printable values, a body of one kind. Every name and value is written here through its
 * language's string writer (`sample-quote.ts`), so that a sample sends exactly what it shows and
 * runs nothing of it: the tests run the cURL, JavaScript, Python, Ruby and PHP samples of
 * hostile values against a local server, and read back the literals of the others.
 */

/** A part of a multipart body: a field's value, or a file read from the path named `file` (a plain name). */
export type Part = { name: string; value: string } | { name: string; file: string };

/** A request body: JSON data, text sent as it is, a URL-encoded form, or multipart form data. */
export type CallBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'form'; fields: ReadonlyArray<readonly [string, string]> }
  | { kind: 'multipart'; parts: readonly Part[] };

/**
 * A request as the samples send it; a body's Content-Type is among the headers, but a multipart
 * one's (the client sets it, with its boundary). `comments`: what the sample must say above its
 * code (what its made body leaves out), each a comment line (`commentText`).
 */
export type Call = { method: string; url: string; headers: ReadonlyArray<readonly [string, string]>; body?: CallBody; comments?: readonly string[] };

/** A sample, or why its language cannot send the request. */
export type Written = { code: string } | { reason: string };

/** How a language writes JSON data as its own values. */
type Style = { string: (s: string) => string; key: (k: string) => string; sep: string; nil: string; yes: string; no: string; map: readonly [string, string]; unit: string };
const JS_STYLE: Style = { string: jsString, key: jsKey, sep: ': ', nil: 'null', yes: 'true', no: 'false', map: ['{', '}'], unit: '  ' };
const PY_STYLE: Style = { string: pyString, key: pyString, sep: ': ', nil: 'None', yes: 'True', no: 'False', map: ['{', '}'], unit: '    ' };
const PHP_STYLE: Style = { string: phpString, key: phpString, sep: ' => ', nil: 'null', yes: 'true', no: 'false', map: ['[', ']'], unit: '  ' };

/** JSON data as a language's literal: lists of scalars on one line, objects one entry a line. */
function structure(value: unknown, style: Style, indent = ''): string {
  if (value === null || value === undefined) return style.nil;
  if (typeof value === 'boolean') return value ? style.yes : style.no;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return style.string(value);
  const inner = indent + style.unit;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return `[${value.map((v) => structure(v, style)).join(', ')}]`;
    return `[\n${value.map((v) => inner + structure(v, style, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return style.map.join('');
  return `${style.map[0]}\n${entries.map(([k, v]) => `${inner}${style.key(k)}${style.sep}${structure(v, style, inner)}`).join(',\n')}\n${indent}${style.map[1]}`;
}

/** Fields as a map with a list for a repeated name (the order kept), and whether any name repeats. */
function grouped(fields: ReadonlyArray<readonly [string, string]>): { map: Record<string, string | string[]>; repeats: boolean } {
  const map: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  let repeats = false;
  for (const [name, value] of fields) {
    const had = map[name];
    if (had === undefined) map[name] = value;
    else {
      repeats = true;
      map[name] = Array.isArray(had) ? [...had, value] : [had, value];
    }
  }
  return { map, repeats };
}

/** The header a body's type is sent under. */
const contentType = (call: Call) => call.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];

/** A multipart boundary that none of the body's text holds. */
function boundaryOf(parts: readonly Part[]): string {
  const text = parts.map((p) => `${p.name}\n${'value' in p ? p.value : p.file}`).join('\n');
  let boundary = 'specbench-boundary';
  while (text.includes(boundary)) boundary += '-';
  return boundary;
}

/** A multipart body's text pieces and files in order, as a client writes them. */
function multipartPieces(parts: readonly Part[], boundary: string): Array<{ text: string } | { file: string }> {
  const pieces: Array<{ text: string } | { file: string }> = [];
  for (const part of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('file' in part) pieces.push({ text: `${head}; filename="${part.file}"\r\nContent-Type: application/octet-stream\r\n\r\n` }, { file: part.file }, { text: '\r\n' });
    else pieces.push({ text: `${head}\r\n\r\n${part.value}\r\n` });
  }
  pieces.push({ text: `--${boundary}--\r\n` });
  return pieces;
}

/** A form's fields URL-encoded, as a browser sends them. */
const urlEncoded = (fields: ReadonlyArray<readonly [string, string]>) => new URLSearchParams(fields.map(([n, v]) => [n, v])).toString();

function curl(call: Call): Written {
  const args = [`curl ${shellWord(call.url)}`];
  // curl reads `[]` and `{}` anywhere in a URL as ranges and sets (`{a,b}` is two requests): the URL is taken as written, placeholders too.
  if (/[[\]{}]/.test(call.url)) args.push('--globoff');
  if (call.method === 'HEAD') args.push('--head');
  else if (call.method !== 'GET') args.push(`--request ${call.method}`);
  for (const [name, value] of call.headers) args.push(`--header ${shellString(`${name}: ${value}`)}`);
  const body = call.body;
  if (body?.kind === 'json') args.push(`--data ${shellString(jsonText(body.value))}`);
  // `--data` reads a value that starts with `@` as a file's name; `--data-raw` never does.
  else if (body?.kind === 'text') args.push(`${body.text.startsWith('@') ? '--data-raw' : '--data'} ${shellString(body.text)}`);
  else if (body?.kind === 'form') for (const [name, value] of body.fields) args.push(`--data-urlencode ${shellString(`${encodeURIComponent(name)}=${value}`)}`);
  // `--form` reads `@`, `<` and `;type=` in a value; `--form-string` takes the value as it is.
  else if (body?.kind === 'multipart') for (const part of body.parts) args.push('file' in part ? `--form ${shellString(`${part.name}=@${part.file}`)}` : `--form-string ${shellString(`${part.name}=${part.value}`)}`);
  return { code: args.join(' \\\n  ') };
}

function javascript(call: Call): Written {
  if (call.method === 'TRACE') return { reason: 'fetch refuses TRACE requests' };
  const options: string[] = [];
  if (call.method !== 'GET') options.push(`method: ${jsString(call.method)}`);
  if (call.headers.length > 0) options.push(`headers: {\n${call.headers.map(([n, v]) => `    ${jsKey(n)}: ${jsString(v)}`).join(',\n')}\n  }`);
  let prefix = '';
  const body = call.body;
  if (body?.kind === 'json') options.push(`body: JSON.stringify(${structure(body.value, JS_STYLE, '  ')})`);
  else if (body?.kind === 'text') options.push(`body: ${jsString(body.text)}`);
  else if (body?.kind === 'form') {
    const { map, repeats } = grouped(body.fields);
    const fields = repeats ? `[${body.fields.map(([n, v]) => `[${jsString(n)}, ${jsString(v)}]`).join(', ')}]` : structure(map, JS_STYLE, '  ');
    options.push(`body: new URLSearchParams(${fields})`);
  } else if (body?.kind === 'multipart') {
    const appends = body.parts.map((p) => ('file' in p ? `formData.append(${jsString(p.name)}, new Blob([]), ${jsString(p.file)})` : `formData.append(${jsString(p.name)}, ${jsString(p.value)})`));
    prefix = `const formData = new FormData()\n${appends.join('\n')}\n\n`;
    options.push('body: formData');
  }
  return { code: `${prefix}fetch(${jsString(call.url)}${options.length > 0 ? `, {\n  ${options.join(',\n  ')}\n}` : ''})` };
}

function python(call: Call): Written {
  const plain = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(call.method);
  const args = plain ? [pyString(call.url)] : [pyString(call.method), pyString(call.url)];
  const indent = '    ';
  if (call.headers.length > 0) args.push(`headers=${structure(Object.fromEntries(call.headers), PY_STYLE, indent)}`);
  const body = call.body;
  // `json=None` sends no body at all: JSON's `null` goes as its text.
  if (body?.kind === 'json') args.push(body.value === null ? `data=${pyString('null')}` : `json=${structure(body.value, PY_STYLE, indent)}`);
  // Bytes, not a str, which Python's HTTP client would send as Latin-1.
  else if (body?.kind === 'text') args.push(`data=${pyString(body.text)}.encode()`);
  else if (body?.kind === 'form') args.push(`data=${structure(grouped(body.fields).map, PY_STYLE, indent)}`);
  // `files=` sends multipart/form-data: a field as `(None, value)`, a file as an open file.
  else if (body?.kind === 'multipart') args.push(`files=[\n${body.parts.map((p) => `${indent}${indent}(${pyString(p.name)}, ${'file' in p ? `open(${pyString(p.file)}, "rb")` : `(None, ${pyString(p.value)})`})`).join(',\n')}\n${indent}]`);
  const call_ = plain ? `requests.${call.method.toLowerCase()}` : 'requests.request';
  return { code: `import requests\n\nresponse = ${call_}(\n${args.map((a) => indent + a).join(',\n')}\n)\n\nprint(response.text)` };
}

function go(call: Call): Written {
  const imports = new Set(['fmt', 'io', 'net/http']);
  const setup: string[] = [];
  let payload = 'nil';
  const body = call.body;
  if (body?.kind === 'json' || body?.kind === 'text') {
    imports.add('strings');
    const text = body.kind === 'json' ? jsonText(body.value) : body.text;
    // A raw string shows JSON as it is; it cannot hold a backquote (and drops carriage returns, which JSON text has none of).
    setup.push(`payload := strings.NewReader(${body.kind === 'json' && !text.includes('`') ? `\`${text}\`` : goString(text)})`);
    payload = 'payload';
  } else if (body?.kind === 'form') {
    imports.add('net/url').add('strings');
    setup.push('form := url.Values{}', ...body.fields.map(([n, v]) => `form.Add(${goString(n)}, ${goString(v)})`), 'payload := strings.NewReader(form.Encode())');
    payload = 'payload';
  } else if (body?.kind === 'multipart') {
    imports.add('bytes').add('mime/multipart');
    setup.push('payload := &bytes.Buffer{}', 'writer := multipart.NewWriter(payload)');
    let opened = false;
    for (const p of body.parts) {
      if ('value' in p) setup.push(`writer.WriteField(${goString(p.name)}, ${goString(p.value)})`);
      else {
        imports.add('os');
        const op = opened ? '=' : ':=';
        setup.push(`part, _ ${op} writer.CreateFormFile(${goString(p.name)}, ${goString(p.file)})`, `file, _ ${op} os.Open(${goString(p.file)})`, 'io.Copy(part, file)', 'file.Close()');
        opened = true;
      }
    }
    setup.push('writer.Close()');
    payload = 'payload';
  }
  const headers = call.headers.map(([n, v]) => `req.Header.Add(${goString(n)}, ${goString(v)})`);
  if (body?.kind === 'multipart') headers.unshift('req.Header.Set("Content-Type", writer.FormDataContentType())');
  const lines = [
    'package main',
    '',
    'import (',
    ...[...imports].sort().map((i) => `\t${goString(i)}`),
    ')',
    '',
    'func main() {',
    `\trequestUrl := ${goString(call.url)}`,
    '',
    ...(setup.length > 0 ? [...setup.map((l) => `\t${l}`), ''] : []),
    `\treq, _ := http.NewRequest(${goString(call.method)}, requestUrl, ${payload})`,
    '',
    ...(headers.length > 0 ? [...headers.map((l) => `\t${l}`), ''] : []),
    '\tres, _ := http.DefaultClient.Do(req)',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '',
    '\tfmt.Println(res)',
    '\tfmt.Println(string(body))',
    '}',
  ];
  return { code: lines.join('\n') };
}

function java(call: Call): Written {
  const body = call.body;
  const before: string[] = [];
  const headers = [...call.headers];
  let publisher = 'HttpRequest.BodyPublishers.noBody()';
  if (body?.kind === 'json' || body?.kind === 'text' || body?.kind === 'form') {
    const text = body.kind === 'json' ? jsonText(body.value) : body.kind === 'text' ? body.text : urlEncoded(body.fields);
    publisher = `HttpRequest.BodyPublishers.ofString(${javaString(text)})`;
  } else if (body?.kind === 'multipart') {
    // Java has no multipart writer: the body is written part by part, the files read from disk.
    const boundary = boundaryOf(body.parts);
    before.push('java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();');
    for (const piece of multipartPieces(body.parts, boundary)) {
      before.push('file' in piece ? `body.write(java.nio.file.Files.readAllBytes(java.nio.file.Path.of(${javaString(piece.file)})));` : `body.write(${javaString(piece.text)}.getBytes(java.nio.charset.StandardCharsets.UTF_8));`);
    }
    before.push('');
    headers.push(['Content-Type', `multipart/form-data; boundary=${boundary}`]);
    publisher = 'HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())';
  }
  const lines = [
    ...before,
    'HttpClient client = HttpClient.newHttpClient();',
    'HttpRequest request = HttpRequest.newBuilder()',
    `  .uri(java.net.URI.create(${javaString(call.url)}))`,
    ...headers.map(([n, v]) => `  .header(${javaString(n)}, ${javaString(v)})`),
    `  .method(${javaString(call.method)}, ${publisher})`,
    '  .build();',
    '',
    'HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.body());',
  ];
  return { code: lines.join('\n') };
}

/** A C# raw string literal, its quotes one more than the longest run of quotes in the text: JSON shown as it is. */
function csRaw(text: string): string {
  const longest = Math.max(0, ...(text.match(/"+/g) ?? []).map((run) => run.length));
  const quotes = '"'.repeat(Math.max(3, longest + 1));
  return `${quotes}\n${text}\n${quotes}`;
}

function csharp(call: Call): Written {
  // RestSharp's methods: its Method enum has no TRACE.
  if (call.method === 'TRACE') return { reason: 'RestSharp sends no TRACE requests' };
  const method = `Method.${call.method.charAt(0)}${call.method.slice(1).toLowerCase()}`;
  const lines = [`var client = new RestClient(${csString(call.url)});`, `var request = new RestRequest("", ${method});`];
  for (const [n, v] of call.headers) lines.push(`request.AddHeader(${csString(n)}, ${csString(v)});`);
  const body = call.body;
  const type = csString(contentType(call) ?? 'text/plain');
  if (body?.kind === 'json') lines.push(`request.AddStringBody(${csRaw(jsonText(body.value))}, ${type});`);
  else if (body?.kind === 'text') lines.push(`request.AddStringBody(${csString(body.text)}, ${type});`);
  else if (body?.kind === 'form') for (const [n, v] of body.fields) lines.push(`request.AddParameter(${csString(n)}, ${csString(v)});`);
  else if (body?.kind === 'multipart') {
    lines.push('request.AlwaysMultipartFormData = true;');
    for (const p of body.parts) lines.push('file' in p ? `request.AddFile(${csString(p.name)}, ${csString(p.file)});` : `request.AddParameter(${csString(p.name)}, ${csString(p.value)});`);
  }
  lines.push('var response = await client.ExecuteAsync(request);');
  return { code: lines.join('\n') };
}

function ruby(call: Call): Written {
  // `hostname`, not `host`: an IPv6 address without its brackets, which net/http cannot connect to.
  const lines = ["require 'uri'", "require 'net/http'", '', `url = URI(${rubyString(call.url)})`, '', 'http = Net::HTTP.new(url.hostname, url.port)'];
  if (/^https:/i.test(call.url)) lines.push('http.use_ssl = true');
  lines.push('', `request = Net::HTTP::${call.method.charAt(0)}${call.method.slice(1).toLowerCase()}.new(url)`);
  for (const [n, v] of call.headers) lines.push(`request[${rubyString(n)}] = ${rubyString(v)}`);
  const body = call.body;
  // A quoted heredoc takes its text as written: no escapes, no `#{…}`; no line of JSON text reads `JSON`.
  if (body?.kind === 'json') lines.push("request.body = <<~'JSON'", jsonText(body.value), 'JSON');
  else if (body?.kind === 'text') lines.push(`request.body = ${rubyString(body.text)}`);
  else if (body?.kind === 'form') lines.push(`request.set_form([\n${body.fields.map(([n, v]) => `  [${rubyString(n)}, ${rubyString(v)}]`).join(',\n')}\n], "application/x-www-form-urlencoded")`);
  else if (body?.kind === 'multipart') lines.push(`request.set_form([\n${body.parts.map((p) => `  [${rubyString(p.name)}, ${'file' in p ? `File.open(${rubyString(p.file)})` : rubyString(p.value)}]`).join(',\n')}\n], "multipart/form-data")`);
  lines.push('', 'response = http.request(request)', 'puts response.read_body');
  return { code: lines.join('\n') };
}

/** PHP's largest integer; an integer literal past it is a float, which `json_encode` writes `1.2345678901234567e+19`. */
const PHP_INT_MAX = 2n ** 63n - 1n;

/**
 * Whether JSON data reads back the same through a PHP array and `json_encode`: not where it is
 * `null` as a whole (Guzzle sends no body for `'json' => null`), an object is empty (it becomes
 * `[]`), has a key that is an integer (PHP makes it one, and an object of keys 0, 1… a list),
 * holds text that is not Unicode or an integer past PHP's (which becomes a float).
 */
const phpArrayable = (value: unknown): boolean => value !== null && phpHolds(value);
function phpHolds(value: unknown): boolean {
  if (typeof value === 'string') return !hasLoneSurrogate(value);
  // A number is written as JavaScript writes it: digits alone are a PHP integer literal, anything else a float's, which PHP writes back as the same number.
  if (typeof value === 'number') {
    const text = String(value);
    return !/^-?\d+$/.test(text) || (BigInt(text) <= PHP_INT_MAX && BigInt(text) >= -PHP_INT_MAX);
  }
  if (Array.isArray(value)) return value.every(phpHolds);
  if (value === null || typeof value !== 'object') return true;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([k, v]) => !/^(0|-?[1-9]\d*)$/.test(k) && !hasLoneSurrogate(k) && phpHolds(v));
}

function php(call: Call): Written {
  const options: string[] = [];
  if (call.headers.length > 0) options.push(`'headers' => ${structure(Object.fromEntries(call.headers), PHP_STYLE, '  ')}`);
  const body = call.body;
  if (body?.kind === 'json') options.push(phpArrayable(body.value) ? `'json' => ${structure(body.value, PHP_STYLE, '  ')}` : `'body' => ${phpString(jsonText(body.value))}`);
  else if (body?.kind === 'text') options.push(`'body' => ${phpString(body.text)}`);
  else if (body?.kind === 'form') {
    // Guzzle writes a list in `form_params` as `name[0]=…`: a repeated name goes in the body as it is sent.
    const { map, repeats } = grouped(body.fields);
    options.push(repeats ? `'body' => ${phpString(urlEncoded(body.fields))}` : `'form_params' => ${structure(map, PHP_STYLE, '  ')}`);
  } else if (body?.kind === 'multipart') {
    // `tryFopen` throws where the file is missing; `fopen` would give false, which Guzzle sends as an empty part.
    const parts = body.parts.map((p) => `    [\n      'name' => ${phpString(p.name)},\n      'contents' => ${'file' in p ? `GuzzleHttp\\Psr7\\Utils::tryFopen(${phpString(p.file)}, 'r')` : phpString(p.value)}\n    ]`);
    options.push(`'multipart' => [\n${parts.join(',\n')}\n  ]`);
  }
  const request = `$client->request(${phpString(call.method)}, ${phpString(call.url)}${options.length > 0 ? `, [\n  ${options.join(',\n  ')}\n]` : ''})`;
  return { code: `<?php\n\nrequire 'vendor/autoload.php';\n\n$client = new GuzzleHttp\\Client();\n\n$response = ${request};\n\necho $response->getBody();` };
}

/** A writer whose code opens with the call's comments, each a line that starts with `mark` (in PHP, after its opening tag). */
function commented(write: (call: Call) => Written, mark: '#' | '//'): (call: Call) => Written {
  return (call) => {
    const written = write(call);
    if ('reason' in written || !call.comments || call.comments.length === 0) return written;
    const lines = call.comments.map((c) => `${mark} ${commentText(c)}`).join('\n');
    const open = '<?php\n\n';
    return { code: written.code.startsWith(open) ? `${open}${lines}\n\n${written.code.slice(open.length)}` : `${lines}\n${written.code}` };
  };
}

/** The languages, in tab order: each tab's label (the same on every page), the highlighting language, and its writer. */
export const WRITERS: ReadonlyArray<{ label: string; lang: string; write: (call: Call) => Written }> = [
  { label: 'cURL', lang: 'sh', write: commented(curl, '#') },
  { label: 'JavaScript', lang: 'js', write: commented(javascript, '//') },
  { label: 'Python', lang: 'python', write: commented(python, '#') },
  { label: 'Go', lang: 'go', write: commented(go, '//') },
  { label: 'Java', lang: 'java', write: commented(java, '//') },
  { label: 'C#', lang: 'csharp', write: commented(csharp, '//') },
  { label: 'Ruby', lang: 'ruby', write: commented(ruby, '#') },
  { label: 'PHP', lang: 'php', write: commented(php, '//') },
];
