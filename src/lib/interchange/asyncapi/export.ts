import type { Analysis } from '../../analyze.ts';
import { isObj, stated, statedObj, type Obj } from '../../facet/state.ts';
import type { Item } from '../../model/spec.ts';
import { urlSchema } from '../../facet/values.ts';
import { channelMessages } from '../../areas/events/index.ts';
import type { SecurityAlternative } from '../../areas/security.ts';
import { Ids, seg } from '../result.ts';
import { areaData, scopesOfFlow, gapsByOwner, GAPS_EXTENSION, itemsOf, notCarried, resourceSchema, shapeSchema, text, UNEXPORTED_EXTENSION, exportedVersion, versionOf, plainProseLinks, type SchemaDialect } from '../export-common.ts';
import { externalDocsKey } from '../external-docs.ts';
import { exportInfo, exportTags } from './info.ts';
import { exportServers } from './servers.ts';

const ref = (id: string): Obj => ({ $ref: `#/components/schemas/${id}` });

/** A key as one segment of a reference (JSON pointer `~0` and `~1`, then URI-encoded): a channel's key is often its address, `orders/{id}`. */
const part = (key: string) => encodeURIComponent(seg(key));

/** The kinds of security scheme AsyncAPI 3 states scopes on. */
const SCOPED: ReadonlySet<string> = new Set(['oauth2', 'openIdConnect']);

/** The spec's events as an AsyncAPI 3.0 document, with open gaps under `x-specbench-gaps`, its prose links written as their words. */
export function exportAsyncApi(a: Analysis): Obj {
  return plainProseLinks(asyncApiDocument(a), a);
}

