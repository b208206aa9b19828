import type { Analysis } from '../../analyze.ts';
import { parametersOf } from '../../areas/endpoints/index.ts';
import { describeSecurity, type SecurityAlternative } from '../../areas/security.ts';
import { isNoneValue, isObj, stated, statedObj, type Obj } from '../../facet/state.ts';
import type { Item } from '../../model/spec.ts';
import { tagNotes } from '../../areas/tags.ts';
import { externalDocsKey } from '../external-docs.ts';
import { EMPTY_REQUEST_BODY } from './endpoint.ts';
import { areaData, scopesOfFlow, ERROR_EXTENSION, namedExamples, gapsByOwner, GAPS_EXTENSION, itemsOf, OPENAPI_31, resourceSchema, exportedVersion, notCarried, SERVER_NAME_EXTENSION, shapeSchema, text, UNEXPORTED_EXTENSION, versionOf, plainProseLinks } from '../export-common.ts';

const ref = (id: string): Obj => ({ $ref: `#/components/schemas/${id}` });

/** What a body carries as a JSON Schema: a resource (or a list of it) or its own shape. */
function bodySchema(p: Obj): Obj | undefined {
  if (typeof p.resource === 'string') return p.list === true ? { type: 'array', items: ref(p.resource) } : ref(p.resource);
  const shape = stated(p.schema);
  return isObj(shape) ? shapeSchema(shape, ref, OPENAPI_31) : undefined;
}

/** A media type object: schema, example and named examples, as stated. */
function mediaObject(p: Obj): Obj {
  const schema = bodySchema(p);
  const examples = namedExamples(p.named_examples);
  return { ...(schema ? { schema } : {}), ...('example' in p ? { example: p.example } : {}), ...(examples ? { examples } : {}) };
}

/**
 * A body's OpenAPI `content`: one entry per stated media type. A body that carries something but
 * states no media type goes under `*∕*` (any type): the export does not pick one for it.
 */
function content(p: Obj): Obj | undefined {
  const perType = statedObj(p.content);
  if (perType) return Object.fromEntries(Object.entries(perType).map(([type, m]) => [type, isObj(m) ? mediaObject(m) : {}]));
  const types = typeof p.content_type === 'string' ? [p.content_type] : Array.isArray(p.content_type) ? p.content_type.map(String) : [];
  const media = mediaObject(p);
  if (types.length === 0) return Object.keys(media).length ? { '*/*': media } : undefined;
  return Object.fromEntries(types.map((t) => [t, media]));
}

/** A header's or parameter's schema: its shape without what the header or parameter object says itself. */
function ownSchema(shape: Obj): Obj {
  const { description: _d, deprecated: _x, ...schema } = shapeSchema(shape, ref, OPENAPI_31);
  return schema;
}

/** A parameter or header object's own keys beside its schema: description, required, deprecated, named examples. */
function parameterLike(x: Obj, required: boolean | undefined): Obj {
  const examples = namedExamples(x.named_examples);
  return {
    ...(text(x.description) ? { description: x.description } : {}),
    ...(required !== undefined ? { required } : {}),
    ...(stated(x.deprecated) === true ? { deprecated: true } : {}),
    ...(x.style !== undefined ? { style: x.style } : {}),
    ...(x.explode !== undefined ? { explode: x.explode } : {}),
    ...(examples ? { examples } : {}),
  };
}

/** Parameters by location as OpenAPI parameter objects (a path parameter is always required in OpenAPI; elsewhere, only where stated). */
function parameterObjects(owner: { parameters?: unknown }): Obj[] {
  return parametersOf(owner).map(({ location, name, parameter: p }) => {
    const required = location === 'path' || stated(p.required) === true ? true : stated(p.required) === false ? false : undefined;
    return { name, in: location, ...parameterLike(p as Obj, required), ...(p.content_type !== undefined ? { content: { [p.content_type]: { schema: ownSchema(p) } } } : { schema: ownSchema(p) }) };
  });
}

/** Response headers as OpenAPI header objects. */
function headers(h: unknown): Obj | undefined {
  const named = statedObj(h);
  if (!named) return undefined;
  return Object.fromEntries(
    Object.entries(named).map(([name, x]) => {
      const v = isObj(x) ? x : {};
      const required = stated(v.required);
      return [name, { ...parameterLike(v, typeof required === 'boolean' ? required : undefined), schema: ownSchema(v) }];
    }),
  );
}

