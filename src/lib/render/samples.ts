import { createRequire } from 'node:module';
import type { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import { formPairs, inMediaType, isJsonMedia } from './media-example.ts';
import type { SampleView } from './views.ts';

/** A generator, and the request it takes (HAR's, in part), as the library declares them. */
type Plugin = typeof shellCurl;
type HarRequest = NonNullable<Parameters<Plugin['generate']>[0]>;

/**
 * Code samples of one request in several languages, made at build time by `@scalar/snippetz`
 * (pinned to one version) behind this wrapper, which owns what goes in: names and values that
 * every language can hold in a string as they are, or else a visible placeholder (`{name}`);
 * the body as the generators write and escape it, with the fixes below where a generator would
 * let a value run as code. The tests run the shell and JavaScript samples of hostile values.
 */

/** A request as the samples show it; values not stated are left out (`value` undefined) and become placeholders. */
export type SampleRequest = {
  method: string;
  /** The base address as stated, or its placeholder `{base_url}`. */
  base: string;
  /** The path, with `{name}` for each path parameter. */
  path: string;
  /** Path parameters' values, where the spec states one. */
  pathValues: Readonly<Record<string, unknown>>;
  query: ReadonlyArray<{ name: string; value?: unknown }>;
  headers: ReadonlyArray<{ name: string; value?: unknown }>;
  /** The body: its media type and its example value; `files` names the fields sent as files (binary strings). */
  body?: { mediaType: string; value: unknown; files?: readonly string[]; name?: string };
};

/** The languages, in tab order: each tab's label (the same on every page), the highlighting language, and its generator's module and export. */
const LANGUAGES = [
  { label: 'cURL', lang: 'sh', module: 'shell/curl', name: 'shellCurl' },
  { label: 'JavaScript', lang: 'js', module: 'js/fetch', name: 'jsFetch' },
  { label: 'Python', lang: 'python', module: 'python/requests', name: 'pythonRequests' },
  { label: 'Go', lang: 'go', module: 'go/native', name: 'goNative' },
  { label: 'Java', lang: 'java', module: 'java/nethttp', name: 'javaNethttp' },
  { label: 'C#', lang: 'csharp', module: 'csharp/restsharp', name: 'csharpRestsharp' },
  { label: 'Ruby', lang: 'ruby', module: 'ruby/native', name: 'rubyNative' },
  { label: 'PHP', lang: 'php', module: 'php/guzzle', name: 'phpGuzzle' },
] as const;

/** The generators, loaded on first use: the site needs them, no command does. */
const load = createRequire(import.meta.url);
let generators: ReadonlyArray<{ label: string; lang: string; plugin: Plugin }> | undefined;
const languages = () => (generators ??= LANGUAGES.map(({ label, lang, module, name }) => ({ label, lang, plugin: (load(`@scalar/snippetz/plugins/${module}`) as Record<string, Plugin>)[name] as Plugin })));

/** The tabs' labels, in order. */
export const SAMPLE_LANGUAGES: readonly string[] = LANGUAGES.map((l) => l.label);

/** A header, query or form field name every language holds in a string as it is. */
const NAME = /^[A-Za-z0-9_.\-[\]]+$/;
/** A header value every language holds in a string as it is (no quotes, backslashes, `$`, `#` or backticks). */
const HEADER_VALUE = /^[\w .,:;/@+=~%{}<>[\]*!?-]*$/;
/** A query value that reads the same raw in a URL and in a parameter list (so nothing needs encoding). */
const QUERY_VALUE = /^[\w.~,:;/@{}<>[\]*!-]*$/;
/** A path parameter's value that needs no encoding. */
const PATH_VALUE = /^[\w.~-]+$/;
/** What a URL may hold as it is in every language's string; anything else is percent-encoded. */
const URL_CHAR = /[\w.~:/?&=@!*+,;%{}<>[\]-]/;

/** A placeholder for a value not stated (or not safe to show): `{name}`, its name made plain. */
export const placeholder = (name: string): string => `{${name.replace(/[^\w.-]/g, '_') || 'value'}}`;

/** Some generators parse the URL and so write a placeholder percent-encoded (`%7Border_id%7D`): back as written. */
const restorePlaceholders = (code: string, written: string): string => {
  const placeholders = new Set(written.match(/\{[\w.-]+\}/g) ?? []);
  return placeholders.size === 0 ? code : code.replace(/%7B([\w.-]+)%7D/g, (encoded, name: string) => (placeholders.has(`{${name}}`) ? `{${name}}` : encoded));
};

/** The text of a stated value, when it is a scalar. */
const scalarText = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined);