function asyncApiDocument(a: Analysis): Obj {
  const purpose = areaData(a, 'purpose');
  const gapsOf = gapsByOwner(a);
  const events = itemsOf(a, 'events');
  const channels: Obj = {};
  const operations: Obj = {};
  const messages: Obj = {};
  const unexported: Array<{ id: string; reason: string }> = [];
  const dialect = (id: string): SchemaDialect => ({ discriminator: 'name', drop: (what) => unexported.push({ id, reason: `${what} is not carried` }) });
  const securitySchemes = Object.fromEntries(itemsOf(a, 'authentication').flatMap((s) => {
    const scheme = asyncApiScheme(s.data);
    return scheme ? [[s.id, scheme]] : [];
  }));
  const exportedSchemes = new Set(Object.keys(securitySchemes));
  const security = new Map<string, Obj[]>();
  const area = areaData(a, 'events');
  const keyOf = componentKeys(events.map((e) => e.id), Object.values(area.channels ?? {}).map(channelMessages), (id) => typeof events.find((e) => e.id === id)?.data.name === 'string');
  for (const e of events) {
    const payload = statedObj(e.data.payload);
    const schema = payload ? (typeof payload.resource === 'string' ? (payload.list === true ? { type: 'array', items: ref(payload.resource) } : ref(payload.resource)) : isObj(stated(payload.schema)) ? shapeSchema(stated(payload.schema), ref, dialect(`events/${e.id}/payload`)) : undefined) : undefined;
    const headers = statedObj(e.data.headers);
    // The example first, then the named ones with their summaries; AsyncAPI has no place for a named example's description or external value.
    const named = isObj(payload?.named_examples) ? Object.entries(payload.named_examples).filter((x): x is [string, Obj] => isObj(x[1])) : [];
    for (const [name, x] of named) for (const key of ['description', 'external_value']) if (key in x) unexported.push({ id: `events/${e.id}/payload/named_examples/${name}/${key}`, reason: 'AsyncAPI has no place for it' });
    const examples = [...(payload && 'example' in payload ? [{ payload: payload.example }] : []), ...named.filter(([, x]) => 'value' in x).map(([name, x]) => ({ name, ...(typeof x.summary === 'string' ? { summary: x.summary } : {}), payload: x.value }))];
    const tags = stated(e.data.tags);
    messages[keyOf(e.id)] = {
      // A name only where the spec states one: AsyncAPI names a message by its key.
      ...(e.data.name !== undefined ? { name: e.data.name } : {}),
      ...(text(e.data.title) ? { title: e.data.title } : {}),
      ...(e.data.summary !== undefined ? { summary: e.data.summary } : {}),
      ...(text(e.data.description) ? { description: e.data.description } : {}),
      ...(typeof payload?.content_type === 'string' ? { contentType: payload.content_type } : {}),
      ...(schema ? { payload: schema } : {}),
      ...(headers ? { headers: shapeSchema({ type: 'object', fields: headers }, ref, dialect(`events/${e.id}/headers`)) } : {}),
      ...(examples.length ? { examples } : {}),
      ...(Array.isArray(tags) && tags.length ? { tags: tags.map((name) => ({ name })) } : {}),
      ...externalDocsKey(e.data.external_docs),
      ...(gapsOf('events', e.id).length ? { [GAPS_EXTENSION]: gapsOf('events', e.id) } : {}),
    };
    // Security alternatives of one scheme each are AsyncAPI's list; schemes needed together, or none at all, have no form there.
    const alternatives = stated(e.data.security);
    const written = Array.isArray(alternatives) ? alternatives.map((alt) => alternativeOf(alt, securitySchemes)) : undefined;
    const schemesOf = written?.every((w) => w !== undefined) ? written : undefined;
    if (Array.isArray(alternatives) && !schemesOf) unexported.push({ id: `events/${e.id}/security`, reason: 'AsyncAPI lists alternative schemes only: schemes needed together, no authentication, scopes of a scheme other than OAuth 2 or OpenID Connect, or a scheme it cannot carry is not carried' });
    if (schemesOf && schemesOf.length) security.set(e.id, schemesOf);
  }
  // Channels and operations as the events area states them; an event on none of them gets a channel
  // of its own at the address it states (none without one) and an operation for its direction.
  const onChannel = new Map<string, string>();
  for (const [id, c] of Object.entries(area.channels ?? {})) {
    channels[id] = {
      ...('address' in c ? { address: c.address ?? null } : {}),
      ...(c.title !== undefined ? { title: c.title } : {}),
      ...(c.summary !== undefined ? { summary: c.summary } : {}),
      ...(c.description !== undefined ? { description: c.description } : {}),
      ...(channelMessages(c).length ? { messages: Object.fromEntries(channelMessages(c).map(([key, m]) => [key, { $ref: `#/components/messages/${part(keyOf(m))}` }])) } : {}),
      ...externalDocsKey(c.external_docs),
    };
    for (const [, m] of channelMessages(c)) if (!onChannel.has(m)) onChannel.set(m, id);
  }
  const operated = new Set<string>();
  for (const [id, o] of Object.entries(area.operations ?? {})) {
    const byKey = new Map(channelMessages(area.channels?.[o.channel]));
    const listed = (o.messages ?? [...byKey.keys()]).flatMap((key) => byKey.get(key) ?? []);
    for (const m of listed) operated.add(m);
    // One security for the operation, where all its events state the same.
    const [first, ...rest] = listed.map((m) => JSON.stringify(security.get(m) ?? null));
    const shared = first !== undefined && rest.every((x) => x === first) ? (JSON.parse(first) as Obj[] | null) : null;
    // AsyncAPI states security per operation: an event whose security its operation cannot write (the
    // operation's other events state other security, or none) is said, not dropped.
    if (!shared) for (const m of listed) if (security.has(m) && !unexported.some((u) => u.id === `events/${m}/security`)) unexported.push({ id: `events/${m}/security`, reason: `the operation \`${id}\` also ${o.action === 'send' ? 'sends' : 'receives'} events with other security (or none), and AsyncAPI states security once for an operation, so it is not written there` });
    operations[id] = {
      action: o.action,
      channel: { $ref: `#/channels/${part(o.channel)}` },
      ...(o.title !== undefined ? { title: o.title } : {}),
      ...(o.summary !== undefined ? { summary: o.summary } : {}),
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(o.messages ? { messages: o.messages.map((m) => ({ $ref: `#/channels/${part(o.channel)}/messages/${part(m)}` })) } : {}),
      ...(shared ? { security: shared } : {}),
      ...(o.tags && o.tags.length > 0 ? { tags: o.tags.map((name) => ({ name })) } : {}),
      ...externalDocsKey(o.external_docs),
    };
  }
  for (const e of events) {
    if (onChannel.has(e.id)) {
      if (!operated.has(e.id) && stated(e.data.direction) !== undefined) unexported.push({ id: `events/${e.id}/direction`, reason: 'its channel is stated in the events area, and no operation stated there sends or receives it' });
      continue;
    }
    const address = text(e.data.channel);
    if (address === undefined) {
      // A message on no channel is a message of the document, nothing more: no channel or operation is made up for it.
      if (stated(e.data.direction) !== undefined) unexported.push({ id: `events/${e.id}/direction`, reason: 'it travels on no channel the spec states, so no operation is written for it' });
      continue;
    }
    channels[e.id] = { address, messages: { [e.id]: { $ref: `#/components/messages/${part(keyOf(e.id))}` } } };
    const direction = stated(e.data.direction);
    if (direction === undefined) {
      unexported.push({ id: `events/${e.id}`, reason: 'whether the service sends or receives it is not stated yet, so no operation is written for its channel' });
      continue;
    }
    const schemes = security.get(e.id);
    operations[`${e.id}.${direction === 'sent' ? 'send' : 'receive'}`] = { action: direction === 'sent' ? 'send' : 'receive', channel: { $ref: `#/channels/${e.id}` }, messages: [{ $ref: `#/channels/${e.id}/messages/${e.id}` }], ...(schemes ? { security: schemes } : {}) };
  }
  const say = (id: string, reason: string) => unexported.push({ id, reason });
  const { servers, baseCarried, protocol } = exportServers(purpose, say);
  const info = exportInfo(purpose, say);
  const tags = exportTags(area);
  // The events' transport is the protocol of the first server, where it is that and nothing more.
  const delivery = statedObj(area.delivery);
  const deliveryCarried = delivery !== undefined && protocol !== undefined && delivery.transport === protocol && delivery.description === undefined;
  unexported.push(
    ...notCarried(
      a,
      {
        purpose: { area: ['name', 'purpose', 'servers', 'contact', 'license', 'terms_of_service', 'external_docs', ...(baseCarried ? ['base_url'] : [])] },
        resources: { items: 'all' },
        events: { area: ['channels', 'operations', 'tags', ...(deliveryCarried ? ['delivery'] : [])], items: ['name', 'title', 'summary', 'description', 'payload', 'channel', 'direction', 'headers', 'security', 'tags', 'external_docs'] },
        authentication: { items: (id) => (exportedSchemes.has(id) ? ['description', 'scheme', 'location', 'headers', 'credentials', 'scopes', 'flow_scopes', 'token_endpoints', 'mechanism', 'http_scheme', 'token_format'] : []) },
        // The version `info.version` states, its name as written.
        versioning: { items: (id) => (id === exportedVersion(a)?.id ? ['name'] : []) },
      },
      'AsyncAPI',
    ),
  );
  return {
    asyncapi: '3.0.0',
    info: { title: text(purpose.name) ?? '', version: versionOf(a), ...(text(purpose.purpose) ? { description: purpose.purpose } : {}), ...info, ...(tags.length > 0 ? { tags } : {}) },
    ...(servers ? { servers } : {}),
    channels,
    operations,
    components: {
      messages,
      schemas: Object.fromEntries(itemsOf(a, 'resources').map((r) => [r.id, resourceSchema(r, ref, dialect(`resources/${r.id}`))])),
      ...(exportedSchemes.size ? { securitySchemes } : {}),
    },
    [GAPS_EXTENSION]: a.assessment.gaps.map((g) => ({ id: g.id, question: g.question })),
    ...(unexported.length ? { [UNEXPORTED_EXTENSION]: unexported } : {}),
  };
}

