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
    expect(notes).toEqual(['Fill in {order_id} in the URL: the spec states no example of this path parameter.']);
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

  it('send a form’s fields exactly; a multipart value curl would read as a file becomes a placeholder', async () => {
    const form: SampleRequest = { ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'application/x-www-form-urlencoded', value: { note: HOSTILE, tags: ['a', 'b'] } } };
    const curl = await runCurl(sample(form, 'cURL'));
    expect([curl.ran, curlOption(curl.args, '--data-urlencode')]).toEqual([false, [`note=${HOSTILE}`, 'tags=a', 'tags=b']]);
    const js = await runFetch(sample(form, 'JavaScript'));
    expect(js.ran).toBe(false);
    expect(new URLSearchParams(js.body).getAll('note')).toEqual([HOSTILE]);
    const multipart: SampleRequest = { ...base, pathValues: { order_id: 'a' }, body: { mediaType: 'multipart/form-data', value: { note: HOSTILE, path: '@/etc/passwd', attachment: 'string' }, files: ['attachment'] } };
    const made = codeSamples(multipart);
    expect(made.notes).toEqual(['The form field path is left as a placeholder: curl would read its stated value as a file name.']);
    const parts = await runCurl(sample(multipart, 'cURL'));
    expect(parts.ran).toBe(false);
    expect(curlOption(parts.args, '--form')).toEqual([`note=${HOSTILE}`, 'path={path}', 'attachment=@attachment']);
    // The client sets a multipart body's type, with its boundary.
    expect(curlOption(parts.args, '--header')).toEqual(['Authorization: Bearer <token>']);
  });

  it('show no hostile path, query or header value, nor a hostile name: placeholders and notes instead', async () => {
    const request: SampleRequest = {
      ...base,
      base: "https://api.example.com/it's$(touch pwned)",
      path: "/orders/'$(touch pwned)'/{order_id}",
      pathValues: { order_id: HOSTILE },
      query: [{ name: 'reason', value: HOSTILE }, { name: `q'$(touch pwned)`, value: 'a' }, { name: 'limit', value: 20 }],
      headers: [{ name: 'X-Note', value: HOSTILE }, { name: 'X-Ok', value: 'plain value' }],
    };
    const { samples, notes } = codeSamples(request);
    expect(notes).toEqual([
      'The path parameter {order_id} is left as a placeholder: its stated value holds characters a code sample does not show as they are.',
      `The query parameter "q'$(touch pwned)" is left out: its name holds characters a code sample does not show as they are.`,
      'The query parameter reason is left as a placeholder: its stated value holds characters a code sample does not show as they are.',
      'The header X-Note is left as a placeholder: its stated value holds characters a code sample does not show as they are.',
    ]);
    // No language shows a hostile value as it is (some write a URL's `'` and `$` back, which their strings take as text).
    for (const s of samples) expect(s.code, s.label).not.toMatch(/touch pwned|"dq"|`touch/);
    const curl = await runCurl(sample(request, 'cURL'));
    expect(curl.ran).toBe(false);
    expect(curl.args[0]).toBe('https://api.example.com/it%27s%24%28touch%20pwned%29/orders/%27%24%28touch%20pwned%29%27/{order_id}?reason={reason}&limit=20');
    expect(curlOption(curl.args, '--header')).toEqual(['X-Note: {X-Note}', 'X-Ok: plain value']);
    const js = await runFetch(sample(request, 'JavaScript'));
    expect([js.ran, js.url]).toEqual([false, curl.args[0]]);
  });

  it('write Ruby’s JSON body in a heredoc that runs nothing, and escape `#{` in its strings', () => {
    const json = sample({ ...base, body: { mediaType: 'application/json', value: { note: '#{x}' } } }, 'Ruby');
    expect(json).toContain("request.body = <<~'JSON'\n");
    const text = sample({ ...base, body: { mediaType: 'text/plain', value: '#{x} #@y #$z #ok' } }, 'Ruby');
    expect(text).toContain('request.body = "\\#{x} \\#@y \\#$z #ok"');
  });

  it('send a JSON body whose field name holds quotes as its text in PHP, whose generator would write the name into its code as it is', () => {
    const value = { [HOSTILE]: 1 };
    const php = sample({ ...base, body: { mediaType: 'application/json', value } }, 'PHP');
    // The body is one single-quoted PHP string: read back as PHP reads it (`\'` and `\\` are its only escapes), it is the JSON.
    const literal = /'body' => '((?:[^'\\]|\\.)*)'/.exec(php)?.[1];
    expect(JSON.parse((literal ?? '').replace(/\\(['\\])/g, '$1'))).toEqual(value);
    expect(sample({ ...base, body: { mediaType: 'application/json', value: { plain: HOSTILE } } }, 'PHP')).toContain("'json' => [");
  });

  it('leave out a language whose generator writes no body of the type, and say so', () => {
    const { samples, notes } = codeSamples({ ...base, body: { mediaType: 'application/xml', value: { a: 1 } } });
    expect(samples.map((s) => s.label)).not.toContain('Python');
    expect(notes).toContain('No Python sample: its generator writes no application/xml body.');
    // A `+json` type is JSON to every generator.
    expect(codeSamples({ ...base, body: { mediaType: 'application/problem+json', value: { a: 1 } } }).samples).toHaveLength(8);
  });
});
