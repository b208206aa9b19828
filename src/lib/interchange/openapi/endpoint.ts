import type { z } from 'zod';
import type { ItemInput } from '../../areas/index.ts';
import { LOCATIONS, type Location, type parameterSchema } from '../../areas/endpoints/index.ts';
import type { securityAlternative } from '../../areas/security.ts';
import type { payloadSchema, responseSchema } from '../../areas/payload.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { nameSchema } from '../../facet/values.ts';
import { markdownCode } from '../../safety/markdown.ts';
import { seg, type Ids } from '../result.ts';
import { ERROR_EXTENSION } from '../export-common.ts';
import { importExternalDocs } from '../external-docs.ts';
import { keptScopes } from '../flow-scopes.ts';
import { usableNames } from '../names.ts';
import { canonical, refName } from '../schema-map.ts';
import { CONTROLS_AS_SPACES, ONE_LINE, titled } from '../text.ts';
import { bodyContent, describedShape, headersOf } from './body.ts';
import { withOwnWords, type OpenApiContext } from './context.ts';
import { pathParameters } from '../../checks/path-parameters.ts';
import type { ErrorCollector } from './error.ts';

/** A response that states nothing: no body, no words. */
export const NO_BODY = 'No body.';

/** What an OpenAPI description does not say: these facets stay open, never invented. */
export const FROM_OPENAPI = 'The OpenAPI description declares none.';
/** Methods whose request body, when the source gives none, is not asked about. */
const BODYLESS = new Set(['get', 'head', 'delete', 'options', 'trace']);

/** What an operation states that an endpoint keeps (links are listed on their own). */
const OPERATION_KEYS = new Set(['summary', 'description', 'operationId', 'tags', 'parameters', 'requestBody', 'responses', 'security', 'deprecated', 'callbacks', 'links', 'externalDocs', 'servers']);

/** What the endpoints of a document say about other areas: rate-limit and deprecation headers, deprecated operations. */
export interface EndpointFindings {
  rateHeaders: Set<string>;
  deprecationHeaders: Set<string>;
  deprecated: number;
}
const RATE_HEADERS = /^(x-)?rate-?limit|^retry-after$/i;
const DEPRECATION_HEADERS = /^(deprecation|sunset)$/i;

/** The id an operation gets: its `operationId`, else its method and path. */
export function operationName(method: string, path: string, op: Obj): string {
  return statedOperationId(op) ?? `${method}${path.replace(/[{}]/g, '').replace(/\//g, '-')}`;
}

/**
 * An operation's `operationId`, where it names something: an empty one (`operationId: ""`, which
 * OpenAPI's schema lets through) identifies nothing, and the spec's `operation_id` is never empty.
 */
export function statedOperationId(op: Obj): string | undefined {
  return typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined;
}

/**
 * The names a document gives an error response written in place, best first: the title of its
 * body's schema (one line; the first media type's that has one), then its operation's id with the
 * status. Empty for a response without a body: it is the status alone (`http-404`), every
 * operation's.
 */
function errorNames(ctx: OpenApiContext, response: Obj, op: Obj, status: string): string[] {
  const content = ctx.deref(response.content);
  if (Object.keys(content).length === 0) return [];
  const titles = Object.values(content).map((m) => ctx.deref(ctx.deref(m).schema).title);
  const title = titles.find((t): t is string => typeof t === 'string' && t.trim() !== '' && ONE_LINE.test(t.trim()));
  const id = statedOperationId(op);
  // A body several operations write is not named after the first of them (t32s R4: 175 of influx's 197 operations read "The error GetBuckets-default").
  const shared = (ctx.inlineErrors?.get(inlineErrorKey(ctx, response, status)) ?? 0) > 1;
  return [...(title !== undefined ? [title.trim()] : []), ...(id !== undefined && !shared ? [`${id}-${status.toLowerCase()}`] : [])];
}