/**
 * The key of each event's message under `components/messages`: the key its channels carry it
 * under where they all agree on one that no other event has (an AsyncAPI 2 component key such as
 * `Billing Receipt Created`, kept so nothing is renamed), else its id.
 */
function componentKeys(ids: readonly string[], channels: ReadonlyArray<Array<[key: string, event: string]>>, named: (id: string) => boolean): (id: string) => string {
  const keys = new Map<string, Set<string>>();
  for (const [key, id] of channels.flat()) keys.set(id, (keys.get(id) ?? new Set()).add(key));
  const taken = new Set(ids.map((id) => id.toLowerCase()));
  const chosen = new Map<string, string>();
  for (const id of ids) {
    const [only, ...more] = keys.get(id) ?? [];
    if (only === undefined || more.length > 0 || only === id || taken.has(only.toLowerCase())) continue;
    // An import names a message by its `name`, else by its component key: a key that would read back as another id is not taken (the export would not be a fixed point).
    if (!named(id) && new Ids().id(only) !== id) continue;
    taken.add(only.toLowerCase());
    chosen.set(id, only);
  }
  return (id) => chosen.get(id) ?? id;
}

/**
 * One security alternative as AsyncAPI 3 lists it: a reference to its scheme, or, where it needs
 * scopes, the scheme written in place with them, a copy of its component (AsyncAPI 3 states scopes
 * on OAuth 2 and OpenID Connect schemes only). Undefined where it has no form there.
 */
