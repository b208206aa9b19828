import { createRequire } from 'node:module';
import { isObj } from '../facet/state.ts';

/**
 * An example value written in a media type, as a reference page shows it and a code sample sends
 * it: JSON as JSON, XML as elements named after the fields (arrays as repeated elements, as
 * OpenAPI writes XML without `xml` hints), a form as `name=value` pairs, text as the text. Where a
 * media type cannot carry the value (a binary type, an object as `text/csv`), the reason instead.
 */
/** `encoding`: the page's choice where the document states none (t32s R7: a form's object fields written as JSON text), one sentence. */
export type MediaExample = { text: string; lang: string; encoding?: string } | { reason: string };

/** Whether a media type carries JSON (or states none, which the reference reads as JSON): `application/json`, `text/json`, any `+json` suffix. */
export const isJsonMedia = (type: string | undefined): boolean => type === undefined || /^(application|text)\/([\w.+-]+\+)?json\b/i.test(type);

/** Whether a media type carries XML. */
export const isXmlMedia = (type: string): boolean => /^(application|text)\/([\w.+-]+\+)?xml\b/i.test(type);

/** Whether a media type is a URL-encoded form, which percent-encodes every value it sends. */
export const isUrlEncodedForm = (type: string): boolean => essence(type) === 'application/x-www-form-urlencoded';

/** What a media type is, by its essence: `application/json; charset=utf-8` is `application/json`. */
const essence = (type: string) => type.split(';')[0]?.trim().toLowerCase() ?? '';

/** A name XML allows as an element's: a letter or `_` first, then letters, digits, `_`, `-`, `.`; never starting with `xml`. */
const XML_NAME = /^(?!xml)[A-Za-z_][\w.-]*$/i;

/** Characters XML 1.0 cannot hold at all, not even escaped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The XML writer, loaded on first use: most pages show no XML. */
const load = createRequire(import.meta.url);
let builder: { build(value: unknown): string } | undefined;
function xmlBuilder() {
  const Builder = (load('fast-xml-builder') as { default: new (options: object) => { build(value: unknown): string } }).default;
  return (builder ??= new Builder({ format: true, indentBy: '  ', ignoreAttributes: true, suppressEmptyNode: true, processEntities: true }));
}

/** The reason a value cannot be written as XML elements, or undefined when it can. */
function notXml(value: unknown, depth = 0): string | undefined {
  if (depth > 64) return 'it nests too deep';
  if (typeof value === 'string') return NOT_XML.test(value) ? 'a value holds characters XML cannot carry' : undefined;
  if (Array.isArray(value)) {
    if (value.some(Array.isArray)) return 'a list directly inside a list has no element name in XML';
    for (const v of value) {
      const why = notXml(v, depth + 1);
      if (why) return why;
    }
    return undefined;
  }
  if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (!XML_NAME.test(k)) return `\`${k}\` is no XML element name`;
      const why = notXml(v, depth + 1);
      if (why) return why;
    }
  }
  return undefined;
}

/** The name of an XML element for a value: the resource's id when XML allows it, else `body` (or `item`, in a list). */
const elementName = (name: string | undefined, fallback: string) => (name !== undefined && XML_NAME.test(name) ? name : fallback);

/** Media types whose bodies are bytes, not text: files, images, sound, video, archives. */
const BINARY = /^(?:application\/(?:octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-7z-compressed|vnd\.[\w.+-]+|x-protobuf|protobuf|msword|wasm)|image\/|audio\/|video\/|font\/|model\/)/;

/**
 * A value written in a media type; `name` names the XML root (the resource the body carries).
 * XML has one root, so a list is wrapped in a `list` element, with an element per item. `files`
 * names the fields a multipart body sends as files (their content is not shown).
 */