/** A response: its description (empty when none is stated: OpenAPI requires the key), headers and content. */
function response(p: Obj): Obj {
  const c = content(p);
  const h = headers(p.headers);
  return { description: text(p.description) ?? '', ...(h ? { headers: h } : {}), ...(c ? { content: c } : {}) };
}

/** Security alternatives as OpenAPI requirement objects; `{}` is "no authentication also works". */
function securityOf(value: unknown, exported: ReadonlySet<string>, drop: (reason: string) => void): Obj[] | undefined {
  const alternatives = stated(value);
  if (!Array.isArray(alternatives)) return isNoneValue(value) ? [] : undefined;
  const out: Obj[] = [];
  for (const alt of alternatives as SecurityAlternative[]) {
    if ('anonymous' in alt) {
      out.push({});
      continue;
    }
    const reqs = 'scheme' in alt ? [alt] : alt.all;
    const missing = reqs.filter((r) => !exported.has(r.scheme));
    // Without one of its schemes an alternative would be a different requirement: it is left out whole, and said.
    if (missing.length) drop(`the alternative ${describeSecurity([alt])} is left out: scheme ${missing.map((r) => r.scheme).join(', ')} is not exported`);
    else out.push(Object.fromEntries(reqs.map((r) => [r.scheme, r.scopes ?? []])));
  }
  // With every alternative left out, an empty list would claim that no authentication is needed: nothing is written.
  return out.length === 0 && alternatives.length > 0 ? undefined : out;
}

/** An error's body: its own, else the errors area's body shape, where either is stated. */
function errorContent(e: Item<'errors'> | undefined, areaBody: unknown): Obj | undefined {
  const body = statedObj(e?.data.body) ?? statedObj(areaBody);
  return body ? content(body) : undefined;
}

/** An error's words as a response says them: its title, or its description (which an import takes from a response's text of several lines). */
const errorWords = (e: Item<'errors'> | undefined): string => (e && (text(e.data.title) ?? text(e.data.description))) ?? '';

/** An error as a shared response: its words and its body. */
function errorResponse(e: Item<'errors'> | undefined, areaBody: unknown): Obj {
  const c = errorContent(e, areaBody);
  return { description: errorWords(e), ...(c ? { content: c } : {}) };
}

/**
 * The spec as an OpenAPI 3.1 document: what is stated and nothing else, with every open gap listed
 * under `x-specbench-gaps` (at the top level, and on each operation, schema and scheme for its
 * own), and whatever the document cannot carry listed, with why, under `x-specbench-unexported`;
 * its prose links written as their words.
 */
export function exportOpenApi(a: Analysis): Obj {
  const operations: Array<{ link?: string; operationId: string }> = [];
  const doc = openApiDocument(a, operations);
  // A link to an endpoint is written as the Redoc anchor of its operation, which an import reads
  // back as the same link; only where no other operation of the export has its operationId (an
  // import links the anchor to the first).
  const count = new Map<string, number>();
  for (const o of operations) count.set(o.operationId, (count.get(o.operationId) ?? 0) + 1);
  const anchors = new Map(operations.flatMap((o) => (o.link !== undefined && count.get(o.operationId) === 1 ? [[o.link, `#operation/${encodeURIComponent(o.operationId)}`] as const] : [])));
  return plainProseLinks(doc, a, anchors);
}

