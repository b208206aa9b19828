import type { ItemInput } from '../../areas/index.ts';
import { purposeArea, serverSchema } from '../../areas/purpose/index.ts';
import { markdownCode } from '../../safety/markdown.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { nameSchema } from '../../facet/values.ts';
import { isRelativeServerUrl } from '../../safety/url.ts';
import { SERVER_NAME_EXTENSION } from '../export-common.ts';
import { importExternalDocs } from '../external-docs.ts';
import { serviceName, titled } from '../text.ts';
import { idBase, Ids, seg, uniqueUnmapped, type ImportedItem, type ImportResult, type Unmapped } from '../result.ts';
import { SchemaMapper } from '../schema-map.ts';
import { openApiContext, LOWER_METHODS, type OpenApiContext } from './context.ts';
import { inlineErrorUses, mapEndpoint, operationName, statedOperationId, type EndpointFindings } from './endpoint.ts';
import { ErrorCollector } from './error.ts';
import { mapEvents } from './event.ts';
import { mapScheme, OAUTH_FLOWS } from './scheme.ts';
import { declaredScopes } from '../flow-scopes.ts';
import { unkeptKeyName, UNKEPT_KEY_NAME, usableKey } from '../names.ts';
import { unusedComponents } from './unused.ts';
import { withImpliedValues, withStatedValues } from './ms-discriminator.ts';
import { defaultAllowed } from '../server-variable.ts';

/** Counts of what an OpenAPI document holds, to compare with what the import produced. */
export interface OpenApiCounts {
  paths: number;
  operations: number;
  schemas: number;
  webhooks: number;
  securitySchemes: number;
}

export function countOpenApi(doc: Obj): OpenApiCounts {
  const ops = (paths: unknown) => Object.values(isObj(paths) ? paths : {}).reduce<number>((n, item) => n + (isObj(item) ? LOWER_METHODS.filter((m) => isObj(item[m])).length : 0), 0);
  const components = isObj(doc.components) ? doc.components : {};
  return {
    paths: Object.keys(isObj(doc.paths) ? doc.paths : {}).length,
    operations: ops(doc.paths),
    schemas: Object.keys(isObj(components.schemas) ? components.schemas : {}).length,
    webhooks: ops(doc.webhooks) + ops(doc['x-webhooks']),
    securitySchemes: Object.keys(isObj(components.securitySchemes) ? components.securitySchemes : {}).length,
  };
}

/**
 * Extensions (`x-…`) outside what the import already lists, each listed as unmapped: the spec has
 * no place for them. The project's own (`x-specbench-…`, which an export writes) and `x-webhooks`
 * (read as webhooks) are not the source's statements.
 */
export function extensions(doc: Obj, listed: readonly Unmapped[]): Unmapped[] {
  const covered = new Set(listed.map((u) => u.pointer));
  const isCovered = (pointer: string) => {
    for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) if (covered.has(p)) return true;
    return false;
  };
  const out: Unmapped[] = [];
  // Objects whose keys are names (a header `x-request-id`, a property `x-rate`), not fields that could be extensions.
  const stack: Array<[unknown, string, boolean]> = [[doc, '', false]];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [value, pointer, names] = stack.pop() as [unknown, string, boolean];
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    for (const [key, v] of Object.entries(value)) {
      const at = `${pointer}/${seg(key)}`;
      if (!names && !Array.isArray(value) && key.startsWith('x-')) {
        if (key.startsWith('x-specbench-') || (pointer === '' && key === 'x-webhooks')) continue;
        if (!isCovered(at)) out.push({ pointer: at, reason: `the extension \`${key}\` has no place in the spec` });
        continue;
      }
      // Values, not descriptions: examples, defaults and allowed values hold data, whatever their keys.
      if (!names && DATA.has(key)) continue;
      // A schema's `examples` is a list of values (a map of named examples elsewhere): data too.
      if (!names && key === 'examples' && Array.isArray(v)) continue;
      // A security requirement's keys name schemes (`x-key` is a scheme's name, no extension).
      if (!names && key === 'security' && Array.isArray(v)) {
        v.forEach((r, i) => stack.push([r, `${at}/${i}`, true]));
        continue;
      }
      stack.push([v, at, !names && NAMES.has(key) && !Array.isArray(v)]);
    }
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** Keys whose value is a map of names (headers, properties, media types, components…). */
const NAMES = new Set(['headers', 'properties', 'content', 'schemas', 'parameters', 'examples', 'requestBodies', 'securitySchemes', 'links', 'callbacks', 'variables', 'scopes', 'mapping', 'encoding', 'webhooks', 'x-webhooks', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'responses', 'pathItems']);
/** Keys whose value is data. */
const DATA = new Set(['example', 'value', 'default', 'enum', 'const']);

