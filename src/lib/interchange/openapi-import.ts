import { isObj, type Obj } from '../model/facet-def.ts';
import { METHODS } from '../schema/endpoint.ts';
import { Ids, seg, uniqueUnmapped, type ImportResult, type Unmapped } from './result.ts';
import { refName, SchemaMapper, typeOf } from './schema-map.ts';
import { titled } from './text.ts';

const LOWER_METHODS = METHODS.map((m) => m.toLowerCase());
const RATE_HEADERS = /^(x-)?rate-?limit|^retry-after$/i;
const DEPRECATION_HEADERS = /^(deprecation|sunset)$/i;
/** What an OpenAPI description does not say: these facets stay open, never invented. */
const FROM_OPENAPI = 'The OpenAPI description declares none.';

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
 * Maps a bundled OpenAPI 3.x document (internal `$ref`s kept) into the spec. `resolve` looks a
 * local `$ref` up through the parser. What the document does not say stays open; what has no
 * place in the spec is listed as unmapped.
 */
export function importOpenApi(doc: Obj, resolve: (ref: string) => unknown): ImportResult {
  const unmapped: Unmapped[] = [];
  const schemas = new SchemaMapper(unmapped, resolve);
  const deref = (v: unknown): Obj => (isObj(v) && typeof v.$ref === 'string' ? (isObj(resolve(v.$ref)) ? (resolve(v.$ref) as Obj) : {}) : isObj(v) ? v : {});
  // Where an element really is: a local `$ref` points at its component.
  const where = (v: unknown, pointer: string) => (isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/') ? v.$ref.slice(1) : pointer);
  const info = deref(doc.info);
  const components = deref(doc.components);

  for (const [name, schema] of Object.entries(deref(components.schemas))) schemas.component(name, schema, `/components/schemas/${seg(name)}`);

  const schemeIds = new Ids();
  const schemes = Object.entries(deref(components.securitySchemes)).map(([name, s]) => ({ area: 'authentication' as const, id: schemeIds.id(name), data: securityScheme(deref(s), `/components/securitySchemes/${seg(name)}`, unmapped) }));

  const errorIds = new Ids();
  const errors = new Map<string, Obj>();
  // One error per response component (or per inline status); a component used under a second
  // status becomes a second error, `<name>-<status>`, so every error keeps one status code.
  const errorKeys = new Map<string, string>();
  const errorAt = new Map<string, string>();
  const firstStatus = new Map<string, string>();
  const errorId = (name: string, status: string): string => {
    const key = `${name}@${status}`;
    const known = errorKeys.get(key);
    if (known) return known;
    const first = firstStatus.get(name);
    if (first === undefined) firstStatus.set(name, status);
    const id = errorIds.id(first === undefined ? name : `${name}-${status}`);
    errorKeys.set(key, id);
    return id;
  };
  const rateHeaders = new Set<string>();
  const deprecationHeaders = new Set<string>();
  let deprecatedOps = 0;
  const endpointIds = new Ids();
  const endpoints: ImportResult['items'] = [];
  const events: ImportResult['items'] = [];
  const eventIds = new Ids();
  const globalSecurity = doc.security;

  const operation = (method: string, path: string, item: Obj, op: Obj, pointer: string) => {
    const opId = typeof op.operationId === 'string' ? op.operationId : `${method}${path.replace(/[{}]/g, '').replace(/\//g, '-')}`;
    const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])].map(deref);
    const parameters: Obj = {};
    for (const p of params) {
      if (typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      const schema = deref(p.schema);
      const type = refName(isObj(p.schema) ? p.schema.$ref : undefined) ?? typeOf(schema);
      parameters[p.name in parameters ? `${p.name} (${p.in})` : p.name] = {
        in: p.in,
        type: type ?? { open: 'The source gives no type.' },
        ...(p.required === true ? { required: true } : {}),
        ...(typeof p.description === 'string' ? { description: p.description } : {}),
      };
    }
    const data: Obj = {
      ...titled(op.summary, op.description),
      method: method.toUpperCase(),
      path,
      parameters: Object.keys(parameters).length > 0 ? parameters : { none: FROM_OPENAPI },
    };
    const body = deref(op.requestBody);
    if (!['get', 'head', 'delete', 'options', 'trace'].includes(method)) {
      data.request = op.requestBody ? bodyPayload(body.content, `${where(op.requestBody, `${pointer}/requestBody`)}/content`, `${opId}.request`) ?? { none: 'The request body has no content.' } : { none: FROM_OPENAPI };
    }
    const responses: Obj = {};
    for (const [status, raw] of Object.entries(deref(op.responses))) {
      const response = deref(raw);
      const rpointer = where(raw, `${pointer}/responses/${seg(status)}`);
      for (const h of Object.keys(deref(response.headers))) {
        if (RATE_HEADERS.test(h)) rateHeaders.add(h);
        if (DEPRECATION_HEADERS.test(h)) deprecationHeaders.add(h);
      }
      const payload = bodyPayload(response.content, `${rpointer}/content`, `${opId}.${status}`);
      if (/^[45]/.test(status)) {
        const id = errorId(refName(isObj(raw) ? raw.$ref : undefined, '#/components/responses/') ?? `http-${status}`, status);
        if (!errors.has(id)) errorAt.set(id, rpointer);
        if (!errors.has(id)) errors.set(id, { ...titled(response.description), status: /^\d+$/.test(status) ? Number(status) : { open: `The source gives the range ${status}.` }, ...(payload ? { body: payload } : {}) });
        responses[status] = { error: id, ...(typeof response.description === 'string' ? { description: response.description } : {}) };
      } else {
        responses[status] = { ...(payload ?? { none: 'No body.' }), ...(typeof response.description === 'string' && payload ? { description: response.description } : {}) };
      }
    }
    data.responses = Object.keys(responses).length > 0 ? responses : { open: 'The OpenAPI description lists no responses.' };
    const security = op.security ?? globalSecurity;
    if (Array.isArray(security)) {
      const reqs = security.flatMap((req) => (isObj(req) ? Object.entries(req).map(([scheme, scopes]) => ({ scheme: schemeIds.id(scheme), ...(Array.isArray(scopes) && scopes.length > 0 ? { scopes: scopes.map(String) } : {}) })) : []));
      data.security = reqs.length > 0 ? reqs : { none: 'The operation needs no authentication.' };
    }
    if (op.deprecated === true) {
      data.deprecated = true;
      deprecatedOps++;
    }
    for (const [name, cb] of Object.entries(deref(op.callbacks))) {
      for (const [expression, cbItem] of Object.entries(deref(cb))) event(`${opId}.${name}`, deref(cbItem), `${pointer}/callbacks/${seg(name)}/${seg(expression)}`, `Callback of \`${opId}\` to \`${expression}\`.`);
    }
    if (op.links !== undefined) unmapped.push({ pointer: `${pointer}/links`, reason: 'links between operations have no place in the spec' });
    endpoints.push({ area: 'endpoints', id: endpointIds.id(opId), data });
  };

  const bodyPayload = (content: unknown, pointer: string, inlineName: string): Obj | undefined => {
    const entries = Object.entries(deref(content));
    if (entries.length === 0) return undefined;
    const [type, media] = entries.find(([t]) => /json/i.test(t)) ?? entries[0] ?? ['', {}];
    if (entries.length > 1) unmapped.push({ pointer, reason: `${entries.length} content types; the spec keeps one per body (${type})` });
    const payload = schemas.payload(deref(media).schema, `${pointer}/${seg(type)}/schema`, inlineName);
    return payload ? { ...payload, content_type: type } : { content_type: type };
  };

  const event = (name: string, item: Obj, pointer: string, description?: string) => {
    for (const method of LOWER_METHODS) {
      const op = deref(item[method]);
      if (!isObj(item[method])) continue;
      const id = eventIds.id(Object.keys(item).filter((k) => LOWER_METHODS.includes(k)).length > 1 ? `${name}.${method}` : name);
      const payload = op.requestBody ? bodyPayload(deref(op.requestBody).content, `${where(op.requestBody, `${pointer}/${method}/requestBody`)}/content`, `${id}.payload`) : undefined;
      events.push({
        area: 'events',
        id,
        data: {
          ...titled(op.summary, typeof op.description === 'string' ? op.description : description),
          payload: payload ?? { open: 'The source gives no payload.' },
        },
      });
    }
  };

  for (const [path, raw] of Object.entries(deref(doc.paths))) {
    const item = deref(raw);
    for (const method of LOWER_METHODS) if (isObj(item[method])) operation(method, path, item, deref(item[method]), `/paths/${seg(path)}/${method}`);
  }
  for (const key of ['webhooks', 'x-webhooks'] as const) {
    for (const [name, raw] of Object.entries(deref(doc[key]))) event(name, deref(raw), `/${key}/${seg(name)}`);
  }
  for (const key of ['tags', 'externalDocs']) if (doc[key] !== undefined) unmapped.push({ pointer: `/${key}`, reason: `${key} have no place in the spec` });
  for (const key of Object.keys(components)) {
    if (!['schemas', 'securitySchemes', 'responses', 'parameters', 'requestBodies', 'headers'].includes(key)) unmapped.push({ pointer: `/components/${key}`, reason: `components.${key} are not mapped` });
  }

  // The errors area states one body shape: the one most error responses carry.
  const tally = new Map<string, number>();
  for (const e of errors.values()) if (e.body !== undefined) tally.set(JSON.stringify(e.body), (tally.get(JSON.stringify(e.body)) ?? 0) + 1);
  const common = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  const errorItems = [...errors].map(([id, e]) => {
    const { body, ...rest } = e;
    if (body !== undefined && JSON.stringify(body) !== common) unmapped.push({ pointer: errorAt.get(id) ?? '', reason: 'an error body that differs from the common error body shape is not kept' });
    return { area: 'errors' as const, id, data: rest };
  });

  const servers = Array.isArray(doc.servers) ? doc.servers.map(deref) : [];
  const url = typeof servers[0]?.url === 'string' ? servers[0].url : undefined;
  const absolute = url !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^{}\s]+$/i.test(url) ? url : undefined;
  if (servers.length > 1) unmapped.push({ pointer: '/servers', reason: `${servers.length} servers; the spec keeps the first as the base address` });
  if (url !== undefined && !absolute) unmapped.push({ pointer: '/servers/0/url', reason: `\`${url}\` is relative or templated; the base address stays a placeholder` });

  const resources = [...schemas.resources].map(([id, data]) => ({ area: 'resources' as const, id, data }));
  const version = typeof info.version === 'string' ? info.version : undefined;
  return {
    format: `OpenAPI ${String(doc.openapi ?? doc.swagger ?? '')}`,
    areas: {
      purpose: {
        name: typeof info.title === 'string' ? info.title : { open: true },
        base_url: absolute ?? '{base_url}',
        ...(typeof info.description === 'string' && info.description.trim() ? { purpose: info.description } : {}),
      },
      resources: { inventory: 'complete' },
      endpoints: { inventory: 'complete' },
      authentication: schemes.length > 0 ? { inventory: 'complete' } : { inventory: { open: 'The OpenAPI description defines no security scheme: is the service open?' } },
      events: events.length > 0 ? { inventory: 'complete' } : {},
      errors: common ? { body: JSON.parse(common) as Obj } : {},
      limits: rateHeaders.size > 0 ? { headers: [...rateHeaders].sort() } : {},
      versioning: {
        ...(version ? { inventory: 'complete' } : {}),
        ...(deprecatedOps > 0 || deprecationHeaders.size > 0
          ? { deprecation: { open: `The description marks ${deprecatedOps} operations deprecated${deprecationHeaders.size ? ` and uses the headers ${[...deprecationHeaders].sort().join(', ')}` : ''}: how much notice is given before removal?` } }
          : {}),
      },
    },
    items: [...resources, ...endpoints, ...schemes, ...events, ...errorItems, ...(version ? [{ area: 'versioning' as const, id: new Ids().id(version), data: { title: `Version ${version}`, status: 'current' } }] : [])],
    unmapped: uniqueUnmapped(unmapped),
  };
}