/** What makes two error responses written in place the same: their status and their body as written. */
const inlineErrorKey = (ctx: OpenApiContext, response: Obj, status: string) => `${status.toLowerCase()}@${JSON.stringify(ctx.deref(response.content))}`;

/** How many operations of the document write each error response in place (not a component), by `inlineErrorKey`. */
export function inlineErrorUses(ctx: OpenApiContext, paths: unknown, methods: readonly string[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const raw of Object.values(ctx.deref(paths))) {
    const item = ctx.deref(raw);
    for (const method of methods) {
      if (!isObj(item[method])) continue;
      for (const [status, r] of Object.entries(ctx.deref(ctx.deref(item[method]).responses))) {
        if (!/^([45]\d\d|[45]XX|default)$/i.test(status) || (isObj(r) && typeof r.$ref === 'string')) continue;
        const key = inlineErrorKey(ctx, ctx.deref(r), status);
        uses.set(key, (uses.get(key) ?? 0) + 1);
      }
    }
  }
  return uses;
}

/** Said of an empty `operationId`, at its pointer. */
export const EMPTY_OPERATION_ID = 'an empty `operationId` names nothing and is not kept: the operation is named by its method and path, and an export writes that name as its `operationId`';

/** OpenAPI's security requirements as alternatives: each object is one way in, all of its schemes together; `{}` is "no authentication". */
export function securityAlternatives(security: unknown[], schemeIds: Ids, defined: (name: string) => boolean | 'unkept' = () => true, unmapped?: { pointer: string; push: (u: { pointer: string; reason: string }) => void }, scopesOf: (scheme: string) => ReadonlySet<string> | undefined = () => undefined): Array<z.input<typeof securityAlternative>> {
  return security.filter(isObj).flatMap((req, i) => {
    const unknown = Object.keys(req).filter((name) => defined(name) === false);
    if (unknown.length > 0) {
      unmapped?.push({ pointer: unmapped.pointer, reason: `alternative ${i} names a scheme the document does not define (${unknown.map((n) => `\`${n}\``).join(", ")}); it is not kept` });
      return [];
    }
    const unkept = Object.keys(req).filter((name) => defined(name) === 'unkept');
    if (unkept.length > 0) {
      unmapped?.push({ pointer: unmapped.pointer, reason: `alternative ${i} names a scheme that is not kept (${unkept.map((n) => `\`${n}\``).join(', ')}); it is not kept` });
      return [];
    }
    const all = Object.entries(req).map(([scheme, written]) => {
      // Scopes the spec can hold and the scheme lists (t31t D8, D17): the others said at their place, not kept.
      const scopes = Array.isArray(written) ? keptScopes(written.map(String), scheme, scopesOf(scheme), (j) => `${unmapped?.pointer ?? '/security'}/${i}/${seg(scheme)}/${j}`, unmapped ?? { push: () => undefined }) : [];
      return { scheme: schemeIds.id(scheme), ...(scopes.length > 0 ? { scopes } : {}) };
    });
    const [only] = all;
    return [all.length === 0 ? { anonymous: true as const } : all.length === 1 && only ? only : { all }];
  });
}

type Parameters = Partial<Record<Location, Record<string, z.input<typeof parameterSchema>>>>;

/**
 * The parameters of an operation by location, in the order the spec lists locations (so a round
 * trip writes them the same way): the path item's first, replaced by the operation's own of the
 * same name and location. `itemPointer` and `pointer` are where the path item and the operation are.
 */
export function mapParameters(ctx: OpenApiContext, item: Obj, op: Obj, itemPointer: string, pointer: string, renamed: ReadonlyMap<string, string> = new Map(), path?: string): Parameters {
  const parameters = new Map<Location, Map<string, z.input<typeof parameterSchema>>>();
  const listed = [
    ...(Array.isArray(item.parameters) ? item.parameters.map((p, i) => ({ raw: p, pointer: ctx.where(p, `${itemPointer}/parameters/${i}`), own: false })) : []),
    ...(Array.isArray(op.parameters) ? op.parameters.map((p, i) => ({ raw: p, pointer: ctx.where(p, `${pointer}/parameters/${i}`), own: true })) : []),
  ];
  // Header names by their lower case: HTTP field names are case-insensitive, so `X-Id` and `x-id` are one header.
  const headerNames = new Map<string, { name: string; pointer: string; own: boolean }>();
  /** The parameters met, by location and name, with whether each is the operation's own: a second of one list is said, not kept over the first. */
  const met = new Map<string, boolean>();
  /** The names the path's template writes (`{id}`), where the parameters are an endpoint's. */
  const templated = path === undefined ? undefined : new Set(pathParameters(path));
  for (const { raw, pointer: ppointer, own } of listed) {
    const p = withOwnWords(raw, ctx.deref(raw));
    if (typeof p.name !== 'string' || (p.in !== 'path' && p.in !== 'query' && p.in !== 'header' && p.in !== 'cookie')) {
      ctx.unmapped.push({ pointer: ppointer, reason: 'a parameter without a name or a known location (path, query, header, cookie)' });
      continue;
    }
    // A path parameter whose `{name}` the path is written with under another name (`safePath`) is kept under that name.
    const name = p.in === 'path' ? renamed.get(p.name) ?? p.name : p.name;
    if (name === '__proto__') {
      ctx.unmapped.push({ pointer: ppointer, reason: 'a parameter named `__proto__` is not kept: the name is reserved in JavaScript, and no spec file holds it' });
      continue;
    }
    if (!nameSchema.safeParse(p.name).success) {
      // An empty name (`name: ''`, as Notion's document has a header), or one with line breaks or control characters: no parameter the spec can name.
      ctx.unmapped.push({ pointer: ppointer, reason: 'a parameter whose name is empty or holds line breaks or control characters is not kept: the spec names every parameter' });
      continue;
    }
    // OpenAPI's prose asks a path parameter's name to be one the template writes; its schema does not, and the spec's check does (t31t D9): said, not kept.
    if (p.in === 'path' && templated !== undefined && !templated.has(name)) {
      ctx.unmapped.push({ pointer: ppointer, reason: `the path parameter \`${p.name}\` is not one the path's template names (${templated.size > 0 ? [...templated].map((n) => `\`{${n}}\``).join(', ') : 'it names none'}), so no request carries it: it is not kept` });
      continue;
    }
    // The same name and location twice in one list (OpenAPI asks each once; its schema does not; t31t D19): the first is kept, the other said.
    const key = `${p.in}\u0000${name}`;
    if (met.get(key) === own) {
      ctx.unmapped.push({ pointer: ppointer, reason: `the ${p.in} parameter \`${p.name}\` is written again in the same list (OpenAPI asks each once): only the first is kept` });
      continue;
    }
    met.set(key, own);
    if (p.in === 'header') {
      const earlier = headerNames.get(p.name.toLowerCase());
      if (earlier !== undefined && earlier.name !== p.name) {
        // The operation's own replaces the path item's, as for one name; within one list the first is kept.
        const replaced = own && !earlier.own;
        ctx.unmapped.push(
          replaced
            ? { pointer: earlier.pointer, reason: `the header parameter \`${earlier.name}\` is the operation's \`${p.name}\` (HTTP header names are case-insensitive): the operation's own replaces it` }
            : { pointer: ppointer, reason: `the header parameter \`${p.name}\` is \`${earlier.name}\` written again (HTTP header names are case-insensitive): only the first is kept` },
        );
        if (!replaced) continue;
        parameters.get('header')?.delete(earlier.name);
      }
      headerNames.set(p.name.toLowerCase(), { name: p.name, pointer: ppointer, own });
    }
    const shape = describedShape(ctx, p, ppointer, ['name', 'in', 'required', 'style', 'explode', 'allowEmptyValue', 'allowReserved']);
    const { type, ...rest } = shape;
    for (const key of ['allowEmptyValue', 'allowReserved']) if (p[key] !== undefined) ctx.unmapped.push({ pointer: `${ppointer}/${key}`, reason: `\`${key}\` has no place in the spec` });
    // Maps, not objects, while collecting: a name such as `__proto__` is a name like any other.
    const group = parameters.get(p.in) ?? new Map<string, z.input<typeof parameterSchema>>();
    parameters.set(p.in, group);
    group.set(name, canonical({
      ...(type !== undefined ? { type } : { type: { open: 'The source gives no type.' } }),
      ...(typeof p.required === 'boolean' ? { required: p.required } : {}),
      ...(typeof p.style === 'string' ? { style: p.style } : {}),
      ...(typeof p.explode === 'boolean' ? { explode: p.explode } : {}),
      ...rest,
    }));
  }
  return Object.fromEntries(LOCATIONS.flatMap((l) => { const group = parameters.get(l); return group ? [[l, Object.fromEntries(group)]] : []; }));
}