/**
 * What a path item states besides its operations and parameters: its summary and description,
 * where `kept` takes them (the endpoints area keeps them by path, a summary of lines as one line;
 * one of paragraphs is said, not kept; a webhook's have no place), and anything else (servers…)
 * listed as unmapped.
 */
function pathItemKeys(ctx: OpenApiContext, item: Obj, pointer: string, kept?: (note: { summary?: string; description?: string }) => void): void {
  const text = new Set(kept ? ['summary', 'description'].filter((k) => typeof item[k] === 'string') : []);
  for (const key of Object.keys(item)) {
    if ((LOWER_METHODS as readonly string[]).includes(key) || key === 'parameters' || key === '$ref' || key.startsWith('x-') || text.has(key)) continue;
    // A path's servers are its operations' own: each endpoint on it keeps them (T32u N-i).
    if (key === 'servers' && kept && LOWER_METHODS.some((m) => isObj(item[m]))) continue;
    ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `a path item's \`${key}\` has no place in the spec` });
  }
  if (!kept || text.size === 0) return;
  const { title } = titled(item.summary);
  const description = typeof item.description === 'string' && item.description.trim() !== '' ? item.description : undefined;
  if (title === undefined && typeof item.summary === 'string' && item.summary.trim() !== '') ctx.unmapped.push({ pointer: `${pointer}/summary`, reason: "a path item's summary of paragraphs has no place as a one-line summary; it is not kept" });
  if (title !== undefined || description !== undefined) kept({ ...(title !== undefined ? { summary: title } : {}), ...(description !== undefined ? { description } : {}) });
}

type TagNote = { description?: string; external_docs?: { url: string; description?: string } };

/**
 * The document's tags as the endpoints area declares them, every one in its order, where one of
 * them says something (a description, external docs) or is used by no operation. Where each only
 * names a group operations use, in the order of their names, the operations carry them by name and
 * an export declares them again (in that order): they are not written twice. A tag without a name the spec can hold, or declared a second
 * time, is said.
 */
function mapTags(ctx: OpenApiContext, raw: unknown, used: ReadonlySet<string>): Record<string, TagNote> {
  const out = new Map<string, TagNote>();
  (Array.isArray(raw) ? raw : []).forEach((t, i) => {
    const tag = ctx.deref(t);
    const at = ctx.where(t, `/tags/${i}`);
    const name = tag.name;
    if (typeof name !== 'string' || !nameSchema.safeParse(name).success) {
      ctx.unmapped.push({ pointer: at, reason: 'a tag without a name (or one with line breaks or control characters) is not kept' });
      return;
    }
    if (out.has(name)) {
      ctx.unmapped.push({ pointer: at, reason: `the tag \`${name}\` is declared a second time; the first is kept` });
      return;
    }
    const docs = importExternalDocs(tag.externalDocs, `${at}/externalDocs`, ctx.unmapped);
    for (const key of Object.keys(tag)) if (!['name', 'description', 'externalDocs'].includes(key) && !key.startsWith('x-')) ctx.unmapped.push({ pointer: `${at}/${seg(key)}`, reason: `a tag's \`${key}\` has no place in the spec` });
    out.set(name, { ...(typeof tag.description === 'string' && tag.description.trim() !== '' ? { description: tag.description } : {}), ...(docs ? { external_docs: docs } : {}) });
  });
  // (Nor where their order is not the one an export writes them in, by name: the document's order is kept.)
  const names = [...out.keys()];
  const inOrder = names.every((n, i) => i === 0 || (names[i - 1] as string) < n);
  if (inOrder && [...out].every(([name, note]) => used.has(name) && Object.keys(note).length === 0)) return {};
  // A map, not an object, while collecting: a tag called `__proto__` is a name like any other.
  return Object.fromEntries(out);
}