function securityScheme(s: Obj, pointer: string, unmapped: Unmapped[]): Obj {
  const common = typeof s.description === 'string' ? { description: s.description } : {};
  switch (s.type) {
    case 'apiKey':
      if (s.in !== 'header') unmapped.push({ pointer: `${pointer}/in`, reason: `an API key in the ${String(s.in)} is recorded as its name, not as a header` });
      return { ...common, scheme: 'api-key', credentials: [String(s.name ?? 'api key')], ...(s.in === 'header' ? { headers: [String(s.name)] } : { headers: { none: `The key goes in the ${String(s.in)}, not in a header.` } }) };
    case 'http': {
      const bearer = String(s.scheme).toLowerCase() === 'bearer';
      return { ...common, scheme: bearer ? 'http-bearer' : 'http-basic', headers: ['Authorization'], ...(bearer ? {} : { credentials: ['username', 'password'] }) };
    }
    case 'oauth2': {
      const flows = isObj(s.flows) ? s.flows : {};
      const scopes: Obj = {};
      const endpoints: Obj = {};
      for (const [flow, f] of Object.entries(flows)) {
        if (!isObj(f)) continue;
        Object.assign(scopes, isObj(f.scopes) ? f.scopes : {});
        for (const k of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) if (typeof f[k] === 'string') endpoints[`${flow}.${k.replace('Url', '')}`] = f[k];
      }
      return { ...common, scheme: 'oauth2', headers: ['Authorization'], scopes: Object.keys(scopes).length ? scopes : { none: 'The flows define no scopes.' }, ...(Object.keys(endpoints).length ? { token_endpoints: endpoints } : {}) };
    }
    case 'openIdConnect':
      return { ...common, scheme: 'openid-connect', headers: ['Authorization'], token_endpoints: { discovery: String(s.openIdConnectUrl) } };
    case 'mutualTLS':
      return { ...common, scheme: 'mutual-tls' };
    default:
      unmapped.push({ pointer, reason: `security scheme type \`${String(s.type)}\` is not known` });
      return common;
  }
}
