import type { ItemInput } from '../../areas/index.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { Ids, seg, uniqueUnmapped, type ImportedItem, type ImportResult, type Unmapped } from '../result.ts';
import { refName, SchemaMapper } from '../schema-map.ts';
import { titled } from '../text.ts';

const SCHEMA_ID = 'x-parser-schema-id';

/** Counts of what an AsyncAPI document holds. */
export interface AsyncApiCounts {
  channels: number;
  operations: number;
  messages: number;
  schemas: number;
  securitySchemes: number;
}

const obj = (v: unknown): Obj => (isObj(v) ? v : {});

/** The distinct messages of a parsed document, by name, with the channels they travel on. */
function messages(doc: Obj): Map<string, { message: Obj; channels: string[] }> {
  const out = new Map<string, { message: Obj; channels: string[] }>();
  const add = (name: string, message: Obj, channel: string) => {
    const entry = out.get(name) ?? { message, channels: [] };
    if (!entry.channels.includes(channel)) entry.channels.push(channel);
    out.set(name, entry);
  };
  const v3 = String(doc.asyncapi).startsWith('3');
  const nameOf = (m: Obj, fallback: string) => String(m.name ?? m['x-parser-message-name'] ?? fallback);
  for (const [key, channel] of Object.entries(obj(doc.channels))) {
    const c = obj(channel);
    const address = typeof c.address === 'string' ? c.address : key;
    if (v3) {
      for (const [name, m] of Object.entries(obj(c.messages))) add(nameOf(obj(m), name), obj(m), address);
    } else {
      for (const op of ['publish', 'subscribe']) {
        const m = obj(obj(c[op]).message);
        const list = Array.isArray(m.oneOf) ? m.oneOf.map(obj) : Object.keys(m).length ? [m] : [];
        for (const one of list) add(nameOf(one, `${key}.${op}`), one, address);
      }
    }
  }
  for (const [name, m] of Object.entries(obj(obj(doc.components).messages))) if (!out.has(nameOf(obj(m), name))) add(nameOf(obj(m), name), obj(m), '');
  return out;
}

export function countAsyncApi(doc: Obj): AsyncApiCounts {
  const components = obj(doc.components);
  const v3 = String(doc.asyncapi).startsWith('3');
  return {
    channels: Object.keys(obj(doc.channels)).length,
    operations: v3 ? Object.keys(obj(doc.operations)).length : Object.values(obj(doc.channels)).reduce<number>((n, c) => n + ['publish', 'subscribe'].filter((op) => isObj(obj(c)[op])).length, 0),
    messages: messages(doc).size,
    schemas: Object.keys(obj(components.schemas)).length,
    securitySchemes: Object.keys(obj(components.securitySchemes)).length,
  };
}

/**
 * Schemas the parser inlined carry the component name they came from; turning those back into
 * `$ref`s keeps components as named resources (cycles are cut where they close).
 */
function renamed(schema: unknown, components: ReadonlySet<string>, seen = new WeakSet<object>(), top = true): unknown {
  if (!isObj(schema)) return Array.isArray(schema) ? schema.map((s) => renamed(s, components, seen, false)) : schema;
  const id = schema[SCHEMA_ID];
  if (!top && typeof id === 'string' && components.has(id)) return { $ref: `#/components/schemas/${id}` };
  if (seen.has(schema)) return {};
  seen.add(schema);
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith('x-parser-')).map(([k, v]) => [k, renamed(v, components, seen, false)]));
}

/** The component a message's payload names in the raw document (`$ref: '#/components/schemas/X'`). */
function payloadRefs(raw: Obj): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, m] of Object.entries(obj(obj(raw.components).messages))) {
    const name = String(obj(m).name ?? key);
    const target = refName(obj(obj(m).payload).$ref);
    if (target !== undefined) out.set(name, target);
  }
  return out;
}

/**
 * Maps an AsyncAPI 2.x/3.0 document into the spec: messages become events, schemas resources.
 * `doc` is the parser's validated, dereferenced document; `raw` the file as written, read only
 * for the names its references give.
 */