type Server = { name?: string; url: string; description?: string; variables?: Record<string, { default: string; allowed?: string[]; description?: string }> };

/**
 * The document's servers, with their variables: absolute, or a path from the root (`/api/v1`,
 * relative to where the document is read, which the spec keeps as written). Any other address
 * (`api/v1`, `//host`, a script) is listed as unmapped, with what the server states besides.
 */
function mapServers(ctx: OpenApiContext, raw: unknown, at = '/servers'): Server[] {
  if (!Array.isArray(raw)) return [];
  const out: Server[] = [];
  raw.forEach((r, i) => {
    const s = ctx.deref(r);
    if (typeof s.url !== 'string' || !serverSchema.shape.url.safeParse(s.url).success) {
      const also = ['description', 'variables'].filter((k) => s[k] !== undefined);
      ctx.unmapped.push({ pointer: `${at}/${i}`, reason: `the server \`${String(s.url)}\` is neither an absolute URL nor a path from the root (\`/api/v1\`), as the spec states servers, so it is not kept${also.length > 0 ? `, nor its ${also.join(' and ')}` : ''}` });
      return;
    }
    const variables = Object.entries(ctx.deref(s.variables)).map(([name, v]) => {
      const o = ctx.deref(v);
      const listed = Array.isArray(o.enum) ? o.enum.map(String) : [];
      const allowed = defaultAllowed(String(o.default ?? ''), listed, `${at}/${i}/variables/${seg(name)}`, ctx.unmapped);
      return [name, { default: String(o.default ?? ''), ...(allowed.length > 0 ? { allowed } : {}), ...(typeof o.description === 'string' && o.description.trim() ? { description: o.description } : {}) }] as const;
    });
    const name = s[SERVER_NAME_EXTENSION];
    const named = typeof name === 'string' && serverSchema.shape.name.safeParse(name).success;
    if (name !== undefined && !named) ctx.unmapped.push({ pointer: `${at}/${i}/${SERVER_NAME_EXTENSION}`, reason: 'a server name that is not a name is not kept' });
    out.push({ ...(named ? { name } : {}), url: s.url, ...(typeof s.description === 'string' && s.description.trim() ? { description: s.description } : {}), ...(variables.length > 0 ? { variables: Object.fromEntries(variables) } : {}) });
  });
  return out;
}

