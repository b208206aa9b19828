/**
 * A semantic inventory of an OpenAPI 3.x, Swagger 2.0 or AsyncAPI 2.x/3.x document, written for the tests and
 * sharing no code with the importer or the exporter: every contract fact the document states, each
 * as one line that does not depend on how it is written (local references followed, a reference to
 * a named schema kept as that name, OpenAPI 3.0 and 3.1 spellings made one, 3.1's `anyOf: [{}, {type:
 * 'null'}]` as 3.0's `nullable: true`, an `allOf` read as what all its parts state whatever their
 * order: what is beside it and each member are parts alike, those that contradict no other part read
 * as one schema, properties put together name by name, a named schema among them a reference of the
 * schema, a part that contradicts another read on its own; required names whose properties another
 * part states read as those properties, required, of the type that part gives), with the JSON
 * pointer where the source states it (each name of `required`, value of `enum`, type of a list, tag
 * of an operation at its own index, so that one kept does not carry another that is lost); a
 * Swagger 2.0 document's facts are said as OpenAPI 3 says them (a body parameter is the request body
 * under each type `consumes` lists, a response's schema is under each type `produces` lists,
 * `definitions` are the named schemas, `host`, `basePath` and `schemes` the servers), an
 * AsyncAPI 2.x document's as AsyncAPI 3 says them (`publish` is the application's `receive`,
 * `subscribe` its `send`; a channel's key is its address; an operation is named by its
 * `operationId`). No type is read into a schema that does not state one: JSON Schema implies none
 * (`properties` alone does not make an object), so an export that writes `type: object` there
 * states something its source did not. Comparing the inventory of a source with that of its export tells what an import kept;
 * what it did not keep must be in its unmapped list, and nothing may be in the export that the
 * source does not state.
 *
 * Facts: operations (paths, webhooks, callbacks) with their ids, tags, external docs, deprecation and security;
 * parameters with their location, required flag, deprecation, schema and examples; request bodies
 * with their required flag; responses; headers; media types with their schemas and examples (named
 * or not); schemas with their properties, required names, types, nullability, allowed values,
 * compositions, discriminators, constraints, defaults, examples and deprecation; security schemes
 * with their kind, location, bearer format, flows, URLs and scopes; servers and their variables;
 * declared tags (and the tags operations use); the contact and licence; the version. AsyncAPI:
 * servers with their host, path, protocol, variables and tags; channels with their address,
 * messages and parameters (description, location, allowed values, default, examples); operations
 * by id with their action, channel, messages, tags, external docs and security; messages with their
 * name, content type, payload, headers, correlation id, tags and examples; a tag written in place
 * (on a server, channel, operation or message) that says more than its name is the tag too, as a
 * declared one is (see placedTag).
 *
 * Texts: every title, summary and description the document states is a fact of its own, at its own
 * pointer (`POST /pets 200 description="…"`): the info's, the document's, a tag's, a schema's and
 * an operation's external docs (URL and description), path items (`path /pets summary=…`),
 * operations, parameters, request bodies (Swagger 2.0's body parameter's description; a form
 * field's is its property's), responses, headers, named examples (summary and description), servers
 * and their variables (and OpenAPI's allowed values, each at its index), schemas and their
 * properties (title and description; each part of an `allOf` its own), security schemes and what
 * each scope grants; AsyncAPI's servers, channels, operations and messages (title, summary,
 * description), channel parameters, correlation ids, tags wherever written and message examples'
 * summaries. A text is compared as written, less what Markdown ignores (see textSaid), but one that
 * holds HTML, which the import legitimately rewrites as Markdown: it is compared by its words (see
 * visibleWords and proseAsRead). A text the import reports it changed (a link it does not keep, a
 * text past the limits) is reported, and the export's text at its place is no invention.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const seg = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const unseg = (s: string) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~');
const json = (v: unknown) => JSON.stringify(v);
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];
const KEYWORDS = ['format', 'minimum', 'maximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'readOnly', 'writeOnly', 'deprecated'];

/** The kinds of text a document states: each is a fact of its own at its own pointer (`<slot> description="…"`). */
const TEXT_KINDS = ['title', 'summary', 'description'] as const;
type TextKind = (typeof TEXT_KINDS)[number];

/**
 * A text as the inventory compares it: Markdown as written, less what Markdown itself ignores (the
 * blank and the spaces at either end); a title or summary, which is one line, with each run of
 * white space one space (a soft line break reads as a space, and an import writes a summary of
 * several lines as one). Empty, it states nothing (OpenAPI requires a response's description, and
 * an export writes `''` where none is stated).
 */
function textSaid(kind: TextKind, text: string): string {
  return kind === 'description' ? text.trim() : text.trim().replace(/\s+/g, ' ');
}

/** A prose text that holds HTML (a tag or a comment), which an import legitimately rewrites as Markdown (its text, not its markup). */
const hasHtml = (text: string) => /<[A-Za-z!/]/.test(text);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The words a reader sees of a text that mixes Markdown and HTML, however its markup is written:
 * HTML comments (a page shows none), tags and Markdown's marks (emphasis, code, headings, quotes,
 * list markers, tables, rules, escapes) are left out, entities decoded, a link is its text and its
 * address (`<a href="u">t</a>` and `[t](u)` alike), an image its alt text and address, white space
 * one space. Both a source's text and its export's are read so, and only where the source's holds
 * HTML: an import writes such a text as Markdown (`<b>x</b>` as `**x**`, `<li>` as `- `, a word in
 * angle brackets escaped), which changes its markup, never its words. A word dropped or added is
 * still seen.
 */
