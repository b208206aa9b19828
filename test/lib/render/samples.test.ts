import { describe, expect, it } from 'vitest';
import { codeSamples, SAMPLE_LANGUAGES, type SampleRequest } from '../../../src/lib/render/samples.ts';
import { curlOption, HOSTILE, runCurl, runFetch } from './run-sample.ts';

const sample = (request: SampleRequest, label: string) => {
  const made = codeSamples(request).samples.find((s) => s.label === label);
  if (!made) throw new Error(`no ${label} sample`);
  return made.code;
};

const base: SampleRequest = { method: 'POST', base: 'https://api.example.com/v1', path: '/orders/{order_id}', pathValues: {}, query: [], headers: [{ name: 'Authorization', value: 'Bearer <token>' }] };

describe('code samples', () => {
  it('are made in eight languages, in a fixed order of tabs', () => {
    expect(codeSamples(base).samples.map((s) => [s.label, s.lang])).toEqual([
      ['cURL', 'sh'],
      ['JavaScript', 'js'],
      ['Python', 'python'],
      ['Go', 'go'],
      ['Java', 'java'],
      ['C#', 'csharp'],
      ['Ruby', 'ruby'],
      ['PHP', 'php'],
    ]);
    expect(SAMPLE_LANGUAGES).toHaveLength(8);
  });

  it('keep every placeholder as written, in every language: the base address, a path parameter, a query value, a credential', () => {
    const request: SampleRequest = { ...base, base: '{base_url}', query: [{ name: 'reason' }] };
    const { samples, notes } = codeSamples(request);
    for (const s of samples) {
      for (const placeholder of ['{base_url}', '{order_id}', '{reason}', '<token>']) expect(s.code, `${s.label}: ${placeholder}`).toContain(placeholder);
      expect(s.code, s.label).not.toMatch(/%7B|%3C/i);
    }
    expect(notes).toEqual(['Fill in {order_id} in the URL: the spec states no example of this path parameter.', "Put the service's base address in place of {base_url}: the spec does not state it yet."]);
  });

  it('send a stated body exactly, in curl and in JavaScript, however hostile its text: nothing in it runs', async () => {
    const value = { note: HOSTILE, [HOSTILE]: [1, true, null] };
    const request: SampleRequest = { ...base, pathValues: { order_id: '6f1c2b1e' }, body: { mediaType: 'application/json', value } };
    const curl = await runCurl(sample(request, 'cURL'));
    expect(curl.ran).toBe(false);
    expect(curl.args[0]).toBe('https://api.example.com/v1/orders/6f1c2b1e');
    expect(JSON.parse(curlOption(curl.args, '--data')[0] ?? 'null')).toEqual(value);
    expect(curlOption(curl.args, '--header')).toEqual(['Authorization: Bearer <token>', 'Content-Type: application/json']);
    const js = await runFetch(sample(request, 'JavaScript'));
    expect(js.ran).toBe(false);
    expect([js.url, js.method, js.headers]).toEqual(['https://api.example.com/v1/orders/6f1c2b1e', 'POST', { Authorization: 'Bearer <token>', 'Content-Type': 'application/json' }]);
    expect(JSON.parse(js.body ?? 'null')).toEqual(value);
  });

  it.each([
    ['text/plain', HOSTILE],
    ['application/xml', { note: HOSTILE }],
  ])('send a %s body exactly, in curl and in JavaScript', async (mediaType, value) => {
    const request: SampleRequest = { ...base, pathValues: { order_id: 'a' }, body: { mediaType, value, name: 'Order' } };
    const expected = mediaType === 'text/plain' ? HOSTILE : `<Order>\n  <note>${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')}</note>\n</Order>`;
    const curl = await runCurl(sample(request, 'cURL'));
    expect([curl.ran, curlOption(curl.args, '--data')]).toEqual([false, [expected]]);
    const js = await runFetch(sample(request, 'JavaScript'));
    expect([js.ran, js.body]).toEqual([false, expected]);
  });

  it('send a form’s fields exactly; multipart values as strings curl reads nothing in (`--form-string`), files as files', async () => {
    const form: SampleRequest = { ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'application/x-www-form-urlencoded', value: { note: HOSTILE, tags: ['a', 'b'] } } };
    const curl = await runCurl(sample(form, 'cURL'));
    expect([curl.ran, curlOption(curl.args, '--data-urlencode')]).toEqual([false, [`note=${HOSTILE}`, 'tags=a', 'tags=b']]);
    const js = await runFetch(sample(form, 'JavaScript'));
    expect(js.ran).toBe(false);
    expect([...new URLSearchParams(js.body)]).toEqual([['note', HOSTILE], ['tags', 'a'], ['tags', 'b']]);
    const multipart: SampleRequest = { ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'multipart/form-data', value: { note: HOSTILE, path: '@/etc/passwd', type: 'a;type=text/html', attachment: 'string' }, files: ['attachment'] } };
    const made = codeSamples(multipart);
    expect(made.notes).toEqual([]);
    const parts = await runCurl(sample(multipart, 'cURL'));
    expect(parts.ran).toBe(false);
    expect(curlOption(parts.args, '--form-string')).toEqual([`note=${HOSTILE}`, 'path=@/etc/passwd', 'type=a;type=text/html']);
    expect(curlOption(parts.args, '--form')).toEqual(['attachment=@attachment']);
    // The client sets a multipart body's type, with its boundary.
    expect(curlOption(parts.args, '--header')).toEqual(['Authorization: Bearer <token>']);
    const fetched = await runFetch(sample(multipart, 'JavaScript'));
    expect([fetched.ran, JSON.parse(fetched.body ?? 'null')]).toEqual([false, [['note', HOSTILE], ['path', '@/etc/passwd'], ['type', 'a;type=text/html'], ['attachment', 'file:attachment']]]);
  });

  it('leave out a form field whose name no sample can carry, a value with NUL as a placeholder, and a file under a plain name', () => {
    const { samples, notes } = codeSamples({ ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'multipart/form-data', value: { 'a"b': 'x', 'c=d': 'x', nul: 'a\u0000b', '../up': 'x', ok: 'y', '-': 'x', '-rf': 'x', '@x': 'x', 'NUL.txt': 'x' }, files: ['../up', '-', '-rf', '@x', 'NUL.txt'] } });
    expect(notes).toEqual([
      'The form field "a\\"b" is left out: its name holds characters a code sample does not show as they are.',
      'The form field "c=d" is left out: its name holds characters a code sample does not show as they are.',
      'The form field "nul" is left as a placeholder: its stated value holds a NUL or an unpaired surrogate, which not every language\'s strings carry.',
    ]);
    // A file's name is plain and starts with a letter, digit or `_`: never `-` (curl's standard input), an option, `@`, a hidden file or a Windows device.
    expect(samples.find((s) => s.label === 'cURL')?.code).toContain("--form-string 'nul={nul}' \\\n  --form '../up=@_._up' \\\n  --form-string 'ok=y' \\\n  --form '-=@_' \\\n  --form '-rf=@_rf' \\\n  --form '@x=@_x' \\\n  --form 'NUL.txt=@_NUL.txt'");
  });

  it('show no hostile path or query value, nor a hostile name: placeholders and notes instead; a header value of printable ASCII as it is', async () => {
    const request: SampleRequest = {
      ...base,
      base: "https://api.example.com/it's$(touch pwned)",
      path: "/orders/'$(touch pwned)'/{order_id}",
      pathValues: { order_id: HOSTILE },
      query: [{ name: 'reason', value: HOSTILE }, { name: `q'$(touch pwned)`, value: 'a' }, { name: 'limit', value: 20 }],
      headers: [{ name: 'X-Note', value: HOSTILE }, { name: 'If-Match', value: `W/"it's" $(touch pwned) \`touch pwned\` #{x}` }, { name: 'X Bad', value: 'a' }],
    };
    const { samples, notes } = codeSamples(request);
    expect(notes).toEqual([
      'The path parameter {order_id} is left as a placeholder: its stated value holds characters a code sample does not show as they are.',
      'The query parameter reason is left as a placeholder: its stated value holds characters a code sample does not show as they are.',
      `The query parameter "q'$(touch pwned)" is left out: its name holds characters a code sample does not show as they are.`,
      'The header X-Note is left as a placeholder: its stated value is not printable ASCII text, which not every HTTP client sends as it is.',
      'The header "X Bad" is left out: its name is not one every HTTP client sends as it is.',
    ]);
    expect(samples).toHaveLength(8);
    const curl = await runCurl(sample(request, 'cURL'));
    expect(curl.ran).toBe(false);
    expect(curl.args[0]).toBe('https://api.example.com/it%27s%24%28touch%20pwned%29/orders/%27%24%28touch%20pwned%29%27/{order_id}?reason={reason}&limit=20');
    expect(curlOption(curl.args, '--header')).toEqual(['X-Note: {X-Note}', `If-Match: W/"it's" $(touch pwned) \`touch pwned\` #{x}`]);
    const js = await runFetch(sample(request, 'JavaScript'));
    expect([js.ran, js.url, js.headers['If-Match']]).toEqual([false, curl.args[0], `W/"it's" $(touch pwned) \`touch pwned\` #{x}`]);
  });

  it('write Ruby’s JSON body in a quoted heredoc that runs nothing, and every `#` in its strings escaped', () => {
    const json = sample({ ...base, body: { mediaType: 'application/json', value: { note: '#{x}' } } }, 'Ruby');
    expect(json).toContain("request.body = <<~'JSON'\n{\n  \"note\": \"#{x}\"\n}\nJSON\n");
    const text = sample({ ...base, body: { mediaType: 'text/plain', value: '#{x} #@y #$z #ok\u2028#{y}' } }, 'Ruby');
    expect(text).toContain('request.body = "\\#{x} \\#@y \\#$z \\#ok\\u2028\\#{y}"');
  });

  it('write every character a reader cannot see as an escape, in every language (a line break in a shell word as it is)', () => {
    const value = 'a\u2028b\u202ec\u200bd\u0007e\u0085f\tg';
    for (const body of [{ mediaType: 'text/plain', value }, { mediaType: 'application/json', value: { [value]: value } }, { mediaType: 'multipart/form-data', value: { v: value } }]) {
      const { samples } = codeSamples({ ...base, headers: [], body });
      expect(samples).toHaveLength(8);
      for (const s of samples) {
        expect(s.code, `${s.label} ${body.mediaType}`).not.toMatch(/[\u2028\u202e\u200b\u0007\u0085]/);
        expect(s.code, `${s.label} ${body.mediaType}`).not.toContain('f\tg');
      }
    }
  });

  it('send JSON data in PHP as an array, and as its text where a PHP array would change it (an empty object, an integer key)', () => {
    const array = sample({ ...base, body: { mediaType: 'application/json', value: { [HOSTILE]: 1, plain: HOSTILE } } }, 'PHP');
    expect(array).toContain("'json' => [");
    for (const value of [{ a: {} }, { '0': 'x' }, { a: [{ '12': 1 }] }]) {
      const php = sample({ ...base, body: { mediaType: 'application/json', value } }, 'PHP');
      // The body is one single-quoted PHP string: read back as PHP reads it (`\'` and `\\` are its only escapes), it is the JSON.
      const literal = /'body' => '((?:[^'\\]|\\.)*)'/.exec(php)?.[1];
      expect(JSON.parse((literal ?? '').replace(/\\(['\\])/g, '$1')), JSON.stringify(value)).toEqual(value);
    }
  });

  it.each([
    ['https://user:secret@api.example.com/v1', 'it holds a user name or password, which not every HTTP client sends from a URL'],
    ['https://api.example.com/v1?version=2', 'it holds a query or a fragment, which the path would follow'],
    ['https://api.example.com/v1#top', 'it holds a query or a fragment, which the path would follow'],
    ['https://{region}.example.com', 'its host is not a plain name or address, which every HTTP client reads alike'],
    ['https://bücher.example/v1', 'its host is not a plain name or address, which every HTTP client reads alike'],
    ['https://api.example.com/v1/../v2', 'its path holds a `.` or `..` segment, which some HTTP clients resolve and others send as it is'],
    ['https://api.example.com/%2e%2E/v2', 'its path holds a `.` or `..` segment, which some HTTP clients resolve and others send as it is'],
  ])('show the base address %s as the placeholder {base_url}, noted, in every language', (stated, why) => {
    const { samples, notes } = codeSamples({ ...base, base: stated, pathValues: { order_id: 'a' } });
    expect(notes).toEqual([`The base address is left as the placeholder {base_url}: ${why}.`]);
    expect(samples).toHaveLength(8);
    const host = /^https:\/\/([^/?#]*)/.exec(stated)?.[1] ?? '';
    for (const s of samples) {
      expect(s.code, s.label).toContain('{base_url}/orders/a');
      expect(s.code, s.label).not.toContain(host);
    }
  });

  it('write a stated base address’s braces and brackets encoded, and give curl --globoff wherever a URL holds one (a placeholder too), never otherwise', () => {
    const stated = codeSamples({ ...base, base: 'http://[::1]:8080/x{1}/v[2]/a%zz%41', pathValues: { order_id: 'a' } });
    expect(stated.notes).toEqual([]);
    for (const s of stated.samples) expect(s.code, s.label).toContain('http://[::1]:8080/x%7B1%7D/v%5B2%5D/a%25zz%41/orders/a');
    expect(sample({ ...base, base: 'http://[::1]:8080/x{1}', pathValues: { order_id: 'a' } }, 'cURL')).toContain(' \\\n  --globoff');
    // A stated base's braces are encoded: nothing left for curl to read.
    expect(sample({ ...base, base: 'https://api.example.com/x{1}', pathValues: { order_id: 'a' } }, 'cURL')).toBe("curl https://api.example.com/x%7B1%7D/orders/a \\\n  --request POST \\\n  --header 'Authorization: Bearer <token>'");
    expect(sample({ ...base, base: 'https://api.example.com' }, 'cURL')).toContain("{order_id}' \\\n  --globoff");
    expect(sample({ ...base, base: 'https://api.example.com', pathValues: { order_id: 'a' } }, 'cURL')).not.toContain('--globoff');
  });

  it('show a path value `.` or `..`, which clients resolve, as a placeholder, noted', () => {
    for (const order_id of ['.', '..']) {
      const { samples, notes } = codeSamples({ ...base, pathValues: { order_id } });
      expect(notes).toEqual(['The path parameter {order_id} is left as a placeholder: its stated value holds characters a code sample does not show as they are.']);
      for (const s of samples) expect(s.code, s.label).toContain('/orders/{order_id}');
    }
  });

  it('send JSON’s null for an infinite number and say so; send null itself as the text null in Python and PHP', () => {
    const { samples, notes } = codeSamples({ ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'application/json', value: { big: Infinity, fine: 1 } } });
    expect(notes).toEqual(['The request body sends null for each number that is infinite or not a number: JSON has no such number (the example shows null too).']);
    expect(samples.find((s) => s.label === 'cURL')?.code).toContain(`--data '{\n  "big": null,\n  "fine": 1\n}'`);
    const nothing = codeSamples({ ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'application/json', value: null } });
    expect(nothing.samples.find((s) => s.label === 'Python')?.code).toContain('    data="null"\n');
    expect(nothing.samples.find((s) => s.label === 'PHP')?.code).toContain("  'body' => 'null'\n");
  });

  it('send a JSON integer past PHP’s as JSON text in PHP, and one within as a PHP integer', () => {
    expect(sample({ ...base, body: { mediaType: 'application/json', value: { n: 12345678901234567000 } } }, 'PHP')).toContain(`'body' => '{\n  "n": 12345678901234567000\n}'`);
    expect(sample({ ...base, body: { mediaType: 'application/json', value: { n: -(2 ** 63) } } }, 'PHP')).toContain(`'body' => '{\n  "n": -9223372036854776000\n}'`);
    // 2^63 - 1024 is written 9223372036854775000, just within PHP's integers.
    expect(sample({ ...base, body: { mediaType: 'application/json', value: { n: 2 ** 63 - 1024, f: 1e21 } } }, 'PHP')).toContain("'json' => [\n    'n' => 9223372036854775000,\n    'f' => 1e+21\n  ]");
  });

  it('leave out what a language cannot send, and say so: TRACE in fetch and RestSharp, a body on GET', () => {
    const trace = codeSamples({ ...base, method: 'TRACE' });
    expect(trace.samples.map((s) => s.label)).toEqual(['cURL', 'Python', 'Go', 'Java', 'Ruby', 'PHP']);
    expect(trace.notes).toEqual(['Fill in {order_id} in the URL: the spec states no example of this path parameter.', 'No JavaScript sample: fetch refuses TRACE requests.', 'No C# sample: RestSharp sends no TRACE requests.']);
    const get = codeSamples({ ...base, method: 'GET', body: { mediaType: 'application/json', value: { a: 1 } } });
    expect(get.notes).toContain('The request body is left out: a GET request has no body.');
    // Every language sends XML and a `+json` type.
    expect(codeSamples({ ...base, body: { mediaType: 'application/xml', value: { a: 1 } } }).samples).toHaveLength(8);
    expect(codeSamples({ ...base, body: { mediaType: 'application/problem+json', value: { a: 1 } } }).samples).toHaveLength(8);
  });
});