/** Why a request body written with empty `content` and nothing else is none: the export writes it back as `requestBody: { content: {} }`. */
export const EMPTY_REQUEST_BODY = 'The request body has no content.';

/** A request body: its content, description and whether it is required; undefined when the operation has none. */
export function requestBody(ctx: OpenApiContext, raw: unknown, pointer: string): z.input<typeof payloadSchema> | { none: string } | undefined {
  if (raw === undefined) return undefined;
  const body = withOwnWords(raw, ctx.deref(raw));
  const at = ctx.where(raw, pointer);
  const content = bodyContent(ctx, body.content, `${at}/content`);
  const extra = { ...(typeof body.description === 'string' && body.description.trim() ? { description: body.description } : {}), ...(typeof body.required === 'boolean' ? { required: body.required } : {}) };
  for (const key of Object.keys(body)) if (!['content', 'description', 'required', '$ref'].includes(key)) ctx.unmapped.push({ pointer: `${at}/${seg(key)}`, reason: `a request body's \`${key}\` has no place in the spec` });
  return content ? { ...content, ...extra } : Object.keys(extra).length > 0 ? extra : { none: EMPTY_REQUEST_BODY };
}

/**
 * A `{name}` of the path that no parameter declares (OpenAPI asks one; clicksend's
 * `/uploads?convert={convert}` has none): kept as a path parameter whose type is open, and said,
 * so that the import passes its own check. `parameters` is changed in place.
 */