/** The summary, contact, licence and terms of service the document's `info` states. */
function mapInfo(ctx: OpenApiContext, info: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof info.summary === 'string' && info.summary.trim()) out.summary = info.summary.trim();
  /** What is not kept of a value the spec cannot hold (a `mailto:` or `urn:` address, valid OpenAPI: t31t D12), said at its pointer. */
  const unkept = (pointer: string, key: string, value: string) =>
    ctx.unmapped.push({ pointer, reason: `${markdownCode(value.length > 80 ? `${value.slice(0, 79)}…` : value)} is not ${key === 'email' ? 'a mail address' : key === 'url' || key === 'termsOfService' ? 'an address a page links to (http, https or relative)' : key === 'identifier' ? 'an identifier' : 'a line of text'}, as the spec holds it; it is not kept` });
  /** Each of `keys` the object states as a non-blank text, where the purpose area's schema takes it beside what is kept before it. */
  const kept = (o: Obj, keys: readonly string[], fits: (value: Obj) => boolean, pointer: string, base: Obj = {}): Obj => {
    const got: Obj = { ...base };
    for (const key of keys) {
      const v = o[key];
      if (key in base || typeof v !== 'string' || v.trim() === '') continue;
      if (fits({ ...got, [key]: v })) got[key] = v;
      else unkept(`${pointer}/${key}`, key, v);
    }
    return got;
  };
  const contact = kept(ctx.deref(info.contact), ['name', 'email', 'url'], (c) => purposeArea.shape.contact.safeParse(c).success, '/info/contact');
  if (Object.keys(contact).length > 0) out.contact = contact;
  const license = ctx.deref(info.license);
  if (typeof license.name === 'string' && license.name.trim()) {
    if (purposeArea.shape.license.safeParse({ name: license.name }).success) out.license = kept(license, ['identifier', 'url'], (l) => purposeArea.shape.license.safeParse(l).success, '/info/license', { name: license.name });
    else ctx.unmapped.push({ pointer: '/info/license', reason: 'a licence without a name of one line is not kept' });
  }
  if (typeof info.termsOfService === 'string') {
    if (purposeArea.shape.terms_of_service.safeParse(info.termsOfService).success) out.terms_of_service = info.termsOfService;
    else unkept('/info/termsOfService', 'termsOfService', info.termsOfService);
  }
  return out;
}

/**
 * Maps a bundled OpenAPI 3.x document (internal `$ref`s kept) into the spec, one mapper per kind
 * of item. `resolve` looks a local `$ref` up through the parser. What the document does not say
 * stays open; what has no place in the spec is listed as unmapped.
 */