export function inMediaType(value: unknown, type: string, name?: string, files: readonly string[] = []): MediaExample {
  const kind = essence(type);
  if (isJsonMedia(type)) return { text: JSON.stringify(value, null, 2), lang: 'json' };
  if (isXmlMedia(kind)) {
    const doc = Array.isArray(value) ? { list: { [elementName(name, 'item')]: value } } : { [elementName(name, 'body')]: value };
    const why = notXml(doc);
    if (why) return { reason: `${type}: ${why}` };
    // The spec holds no XML mapping: an element per field, and that said, so that a source's `xml` name or attribute is not read as contradicted unsaid (T32u N-h).
    return { text: xmlBuilder().build(doc).trimEnd(), lang: 'xml', encoding: XML_WORDS };
  }
  if (kind === 'application/x-www-form-urlencoded') {
    const pairs = formPairs(value);
    const nested = nestedFields(value);
    const encoding = nested.length > 0 ? `${listed(nested)} ${nested.length > 1 ? 'are' : 'is'} written as JSON text in ${nested.length > 1 ? 'their fields' : 'its field'}: the spec states no encoding for ${nested.length > 1 ? 'them' : 'it'}${KEPT_NO_ENCODING}, and OpenAPI's form encoding defines none for a nested value.` : undefined;
    return pairs ? { text: new URLSearchParams(pairs).toString(), lang: 'text', ...(encoding ? { encoding } : {}) } : { reason: `${type}: only an object's fields can be sent as a form` };
  }
  if (kind === 'multipart/form-data') {
    const pairs = formPairs(value);
    const nested = nestedFields(value).filter((k) => !files.includes(k));
    const sent = isObj(value) ? files.filter((k) => Object.hasOwn(value, k)) : [];
    // What each part is sent as: OpenAPI's defaults, the spec keeping no encoding of the parts (T32u N-j: "the document states no other encoding" where it stated one).
    const said = [
      ...(nested.length > 0 ? [`${listed(nested)} ${nested.length > 1 ? 'are parts' : 'is a part'} of JSON text, as OpenAPI sends an object part (its Content-Type being application/json)`] : []),
      ...(sent.length > 0 ? [`${listed(sent)} ${sent.length > 1 ? 'are file parts' : 'is a file part'} of Content-Type application/octet-stream, OpenAPI's default for a file`] : []),
    ];
    const encoding = said.length > 0 ? `${said.join('; ')}; the spec states no other encoding of the parts${KEPT_NO_ENCODING}.` : undefined;
    return pairs ? { text: multipart(pairs, new Set(files)), lang: 'text', ...(encoding ? { encoding } : {}) } : { reason: `${type}: only an object's fields can be sent as parts` };
  }
  if (kind.startsWith('text/') && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) return { text: String(value), lang: 'text' };
  if (kind.startsWith('text/')) return { reason: `${type}: the spec does not say how a structured value is written as text` };
  // Binary only where the type says so: a type the page does not know (`plain/text`, t32r D12) is not called binary.
  if (BINARY.test(kind)) return { reason: `${type}: a binary body has no example a page can show` };
  return { reason: `${type}: the page does not know how a value is written in this media type` };
}

/**
 * An object's fields as form pairs, as OpenAPI encodes them by default: a scalar as its text
 * (null as empty), a list of scalars as one pair per item, anything else as JSON.
 */
export function formPairs(value: unknown): Array<[string, string]> | undefined {
  if (!isObj(value)) return undefined;
  const scalar = (v: unknown) => v === null || typeof v !== 'object';
  const text = (v: unknown) => (v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(value).flatMap(([k, v]): Array<[string, string]> => (Array.isArray(v) && v.every(scalar) ? v.map((x) => [k, text(x)] as [string, string]) : [[k, text(v)]]));
}

/** The fields of an object that a form writes as JSON text (`formPairs`): objects, and lists of anything but scalars. */
function nestedFields(value: unknown): string[] {
  if (!isObj(value)) return [];
  const scalar = (v: unknown) => v === null || typeof v !== 'object';
  return Object.entries(value).flatMap(([k, v]) => (v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every(scalar)) ? [k] : []));
}

/** Field names as a sentence lists them: `a`, `a and b`, `a, b and 3 more`. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 5);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}

/** Where an imported document stated an `encoding` or an `xml` mapping: the spec keeps none, and the import said so. */
const KEPT_NO_ENCODING = " (an OpenAPI document's encoding object is not kept: its import says so where it leaves one out)";
const XML_WORDS = "Each field is an element of its own name, as OpenAPI writes XML where no xml mapping is stated: the spec keeps no XML names or attributes (an OpenAPI document's xml mapping is not kept: its import says so where it leaves one out).";

/** Parts of a `multipart/form-data` body as the wire carries them, with a fixed boundary; a file's part says so instead of its bytes. */
function multipart(pairs: Array<[string, string]>, files: ReadonlySet<string>): string {
  const boundary = '----specbench';
  // A field's name inside the quotes: `"`, CR and LF percent-encoded, as browsers send them.
  const quoted = (name: string) => name.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  const part = ([k, v]: [string, string]) =>
    files.has(k) ? `Content-Disposition: form-data; name="${quoted(k)}"; filename="${quoted(k)}"\nContent-Type: application/octet-stream\n\n(the file's bytes)` : `Content-Disposition: form-data; name="${quoted(k)}"\n\n${v}`;
  return [...pairs.map((p) => `--${boundary}\n${part(p)}`), `--${boundary}--`].join('\n');
}
