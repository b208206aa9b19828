import type { Analysis } from '../../analyze.ts';
import { isObj, stated, statedObj, type Obj } from '../../facet/state.ts';
import type { Item } from '../../model/spec.ts';
import { areaData, gapsByOwner, GAPS_EXTENSION, itemsOf, notCarried, resourceSchema, shapeSchema, text, UNEXPORTED_EXTENSION, versionOf, type SchemaDialect } from '../export-common.ts';

const ref = (id: string): Obj => ({ $ref: `#/components/schemas/${id}` });

/** The spec's events as an AsyncAPI 3.0 document, with open gaps under `x-specbench-gaps`. */
export function exportAsyncApi(a: Analysis): Obj {
  const purpose = areaData(a, 'purpose');
  const gapsOf = gapsByOwner(a);
  const base = text(purpose.base_url);
  const url = base && URL.canParse(base) ? new URL(base) : undefined;
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
  for (const e of events) {
    const payload = statedObj(e.data.payload);
    const schema = payload ? (typeof payload.resource === 'string' ? (payload.list === true ? { type: 'array', items: ref(payload.resource) } : ref(payload.resource)) : isObj(stated(payload.schema)) ? shapeSchema(stated(payload.schema), ref, dialect(`events/${e.id}/payload`)) : undefined) : undefined;
    const headers = statedObj(e.data.headers);
    messages[e.id] = {
      name: e.id,
      ...(text(e.data.title) ? { title: e.data.title } : {}),
      ...(text(e.data.description) ? { description: e.data.description } : {}),
      ...(typeof payload?.content_type === 'string' ? { contentType: payload.content_type } : {}),
      ...(schema ? { payload: schema } : {}),
      ...(headers ? { headers: shapeSchema({ type: 'object', fields: headers }, ref, dialect(`events/${e.id}/headers`)) } : {}),
      ...(payload && 'example' in payload ? { examples: [{ payload: payload.example }] } : {}),
      ...(gapsOf('events', e.id).length ? { [GAPS_EXTENSION]: gapsOf('events', e.id) } : {}),
    };
    // The channel's address as stated; without one, the channel has no address (AsyncAPI's "unknown").
    const address = text(e.data.channel);
    channels[e.id] = { address: address ?? null, messages: { [e.id]: { $ref: `#/components/messages/${e.id}` } } };
    const direction = stated(e.data.direction);
    if (direction === undefined) {
      unexported.push({ id: `events/${e.id}`, reason: 'whether the service sends or receives it is not stated yet, so no operation is written for its channel' });
      continue;
    }
    // Security alternatives of one scheme each are AsyncAPI's list; schemes needed together, or none at all, have no form there.
    const alternatives = stated(e.data.security);
    const schemesOf = Array.isArray(alternatives) && alternatives.every((alt) => 'scheme' in alt && exportedSchemes.has(alt.scheme)) ? alternatives.map((alt) => ('scheme' in alt ? { $ref: `#/components/securitySchemes/${alt.scheme}` } : {})) : undefined;
    if (Array.isArray(alternatives) && !schemesOf) unexported.push({ id: `events/${e.id}/security`, reason: 'AsyncAPI lists alternative schemes only: schemes needed together, no authentication, or a scheme it cannot carry is not carried' });
    operations[`${e.id}.${direction === 'sent' ? 'send' : 'receive'}`] = { action: direction === 'sent' ? 'send' : 'receive', channel: { $ref: `#/channels/${e.id}` }, messages: [{ $ref: `#/channels/${e.id}/messages/${e.id}` }], ...(schemesOf && schemesOf.length ? { security: schemesOf } : {}) };
  }
  unexported.push(
    ...notCarried(
      a,
      {
        purpose: { area: ['name', 'purpose', ...(url ? ['base_url'] : [])] },
        resources: { items: 'all' },
        events: { items: ['title', 'description', 'payload', 'channel', 'direction', 'headers', 'security'] },
        authentication: { items: (id) => (exportedSchemes.has(id) ? ['description', 'scheme', 'location', 'headers', 'credentials', 'scopes', 'token_endpoints'] : []) },
      },
      'AsyncAPI',
    ),
  );
  return {
    asyncapi: '3.0.0',
    info: { title: text(purpose.name) ?? '', version: versionOf(a), ...(text(purpose.purpose) ? { description: purpose.purpose } : {}) },
    ...(url ? { servers: { main: { host: url.host, protocol: url.protocol.replace(/:$/, ''), ...(url.pathname && url.pathname !== '/' ? { pathname: url.pathname } : {}) } } } : {}),
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

/** An authentication scheme as an AsyncAPI 3 security scheme; undefined when what it needs is not stated. */
function asyncApiScheme(d: Item<'authentication'>['data']): Obj | undefined {
  const description = text(d.description) ? { description: d.description } : {};
  const credentials = Array.isArray(d.credentials) ? d.credentials.map(String) : [];
  const headers = Array.isArray(d.headers) ? d.headers.map(String) : [];
  const endpoints = statedObj(d.token_endpoints) ?? {};
  switch (stated(d.scheme)) {
    case 'api-key': {
      const where = stated(d.location);
      if (where === 'user' || where === 'password') return { ...description, type: 'apiKey', in: where };
      const name = where === 'header' ? headers[0] : credentials[0];
      return where && name ? { ...description, type: 'httpApiKey', in: where, name } : undefined;
    }
    case 'http-bearer':
      return { ...description, type: 'http', scheme: 'bearer' };
    case 'http-basic':
      return { ...description, type: 'http', scheme: 'basic' };
    case 'openid-connect': {
      const url = Object.values(endpoints).find((u) => typeof u === 'string');
      return url ? { ...description, type: 'openIdConnect', openIdConnectUrl: url } : undefined;
    }
    case 'mutual-tls':
      return { ...description, type: 'X509' };
    case 'oauth2': {
      const flows: Record<string, Obj> = {};
      for (const [key, url] of Object.entries(endpoints)) {
        const [flow, kind] = key.split('.');
        if (!flow || !kind || typeof url !== 'string') continue;
        flows[flow] = { ...(flows[flow] ?? { availableScopes: statedObj(d.scopes) ?? {} }), [`${kind}Url`]: url };
      }
      return Object.keys(flows).length ? { ...description, type: 'oauth2', flows } : undefined;
    }
    default:
      return undefined;
  }
}