export function visibleWords(text: string): string {
  let t = text.replace(/<!--[\s\S]*?-->/g, ' ');
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((x) => x !== undefined) ?? '';
  // A link is its text, then its address; an image its alt text, then its address (as Markdown writes them).
  t = t.replace(/<a(\s[^<>]*)>([\s\S]*?)<\/a\s*>/gi, (_m, tag: string, inner: string) => ` ${inner} ${attribute(tag, 'href')} `);
  t = t.replace(/<img(\s[^<>]*)>/gi, (_m, tag: string) => ` ${attribute(tag, 'alt')} ${attribute(tag, 'src')} `);
  t = t.replace(/!?\[([^\]]*)\]\(\s*(?:<([^<>]*)>|([^\s)]*))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g, (_m, label: string, bracketed?: string, bare?: string) => ` ${label} ${bracketed ?? bare ?? ''} `);
  t = t.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  t = t.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    const code = e.startsWith('#x') || e.startsWith('#X') ? parseInt(e.slice(2), 16) : e.startsWith('#') ? parseInt(e.slice(1), 10) : undefined;
    return code !== undefined ? (Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m) : (ENTITIES[e.toLowerCase()] ?? m);
  });
  t = t.replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, ' ');
  t = t.replace(/^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$/gm, ' ');
  t = t.replace(/^[ \t]*(?:[-+*_][ \t]*){3,}$/gm, ' ');
  t = t.replace(/^[ \t>]*(?:[-+*]|\d+[.)])[ \t]+/gm, ' ');
  return t.replace(/[*_`~#>|<\\]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A text fact read back from its key: where (`slot`), what kind, and the text as compared. */
function textFact(key: string): { slot: string; kind: TextKind; text: string } | undefined {
  const m = /^(.*) (title|summary|description)=("(?:[^"\\]|\\.)*")$/.exec(key);
  if (m?.[1] === undefined || m[2] === undefined || m[3] === undefined) return undefined;
  return { slot: m[1], kind: m[2] as TextKind, text: JSON.parse(m[3]) as string };
}

/** The texts an object states (of `kinds`), each a fact at its own pointer: `<slot> description="…"`. */
function textsOf(add: Add, o: Obj, oAt: string, slot: string, kinds: readonly TextKind[] = ['description']): void {
  for (const k of kinds) {
    const v = o[k];
    // HTML with no words (`<p/>`, as AWS documents write an empty description) says nothing, as an empty text does.
    if (typeof v === 'string' && v.trim() !== '' && !(hasHtml(v) && visibleWords(v) === '')) add(`${slot} ${k}=${json(textSaid(k, v))}`, `${oAt}/${seg(k)}`);
  }
}

/** An object's external docs (a reference followed): its URL and its description, each a fact. */
function externalDocsOf(add: Add, follow: Follow, o: Obj, oAt: string, slot: string): void {
  if (o.externalDocs === undefined) return;
  const [docs, dAt] = follow(o.externalDocs, `${oAt}/externalDocs`);
  if (typeof docs.url === 'string') add(`${slot} externalDocs=${docs.url}`, dAt);
  textsOf(add, docs, dAt, `${slot} externalDocs`);
}

/** A tag object's own facts besides its name (declared, or written in place where AsyncAPI allows it): its description and external docs. */
function tagTexts(add: Add, follow: Follow, tag: Obj, tAt: string): void {
  if (typeof tag.name !== 'string') return;
  textsOf(add, tag, tAt, `tag ${tag.name}`);
  externalDocsOf(add, follow, tag, tAt, `tag ${tag.name}`);
}

/**
 * A tag object written in place (AsyncAPI: on a server, a message, a channel, an operation): its
 * facts as a declared tag's, and, where it says more than its name, the tag itself (`tag <name>`),
 * as a declaration states it. AsyncAPI's tag object is one kind of object wherever it is written: one
 * with words defines the group as the document's list does, so an export that keeps those words in
 * its list of tags states no tag the source did not (a tag written by name only is a use of it).
 */
function placedTag(add: Add, follow: Follow, tag: Obj, tAt: string): void {
  if (typeof tag.name !== 'string') return;
  if ((typeof tag.description === 'string' && tag.description.trim() !== '') || tag.externalDocs !== undefined) add(`tag ${tag.name}`, tAt);
  tagTexts(add, follow, tag, tAt);
}

export interface Entry {
  /** What is stated, e.g. `GET /pets query limit minimum=1`. */
  key: string;
  /** Where the source states it. */
  pointer: string;
}

/** A part of an `allOf` (see partsOf): a schema (`value`, with 3.1's spelling of a nullable value of no type said as 3.0's; `written`, as written), or a reference to a named schema (`ref`, the member as written). */
interface Part {
  value: Obj;
  written: Obj;
  pointer: string;
  ref?: string;
}

/** Where each place of a schema put together from parts is written: a path in it (`/properties/a/type`) to a JSON pointer into the document; a place is where the longest path above it says. */
type Origins = Map<string, string>;

/** Keywords no fact is read from: two parts of an `allOf` that say them differently contradict nothing. */
const UNREAD = new Set(['title', 'description', '$comment', 'externalDocs', 'xml']);

/**
 * A schema put together with one more part of an `allOf` (`b`, written at `bAt`), when they
 * contradict nothing: no keyword both state with different values, but for what a conjunction joins
 * (the properties name by name, each property's two schemas put together the same way; the required
 * names; the members of their own `allOf`) and the keywords no fact is read from. Otherwise
 * undefined. Where each place of the result is written is noted in `origins` (under `path`, the
 * place of `a` in the schema being put together). The facts read from the result are the same
 * whichever part comes first.
 */
function conjoin(a: Obj, b: Obj, bAt: string, origins: Origins, path = '', depth = 0): Obj | undefined {
  if (depth > 16) return json(a) === json(b) ? a : undefined;
  const out: Obj = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const w = out[k];
    const kPath = `${path}/${seg(k)}`;
    if (!(k in out)) {
      out[k] = v;
      origins.set(kPath, `${bAt}/${seg(k)}`);
    } else if (json(w) === json(v) || UNREAD.has(k) || k.startsWith('x-')) continue;
    else if ((k === 'required' || k === 'allOf') && Array.isArray(w) && Array.isArray(v)) {
      const joined = [...w];
      v.forEach((x, i) => {
        if (k === 'allOf' || !joined.some((y) => json(y) === json(x))) origins.set(`${kPath}/${joined.push(x) - 1}`, `${bAt}/${k}/${i}`);
      });
      out[k] = joined;
    } else if (k === 'properties' && isObj(w) && isObj(v)) {
      const properties: Obj = { ...w };
      for (const [name, q] of Object.entries(v)) {
        const p = properties[name];
        const nPath = `${kPath}/${seg(name)}`;
        const qAt = `${bAt}/properties/${seg(name)}`;
        if (p === undefined) {
          properties[name] = q;
          origins.set(nPath, qAt);
          continue;
        }
        if (json(p) === json(q)) continue;
        const both = isObj(p) && isObj(q) && typeof p.$ref !== 'string' && typeof q.$ref !== 'string' ? conjoin(p, q, qAt, origins, nPath, depth + 1) : undefined;
        if (both === undefined) return undefined;
        properties[name] = both;
      }
      out[k] = properties;
    } else return undefined;
  }
  return out;
}

/** `anyOf` (or `oneOf`) of anything and null, with no type of its own (how OpenAPI 3.1 says 3.0's `nullable: true` without a type), said as `nullable: true`; with the keyword it replaced. */
function nullableSaid(s: Obj): [Obj, string?] {
  for (const k of ['anyOf', 'oneOf']) {
    const list = s[k];
    const anything = (v: unknown) => isObj(v) && Object.keys(v).length === 0;
    const nothing = (v: unknown) => isObj(v) && v.type === 'null' && Object.keys(v).length === 1;
    if (Array.isArray(list) && list.length === 2 && s.type === undefined && s.nullable === undefined && list.some(anything) && list.some(nothing)) {
      const { [k]: _, ...rest } = s;
      return [{ ...rest, nullable: true }, k];
    }
  }
  return [s];
}

/** Where a place of a schema put together from parts (`\u0000<n>/path`) is written, by the origins noted when it was put together (a place in one put together from parts of another is followed on). */
function located(pointer: string, merges: readonly Origins[]): string {
  for (let p = pointer, guard = 0; guard < 64; guard++) {
    const m = /^\u0000(\d+)(.*)$/.exec(p);
    const origins = m?.[1] !== undefined ? merges[Number(m[1])] : undefined;
    if (m?.[2] === undefined || origins === undefined) return p;
    let rel = m[2];
    while (rel !== '' && !origins.has(rel)) rel = rel.slice(0, rel.lastIndexOf('/'));
    p = `${origins.get(rel) ?? ''}${m[2].slice(rel.length)}`;
  }
  return pointer;
}

/** A document's facts, OpenAPI or AsyncAPI. */
export function inventory(doc: Obj): Entry[] {
  const out: Entry[] = [];
  /** The schemas put together from the parts of an `allOf`, each read at `\u0000<its index>`: where each of their places is written. */
  const merges: Origins[] = [];
  const add = (key: string, pointer: string) => out.push({ key, pointer: pointer.startsWith('\u0000') ? located(pointer, merges) : pointer });
  const swagger = doc.swagger === '2.0';
  const components = isObj(doc.components) ? doc.components : {};
  const schemaPrefix = swagger ? '#/definitions/' : '#/components/schemas/';
  /** A local reference followed: the value and where it really is. */
  const follow = (v: unknown, pointer: string, depth = 0): [Obj, string] => {
    if (isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/') && depth < 20) {
      const target = v.$ref.slice(2).split('/').reduce<unknown>((node, s) => (isObj(node) || Array.isArray(node) ? (node as Obj)[unseg(s)] : undefined), doc);
      return follow(target, v.$ref.slice(1), depth + 1);
    }
    return [isObj(v) ? v : {}, pointer];
  };
  /** The named schema a reference is, when it is one. */
  const named = (v: unknown): string | undefined => (isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith(schemaPrefix) && !v.$ref.slice(schemaPrefix.length).includes('/') ? unseg(v.$ref.slice(schemaPrefix.length)) : undefined);
  /** What a schema says of itself in words: its title, description and external docs. */
  const schemaTexts = (s: Obj, pointer: string, at: string) => {
    textsOf(add, s, pointer, at, ['title', 'description']);
    externalDocsOf(add, follow, s, pointer, at);
  };

  /**
   * The parts of a schema with `allOf`, into `out`: what it states beside `allOf`, and each member (a reference to
   * a part of the document followed, to what it names, where it is; a member's own `allOf` opened, as a conjunction
   * of conjunctions is one); a reference to a named schema is a part of its own, with what is written beside it.
   */
  const partsOf = (s: Obj, pointer: string, depth: number, out: Part[]): void => {
    const { allOf, ...rest } = s;
    if (Object.keys(rest).length > 0) out.push({ value: nullableSaid(rest)[0], written: rest, pointer });
    // A chain of references through `allOf` that comes back to itself states nothing more the second time.
    if (!Array.isArray(allOf) || depth > 16) return;
    allOf.forEach((m, i) => {
      const mAt = `${pointer}/allOf/${i}`;
      const ref = named(m);
      if (ref === undefined) {
        const [value, vAt] = follow(m, mAt);
        partsOf(value, vAt, depth + 1, out);
        return;
      }
      out.push({ ref, value: m as Obj, written: m as Obj, pointer: mAt });
      const { $ref: _, ...siblings } = m as Obj;
      if (Object.keys(siblings).length > 0) partsOf(siblings, mAt, depth + 1, out);
    });
  };

  /** A schema's facts, under `at`; `context` is what the other parts of the `allOf` it is a part of state. */
  const schema = (raw: unknown, rawPointer: string, at: string, depth: number, context: ReadonlyArray<[unknown, string]> = []): void => {
    if (depth > 40) return;
    const ref = named(raw);
    if (ref !== undefined) {
      add(`${at} ref=${ref}`, rawPointer);
      // A 3.1 reference may carry siblings: they refine it.
      const { $ref: _, ...siblings } = raw as Obj;
      if (Object.keys(siblings).length > 0) schema(siblings, rawPointer, at, depth + 1);
      return;
    }
    let [s, pointer] = follow(raw, rawPointer);
    // Swagger 2.0's `type: file` is OpenAPI 3's binary string.
    if (s.type === 'file') s = { ...s, type: 'string', ...(s.format === undefined ? { format: 'binary' } : {}) };
    // An `allOf` is what all its parts state, whatever their order: the schema's own keywords beside it and each
    // member are parts alike (`{ allOf: [A], properties }` is `allOf: [A, { properties }]`). Parts that contradict
    // no other part are read as one schema (`allOf: [X, { description }, { nullable: true }]` is X, nullable); a
    // named schema among them is a reference of this schema; a part that contradicts another is read on its own,
    // at its own place, beside the others.
    let others: Array<[unknown, string]> = [...context];
    if (Array.isArray(s.allOf)) {
      const all: Part[] = [];
      partsOf(s, pointer, 0, all);
      const clashes = all.map((p, i) => p.ref === undefined && all.some((q, j) => i !== j && q.ref === undefined && conjoin(p.value, q.value, q.pointer, new Map()) === undefined));
      const apart = all.filter((p, i) => p.ref === undefined && clashes[i]);
      const refs = all.filter((p) => p.ref !== undefined);
      for (const r of refs) add(`${at} ref=${String(r.ref)}`, r.pointer);
      // The parts put together are read as one schema, at a place of its own whose every fact is located where it is written.
      const origins: Origins = new Map([['', pointer]]);
      s = all.filter((p, i) => p.ref === undefined && !clashes[i]).reduce<Obj>((merged, p) => {
        const together = conjoin(merged, p.value, p.pointer, origins) ?? merged;
        if (p.value.nullable === true && p.written.nullable === undefined && origins.get('/nullable') === `${p.pointer}/nullable`) origins.set('/nullable', `${p.pointer}/${nullableSaid(p.written)[1] ?? 'nullable'}`);
        return together;
      }, {});
      const mergedAt = `\u0000${merges.push(origins) - 1}`;
      const asContext = (list: Part[]) => list.map((p): [unknown, string] => [p.written, p.pointer]);
      others = [...context, ...asContext(refs), ...asContext(apart)];
      for (const p of apart) schema(p.written, p.pointer, at, depth + 1, [...context, [s, mergedAt], ...asContext(refs), ...asContext(apart.filter((q) => q !== p))]);
      // The words of each part put together are its own (two parts may say them differently), where it writes them.
      for (const p of all) if (p.ref === undefined && !apart.includes(p)) schemaTexts(p.written, p.pointer, at);
      const { title: _t, description: _d, externalDocs: _e, ...unworded } = s;
      s = unworded;
      pointer = mergedAt;
    } else schemaTexts(s, pointer, at);
    // `anyOf: [X, {type: null}]` is X, nullable.
    for (const k of ['anyOf', 'oneOf']) {
      const list = s[k];
      if (Array.isArray(list) && list.length === 2 && list.some((v) => isObj(v) && v.type === 'null' && Object.keys(v).length === 1)) {
        const i = list.findIndex((v) => !(isObj(v) && v.type === 'null'));
        add(`${at} nullable`, pointer);
        schema(list[i], `${pointer}/${k}/${i}`, at, depth + 1);
        const { [k]: _, ...rest } = s;
        s = rest;
      }
    }
    // `anyOf` of bare types is a list of types (`type: [string, number]`), however it is spelt.
    const bareTypes = (v: unknown) => Array.isArray(v) && v.length > 1 && v.every((x) => isObj(x) && Object.keys(x).length === 1 && typeof x.type === 'string');
    if (bareTypes(s.anyOf) && s.type === undefined) s = { ...s, type: (s.anyOf as Obj[]).map((x) => x.type), anyOf: undefined };
    // No type is implied: JSON Schema reads `properties` without `type` as holding of objects only, not as requiring one.
    // Binary content: OpenAPI 3.1's `contentMediaType: application/octet-stream` is 3.0's `format: binary`.
    if (s.format === undefined && s.contentMediaType === 'application/octet-stream' && s.contentEncoding === undefined) add(`${at} format="binary"`, `${pointer}/contentMediaType`);
    const types = (Array.isArray(s.type) ? s.type : s.type !== undefined ? [s.type] : []).map(String);
    // An object of any other properties (`additionalProperties: true` or `{}`, or a schema of them) without named ones is a map.
    const map = !isObj(s.properties) && (s.additionalProperties === true || isObj(s.additionalProperties));
    const typeAt = (i: number) => `${pointer}/type${Array.isArray(s.type) ? `/${i}` : ''}`;
    types.forEach((t, i) => t !== 'null' && add(`${at} type=${t === 'object' && map ? 'map' : t}`, typeAt(i)));
    if ((types.includes('null') && types.length > 1) || s.nullable === true) add(`${at} nullable`, s.nullable === true ? `${pointer}/nullable` : typeAt(types.indexOf('null')));
    if (types.length === 1 && types[0] === 'null') add(`${at} type=null`, `${pointer}/type`);
    for (const k of KEYWORDS) if (s[k] !== undefined && !(k === 'deprecated' && s[k] === false)) add(`${at} ${k}=${json(s[k])}`, `${pointer}/${k}`);
    for (const [k, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      const v = s[k];
      if (typeof v === 'number') add(`${at} ${k}=${v}`, `${pointer}/${k}`);
      else if (v === true && typeof s[bound] === 'number') {
        add(`${at} ${k}=${String(s[bound])}`, `${pointer}/${k}`);
        const plain = out.findIndex((e) => e.key === `${at} ${bound}=${json(s[bound])}`);
        if (plain !== -1) out.splice(plain, 1);
      }
    }
    // Beside `const`, `enum` allows nothing more (JSON Schema: both hold): the one value both allow is the fact, none where they have none in common.
    const same = (a: unknown, b: unknown): boolean => (Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => same(x, b[i])) : isObj(a) && isObj(b) ? Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => k in b && same(a[k], b[k])) : a === b);
    // Beside a nullable type, a null among other values of `enum` restates what the type allows (an export lists it so that null stays allowed, T31u N1): no fact of its own.
    const nullable = (types.includes('null') && types.length > 1) || s.nullable === true;
    const listed = Array.isArray(s.enum) ? (s.enum as unknown[]) : undefined;
    if (listed && s.const === undefined) listed.forEach((v, i) => !(v === null && nullable && listed.some((x) => x !== null)) && add(`${at} enum ${json(v)}`, `${pointer}/enum/${i}`));
    if (s.const !== undefined && (!Array.isArray(s.enum) || s.enum.some((v) => same(v, s.const)))) add(`${at} enum ${json(s.const)}`, `${pointer}/const`);
    if (s.default !== undefined) add(`${at} default=${json(s.default)}`, `${pointer}/default`);
    if (s.example !== undefined) add(`${at} example=${json(s.example)}`, `${pointer}/example`);
    if (Array.isArray(s.examples)) s.examples.forEach((v, i) => add(`${at} example=${json(v)}`, `${pointer}/examples/${i}`));
    if (isObj(s.discriminator) && typeof s.discriminator.propertyName === 'string') add(`${at} discriminator=${s.discriminator.propertyName}`, `${pointer}/discriminator`);
    if (typeof s.discriminator === 'string') add(`${at} discriminator=${s.discriminator}`, `${pointer}/discriminator`);
    // Each required name, each value of an enumeration, each type of a list is a fact of its own, at its own place:
    // a name dropped from a list the export keeps in part is lost (facts at one place carry each other, see compare).
    const required = new Map<string, string>();
    if (Array.isArray(s.required)) s.required.forEach((name, i) => required.has(String(name)) || required.set(String(name), `${pointer}/required/${i}`));
    if (isObj(s.properties)) {
      for (const [name, p] of Object.entries(s.properties)) {
        add(`${at}.${name}`, `${pointer}/properties/${seg(name)}`);
        const rAt = required.get(name);
        if (rAt !== undefined) add(`${at}.${name} required`, rAt);
        schema(p, `${pointer}/properties/${seg(name)}`, `${at}.${name}`, depth + 1);
      }
    }
    // Required names of properties another part of the `allOf` states (`allOf: [Base, { required: [a] }]`):
    // each is a property of this schema, required, of the type (and nullability) that part gives it.
    const missing = [...required.keys()].filter((name) => !(isObj(s.properties) && name in s.properties));
    if (missing.length > 0 && others.length > 0) {
      // Every part that states the property gives it what it states: two that say it differently say both.
      const found = new Map<string, Array<[unknown, string]>>();
      const collect = (m: unknown, mAt: string, d: number) => {
        if (d > 16) return;
        const [x, xAt] = follow(m, mAt);
        if (isObj(x.properties)) for (const [n, p] of Object.entries(x.properties)) found.set(n, [...(found.get(n) ?? []), [p, `${xAt}/properties/${seg(n)}`]]);
        if (Array.isArray(x.allOf)) x.allOf.forEach((y, i) => collect(y, `${xAt}/allOf/${i}`, d + 1));
      };
      for (const [m, mAt] of others) collect(m, mAt, 0);
      for (const name of missing) {
        const ps = found.get(name);
        if (ps === undefined) continue;
        const fAt = `${at}.${name}`;
        const rAt = required.get(name) ?? `${pointer}/required`;
        add(fAt, rAt);
        add(`${fAt} required`, rAt);
        for (const [p, pAt] of ps) {
          const before = out.length;
          schema(p, pAt, fAt, depth + 1);
          const typed = out.splice(before).filter((e) => e.key.startsWith(`${fAt} `) && /^(type=|ref=|nullable$)/.test(e.key.slice(fAt.length + 1)));
          for (const e of typed) add(e.key, rAt);
        }
      }
    }
    if (isObj(s.items)) schema(s.items, `${pointer}/items`, `${at}[]`, depth + 1);
    if (isObj(s.additionalProperties) && Object.keys(s.additionalProperties).length > 0) schema(s.additionalProperties, `${pointer}/additionalProperties`, `${at}{}`, depth + 1);
    for (const k of ['oneOf', 'anyOf']) {
      const list = s[k];
      if (Array.isArray(list)) {
        list.forEach((v, i) => {
          add(`${at} ${k}[${i}]`, `${pointer}/${k}/${i}`);
          schema(v, `${pointer}/${k}/${i}`, `${at} ${k}[${i}]`, depth + 1);
        });
      }
    }
  };

  /** Named examples of a media type, parameter or header. */
  const examples = (raw: unknown, pointer: string, at: string) => {
    for (const [name, e] of Object.entries(follow(raw, pointer)[0])) {
      const [x, xAt] = follow(e, `${pointer}/${seg(name)}`);
      if ('value' in x) add(`${at} example ${name}=${json(x.value)}`, `${xAt}/value`);
      if (typeof x.externalValue === 'string') add(`${at} example ${name} at ${x.externalValue}`, `${xAt}/externalValue`);
      textsOf(add, x, xAt, `${at} example ${name}`, ['summary', 'description']);
    }
  };

  const content = (raw: unknown, pointer: string, at: string) => {
    const [c, cAt] = follow(raw, pointer);
    for (const [type, m] of Object.entries(c)) {
      const [media, mAt] = follow(m, `${cAt}/${seg(type)}`);
      add(`${at} ${type}`, mAt);
      if (media.schema !== undefined) schema(media.schema, `${mAt}/schema`, `${at} ${type}`, 0);
      if (media.example !== undefined) add(`${at} ${type} example=${json(media.example)}`, `${mAt}/example`);
      examples(media.examples, `${mAt}/examples`, `${at} ${type}`);
    }
  };

  /** A parameter or header: required, deprecation, schema, content and examples. */
  const parameterLike = (p: Obj, pAt: string, at: string, requiredToo: boolean) => {
    textsOf(add, p, pAt, at);
    if (requiredToo && p.required === true) add(`${at} required`, `${pAt}/required`);
    if (p.deprecated === true) add(`${at} deprecated`, `${pAt}/deprecated`);
    if (p.schema !== undefined) schema(p.schema, `${pAt}/schema`, at, 0);
    else if (swagger) schema(swaggerSchema(p), pAt, at, 0);
    if (p.content !== undefined) content(p.content, `${pAt}/content`, at);
    if (p.example !== undefined) add(`${at} example=${json(p.example)}`, `${pAt}/example`);
    examples(p.examples, `${pAt}/examples`, at);
  };

  const security = (raw: unknown, pointer: string, at: string) => {
    if (!Array.isArray(raw)) return;
    const alternatives = raw.filter(isObj).map((req) => Object.entries(req).map(([name, scopes]) => `${name}(${(Array.isArray(scopes) ? scopes.map(String).sort() : []).join(',')})`).sort().join('+') || 'anonymous');
    add(`${at} security=${[...alternatives].sort().join(' | ') || 'none'}`, pointer);
  };

  const operation = (opRaw: unknown, opPointer: string, at: string, pathItem: Obj, pathPointer: string, rootSecurity: unknown) => {
    const [op, pointer] = follow(opRaw, opPointer);
    add(at, pointer);
    textsOf(add, op, pointer, at, ['summary', 'description']);
    if (typeof op.operationId === 'string') add(`${at} operationId=${op.operationId}`, `${pointer}/operationId`);
    const params = new Map<string, [Obj, string]>();
    for (const [list, base] of [[pathItem.parameters, `${pathPointer}/parameters`], [op.parameters, `${pointer}/parameters`]] as const) {
      if (Array.isArray(list)) list.forEach((p, i) => {
        const [param, pAt] = follow(p, `${base}/${i}`);
        params.set(`${String(param.in)} ${String(param.name)}`, [param, pAt]);
      });
    }
    // No `consumes` or `produces` states no media type: a body under any type (`*/*`), as the import keeps it.
    const consumes = (Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : ['*/*']).map(String);
    const form: Array<[string, Obj, string]> = [];
    for (const [name, [p, pAt]] of params) {
      if (swagger && p.in === 'body') {
        // Swagger 2.0's body parameter is the request body, under each type the operation consumes.
        add(`${at} request`, pAt);
        if (p.required === true) add(`${at} request required`, `${pAt}/required`);
        // A body parameter's description is OpenAPI 3's request body's.
        textsOf(add, p, pAt, `${at} request`);
        for (const type of consumes) {
          add(`${at} request ${type}`, pAt);
          if (p.schema !== undefined) schema(p.schema, `${pAt}/schema`, `${at} request ${type}`, 0);
        }
        continue;
      }
      if (swagger && p.in === 'formData') {
        form.push([String(p.name), p, pAt]);
        continue;
      }
      add(`${at} ${name}`, pAt);
      parameterLike(p, pAt, `${at} ${name}`, p.in !== 'path');
    }
    if (form.length > 0) {
      // Form fields are the properties of the request body's object, under the form types the operation consumes.
      const formTypes = consumes.filter((t) => t === 'multipart/form-data' || t === 'application/x-www-form-urlencoded');
      const types = formTypes.length > 0 ? formTypes : [form.some(([, p]) => p.type === 'file') ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
      const [, , firstAt] = form[0] as [string, Obj, string];
      add(`${at} request`, firstAt);
      for (const type of types) {
        add(`${at} request ${type}`, firstAt);
        add(`${at} request ${type} type=object`, firstAt);
        for (const [name, p, pAt] of form) {
          add(`${at} request ${type}.${name}`, pAt);
          if (p.required === true) add(`${at} request ${type}.${name} required`, `${pAt}/required`);
          // A form field's description is its property's in OpenAPI 3.
          textsOf(add, p, pAt, `${at} request ${type}.${name}`);
          schema(swaggerSchema(p), pAt, `${at} request ${type}.${name}`, 0);
        }
      }
    }
    if (op.requestBody !== undefined) {
      const [body, bAt] = follow(op.requestBody, `${pointer}/requestBody`);
      add(`${at} request`, bAt);
      if (body.required === true) add(`${at} request required`, `${bAt}/required`);
      textsOf(add, body, bAt, `${at} request`);
      content(body.content, `${bAt}/content`, `${at} request`);
    }
    const produces = (Array.isArray(op.produces) ? op.produces : Array.isArray(doc.produces) ? doc.produces : ['*/*']).map(String);
    for (const [status, r] of Object.entries(follow(op.responses, `${pointer}/responses`)[0])) {
      const [response, rAt] = follow(r, `${pointer}/responses/${seg(status)}`);
      add(`${at} ${status}`, rAt);
      textsOf(add, response, rAt, `${at} ${status}`);
      if (swagger) {
        // A Swagger 2.0 response's schema is under each type the operation produces; its examples are keyed by type.
        if (response.schema !== undefined) for (const type of produces) {
          add(`${at} ${status} ${type}`, `${rAt}/schema`);
          schema(response.schema, `${rAt}/schema`, `${at} ${status} ${type}`, 0);
        }
        for (const [type, value] of Object.entries(isObj(response.examples) ? response.examples : {})) {
          // An example is keyed by its media type: the response has that type, with or without a schema.
          if (response.schema === undefined || !produces.includes(type)) add(`${at} ${status} ${type}`, `${rAt}/examples/${seg(type)}`);
          add(`${at} ${status} ${type} example=${json(value)}`, `${rAt}/examples/${seg(type)}`);
        }
      } else content(response.content, `${rAt}/content`, `${at} ${status}`);
      for (const [name, h] of Object.entries(follow(response.headers, `${rAt}/headers`)[0])) {
        const [header, hAt] = follow(h, `${rAt}/headers/${seg(name)}`);
        add(`${at} ${status} header ${name.toLowerCase()}`, hAt);
        parameterLike(header, hAt, `${at} ${status} header ${name.toLowerCase()}`, true);
      }
    }
    security(op.security ?? rootSecurity, op.security !== undefined ? `${pointer}/security` : '/security', at);
    if (Array.isArray(op.tags)) op.tags.forEach((t, i) => add(`${at} tag=${String(t)}`, `${pointer}/tags/${i}`));
    // A tag an operation uses is a tag of the document, declared or not: said at the list, not at the operation's
    // tag, which a kept declaration of it would otherwise carry when the operation loses it.
    if (Array.isArray(op.tags)) for (const t of op.tags) add(`tag ${String(t)}`, `${pointer}/tags`);
    externalDocsOf(add, follow, op, pointer, at);
    if (op.deprecated === true) add(`${at} deprecated`, `${pointer}/deprecated`);
    for (const [name, cb] of Object.entries(follow(op.callbacks, `${pointer}/callbacks`)[0])) {
      const [callback, cbAt] = follow(cb, `${pointer}/callbacks/${seg(name)}`);
      add(`${at} callback ${name}`, cbAt);
      for (const [expression, item] of Object.entries(callback)) {
        const [cbItem, itemAt] = follow(item, `${cbAt}/${seg(expression)}`);
        textsOf(add, cbItem, itemAt, `path ${at} callback ${name} ${expression}`, ['summary', 'description']);
        for (const m of METHODS) if (isObj(cbItem[m])) operation(cbItem[m], `${itemAt}/${m}`, `${at} callback ${name} ${expression} ${m.toUpperCase()}`, cbItem, itemAt, op.security ?? rootSecurity);
      }
    }
  };

  if (typeof doc.asyncapi === 'string') asyncapi(doc, add, follow, schema);
  else {
    for (const [path, raw] of Object.entries(follow(doc.paths, '/paths')[0])) {
      const [item, itemAt] = follow(raw, `/paths/${seg(path)}`);
      // A path item's words are the path's, said once for all its operations.
      textsOf(add, item, itemAt, `path ${path}`, ['summary', 'description']);
      for (const m of METHODS) if (isObj(item[m])) operation(item[m], `${itemAt}/${m}`, `${m.toUpperCase()} ${path}`, item, itemAt, doc.security);
    }
    for (const key of ['webhooks', 'x-webhooks']) {
      for (const [name, raw] of Object.entries(follow(doc[key], `/${key}`)[0])) {
        const [item, itemAt] = follow(raw, `/${key}/${seg(name)}`);
        textsOf(add, item, itemAt, `path webhook ${name}`, ['summary', 'description']);
        const methods = METHODS.filter((m) => isObj(item[m]));
        const [only] = methods;
        if (methods.length === 1 && only) operation(item[only], `${itemAt}/${only}`, `webhook ${name}`, item, itemAt, doc.security);
        else add(`webhook ${name} (${methods.length} operations)`, itemAt);
      }
    }
    if (swagger && typeof doc.host === 'string') {
      // Swagger 2.0's one server, under each scheme it lists.
      const schemes = Array.isArray(doc.schemes) && doc.schemes.length > 0 ? doc.schemes.map(String) : ['https'];
      for (const scheme of schemes) add(`server ${scheme}://${doc.host}${typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath : ''}`, '/host');
    }
    (Array.isArray(doc.servers) ? doc.servers : []).forEach((sv, i) => {
      const server = follow(sv, `/servers/${i}`)[0];
      add(`server ${String(server.url)}`, `/servers/${i}`);
      textsOf(add, server, `/servers/${i}`, `server ${String(server.url)}`);
      for (const [v, def] of Object.entries(isObj(server.variables) ? server.variables : {})) {
        const vAt = `/servers/${i}/variables/${seg(v)}`;
        add(`server ${String(server.url)} {${v}}=${json(isObj(def) ? def.default : undefined)}`, vAt);
        if (!isObj(def)) continue;
        // Each allowed value at its own place, as AsyncAPI's are.
        if (Array.isArray(def.enum)) def.enum.forEach((e, j) => add(`server ${String(server.url)} {${v}} enum ${json(e)}`, `${vAt}/enum/${j}`));
        textsOf(add, def, vAt, `server ${String(server.url)} {${v}}`);
      }
    });
  }
  const schemasAt = swagger ? '/definitions' : '/components/schemas';
  for (const [name, s] of Object.entries(follow(swagger ? doc.definitions : components.schemas, schemasAt)[0])) {
    add(`schema ${name}`, `${schemasAt}/${seg(name)}`);
    schema(s, `${schemasAt}/${seg(name)}`, `schema ${name}`, 0);
  }
  // Relative URLs of the document resolve against its first absolute server, as OpenAPI says.
  const base = swagger ? (typeof doc.host === 'string' ? `https://${doc.host}` : undefined) : (Array.isArray(doc.servers) ? doc.servers : []).map((sv) => (isObj(sv) ? sv.url : undefined)).find((u): u is string => typeof u === 'string' && !u.includes('{') && /^https?:\/\//i.test(u));
  const url = (u: string) => (base !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(u) && URL.canParse(u, base) ? new URL(u, base).href : u);
  const schemesAt = swagger ? '/securityDefinitions' : '/components/securitySchemes';
  for (const [name, raw] of Object.entries(follow(swagger ? doc.securityDefinitions : components.securitySchemes, schemesAt)[0])) {
    const [written, sAt] = follow(raw, `${schemesAt}/${seg(name)}`);
    const s = swagger ? swaggerScheme(written) : written;
    add(`scheme ${name} ${String(s.type)}${s.in ? ` in ${String(s.in)}` : ''}${s.scheme ? ` ${String(s.scheme).toLowerCase()}` : ''}`, sAt);
    textsOf(add, written, sAt, `scheme ${name}`);
    if (typeof s.bearerFormat === 'string') add(`scheme ${name} bearerFormat=${s.bearerFormat}`, `${sAt}/bearerFormat`);
    if (typeof s.openIdConnectUrl === 'string') add(`scheme ${name} openIdConnectUrl=${url(s.openIdConnectUrl)}`, `${sAt}/openIdConnectUrl`);
    for (const [flow, f] of Object.entries(isObj(s.flows) ? s.flows : {})) {
      if (!isObj(f)) continue;
      for (const k of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) if (typeof f[k] === 'string') add(`scheme ${name} ${flow} ${k}=${url(String(f[k]))}`, `${sAt}/flows/${seg(flow)}/${k}`);
      const scopes = { ...(isObj(f.scopes) ? f.scopes : {}), ...(isObj(f.availableScopes) ? f.availableScopes : {}) };
      for (const scope of Object.keys(scopes)) add(`scheme ${name} scope ${scope}`, `${sAt}/flows/${seg(flow)}`);
      // What each scope grants, in words, where it is written (Swagger 2.0 writes the scopes on the definition itself).
      const scopesAt = swagger ? `${sAt}/scopes` : `${sAt}/flows/${seg(flow)}/${isObj(f.scopes) ? 'scopes' : 'availableScopes'}`;
      for (const [scope, words] of Object.entries(scopes)) if (typeof words === 'string' && words.trim() !== '') add(`scheme ${name} scope ${scope} description=${json(textSaid('description', words))}`, `${scopesAt}/${seg(scope)}`);
    }
  }
  const info = follow(doc.info, '/info')[0];
  if (typeof info.version === 'string') add(`version ${info.version}`, '/info/version');
  textsOf(add, info, '/info', 'info', ['title', 'summary', 'description']);
  // The document's external docs: OpenAPI's and AsyncAPI 2's at the top level, AsyncAPI 3's in `info`.
  if (info.externalDocs !== undefined) externalDocsOf(add, follow, info, '/info', 'document');
  else externalDocsOf(add, follow, doc, '', 'document');
  for (const who of ['contact', 'license'] as const) {
    const o = isObj(info[who]) ? info[who] : {};
    for (const k of ['name', 'url', 'email', 'identifier']) if (typeof o[k] === 'string') add(`${who} ${k}=${json(o[k])}`, `/info/${who}/${k}`);
  }
  // Declared tags, used or not: OpenAPI's and AsyncAPI 2's at the top level, AsyncAPI 3's in `info`.
  const tagsAt = Array.isArray(info.tags) ? '/info/tags' : '/tags';
  (Array.isArray(info.tags) ? info.tags : Array.isArray(doc.tags) ? doc.tags : []).forEach((t, i) => {
    const [tag, tAt] = follow(t, `${tagsAt}/${i}`);
    if (typeof tag.name === 'string') add(`tag ${tag.name}`, tAt);
    tagTexts(add, follow, tag, tAt);
  });
  return out;
}

/** A Swagger 2.0 parameter, header or form field as the schema it is: its own keywords, less those of the parameter. */
function swaggerSchema(p: Obj): Obj {
  const { name: _n, in: _i, required: _r, description: _d, collectionFormat: _c, allowEmptyValue: _a, ...schema } = p;
  return schema;
}

/** A Swagger 2.0 security definition as OpenAPI 3 says it: `basic` is HTTP's basic scheme, the OAuth flows by their OpenAPI 3 names. */
function swaggerScheme(s: Obj): Obj {
  if (s.type === 'basic') return { type: 'http', scheme: 'basic' };
  if (s.type !== 'oauth2') return s;
  const flow = ({ implicit: 'implicit', password: 'password', application: 'clientCredentials', accessCode: 'authorizationCode' } as Record<string, string>)[String(s.flow)] ?? String(s.flow);
  const f: Obj = { scopes: isObj(s.scopes) ? s.scopes : {} };
  for (const k of ['authorizationUrl', 'tokenUrl']) if (typeof s[k] === 'string') f[k] = s[k];
  return { type: 'oauth2', flows: { [flow]: f } };
}

type Add = (key: string, pointer: string) => void;
type Follow = (v: unknown, pointer: string) => [Obj, string];
type Schema = (raw: unknown, pointer: string, at: string, depth: number) => void;

/** A payload's `schemaFormat` that is JSON Schema (AsyncAPI's own or JSON Schema's), whose keywords this inventory reads. */
const jsonSchemaFormat = (f: unknown) => f === undefined || (typeof f === 'string' && /^application\/(vnd\.aai\.asyncapi|schema)(\+(json|yaml))?(;|$)/.test(f));

/**
 * The facts of an AsyncAPI 2.x or 3 document: servers, channels, operations, messages (schemas and
 * schemes are counted with OpenAPI's). A 2.x channel's operations are AsyncAPI 3's: `publish` is
 * `receive`, `subscribe` is `send`, each named by its `operationId`, or, without one, by what it
 * does where (`(receive on <channel>)`, which `compare` matches with the export's operation that
 * does the same).
 */
function asyncapi(doc: Obj, add: Add, follow: Follow, schema: Schema): void {
  const v2 = String(doc.asyncapi).startsWith('2.');
  const messagePrefix = '#/components/messages/';
  /** A message's name: its own `name`, else the component it refers to, else its key where it is written. */
  const nameOf = (raw: unknown, key: string) => {
    const [m] = follow(raw, '');
    if (typeof m.name === 'string') return m.name;
    return isObj(raw) && typeof raw.$ref === 'string' && raw.$ref.startsWith(messagePrefix) ? unseg(raw.$ref.slice(messagePrefix.length)) : key;
  };
  const messages = new Map<string, [unknown, string]>();
  for (const [key, m] of Object.entries(follow(isObj(doc.components) ? doc.components.messages : undefined, '/components/messages')[0])) messages.set(nameOf(m, key), [m, `/components/messages/${seg(key)}`]);
  for (const [name, raw] of Object.entries(follow(doc.servers, '/servers')[0])) {
    const [sv, at] = follow(raw, `/servers/${seg(name)}`);
    add(`server ${name}`, at);
    // A 2.x server's `url` is AsyncAPI 3's host and path (its scheme, when written, is the protocol's).
    const url = v2 && typeof sv.url === 'string' ? sv.url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '') : undefined;
    const host = url !== undefined ? (url.includes('/') ? url.slice(0, url.indexOf('/')) : url) : sv.host;
    const pathname = url !== undefined ? (url.includes('/') ? url.slice(url.indexOf('/')) : undefined) : sv.pathname;
    if (typeof host === 'string') add(`server ${name} host=${host}`, `${at}/${v2 ? 'url' : 'host'}`);
    if (typeof pathname === 'string' && pathname !== '' && pathname !== '/') add(`server ${name} pathname=${pathname}`, `${at}/${v2 ? 'url' : 'pathname'}`);
    for (const k of ['protocol', 'protocolVersion']) if (typeof sv[k] === 'string') add(`server ${name} ${k}=${String(sv[k])}`, `${at}/${k}`);
    textsOf(add, sv, at, `server ${name}`, TEXT_KINDS);
    externalDocsOf(add, follow, sv, at, `server ${name}`);
    for (const [v, raw] of Object.entries(follow(sv.variables, `${at}/variables`)[0])) {
      const [def, vAt] = follow(raw, `${at}/variables/${seg(v)}`);
      add(`server ${name} {${v}}=${json(def.default)}`, vAt);
      if (Array.isArray(def.enum)) def.enum.forEach((e, i) => add(`server ${name} {${v}} enum ${json(e)}`, `${vAt}/enum/${i}`));
      textsOf(add, def, vAt, `server ${name} {${v}}`);
    }
    (Array.isArray(sv.tags) ? sv.tags : []).forEach((t, i) => {
      const [tag, tAt] = follow(t, `${at}/tags/${i}`);
      if (typeof tag.name === 'string') add(`server ${name} tag=${tag.name}`, tAt);
      placedTag(add, follow, tag, tAt);
    });
  }
  /** The security that holds for an operation: its own, else every server's; each alternative where it is written. */
  const serverSecurity = Object.entries(isObj(doc.servers) ? doc.servers : {}).flatMap(([name, sv]) => (isObj(sv) && Array.isArray(sv.security) ? sv.security.map((x, i) => [x, `/servers/${seg(name)}/security/${i}`] as const) : []));
  // AsyncAPI 3 refers to a scheme, or writes one in place with the scopes it needs (a copy of a
  // named scheme so written is that scheme); 2.x names it as the key of a requirement, with its scopes.
  const canonical = (v: unknown): string => (Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : isObj(v) ? `{${Object.keys(v).sort().map((k) => `${json(k)}:${canonical(v[k])}`).join(',')}}` : json(v));
  const named = new Map(Object.entries(follow(isObj(doc.components) ? doc.components.securitySchemes : undefined, '/components/securitySchemes')[0]).map(([name, raw]) => [canonical(follow(raw, '')[0]), name]));
  const scoped = (name: string, scopes: unknown) => `${name}${Array.isArray(scopes) && scopes.length > 0 ? ` scopes=${scopes.map(String).sort().join(',')}` : ''}`;
  const schemeName = (x: unknown) => {
    if (!isObj(x)) return 'a scheme in place ()';
    if (typeof x.$ref === 'string') return unseg(x.$ref.split('/').at(-1) ?? '');
    if (v2) return Object.entries(x).map(([name, scopes]) => scoped(name, scopes)).sort().join('+');
    const { scopes, ...scheme } = x;
    return scoped(named.get(canonical(scheme)) ?? `a scheme in place (${String(x.type)})`, scopes);
  };
  /** What every operation states besides its channel and messages: security, tags, external docs. */
  const operationFacts = (op: Obj, id: string, at: string) => {
    const alternatives = Array.isArray(op.security) ? op.security.map((x, i) => [x, `${at}/security/${i}`] as const) : serverSecurity;
    for (const [x, xAt] of alternatives) add(`operation ${id} security ${schemeName(x)}`, xAt);
    (Array.isArray(op.tags) ? op.tags : []).forEach((t, i) => {
      const [tag, tAt] = follow(t, `${at}/tags/${i}`);
      if (typeof tag.name === 'string') add(`operation ${id} tag=${tag.name}`, tAt);
      placedTag(add, follow, tag, tAt);
    });
    externalDocsOf(add, follow, op, at, `operation ${id}`);
    textsOf(add, op, at, `operation ${id}`, TEXT_KINDS);
  };
  /** A channel's own facts besides its address and messages: its words, external docs and parameters (2.x's schema of one read as 3's `enum`, `default` and `examples` are, with what else it states). */
  const channelFacts = (channel: Obj, id: string, at: string) => {
    textsOf(add, channel, at, `channel ${id}`, TEXT_KINDS);
    externalDocsOf(add, follow, channel, at, `channel ${id}`);
    for (const [p, raw] of Object.entries(follow(channel.parameters, `${at}/parameters`)[0])) {
      // Located where the channel states it (a parameter of the components is the channel's, as a message it refers to is).
      const pAt = `${at}/parameters/${seg(p)}`;
      const [param] = follow(raw, pAt);
      const slot = `channel ${id} parameter ${p}`;
      add(slot, pAt);
      textsOf(add, param, pAt, slot);
      if (typeof param.location === 'string') add(`${slot} location=${param.location}`, `${pAt}/location`);
      if (v2) {
        if (param.schema !== undefined) schema(param.schema, `${pAt}/schema`, slot, 0);
        continue;
      }
      if (Array.isArray(param.enum)) param.enum.forEach((e, i) => add(`${slot} enum ${json(e)}`, `${pAt}/enum/${i}`));
      if (param.default !== undefined) add(`${slot} default=${json(param.default)}`, `${pAt}/default`);
      if (Array.isArray(param.examples)) param.examples.forEach((e, i) => add(`${slot} example=${json(e)}`, `${pAt}/examples/${i}`));
    }
  };
  for (const [id, raw] of Object.entries(follow(doc.channels, '/channels')[0])) {
    const [channel, at] = follow(raw, `/channels/${seg(id)}`);
    add(`channel ${id}`, at);
    channelFacts(channel, id, at);
    if (v2) {
      add(`channel ${id} address=${json(id)}`, at);
      for (const [verb, action] of [['publish', 'receive'], ['subscribe', 'send']] as const) {
        if (!isObj(channel[verb])) continue;
        const [op, opAt] = follow(channel[verb], `${at}/${verb}`);
        const label = typeof op.operationId === 'string' ? op.operationId : `(${action} on ${id})`;
        add(`operation ${label} action=${action}`, opAt);
        add(`operation ${label} channel=${id}`, opAt);
        const m = op.message;
        const list: Array<[unknown, string]> = isObj(m) && Array.isArray(m.oneOf) ? m.oneOf.map((x, i) => [x, `${opAt}/message/oneOf/${i}`]) : m !== undefined ? [[m, `${opAt}/message`]] : [];
        list.forEach(([message, mAt], i) => {
          const name = nameOf(message, `(message${list.length > 1 ? ` ${i}` : ''} of ${label})`);
          // A channel holds a message it refers to under the component's key (AsyncAPI 3 keys a channel's messages so), one written in place under its name.
          const held = isObj(message) && typeof message.$ref === 'string' && message.$ref.startsWith(messagePrefix) ? unseg(message.$ref.slice(messagePrefix.length)) : name;
          add(`channel ${id} message ${held}`, mAt);
          add(`operation ${label} message ${id} ${held}`, mAt);
          if (!messages.has(name)) messages.set(name, [message, mAt]);
        });
        operationFacts(op, label, opAt);
      }
      continue;
    }
    if ('address' in channel) add(`channel ${id} address=${json(channel.address)}`, `${at}/address`);
    for (const [key, m] of Object.entries(follow(channel.messages, `${at}/messages`)[0])) {
      add(`channel ${id} message ${key}`, `${at}/messages/${seg(key)}`);
      const name = nameOf(m, key);
      if (!messages.has(name)) messages.set(name, [m, `${at}/messages/${seg(key)}`]);
    }
  }
  if (!v2) {
    for (const [id, raw] of Object.entries(follow(doc.operations, '/operations')[0])) {
      const [own, at] = follow(raw, `/operations/${seg(id)}`);
      // Traits are part of the operation, as the parser applies them (AsyncAPI 3): each in order, the operation's own keys over them.
      const op = [...(Array.isArray(own.traits) ? own.traits : []).map((t) => follow(t, '')[0]), own].reduce<Obj>((o, t) => ({ ...o, ...t }), {});
      add(`operation ${id} action=${String(op.action)}`, `${at}/action`);
      const channel = isObj(op.channel) && typeof op.channel.$ref === 'string' ? unseg(op.channel.$ref.split('/').at(-1) ?? '') : '';
      add(`operation ${id} channel=${channel}`, `${at}/channel`);
      if (Array.isArray(op.messages)) op.messages.forEach((m, i) => add(`operation ${id} message ${isObj(m) && typeof m.$ref === 'string' ? m.$ref.split('/').slice(2).map(unseg).filter((_, j) => j !== 1).join(' ') : ''}`, `${at}/messages/${i}`));
      operationFacts(op, id, at);
    }
  }
  for (const [name, [raw, pointer]] of messages) {
    const [own, at] = follow(raw, pointer);
    // Traits are part of the message: what they state that the message does not, it has.
    const m = (Array.isArray(own.traits) ? own.traits : []).reduce<Obj>((msg, t) => ({ ...follow(t, '')[0], ...msg }), own);
    add(`message ${name}`, at);
    if (typeof m.name === 'string') add(`message ${name} name=${m.name}`, `${at}/name`);
    textsOf(add, m, at, `message ${name}`, TEXT_KINDS);
    externalDocsOf(add, follow, m, at, `message ${name}`);
    if (m.correlationId !== undefined) {
      // Located where the message states it, as a channel's parameters are (one of the components is the message's).
      const cAt = `${at}/correlationId`;
      const [c] = follow(m.correlationId, cAt);
      add(`message ${name} correlationId location=${String(c.location)}`, `${cAt}/location`);
      textsOf(add, c, cAt, `message ${name} correlationId`);
    }
    const contentType = typeof m.contentType === 'string' ? m.contentType : typeof doc.defaultContentType === 'string' ? doc.defaultContentType : undefined;
    if (contentType !== undefined) add(`message ${name} contentType=${contentType}`, typeof m.contentType === 'string' ? `${at}/contentType` : '/defaultContentType');
    // A payload in another schema language (Avro, RAML, Protobuf) is one fact: this inventory does not read its keywords.
    const multi = !v2 && isObj(m.payload) && 'schemaFormat' in m.payload && 'schema' in m.payload ? m.payload : undefined;
    const format = multi ? multi.schemaFormat : m.schemaFormat;
    if (!jsonSchemaFormat(format)) add(`message ${name} payload schemaFormat=${String(format)}`, multi ? `${at}/payload/schemaFormat` : `${at}/schemaFormat`);
    else if (multi) schema(multi.schema, `${at}/payload/schema`, `message ${name} payload`, 0);
    else if (m.payload !== undefined) schema(m.payload, `${at}/payload`, `message ${name} payload`, 0);
    if (m.headers !== undefined) schema(m.headers, `${at}/headers`, `message ${name} headers`, 0);
    (Array.isArray(m.tags) ? m.tags : []).forEach((t, i) => {
      const [tag, tAt] = follow(t, `${at}/tags/${i}`);
      if (typeof tag.name === 'string') add(`message ${name} tag=${tag.name}`, tAt);
      placedTag(add, follow, tag, tAt);
    });
    (Array.isArray(m.examples) ? m.examples : []).forEach((e, i) => {
      if (isObj(e) && 'payload' in e) add(`message ${name} example${typeof e.name === 'string' ? ` ${e.name}` : ''}=${json(e.payload)}`, `${at}/examples/${i}`);
      if (isObj(e)) textsOf(add, e, `${at}/examples/${i}`, `message ${name} example ${typeof e.name === 'string' ? e.name : String(i)}`, ['summary']);
    });
  }
}

/**
 * The entries of a source that its export does not state and its import's unmapped list does
 * not name (no unmapped pointer is the entry's pointer or one above it): what an import lost in
 * silence.
 */
export function silentlyLost(source: Entry[], exported: Entry[], unmapped: ReadonlyArray<{ pointer: string }>): Entry[] {
  const { lost } = compare(source, exported, unmapped);
  return lost;
}

/**
 * Where each fact of a source went: kept (the export states it), reported (the unmapped list names
 * its place, or a place above it) or lost; and what the export states that the source does not
 * (invented). The id every exported operation carries (its item's id, `operationId`) is no claim
 * about the contract and is not counted as invented.
 */
export function compare(source: Entry[], exportedAsWritten: Entry[], unmapped: ReadonlyArray<{ pointer: string; reason?: string }>): { kept: Entry[]; reported: Entry[]; lost: Entry[]; invented: Entry[] } {
  const exported = proseAsRead(source, anonymousOperations(source, exportedAsWritten));
  // A name the import reports kept under another id is that id in the export: its facts are reported, under the new name.
  const renames = new Map<string, string>();
  for (const u of unmapped) {
    const m = /^the (?:schema|security scheme|webhook) `(.+?)` is kept under the id `(.+?)`/.exec(u.reason ?? '');
    if (m?.[1] !== undefined && m[2] !== undefined) renames.set(m[1], m[2]);
  }
  if (renames.size > 0) {
    const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const patterns = [...renames].flatMap(([from, to]) => [
      [new RegExp(`^(schema |scheme |webhook )${escaped(from)}(?=$|[ .[{])`), `$1${to}`],
      [new RegExp(`( ref=)${escaped(from)}(?=$| )`, 'g'), `$1${to}`],
      [new RegExp(`(security=|\\| |\\+)${escaped(from)}(?=\\()`, 'g'), `$1${to}`],
    ] as const);
    const rename = (key: string) => patterns.reduce((k, [re, to]) => k.replace(re, to), key);
    const exportedKeys = new Set(exported.map((e) => e.key));
    const moved = source.filter((e) => rename(e.key) !== e.key && exportedKeys.has(rename(e.key)));
    const movedSet = new Set(moved);
    const movedKeys = new Set(moved.map((e) => rename(e.key)));
    const rest = compare(source.filter((e) => !movedSet.has(e)), exported.filter((e) => !movedKeys.has(e.key)), unmapped.filter((u) => !/is kept under the id/.test(u.reason ?? '')));
    return { ...rest, reported: [...rest.reported, ...moved] };
  }
  const stated = new Set(exported.map((e) => e.key));
  const known = new Set(source.map((e) => e.key));
  // An element reached along several ways (a component used by many operations) is carried when one of them shows it.
  const carried = new Set(source.filter((e) => stated.has(e.key)).map((e) => e.pointer));
  // The inventory reads an inline `allOf` member into its schema (its facts sit at the schema's
  // pointer), while the import reports at the member's own pointer (`…/allOf/0/properties/x`): both
  // are compared with the members' steps left out.
  const unmember = (p: string) => p.replace(/\/allOf\/\d+(?=\/|$)/g, '');
  const pointers = new Set(unmapped.map((u) => unmember(u.pointer)));
  const covered = (p: string) => {
    for (let at = unmember(p); at !== ''; at = at.slice(0, at.lastIndexOf('/'))) if (pointers.has(at)) return true;
    return pointers.has('');
  };
  const kept: Entry[] = [];
  const reported: Entry[] = [];
  const lost: Entry[] = [];
  for (const e of source) (stated.has(e.key) || carried.has(e.pointer) ? kept : covered(e.pointer) ? reported : lost).push(e);
  // A text the import reports it changed (a link it would not keep, a comment) is the export's text at that place, not an invention.
  const rewritten = new Set(reported.flatMap((e) => {
    const t = textFact(e.key);
    return t ? [`${t.slot} ${t.kind}`] : [];
  }));
  const invented = exported.filter((e) => {
    if (known.has(e.key) || / operationId=/.test(e.key)) return false;
    const t = textFact(e.key);
    return !(t && rewritten.has(`${t.slot} ${t.kind}`));
  });
  return { kept, reported, lost, invented };
}

/**
 * The export's texts read as the source's where the source's holds HTML and the export's, at the
 * same place, says the same words (see visibleWords): an import writes such a text as Markdown,
 * which is no loss and no invention. Every other text is compared as written (see textSaid).
 */
function proseAsRead(source: Entry[], exported: Entry[]): Entry[] {
  const html = new Map<string, string[]>();
  for (const e of source) {
    const t = textFact(e.key);
    if (t && hasHtml(t.text)) html.set(`${t.slot} ${t.kind}`, [...(html.get(`${t.slot} ${t.kind}`) ?? []), e.key]);
  }
  if (html.size === 0) return exported;
  const known = new Set(source.map((e) => e.key));
  return exported.map((e) => {
    const t = known.has(e.key) ? undefined : textFact(e.key);
    const candidates = t ? html.get(`${t.slot} ${t.kind}`) : undefined;
    if (!t || !candidates) return e;
    // White space is left out too: HTML and Markdown put it differently around marks (`<b>x</b>,` and `**x**,`, `<br>` and a hard break).
    const unspaced = (text: string) => visibleWords(text).replace(/\s/g, '');
    const words = unspaced(t.text);
    const same = candidates.find((key) => unspaced(textFact(key)?.text ?? '') === words);
    return same !== undefined ? { ...e, key: same } : e;
  });
}

/**
 * The export's facts with each AsyncAPI operation and message the source names by what it does
 * where named so, when the export's operation or message of a name the source does not have is
 * that one: a 2.x operation without an `operationId` (`(receive on <channel>)`) is the export's
 * operation of another id that does exactly that; a 2.x message written in place without a name
 * (`(message of <operation>)`) is the export's message of another name that operation carries.
 * AsyncAPI 3 must give every operation an id and every message a key, which states nothing of the
 * contract; a `name` the export writes for it is still a name the source did not state.
 */
function anonymousOperations(source: Entry[], exported: Entry[]): Entry[] {
  const anonymous = new Set(source.flatMap((e) => /^operation (\(\S+ on .+\)) action=/.exec(e.key)?.[1] ?? []));
  const known = new Set(source.flatMap((e) => /^operation (.+?) action=/.exec(e.key)?.[1] ?? []));
  const doing = new Map<string, { action?: string; channel?: string }>();
  for (const e of exported) {
    const m = /^operation (.+?) (action|channel)=(.*)$/.exec(e.key);
    if (!m?.[1] || known.has(m[1])) continue;
    const d = doing.get(m[1]) ?? {};
    if (m[2] === 'action') d.action = m[3];
    else d.channel = m[3];
    doing.set(m[1], d);
  }
  const names = new Map<string, string>();
  for (const [id, d] of doing) {
    const label = `(${d.action ?? ''} on ${d.channel ?? ''})`;
    if (anonymous.has(label) && ![...names.values()].includes(label)) names.set(id, label);
  }
  const renamed = exported.map((e) => {
    const m = /^operation (.+?) (action=|channel=|message |security |tag=|externalDocs[= ]|title=|summary=|description=)/.exec(e.key);
    const to = m?.[1] !== undefined ? names.get(m[1]) : undefined;
    return to !== undefined && m?.[1] !== undefined ? { ...e, key: `operation ${to}${e.key.slice('operation '.length + m[1].length)}` } : e;
  });
  // Messages in place without a name, by the operation that carries them, in the order it lists them.
  const unnamed = source.flatMap((e) => {
    const m = /^channel (.+) message (\(message(?: \d+)? of (.+)\))$/.exec(e.key);
    return m?.[1] !== undefined && m[2] !== undefined && m[3] !== undefined ? [{ channel: m[1], label: m[2], operation: m[3] }] : [];
  });
  if (unnamed.length === 0) return renamed;
  const messageNames = new Set(source.flatMap((e) => /^channel .+ message (.+)$/.exec(e.key)?.[1] ?? []));
  const messages = new Map<string, string>();
  for (const u of unnamed) {
    const prefix = `operation ${u.operation} message ${u.channel} `;
    const candidate = renamed.map((e) => (e.key.startsWith(prefix) ? e.key.slice(prefix.length) : undefined)).find((x) => x !== undefined && !messageNames.has(x) && !messages.has(x));
    if (candidate !== undefined) messages.set(candidate, u.label);
  }
  return renamed.map((e) => {
    for (const [from, to] of messages) {
      if (e.key === `message ${from}` || e.key.startsWith(`message ${from} `)) return { ...e, key: `message ${to}${e.key.slice(`message ${from}`.length)}` };
      if (e.key.endsWith(` ${from}`) && /^(channel|operation) .+ message /.test(e.key)) return { ...e, key: `${e.key.slice(0, -from.length)}${to}` };
    }
    return e;
  });
}