function undeclaredPathParameters(ctx: OpenApiContext, path: string, parameters: Parameters, pointer: string): void {
  for (const name of pathParameters(path)) {
    if (parameters.path !== undefined && Object.hasOwn(parameters.path, name)) continue;
    if (!nameSchema.safeParse(name).success) continue;
    parameters.path = { ...(parameters.path ?? {}), [name]: { type: { open: 'The source gives no type.' }, required: true } };
    ctx.unmapped.push({ pointer, reason: `the path names \`{${name}}\`, which no parameter of the operation declares (OpenAPI asks one): it is kept as a path parameter whose type is open` });
  }
}

/**
 * A path whose `{__proto__}` (a name reserved in JavaScript, which no spec file holds) is written
 * under another name no other `{name}` of the path has (`{proto}`): a path parameter's name is never
 * sent (the request is the same), so the endpoint and its parameter are kept, not the path left
 * naming a parameter the import drops (which its own check refused). `renamed` is old → new.
 */
export function safePath(path: string): { path: string; renamed: Map<string, string> } {
  const names = new Set(pathParameters(path));
  const renamed = new Map<string, string>();
  if (!names.has('__proto__')) return { path, renamed };
  let name = 'proto';
  for (let n = 2; names.has(name); n++) name = `proto${n}`;
  renamed.set('__proto__', name);
  return { path: path.split('{__proto__}').join(`{${name}}`), renamed };
}