/** A character as UTF-8 percent-encoded bytes (`'` too, which `encodeURIComponent` leaves as it is). */
const percent = (c: string) => [...new TextEncoder().encode(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** A URL with everything a string literal could trip on percent-encoded (a lone `%` too). */
function encodeUrl(url: string): string {
  return [...url].map((c, i) => (c === '%' ? (/^%[0-9A-Fa-f]{2}/.test(url.slice(i)) ? c : '%25') : URL_CHAR.test(c) ? c : percent(c))).join('');
}

/** The samples of a request, one per language that can send it, and what they leave as placeholders or out. */
export function codeSamples(request: SampleRequest, noted: readonly string[] = []): { samples: SampleView[]; notes: string[] } {
  const notes: string[] = [...noted];
  const unsafe = (what: string) => notes.push(`${what} is left as a placeholder: its stated value holds characters a code sample does not show as they are.`);
  const named = <T extends { name: string }>(list: readonly T[], what: string) =>
    list.filter((p) => {
      if (NAME.test(p.name)) return true;
      notes.push(`The ${what} ${JSON.stringify(p.name)} is left out: its name holds characters a code sample does not show as they are.`);
      return false;
    });

  const unfilled: string[] = [];
  const path = request.path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => {
    const text = scalarText(request.pathValues[name]);
    if (text !== undefined && PATH_VALUE.test(text)) return text;
    if (text !== undefined) unsafe(`The path parameter ${placeholder(name)}`);
    else unfilled.push(placeholder(name));
    return placeholder(name);
  });
  if (unfilled.length > 0) notes.unshift(`Fill in ${unfilled.join(' and ')} in the URL: the spec states no example of ${unfilled.length === 1 ? 'this path parameter' : 'these path parameters'}.`);
  const base = /^https?:\/\//i.test(request.base) ? request.base.replace(/\/+$/, '') : placeholder('base_url');
  const url = encodeUrl(`${base}${path}`);

  const queryString = named(request.query, 'query parameter').map(({ name, value }) => {
    const text = scalarText(value);
    if (text !== undefined && QUERY_VALUE.test(text)) return { name, value: text };
    if (text !== undefined) unsafe(`The query parameter ${name}`);
    return { name, value: placeholder(name) };
  });
  const headers = named(request.headers, 'header').map(({ name, value }) => {
    const text = scalarText(value);
    if (text !== undefined && HEADER_VALUE.test(text)) return { name, value: text };
    if (text !== undefined) unsafe(`The header ${name}`);
    return { name, value: placeholder(name) };
  });

  const har: HarRequest = { method: request.method.toUpperCase(), url, headers, queryString };
  const body = request.body;
  let type: string | undefined;
  if (body) {
    const posted = postData(body, notes);
    if (posted) {
      har.postData = posted;
      type = body.mediaType;
      // A multipart body's Content-Type carries its boundary: the client sets it.
      if (posted.mimeType !== 'multipart/form-data') headers.push({ name: 'Content-Type', value: HEADER_VALUE.test(body.mediaType) ? body.mediaType : 'application/octet-stream' });
    }
  }

  const samples: SampleView[] = [];
  for (const { label, lang, plugin } of languages()) {
    const made = generate(plugin, har);
    const code = made === undefined ? undefined : restorePlaceholders(made, [url, ...queryString.map((q) => q.value)].join(' '));
    if (code === undefined) notes.push(`No ${label} sample: its generator writes no ${type ?? 'such'} body.`);
    else samples.push({ label, lang, code });
  }
  return { samples, notes };
}

/** The body as HAR's post data: JSON and text as text, a form's fields as parameters; undefined (with a note) when it cannot be sent. */
function postData(body: NonNullable<SampleRequest['body']>, notes: string[]): HarRequest['postData'] | undefined {
  const essence = body.mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data') {
    const pairs = formPairs(body.value);
    if (!pairs) {
      notes.push(`The request body is left out: only an object's fields can be sent as ${essence}.`);
      return undefined;
    }
    const files = new Set(body.files ?? []);
    const params = pairs.flatMap(([name, value]): Array<{ name: string; value?: string; fileName?: string }> => {
      if (!NAME.test(name)) {
        notes.push(`The form field ${JSON.stringify(name)} is left out: its name holds characters a code sample does not show as they are.`);
        return [];
      }
      if (essence === 'multipart/form-data' && files.has(name)) return [{ name, fileName: name }];
      // curl reads a form value that starts with `@` or `<` as a file to send.
      if (essence === 'multipart/form-data' && /^[@<]/.test(value)) {
        notes.push(`The form field ${name} is left as a placeholder: curl would read its stated value as a file name.`);
        return [{ name, value: placeholder(name) }];
      }
      return [{ name, value }];
    });
    return { mimeType: essence, params };
  }
  const written = inMediaType(body.value, body.mediaType, body.name);
  if ('reason' in written) {
    notes.push(`The request body is left out: ${written.reason}.`);
    return undefined;
  }
  // The generators read JSON by this exact type (a `+json` body too is JSON to them).
  return { mimeType: isJsonMedia(body.mediaType) ? 'application/json' : essence, text: written.text };
}

/** Whether any key of a JSON value holds a quote or a backslash (which PHP's generator writes into its strings as they are). */
const quotedKey = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(quotedKey) : value !== null && typeof value === 'object' ? Object.entries(value).some(([k, v]) => /['"\\]/.test(k) || quotedKey(v)) : false;

/** One language's sample, with the fixes its generator needs; undefined when it would leave the body out. */
function generate(plugin: Plugin, har: HarRequest): string | undefined {
  // PHP writes a JSON body as an array whose keys it does not escape: such a body goes as its text.
  const php = plugin.target === 'php' && har.postData?.mimeType === 'application/json' && quotedKey(JSON.parse(har.postData.text ?? 'null'));
  const code = plugin.generate(php ? { ...har, postData: { mimeType: 'text/plain', text: har.postData?.text ?? '' } } : har);
  const text = har.postData?.text;
  if (text !== undefined && plugin.target === 'python' && !/\b(json|data)=/.test(code)) return undefined;
  if (plugin.target === 'ruby') return rubyFixed(code);
  return code.length > 0 ? code : undefined;
}

/**
 * Ruby: a JSON body goes in a heredoc that interpolates (`<<~JSON`, where `#{…}` runs); quoted
 * (`<<~'JSON'`) it is taken as written. A text body goes in a double-quoted string, where `#{`,
 * `#@` and `#$` would run: escaped as `\#`.
 */
function rubyFixed(code: string): string {
  return code
    .replace(/<<~JSON\n/g, "<<~'JSON'\n")
    .replace(/^(request\.body = ")(.*)("\s*)$/gm, (_line, open: string, inner: string, close: string) => `${open}${inner.replace(/#(?=[{@$])/g, '\\#')}${close}`);
}