/** The document; `operations` gets the operationId of each operation it writes, with the spec link of its endpoint. */
function openApiDocument(a: Analysis, operations: Array<{ link?: string; operationId: string }>): Obj {
  const purpose = areaData(a, 'purpose');
  const gapsOf = gapsByOwner(a);
  const unexported: Array<{ id: string; reason: string }> = [];
  const errorsArea = areaData(a, 'errors');
  const errors = new Map(itemsOf(a, 'errors').map((e) => [e.id, e]));
  /** Per error, whether every response naming it is written out in full with the error's body (true), or one refers to its component (false). */
  const errorUses = new Map<string, boolean>();
  const withGaps = (o: Obj, gaps: Array<{ id: string; question: string }>) => (gaps.length ? { ...o, [GAPS_EXTENSION]: gaps } : o);
  const schemes = new Map<string, Obj>();
  for (const s of itemsOf(a, 'authentication')) {
    const scheme = securityScheme(s);
    if (typeof scheme === 'string') unexported.push({ id: `authentication/${s.id}`, reason: scheme });
    else schemes.set(s.id, withGaps(scheme, gapsOf('authentication', s.id)));
  }
  const exportedSchemes = new Set(schemes.keys());
  const endpointsArea = areaData(a, 'endpoints');
  // What the spec says of a path as a whole opens its path item, the paths it speaks of first and in its order (so an import reads them back in that order); a path no endpoint is on yet is one too.
  const paths: Record<string, Obj> = Object.fromEntries(Object.entries(endpointsArea.paths ?? {}).map(([path, note]) => [path, { ...(note.summary !== undefined ? { summary: note.summary } : {}), ...(note.description !== undefined ? { description: note.description } : {}) }]));
  const tags = new Set<string>();
  /** An event as the operation that delivers it: a webhook's, or a callback's. */
  const eventOperation = (ev: Item<'events'>): Obj => {
    const payload = statedObj(ev.data.payload);
    const body = payload ? content(payload) : undefined;
    const eventTags = stated(ev.data.tags) ?? [];
    const h = headers(ev.data.headers);
    const security = securityOf(ev.data.security, exportedSchemes, (reason) => unexported.push({ id: `events/${ev.id}/security`, reason }));
    // The event's headers are the webhook request's header parameters, after its own parameters.
    const parameters = [...parameterObjects(ev.data), ...Object.entries(h ?? {}).map(([name, x]) => ({ name, in: 'header', ...(x as Obj) }))];
    const operationId = ev.data.operation_id ?? `event.${ev.id}`;
    operations.push({ operationId });
    const op = {
      operationId,
      ...(text(ev.data.title) ? { summary: ev.data.title } : {}),
      ...(text(ev.data.description) ? { description: ev.data.description } : {}),
      ...(eventTags.length ? { tags: eventTags } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(payload ? { requestBody: { ...(text(payload.description) ? { description: payload.description } : {}), ...(typeof payload.required === 'boolean' ? { required: payload.required } : {}), content: body ?? {} } } : {}),
      ...(security ? { security } : {}),
      ...(stated(ev.data.deprecated) === true ? { deprecated: true } : {}),
      ...externalDocsKey(ev.data.external_docs),
    };
    return withGaps(op, gapsOf('events', ev.id));
  };
  // Events an endpoint calls back with, at the address their channel states, go under its operation's callbacks.
  const eventsById = new Map(itemsOf(a, 'events').map((ev) => [ev.id, ev]));
  const calledBack = new Set<string>();
  const callbacksOf = (e: Item<'endpoints'>): Obj | undefined => {
    const out: Obj = {};
    for (const [name, events] of Object.entries(e.data.callbacks ?? {})) {
      const expressions: Obj = {};
      // Each event at the address written for it, or (a list) at its channel.
      const pairs = Array.isArray(events) ? events.map((id) => [eventsById.get(id)?.data.channel, id] as const) : Object.entries(events);
      for (const [address, id] of pairs) {
        const ev = eventsById.get(id);
        const expression = typeof address === 'string' ? address : undefined;
        if (!ev || expression === undefined || expressions[expression] !== undefined) continue;
        calledBack.add(id);
        expressions[expression] = { post: eventOperation(ev) };
      }
      if (Object.keys(expressions).length) out[name] = expressions;
    }
    return Object.keys(out).length ? out : undefined;
  };
  for (const e of itemsOf(a, 'endpoints')) {
    const method = text(e.data.method)?.toLowerCase();
    const path = text(e.data.path);
    if (!method || !path) {
      unexported.push({ id: `endpoints/${e.id}`, reason: 'its method or path is not stated yet, and an OpenAPI operation needs both' });
      continue;
    }
    if (paths[path]?.[method]) {
      unexported.push({ id: `endpoints/${e.id}`, reason: `another endpoint already is ${method.toUpperCase()} ${path}` });
      continue;
    }
    const params = parameterObjects(e.data);
    const request = statedObj(e.data.request) ?? (isNoneValue(e.data.request) && e.data.request.none === EMPTY_REQUEST_BODY ? {} : undefined);
    const requestContent = request ? content(request) : undefined;
    const responses: Obj = {};
    for (const [status, r] of Object.entries(statedObj(e.data.responses) ?? {})) {
      const p = statedObj(r);
      const error = p && typeof p.error === 'string' && errors.has(p.error) ? p.error : undefined;
      if (p && error !== undefined && p.headers === undefined && p.description === undefined) {
        responses[status] = { $ref: `#/components/responses/${error}` };
        errorUses.set(error, false);
        continue;
      }
      const own = p ? response(p) : { description: '' };
      // An error response written out in full still names its error, so an import finds it again;
      // without words of its own it says the error's, as its shared response would.
      if (error !== undefined) own[ERROR_EXTENSION] = error;
      if (error !== undefined && p && text(p.description) === undefined) own.description = errorWords(errors.get(error));
      if (error !== undefined && own.content === undefined) {
        const c = errorContent(errors.get(error), errorsArea.body);
        if (c) own.content = c;
      }
      responses[status] = own;
      if (error !== undefined && errorUses.get(error) !== false) errorUses.set(error, JSON.stringify(own.content) === JSON.stringify(errorContent(errors.get(error), errorsArea.body)));
    }
    const security = securityOf(e.data.security, exportedSchemes, (reason) => unexported.push({ id: `endpoints/${e.id}/security`, reason }));
    const callbacks = callbacksOf(e);
    const endpointTags = stated(e.data.tags) ?? [];
    for (const t of endpointTags) tags.add(t);
    operations.push({ link: `endpoints/${e.id}`, operationId: e.data.operation_id ?? e.id });
    paths[path] = {
      ...(paths[path] ?? {}),
      [method]: withGaps(
        {
          operationId: e.data.operation_id ?? e.id,
          ...(text(e.data.title) ? { summary: e.data.title } : {}),
          ...(text(e.data.description) ? { description: e.data.description } : {}),
          ...(endpointTags.length ? { tags: endpointTags } : {}),
          ...(params.length ? { parameters: params } : {}),
          // A body that states neither what it carries nor its media type has no media types: `content` is empty, as its source wrote it.
          ...(request ? { requestBody: { ...(text(request.description) ? { description: request.description } : {}), ...(typeof request.required === 'boolean' ? { required: request.required } : {}), content: requestContent ?? {} } } : {}),
          // OpenAPI 3.1 does not need responses: with none stated yet, none is made up.
          ...(Object.keys(responses).length ? { responses } : {}),
          ...(security ? { security } : {}),
          ...(stated(e.data.deprecated) === true ? { deprecated: true } : {}),
          ...(callbacks ? { callbacks } : {}),
          ...externalDocsKey(e.data.external_docs),
          // Its own servers, where it is not called on the service's (T32u N-i).
          ...(Array.isArray(e.data.servers) && e.data.servers.length > 0 ? { servers: e.data.servers.map(server) } : {}),
        },
        gapsOf('endpoints', e.id),
      ),
    };
  }
  // OpenAPI's webhooks are requests the service sends: an event the spec says it receives is none, so it is not written as one, and said (t31t D13: written, it came back as an event the service sends).
  const received = new Set(itemsOf(a, 'events').filter((ev) => !calledBack.has(ev.id) && stated(ev.data.direction) === 'received').map((ev) => ev.id));
  for (const id of received) unexported.push({ id: `events/${id}`, reason: 'the service receives this event, and OpenAPI has no place for it: its webhooks are requests the service sends, so it is not written' });
  const webhooks = Object.fromEntries(itemsOf(a, 'events').filter((ev) => !calledBack.has(ev.id) && !received.has(ev.id)).map((ev) => [ev.id, { post: eventOperation(ev) }]));
  for (const ev of itemsOf(a, 'events')) for (const t of stated(ev.data.tags) ?? []) tags.add(t);
  const baseUrl = text(purpose.base_url);
  const servers = stated(purpose.servers);
  const chosen = exportedVersion(a)?.id;
  unexported.push(
    ...notCarried(
      a,
      {
        // The base address is a server unless servers are stated without it.
        purpose: { area: ['name', 'purpose', 'summary', 'servers', 'contact', 'license', 'terms_of_service', 'external_docs', ...(!Array.isArray(servers) || servers.some((sv) => sv.url === baseUrl) ? ['base_url'] : [])] },
        resources: { items: 'all' },
        endpoints: { area: ['tags', 'paths'], items: ['title', 'description', 'method', 'path', 'parameters', 'request', 'responses', 'security', 'tags', 'deprecated', 'operation_id', 'callbacks', 'external_docs', 'servers'] },
        authentication: { items: ['description', 'scheme', 'location', 'headers', 'token_format', 'http_scheme', 'scopes', 'flow_scopes', 'token_endpoints'] },
        events: { area: ['tags'], items: (id) => (received.has(id) ? Object.keys(eventsById.get(id)?.data ?? {}) : ['title', 'description', 'payload', 'parameters', 'operation_id', 'deprecated', 'tags', 'headers', 'security', 'external_docs', ...(calledBack.has(id) ? ['channel'] : [])]) },
        // An error without a title has its description written as the response's (errorWords).
        errors: { area: ['body'], items: (id) => ['title', 'status', 'body', ...(text(errors.get(id)?.data.title) === undefined ? ['description'] : [])] },
        versioning: { items: (id) => (id === chosen ? ['name'] : []) },
      },
      'OpenAPI',
    ),
  );
  // The groups the spec declares, in its order (the endpoints', then the events' not among them); where it declares none, those its operations use.
  const notes = new Map(tagNotes(endpointsArea).map((t) => [t.name, t]));
  for (const t of tagNotes(areaData(a, 'events'))) {
    const known = notes.get(t.name);
    if (!known) notes.set(t.name, t);
    else if (JSON.stringify(known) !== JSON.stringify(t)) unexported.push({ id: `events/tags/${t.name}`, reason: 'OpenAPI declares a tag once: the endpoints area declares this one too, and its words are kept' });
  }
  // An error without words of its own whose every response is written out in full, with its body, has nothing for a
  // shared response to say: none is written (its `description: ""` claimed the error has no words, which no response
  // says, T31u N4); the responses name it (`x-specbench-error`).
  const shared = [...errors.keys()].filter((id) => !(errorUses.get(id) === true && errorWords(errors.get(id)) === ''));
  const declared = notes.size > 0 ? [...notes.values()].map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), ...externalDocsKey(t.external_docs) })) : [...tags].sort().map((name) => ({ name }));
  const contact = statedObj(purpose.contact);
  const statedLicense = statedObj(purpose.license);
  // OpenAPI takes a licence's SPDX identifier or its URL, not both: the identifier is kept, and the URL said.
  const license = statedLicense?.identifier !== undefined && statedLicense.url !== undefined ? (({ url: _, ...rest }) => rest)(statedLicense) : statedLicense;
  if (license !== statedLicense) unexported.push({ id: 'purpose/license/url', reason: 'OpenAPI 3.1 takes a licence identifier or a URL, not both; the identifier is kept' });
  return {
    openapi: '3.1.0',
    info: {
      title: text(purpose.name) ?? '',
      ...(text(purpose.summary) ? { summary: purpose.summary } : {}),
      version: versionOf(a),
      ...(text(purpose.purpose) ? { description: purpose.purpose } : {}),
      ...(text(purpose.terms_of_service) ? { termsOfService: purpose.terms_of_service } : {}),
      ...(contact ? { contact } : {}),
      ...(license ? { license } : {}),
    },
    ...externalDocsKey(purpose.external_docs),
    ...(Array.isArray(servers) && servers.length ? { servers: servers.map(server) } : baseUrl ? { servers: [{ url: baseUrl }] } : {}),
    ...(declared.length > 0 ? { tags: declared } : {}),
    paths,
    ...(Object.keys(webhooks).length ? { webhooks } : {}),
    components: {
      schemas: Object.fromEntries(itemsOf(a, 'resources').map((r) => [r.id, withGaps(resourceSchema(r, ref, OPENAPI_31), gapsOf('resources', r.id))])),
      ...(shared.length ? { responses: Object.fromEntries(shared.map((id) => [id, errorResponse(errors.get(id), errorsArea.body)])) } : {}),
      ...(schemes.size ? { securitySchemes: Object.fromEntries(schemes) } : {}),
    },
    [GAPS_EXTENSION]: a.assessment.gaps.map((g) => ({ id: g.id, question: g.question })),
    ...(unexported.length ? { [UNEXPORTED_EXTENSION]: unexported } : {}),
  };
}