/** One operation as an endpoint. */
export function mapEndpoint(
  ctx: OpenApiContext,
  at: { id: string; method: string; path: string; item: Obj; op: Obj; pointer: string; security: unknown; schemes: (name: string) => boolean | 'unkept' },
  schemeIds: Ids,
  errors: ErrorCollector,
  findings: EndpointFindings,
): ItemInput<'endpoints'> {
  const { method, item, op, pointer } = at;
  const { path, renamed } = safePath(at.path);
  const ordered = mapParameters(ctx, item, op, `/paths/${seg(at.path)}`, pointer, renamed, path);
  const renaming = { pointer: `/paths/${seg(at.path)}`, reason: `the path's ${[...renamed].map(([from, to]) => `\`{${from}}\` is written \`{${to}}\``).join(', ')} (the name is reserved in JavaScript, and no spec file holds it): the path is kept as ${markdownCode(path)}, the same requests (a path parameter's name is not sent)` };
  // Said once for the path, not once per operation on it.
  if (renamed.size > 0 && !ctx.unmapped.some((u) => u.pointer === renaming.pointer && u.reason === renaming.reason)) ctx.unmapped.push(renaming);
  undeclaredPathParameters(ctx, path, ordered, pointer);
  if (typeof op.operationId === 'string' && statedOperationId(op) === undefined) ctx.unmapped.push({ pointer: `${pointer}/operationId`, reason: EMPTY_OPERATION_ID });
  const data: ItemInput<'endpoints'> = {
    ...titled(op.summary, op.description, () => ctx.unmapped.push({ pointer: `${pointer}/summary`, reason: CONTROLS_AS_SPACES })),
    method: method.toUpperCase(),
    path,
    // The item's id is the operationId where it can be; only one it could not keep is stated apart.
    ...(statedOperationId(op) !== undefined && op.operationId !== at.id ? { operation_id: statedOperationId(op) } : {}),
    parameters: Object.keys(ordered).length > 0 ? ordered : { none: FROM_OPENAPI },
  };
  const tags = Array.isArray(op.tags) ? usableNames(op.tags, `${pointer}/tags`, 'a tag', ctx.unmapped) : [];
  if (tags.length > 0) data.tags = tags;
  const request = requestBody(ctx, op.requestBody, `${pointer}/requestBody`);
  if (request !== undefined) data.request = request;
  else if (!BODYLESS.has(method)) data.request = { none: FROM_OPENAPI };
  const responses: Record<string, z.input<typeof responseSchema> | { none: string }> = {};
  const statuses = Object.keys(ctx.deref(op.responses));
  // `default` is every status not listed: an error beside success responses, the answer itself when alone.
  const defaultIsError = statuses.some((s) => /^[123]/.test(s));
  for (const [status, raw] of Object.entries(ctx.deref(op.responses))) {
    const response = ctx.deref(raw);
    const rpointer = ctx.where(raw, `${pointer}/responses/${seg(status)}`);
    for (const h of Object.keys(ctx.deref(response.headers))) {
      if (RATE_HEADERS.test(h)) findings.rateHeaders.add(h);
      if (DEPRECATION_HEADERS.test(h)) findings.deprecationHeaders.add(h);
    }
    const payload = bodyContent(ctx, response.content, `${rpointer}/content`);
    const headers = headersOf(ctx, response.headers, `${rpointer}/headers`);
    if (response.links !== undefined) ctx.unmapped.push({ pointer: `${rpointer}/links`, reason: 'links between operations have no place in the spec' });
    // A reference may give its own description (OpenAPI 3.1); else the response's.
    const own = isObj(raw) && typeof raw.$ref === 'string' && typeof raw.description === 'string' ? raw.description : undefined;
    const description = own ?? (typeof response.description === 'string' && response.description.trim() !== '' ? response.description : undefined);
    if (/^([45]\d\d|[45]XX)$/i.test(status) || (status === 'default' && defaultIsError)) {
      const written = response[ERROR_EXTENSION];
      const named = typeof written === 'string' && written.trim() !== '' ? written : undefined;
      // The export's own extension, written by hand: a value that names no error is said, not read (t31t D10).
      if (written !== undefined && named === undefined) ctx.unmapped.push({ pointer: `${rpointer}/${ERROR_EXTENSION}`, reason: `\`${ERROR_EXTENSION}\` ${typeof written === 'string' ? 'is empty' : 'is not a text'}, so it names no error: it is not kept, and the error is named by its status` });
      const component = refName(isObj(raw) ? raw.$ref : undefined, '#/components/responses/') ?? named;
      // A response written out in full that names its error: the error's own words are in its
      // component, even none (an export writes the error's words there, and a use's own beside it).
      const declared = named !== undefined ? ctx.deref({ $ref: `#/components/responses/${named}` }).description : undefined;
      // An error made from a status alone (`http-400`, no response component) is every operation's
      // response under that status: it claims none of their words (one operation's 400 text was the
      // title of sixteen operations' 400, and a 401's text was moved off its operation: t32 s10 D2,
      // D3), and each response keeps its own.
      // A reference's own description (3.1) is the use's, never the component's: the error keeps the component's words.
      const referenced = refName(isObj(raw) ? raw.$ref : undefined, '#/components/responses/') !== undefined;
      const componentWords = typeof response.description === 'string' && response.description.trim() !== '' ? response.description : undefined;
      // Named by `x-specbench-error` with no component of that name (an export writes none for an error without words
      // whose every response is written in full, T31u N4): the error claims none of their words, as one made from a status.
      const words = typeof declared === 'string' ? (declared.trim() !== '' ? declared : undefined) : component !== undefined && referenced ? componentWords : undefined;
      const error = errors.add(component ?? `http-${status.toLowerCase()}`, status, words, payload, component === undefined ? errorNames(ctx, response, op, status) : []);
      // A name an id cannot be as written (`Has Space`, `../x`): said with the id it is kept under, as a component's name is.
      if (named !== undefined && refName(isObj(raw) ? raw.$ref : undefined, '#/components/responses/') === undefined && Object.keys(ctx.deref({ $ref: `#/components/responses/${named}` })).length === 0 && error.id !== named && !ctx.unmapped.some((u) => u.pointer === `${rpointer}/${ERROR_EXTENSION}`)) {
        ctx.unmapped.push({ pointer: `${rpointer}/${ERROR_EXTENSION}`, reason: `the error \`${named}\` is kept under the id \`${error.id}\`, and an export names it so` });
      }
      responses[status] = { error: error.id, ...(description !== undefined && description !== error.description ? { description } : {}), ...(headers ? { headers } : {}) };
    } else {
      const base = payload ?? {};
      responses[status] = Object.keys(base).length > 0 || description !== undefined || headers ? { ...base, ...(description !== undefined ? { description } : {}), ...(headers ? { headers } : {}) } : { none: NO_BODY };
    }
  }
  data.responses = Object.keys(responses).length > 0 ? responses : { open: 'The OpenAPI description lists no responses.' };
  const security = op.security ?? at.security;
  if (Array.isArray(security)) {
    const alternatives = securityAlternatives(security, schemeIds, at.schemes, { pointer: op.security !== undefined ? `${pointer}/security` : '/security', push: (u) => ctx.unmapped.push(u) }, ctx.scopesOf);
    // When every alternative names a scheme the document does not define, nothing is stated (the unmapped list says why).
    if (alternatives.length > 0) data.security = alternatives;
    else if (security.length === 0) data.security = { none: 'The operation needs no authentication.' };
  }
  if (op.deprecated === true) {
    data.deprecated = true;
    findings.deprecated++;
  }
  const docs = importExternalDocs(op.externalDocs, `${pointer}/externalDocs`, ctx.unmapped);
  if (docs) data.external_docs = docs;
  if (op.links !== undefined) ctx.unmapped.push({ pointer: `${pointer}/links`, reason: 'links between operations have no place in the spec' });
  for (const key of Object.keys(op)) {
    if (!OPERATION_KEYS.has(key) && !key.startsWith('x-')) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `an operation's \`${key}\` has no place in the spec` });
  }
  return data;
}