function alternativeOf(alt: SecurityAlternative, schemes: Readonly<Record<string, Obj>>): Obj | undefined {
  if (!('scheme' in alt) || !Object.hasOwn(schemes, alt.scheme)) return undefined;
  const scheme = schemes[alt.scheme];
  if (!alt.scopes?.length) return { $ref: `#/components/securitySchemes/${alt.scheme}` };
  return scheme && SCOPED.has(String(scheme.type)) ? { ...scheme, scopes: alt.scopes } : undefined;
}

/** An authentication scheme as an AsyncAPI 3 security scheme; undefined when what it needs is not stated. */
function asyncApiScheme(d: Item<'authentication'>['data']): Obj | undefined {
  const description = text(d.description) ? { description: d.description } : {};
  const credentials = Array.isArray(d.credentials) ? d.credentials.map(String) : [];
  const headers = Array.isArray(d.headers) ? d.headers.map(String) : [];
  // AsyncAPI states these URLs absolute: a path from the root (an OpenAPI document's, with no server) is not written.
  const endpoints = Object.fromEntries(Object.entries(statedObj(d.token_endpoints) ?? {}).filter(([, u]) => typeof u === 'string' && urlSchema.safeParse(u).success));
  switch (stated(d.scheme)) {
    case 'api-key': {
      const where = stated(d.location);
      if (where === 'user' || where === 'password') return { ...description, type: 'apiKey', in: where };
      const name = where === 'header' ? headers[0] : credentials[0];
      return where && name ? { ...description, type: 'httpApiKey', in: where, name } : undefined;
    }
    case 'http-bearer':
      return { ...description, type: 'http', scheme: 'bearer', ...(text(d.token_format) ? { bearerFormat: d.token_format } : {}) };
    case 'http-basic':
      return { ...description, type: 'http', scheme: 'basic' };
    case 'http':
      return d.http_scheme !== undefined ? { ...description, type: 'http', scheme: d.http_scheme } : undefined;
    case 'openid-connect': {
      const url = Object.values(endpoints).find((u) => typeof u === 'string');
      return url ? { ...description, type: 'openIdConnect', openIdConnectUrl: url } : undefined;
    }
    case 'mutual-tls':
      return { ...description, type: 'X509' };
    case 'user-password':
      return { ...description, type: 'userPassword' };
    case 'sasl': {
      const types = { plain: 'plain', 'scram-sha-256': 'scramSha256', 'scram-sha-512': 'scramSha512', gssapi: 'gssapi' } as const;
      return d.mechanism ? { ...description, type: types[d.mechanism] } : undefined;
    }
    case 'oauth2': {
      const flows: Record<string, Obj> = {};
      for (const [key, url] of Object.entries(endpoints)) {
        const [flow, kind] = key.split('.');
        if (!flow || !kind || typeof url !== 'string') continue;
        flows[flow] = { ...(flows[flow] ?? { availableScopes: scopesOfFlow(d, flow) }), [`${kind}Url`]: url };
      }
      return Object.keys(flows).length ? { ...description, type: 'oauth2', flows } : undefined;
    }
    default:
      return undefined;
  }
}