/** A server as stated, its variables with their defaults and allowed values. */
function server(sv: { name?: string | undefined; url: string; description?: string | undefined; variables?: Record<string, { default: string; allowed?: string[] | undefined; description?: string | undefined }> | undefined }): Obj {
  const variables = sv.variables ? Object.fromEntries(Object.entries(sv.variables).map(([k, v]) => [k, { default: v.default, ...(v.allowed ? { enum: v.allowed } : {}), ...(v.description ? { description: v.description } : {}) }])) : undefined;
  // OpenAPI names no servers: a name (AsyncAPI's) goes in an extension the import reads back.
  return { url: sv.url, ...(sv.description ? { description: sv.description } : {}), ...(variables ? { variables } : {}), ...(sv.name !== undefined ? { [SERVER_NAME_EXTENSION]: sv.name } : {}) };
}

/**
 * An authentication scheme as an OpenAPI security scheme, or why it cannot be one: too little is
 * stated to write a valid one without making something up (where an API key goes, which OAuth
 * flow a token endpoint serves).
 */
function securityScheme(s: Item<'authentication'>): Obj | string {
  const d = s.data;
  const description = text(d.description) ? { description: d.description } : {};
  const headers = Array.isArray(d.headers) ? d.headers.map(String) : [];
  const credentials = Array.isArray(d.credentials) ? d.credentials.map(String) : [];
  const endpoints = statedObj(d.token_endpoints) ?? {};
  switch (stated(d.scheme)) {
    case 'api-key': {
      const where = stated(d.location);
      if (where === undefined) return 'where the API key goes (header, query or cookie) is not stated yet';
      if (where === 'user' || where === 'password') return `OpenAPI has no API key in the ${where} of a connection`;
      const name = where === 'header' ? headers[0] : credentials[0];
      return name ? { ...description, type: 'apiKey', in: where, name } : `the name of the ${where === 'header' ? 'header' : `${where} parameter`} that carries the key is not stated yet`;
    }
    case 'http-bearer':
      return { ...description, type: 'http', scheme: 'bearer', ...(text(d.token_format) ? { bearerFormat: d.token_format } : {}) };
    case 'http-basic':
      return { ...description, type: 'http', scheme: 'basic' };
    case 'http':
      return d.http_scheme !== undefined ? { ...description, type: 'http', scheme: d.http_scheme } : 'the name of its HTTP scheme (`http_scheme`) is not stated yet';
    case 'openid-connect': {
      const url = Object.values(endpoints).find((u) => typeof u === 'string');
      return url ? { ...description, type: 'openIdConnect', openIdConnectUrl: url } : 'its discovery URL is not stated yet';
    }
    case 'mutual-tls':
      return { ...description, type: 'mutualTLS' };
    case 'sasl':
      return 'OpenAPI has no SASL scheme (a broker connection’s)';
    case 'user-password':
      return 'OpenAPI has no user name and password of a connection (AsyncAPI’s `userPassword`; HTTP Basic is another scheme)';
    case 'oauth2': {
      const flows: Record<string, Obj> = {};
      const unnamed: string[] = [];
      for (const [key, url] of Object.entries(endpoints)) {
        const [flow, kind] = key.split('.');
        if (kind === undefined || !FLOWS.has(flow ?? '')) unnamed.push(key);
        else flows[flow as string] = { ...(flows[flow as string] ?? {}), [`${kind}Url`]: url, scopes: scopesOfFlow(d, flow as string) };
      }
      const valid = Object.entries(flows).filter(([flow, f]) => (flow === 'implicit' ? f.authorizationUrl : flow === 'authorizationCode' ? f.authorizationUrl && f.tokenUrl : f.tokenUrl));
      if (valid.length) return { ...description, type: 'oauth2', flows: Object.fromEntries(valid) };
      return unnamed.length
        ? `no OAuth flow is named: call its token endpoints \`<flow>.token\` (flows: ${[...FLOWS].join(', ')}) instead of ${unnamed.map((k) => `\`${k}\``).join(', ')}`
        : 'no token endpoint of an OAuth flow is stated yet';
    }
    default:
      return 'its kind of scheme is not stated yet';
  }
}

const FLOWS: ReadonlySet<string> = new Set(['authorizationCode', 'clientCredentials', 'implicit', 'password']);