export function importOpenApi(doc: Obj, resolve: (ref: string) => unknown, format = `OpenAPI ${String(doc.openapi ?? '')}`): ImportResult {
  const unmapped: Unmapped[] = [];
  // OpenAPI 3.0 (a Swagger 2.0 document is read upgraded to it) ignores what is beside a schema's `$ref`; 3.1 applies it.
  const refSiblingsIgnored = typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
  const ctx = openApiContext(resolve, new SchemaMapper(unmapped, resolve, undefined, { refSiblingsIgnored, nullableNotAKeyword: typeof doc.openapi === 'string' && doc.openapi.startsWith('3.1'), impliedMapping: true }), unmapped);
  const info = ctx.deref(doc.info);
  const components = ctx.deref(doc.components);
  // Ids in the order the document lists its components, before any reference asks for one: the same names, the same ids.
  // Each name that is a valid id as written keeps it; only one that must change takes a number (t31r D12).
  ctx.schemas.ids.claim(Object.keys(ctx.deref(components.schemas)));
  const azure = withStatedValues(ctx.deref(components.schemas));
  // A renamed subtype's implied discriminator value kept as a mapping entry of its base (t31t D5).
  const implied = withImpliedValues(azure.schemas, (name) => ctx.schemas.ids.id(name));
  unmapped.push(...implied.said.map(({ name, reason }) => ({ pointer: `/components/schemas/${seg(name)}/discriminator`, reason })));
  for (const [name, schema] of Object.entries(implied.schemas)) ctx.schemas.component(name, schema, `/components/schemas/${seg(name)}`);

  const schemeIds = new Ids();
  // The first absolute server without variables: what relative URLs of the document resolve against.
  const base = (Array.isArray(doc.servers) ? doc.servers : []).map((sv) => ctx.deref(sv).url).find((u): u is string => typeof u === 'string' && !u.includes('{') && /^https?:\/\//i.test(u));
  schemeIds.claim(Object.keys(ctx.deref(components.securitySchemes)));
  // An API key whose name the spec cannot hold: the scheme is said and not kept, nor the alternatives that name it (one rule with AsyncAPI's, `unkeptKeyName`).
  const unnamed = new Set(Object.entries(ctx.deref(components.securitySchemes)).filter(([, s]) => unkeptKeyName(ctx.deref(s))).map(([name]) => name));
  for (const name of unnamed) unmapped.push({ pointer: `${ctx.where(ctx.deref(components.securitySchemes)[name], `/components/securitySchemes/${seg(name)}`)}/name`, reason: UNKEPT_KEY_NAME });
  const schemes = Object.entries(ctx.deref(components.securitySchemes)).filter(([name]) => !unnamed.has(name)).map(([name, s]) => ({ id: schemeIds.id(name), data: mapScheme(ctx.deref(s), ctx.where(s, `/components/securitySchemes/${seg(name)}`), unmapped, base) }));
  const errors = new ErrorCollector();
  const findings: EndpointFindings = { rateHeaders: new Set(), deprecationHeaders: new Set(), deprecated: 0 };
  const endpointIds = new Ids();
  const eventIds = new Ids();
  const endpoints: Array<{ id: string; data: ItemInput<'endpoints'>; from: string[] }> = [];
  const events: Array<{ id: string; data: ItemInput<'events'> }> = [];
  const defined = (n: string) => (unnamed.has(n) ? ('unkept' as const) : isObj(ctx.deref(components.securitySchemes)[n]));
  ctx.scopesOf = (n) => {
    const s = ctx.deref(ctx.deref(components.securitySchemes)[n]);
    return s.type === 'oauth2' && isObj(s.flows) ? declaredScopes(Object.fromEntries(Object.entries(s.flows).filter(([flow]) => OAUTH_FLOWS.includes(flow))), 'scopes') : undefined;
  };
  /** The operations kept, by method and path shape (parameter names and a trailing `/` aside), as `check` tells two endpoints apart. */
  const shapes = new Map<string, string>();
  /** What the document says of each path as a whole, by path, in its order. */
  const pathNotes = new Map<string, { summary?: string; description?: string }>();
  // Every operationId the document writes has its id first: a second operation under one, or one
  // with none (named by its method and path), takes an id no operation writes (`listPets-3` where
  // another writes `listPets-2`; `get-pets-2` where one writes `get-pets`). Each that no other
  // could share an id with keeps its own, in the document's order; then those that differ only in
  // letter case (`getItem`, `GetItem`) or in characters an id cannot hold, in code-unit order, so
  // that which keeps the plain id and which takes a number does not follow the order of the paths
  // (an export writes them in the order of the ids, and its import gave the ids the other way round).
  const written = new Set<string>();
  for (const raw of Object.values(ctx.deref(doc.paths))) {
    const item = ctx.deref(raw);
    for (const method of LOWER_METHODS) {
      const id = isObj(item[method]) ? statedOperationId(ctx.deref(item[method])) : undefined;
      if (id !== undefined) written.add(id);
    }
  }
  const alike = new Map<string, string[]>();
  for (const name of written) {
    const key = idBase(name).base.toLowerCase();
    alike.set(key, [...(alike.get(key) ?? []), name]);
  }
  for (const names of alike.values()) if (names.length === 1) endpointIds.id(names[0] as string);
  for (const [, names] of [...alike].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (names.length > 1) endpointIds.claim([...names].sort());
  /** The operationIds of the operations kept so far, and the names made up for those without one. */
  const met = new Set<string>();
  const made = new Set<string>();
  ctx.inlineErrors = inlineErrorUses(ctx, doc.paths, LOWER_METHODS);
  for (const [path, raw] of Object.entries(ctx.deref(doc.paths))) {
    const item = ctx.deref(raw);
    pathItemKeys(ctx, item, ctx.where(raw, `/paths/${seg(path)}`), path.startsWith('/') ? (note) => pathNotes.set(path, note) : undefined);
    // The servers the path's operations are called on, where the path states its own (an operation's own replace them, as OpenAPI has it: T32u N-i).
    const pathServers = path.startsWith('/') && Array.isArray(item.servers) && item.servers.length > 0 ? mapServers(ctx, item.servers, `${ctx.where(raw, `/paths/${seg(path)}`)}/servers`) : [];
    for (const method of LOWER_METHODS) {
      if (!isObj(item[method])) continue;
      const op = ctx.deref(item[method]);
      // Where the operation is written: a path item reached through `$ref` (3.1's `components.pathItems`) holds it there.
      const pointer = `${ctx.where(raw, `/paths/${seg(path)}`)}/${method}`;
      const shape = `${method.toUpperCase()} ${path.replace(/\{[^{}]*\}/g, '{}').replace(/\/+$/, '')}`;
      const earlier = shapes.get(shape);
      if (earlier !== undefined) {
        // OpenAPI forbids templated paths that differ only in their parameters' names (Trello's `/cards/{idCard}` and `/cards/{filter}`): one endpoint of the spec is one method on one path.
        // `/users` and `/users/` are two paths to OpenAPI, one to the spec (its check reads a trailing slash as no difference): said as that, not as the same path.
        const endsInSlash = (p: string) => /\/$/.test(p);
        const slash = endsInSlash(earlier) !== endsInSlash(path);
        unmapped.push({
          pointer,
          reason: slash
            ? `\`${method.toUpperCase()} ${path}\` differs from \`${earlier}\`, which is kept, only by a trailing slash: OpenAPI reads them as two paths, the spec as one (one method on one path is one endpoint, and its check takes a trailing slash for none), so this operation is not kept`
            : `\`${method.toUpperCase()} ${path}\` is the same method and path as \`${earlier}\` (parameter names aside), which is kept; one method on one path is one endpoint, so this operation is not kept`,
        });
        continue;
      }
      shapes.set(shape, `${method.toUpperCase()} ${path}`);
      const name = operationName(method, path, op);
      // OpenAPI asks each operationId to be unique; a second operation under one is kept under another id, never merged into the first.
      const stated = statedOperationId(op) !== undefined;
      const repeated = stated && met.has(name);
      const madeUp = !stated && (written.has(name) || made.has(name));
      (stated ? met : made).add(name);
      const id = repeated || madeUp ? endpointIds.another(name) : endpointIds.id(name);
      if (repeated) unmapped.push({ pointer: `${pointer}/operationId`, reason: `the operationId \`${name}\` is also an earlier operation's (OpenAPI asks each to be unique): this operation is kept as the endpoint \`${id}\`, and an export names it so` });
      const endpoint = mapEndpoint(ctx, { id, method, path, item, op, pointer, security: doc.security, schemes: defined }, schemeIds, errors, findings);
      if (repeated) delete endpoint.operation_id; // the first operation keeps the name; two would be exported under one
      const ownServers = Array.isArray(op.servers) && op.servers.length > 0 ? mapServers(ctx, op.servers, `${pointer}/servers`) : pathServers;
      if (ownServers.length > 0) endpoint.servers = ownServers;
      // A callback is an event the service sends to the address its expression gives; the endpoint keeps the address and the event by callback name.
      const callbacks = new Map<string, Map<string, string>>();
      for (const [cbName, cb] of Object.entries(ctx.deref(op.callbacks))) {
        if (cbName === '__proto__') {
          unmapped.push({ pointer: `${pointer}/callbacks/${seg(cbName)}`, reason: 'a callback named `__proto__` is not kept: the name is reserved in JavaScript, and no spec file holds it' });
          continue;
        }
        if (!usableKey(cbName, `${pointer}/callbacks`, 'a callback (with its operations)', unmapped)) continue;
        for (const [n, [expression, cbItem]] of Object.entries(ctx.deref(cb)).entries()) {
          const at = ctx.where(cbItem, `${ctx.where(cb, `${pointer}/callbacks/${seg(cbName)}`)}/${seg(expression)}`);
          // Each URL expression of a callback is an event of its own: the second and later are numbered, so none overwrites another.
          const eventName = `${repeated ? id : name}.${cbName}${n > 0 ? `-${n + 1}` : ''}`;
          // A callback's operation is an operation of its own: its security is its own or the document's (OpenAPI's Operation Object), never the registering operation's.
          const [found] = mapEvents(ctx, eventName, ctx.deref(cbItem), at, eventIds, schemeIds, doc.security, defined, true);
          if (!found) continue;
          events.push(found);
          const addresses = callbacks.get(cbName) ?? new Map<string, string>();
          addresses.set(expression, found.id);
          callbacks.set(cbName, addresses);
        }
      }
      if (callbacks.size > 0) endpoint.callbacks = Object.fromEntries([...callbacks].map(([cbName, addresses]) => [cbName, Object.fromEntries(addresses)]));
      endpoints.push({ id, data: endpoint, from: [pointer, `${ctx.where(raw, `/paths/${seg(path)}`)}/parameters`] });
    }
  }
  for (const key of ['webhooks', 'x-webhooks'] as const) {
    for (const [name, raw] of Object.entries(ctx.deref(doc[key]))) {
      const at = ctx.where(raw, `/${key}/${seg(name)}`);
      pathItemKeys(ctx, ctx.deref(raw), at);
      events.push(...mapEvents(ctx, name, ctx.deref(raw), at, eventIds, schemeIds, doc.security, defined));
    }
  }
  const externalDocs = importExternalDocs(doc.externalDocs, '/externalDocs', unmapped);
  // The spec's shapes are read as OpenAPI's own dialect; an export states none, so that dialect applies.
  if (doc.jsonSchemaDialect !== undefined) unmapped.push({ pointer: '/jsonSchemaDialect', reason: 'the JSON Schema dialect of the document has no place in the spec; an export states none, so OpenAPI’s default applies' });
  // Tags are carried by name on each endpoint and event; the document's list of them (what each is, a tag no operation uses too) is the endpoints area's.
  const tags = mapTags(ctx, doc.tags, new Set([...endpoints, ...events].flatMap((x) => (Array.isArray(x.data.tags) ? x.data.tags.map(String) : []))));
  for (const key of Object.keys(components)) {
    // A path item is kept where a path, webhook or callback refers to it, a callback where an operation does (one nothing uses is said below).
    if (!['schemas', 'securitySchemes', 'responses', 'parameters', 'requestBodies', 'headers', 'examples', 'pathItems', 'callbacks'].includes(key)) unmapped.push({ pointer: `/components/${key}`, reason: `components.${key} are not mapped` });
  }
  unusedComponents(doc, components, unmapped);
  // A named example is kept where a body, parameter or header uses it; one only what is not kept uses (a webhook's response) is not.
  for (const name of Object.keys(ctx.deref(components.examples))) {
    const at = `/components/examples/${seg(name)}`;
    if (!ctx.used.has(at)) unmapped.push({ pointer: at, reason: 'an example that nothing kept uses (only a webhook’s response, say) is not kept' });
  }
  const errorsFound = errors.finish();
  const servers = mapServers(ctx, doc.servers);
  // The base address is the first absolute server's; a path from the root is no address (the host is where the document is read from, which it does not say).
  const url = servers.find((sv) => !isRelativeServerUrl(sv.url))?.url;
  const absolute = url !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^{}\s]+$/i.test(url) ? url : undefined;
  const about = mapInfo(ctx, info);

  // An empty version (`version: ''`, valid) names no version: said, and which version the document describes left open (an item named `x` failed the check).
  const blank = typeof info.version === 'string' && info.version.trim() === '';
  if (blank) unmapped.push({ pointer: '/info/version', reason: 'the version is empty: no version is kept, and which version the document describes is left open' });
  const version = typeof info.version === 'string' && !blank ? info.version : undefined;
  const versionId = version !== undefined ? new Ids().id(version) : undefined;
  // What the document names differently from its item's id, and where: said, with both names.
  unmapped.push(
    ...ctx.schemas.ids.reported((n) => `/components/schemas/${seg(n)}`, 'schema'),
    ...schemeIds.reported((n) => `/components/securitySchemes/${seg(n)}`, 'security scheme'),
    ...errors.reported((n) => (Object.hasOwn(ctx.deref(components.responses), n) ? `/components/responses/${seg(n)}` : '')),
    ...eventIds.reported((n) => (isObj(ctx.deref(doc.webhooks)[n]) ? `/webhooks/${seg(n)}` : isObj(ctx.deref(doc['x-webhooks'])[n]) ? `/x-webhooks/${seg(n)}` : ''), 'webhook').filter((u) => u.pointer !== ''),
  );
  // Azure's subtype values are carried as the base's mapping (`withStatedValues`).
  const carried = new Set(azure.carried.map((name) => `/components/schemas/${seg(name)}/x-ms-discriminator-value`));
  unmapped.push(...azure.refused.map(({ name, reason }) => ({ pointer: `/components/schemas/${seg(name)}/x-ms-discriminator-value`, reason })));
  unmapped.push(...extensions(doc, unmapped).filter((u) => !carried.has(u.pointer)));
  const { rateHeaders, deprecationHeaders, deprecated } = findings;
  const items: ImportedItem[] = [
    ...[...ctx.schemas.resources].map(([id, data]) => {
      const from = ctx.schemas.origins.get(id);
      return { area: 'resources' as const, id, data, ...(from !== undefined ? { from: [from] } : {}) };
    }),
    ...endpoints.map((e) => ({ area: 'endpoints' as const, ...e })),
    ...schemes.map((s) => ({ area: 'authentication' as const, ...s })),
    ...events.map((e) => ({ area: 'events' as const, ...e })),
    ...errorsFound.items.map((e) => ({ area: 'errors' as const, ...e })),
    // The version as written, where its id cannot be (`1.20.0+dev-539`, `2.0 (v2)`); nothing more: the document states no title and no status (whether it is current is a gap).
    ...(version !== undefined && versionId !== undefined ? [{ area: 'versioning' as const, id: versionId, data: versionId !== version ? { name: version } : {} }] : []),
  ];
  return {
    format,
    areas: {
      purpose: {
        name: serviceName(info.title, unmapped),
        base_url: absolute ?? '{base_url}',
        ...(typeof info.description === 'string' && info.description.trim() ? { purpose: info.description } : {}),
        ...(servers.length > 0 ? { servers } : {}),
        ...about,
        ...(externalDocs ? { external_docs: externalDocs } : {}),
      },
      // A list stated whole only where the document lists something: an empty one says nothing (it may write its shapes in place).
      resources: ctx.schemas.resources.size > 0 ? { inventory: 'complete' } : {},
      endpoints: {
        ...(endpoints.length > 0 ? { inventory: 'complete' as const } : {}),
        ...(Object.keys(tags).length > 0 ? { tags } : {}),
        ...(pathNotes.size > 0 ? { paths: Object.fromEntries(pathNotes) } : {}),
      },
      authentication: schemes.length > 0 ? { inventory: 'complete' } : { inventory: { open: 'The OpenAPI description defines no security scheme: is the service open?' } },
      events: events.length > 0 ? { inventory: 'complete' } : {},
      errors: errorsFound.body ? { body: errorsFound.body } : {},
      limits: rateHeaders.size > 0 ? { headers: [...rateHeaders].sort() } : {},
      // The one version a document describes says nothing of the others the service supports: the list is left open, never claimed whole.
      versioning: {
        ...(deprecated > 0 || deprecationHeaders.size > 0
          ? { deprecation: { open: `The description marks ${deprecated} operations deprecated${deprecationHeaders.size ? ` and uses the headers ${[...deprecationHeaders].sort().join(', ')}` : ''}: how much notice is given before removal?` } }
          : {}),
      },
    },
    items,
    unmapped: uniqueUnmapped(unmapped),
  };
}