export function importAsyncApi(doc: Obj, raw: Obj = {}): ImportResult {
  const named = payloadRefs(raw);
  const unmapped: Unmapped[] = [];
  const schemas = new SchemaMapper(unmapped);
  const components = obj(doc.components);
  const names = new Set(Object.keys(obj(components.schemas)));
  for (const [name, schema] of Object.entries(obj(components.schemas))) schemas.component(name, renamed(schema, names), `/components/schemas/${seg(name)}`);
  const eventIds = new Ids();
  const events = [...messages(doc)].map(([name, { message, channels }]): ImportedItem => {
    const id = eventIds.id(name);
    const component = named.get(name);
    const source = component !== undefined && names.has(component) ? { $ref: `#/components/schemas/${component}` } : renamed(message.payload, names, new WeakSet(), false);
    const payload = schemas.payload(source, `/components/messages/${seg(name)}/payload`);
    const where = channels.filter(Boolean).map((c) => `\`${c}\``).join(', ');
    return {
      area: 'events' as const,
      id,
      data: {
        ...titled(message.title, [typeof message.summary === 'string' ? message.summary : '', where ? `Travels on ${where}.` : ''].filter(Boolean).join(' ')),
        payload: payload ? { ...payload, ...(typeof message.contentType === 'string' ? { content_type: message.contentType } : typeof doc.defaultContentType === 'string' ? { content_type: doc.defaultContentType } : {}) } : { open: 'The message gives no payload.' },
      },
    };
  });
  for (const [key, channel] of Object.entries(obj(doc.channels))) {
    if (Object.keys(obj(obj(channel).parameters)).length) unmapped.push({ pointer: `/channels/${seg(key)}/parameters`, reason: 'channel parameters have no place in the spec; the address is kept in the event description' });
  }
  const servers = Object.values(obj(doc.servers)).map(obj);
  const server = servers[0];
  const url = server ? serverUrl(server) : undefined;
  if (servers.length > 1) unmapped.push({ pointer: '/servers', reason: `${servers.length} servers; the spec keeps the first as the base address` });
  const schemeIds = new Ids();
  const schemes = Object.entries(obj(components.securitySchemes)).map(([name, s]): ImportedItem => ({ area: 'authentication', id: schemeIds.id(name), data: mapScheme(obj(s), `/components/securitySchemes/${seg(name)}`, unmapped) }));
  const info = obj(doc.info);
  const version = typeof info.version === 'string' ? info.version : undefined;
  return {
    format: `AsyncAPI ${String(doc.asyncapi)}`,
    areas: {
      purpose: {
        name: typeof info.title === 'string' ? info.title : { open: true },
        base_url: url ?? '{base_url}',
        ...(typeof info.description === 'string' ? { purpose: info.description } : {}),
      },
      resources: { inventory: 'complete' },
      endpoints: { inventory: { none: 'An AsyncAPI description has no HTTP endpoints; see events.' } },
      authentication: schemes.length ? { inventory: 'complete' } : {},
      events: { inventory: 'complete', ...(server && typeof server.protocol === 'string' ? { delivery: { transport: String(server.protocol) } } : {}) },
      versioning: version ? { inventory: 'complete' } : {},
    },
    items: [
      ...[...schemas.resources].map(([id, data]) => ({ area: 'resources' as const, id, data })),
      ...events,
      ...schemes,
      ...(version ? [{ area: 'versioning' as const, id: new Ids().id(version), data: { title: `Version ${version}`, status: 'current' as const } }] : []),
    ],
    unmapped: uniqueUnmapped(unmapped),
  };
}

/** `protocol://host/path`, with server variables at their defaults; undefined when that is no URL. */
function serverUrl(server: Obj): string | undefined {
  const vars = obj(server.variables);
  const fill = (s: string) => s.replace(/\{([^}]+)\}/g, (m, v: string) => String(obj(vars[v]).default ?? m));
  const raw = typeof server.host === 'string' ? `${String(server.protocol)}://${fill(server.host)}${typeof server.pathname === 'string' ? fill(server.pathname) : ''}` : typeof server.url === 'string' ? fill(server.url) : undefined;
  return raw && !/[{}]/.test(raw) && URL.canParse(raw) ? raw : undefined;
}

/** An AsyncAPI security scheme as an authentication scheme. */
function mapScheme(s: Obj, pointer: string, unmapped: Unmapped[]): ItemInput<'authentication'> {
  const common = typeof s.description === 'string' ? { description: s.description } : {};
  switch (s.type) {
    case 'apiKey':
    case 'httpApiKey':
      return { ...common, scheme: 'api-key', credentials: [String(s.name ?? 'api key')], ...(s.in === 'header' ? { headers: [String(s.name)] } : { headers: { none: `The key goes in the ${String(s.in)}.` } }) };
    case 'userPassword':
      return { ...common, scheme: 'http-basic', credentials: ['user', 'password'] };
    case 'http':
      return { ...common, scheme: String(s.scheme).toLowerCase() === 'bearer' ? 'http-bearer' : 'http-basic', headers: ['Authorization'] };
    case 'oauth2': {
      const scopes: Record<string, string> = {};
      const endpoints: Record<string, string> = {};
      for (const [flow, f] of Object.entries(obj(s.flows))) {
        for (const [name, text] of Object.entries({ ...obj(obj(f).availableScopes), ...obj(obj(f).scopes) })) scopes[name] = String(text);
        for (const k of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
          const url = obj(f)[k];
          if (typeof url === 'string') endpoints[`${flow}.${k.replace('Url', '')}`] = url;
        }
      }
      return { ...common, scheme: 'oauth2', scopes, ...(Object.keys(endpoints).length ? { token_endpoints: endpoints } : {}) };
    }
    case 'openIdConnect':
      return { ...common, scheme: 'openid-connect', token_endpoints: { discovery: String(s.openIdConnectUrl) } };
    case 'X509':
      return { ...common, scheme: 'mutual-tls' };
    default:
      unmapped.push({ pointer, reason: `security scheme type \`${String(s.type)}\` has no equivalent in the spec` });
      return common;
  }
}
