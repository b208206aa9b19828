import type { Analysis } from '../../analyze.ts';
import { parametersOf } from '../../areas/endpoints/index.ts';
import { isNoneValue, isOpenValue, stated, statedObj, type Obj } from '../../facet/state.ts';
import type { Item } from '../../model/spec.ts';
import { areaData, gapsByOwner, GAPS_EXTENSION, itemsOf, resourceSchema, shapeSchema, text, versionOf } from '../export-common.ts';

const ref = (id: string): Obj => ({ $ref: `#/components/schemas/${id}` });

/** A payload as OpenAPI content. */
function content(p: Obj, errorBody?: Obj): Obj | undefined {
  const type = typeof p.content_type === 'string' ? p.content_type : 'application/json';
  if (typeof p.resource === 'string') return { [type]: { schema: p.list === true ? { type: 'array', items: ref(p.resource) } : ref(p.resource) } };
  if (typeof p.error === 'string') return errorBody ? content(errorBody) : undefined;
  return typeof p.content_type === 'string' ? { [type]: {} } : undefined;
}

/**
 * The spec as an OpenAPI 3.1 document: what is stated, with every open gap listed under
 * `x-specbench-gaps` (at the top level, and on each operation, schema and scheme for its own).
 */
export function exportOpenApi(a: Analysis): Obj {
  const purpose = areaData(a, 'purpose');
  const gapsOf = gapsByOwner(a);
  const errorBody = statedObj(areaData(a, 'errors').body);
  const errors = new Map(itemsOf(a, 'errors').map((e) => [e.id, e]));
  const withGaps = (o: Obj, gaps: Array<{ id: string; question: string }>) => (gaps.length ? { ...o, [GAPS_EXTENSION]: gaps } : o);
  const schemes = new Map(itemsOf(a, 'authentication').flatMap((s) => {
    const scheme = securityScheme(s);
    return scheme ? [[s.id, withGaps(scheme, gapsOf('authentication', s.id))] as const] : [];
  }));
  const paths: Record<string, Obj> = {};
  const usedErrors = new Set<string>();
  for (const e of itemsOf(a, 'endpoints')) {
    const method = text(e.data.method)?.toLowerCase();
    const path = text(e.data.path);
    if (!method || !path) continue;
    const params = parametersOf(e.data).map(({ location, name, parameter: p }) => ({
      name,
      in: location,
      ...(location === 'path' || p.required === true ? { required: true } : {}),
      ...(text(p.description) ? { description: p.description } : {}),
      schema: (({ description: _, ...schema }) => schema)(shapeSchema(p, ref)),
    }));
    const request = statedObj(e.data.request);
    const responses: Obj = {};
    for (const [status, r] of Object.entries(statedObj(e.data.responses) ?? {})) {
      const p = statedObj(r);
      if (p && typeof p.error === 'string' && errors.has(p.error)) {
        usedErrors.add(p.error);
        responses[status] = { $ref: `#/components/responses/${p.error}` };
        continue;
      }
      const body = p ? content(p, errorBody) : undefined;
      responses[status] = { description: (p && text(p.description)) ?? (isOpenValue(r) ? 'Open: not specified yet.' : 'No body.'), ...(body ? { content: body } : {}) };
    }
    const alternatives = stated(e.data.security);
    const security = alternatives
      ? alternatives.map((alt) => Object.fromEntries(('scheme' in alt ? [alt] : 'all' in alt ? alt.all : []).filter((r) => schemes.has(r.scheme)).map((r) => [r.scheme, r.scopes ?? []])))
      : isNoneValue(e.data.security)
        ? []
        : undefined;
    const op = withGaps(
      {
        operationId: e.id,
        ...(text(e.data.title) ? { summary: e.data.title } : {}),
        ...(text(e.data.description) ? { description: e.data.description } : {}),
        ...(params.length ? { parameters: params } : {}),
        ...(request && content(request) ? { requestBody: { required: true, content: content(request) } } : {}),
        responses: Object.keys(responses).length ? responses : { default: { description: 'Not specified yet.' } },
        ...(security ? { security } : {}),
        ...(e.data.deprecated === true ? { deprecated: true } : {}),
      },
      gapsOf('endpoints', e.id),
    );
    paths[path] = { ...(paths[path] ?? {}), [method]: op };
  }
  const webhooks = Object.fromEntries(
    itemsOf(a, 'events').map((ev) => {
      const payload = statedObj(ev.data.payload);
      const body = payload ? content(payload) : undefined;
      return [ev.id, { post: withGaps({ operationId: `event.${ev.id}`, ...(text(ev.data.title) ? { summary: ev.data.title } : {}), ...(body ? { requestBody: { content: body } } : {}), responses: { '200': { description: 'Delivered.' } } }, gapsOf('events', ev.id)) }];
    }),
  );
  const baseUrl = text(purpose.base_url);
  return {
    openapi: '3.1.0',
    info: {
      title: text(purpose.name) ?? 'Untitled service',
      version: versionOf(a),
      ...(text(purpose.purpose) ? { description: purpose.purpose } : {}),
    },
    ...(baseUrl ? { servers: [{ url: baseUrl }] } : {}),
    paths,
    ...(Object.keys(webhooks).length ? { webhooks } : {}),
    components: {
      schemas: Object.fromEntries(itemsOf(a, 'resources').map((r) => [r.id, withGaps(resourceSchema(r, ref), gapsOf('resources', r.id))])),
      ...(usedErrors.size ? { responses: Object.fromEntries([...usedErrors].sort().map((id) => [id, errorResponse(errors.get(id), errorBody)])) } : {}),
      ...(schemes.size ? { securitySchemes: Object.fromEntries(schemes) } : {}),
    },
    [GAPS_EXTENSION]: a.assessment.gaps.map((g) => ({ id: g.id, question: g.question })),
  };
}

function errorResponse(e: Item<'errors'> | undefined, body: Obj | undefined): Obj {
  const c = body ? content(body) : undefined;
  return { description: (e && text(e.data.title)) ?? e?.id ?? 'Error', ...(c ? { content: c } : {}) };
}

/** An authentication scheme as an OpenAPI security scheme; undefined when too little is stated to write a valid one. */
function securityScheme(s: Item<'authentication'>): Obj | undefined {
  const d = s.data;
  const description = text(d.description) ? { description: d.description } : {};
  const headers = Array.isArray(d.headers) ? d.headers.map(String) : [];
  const endpoints = statedObj(d.token_endpoints) ?? {};
  switch (d.scheme) {
    case 'api-key': {
      const name = headers[0] ?? (Array.isArray(d.credentials) ? String(d.credentials[0]) : undefined);
      return name ? { ...description, type: 'apiKey', in: headers.length ? 'header' : 'query', name } : undefined;
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
      return { ...description, type: 'mutualTLS' };
    case 'oauth2': {
      const scopes = statedObj(d.scopes) ?? {};
      const flows: Record<string, Obj> = {};
      for (const [key, url] of Object.entries(endpoints)) {
        const [flow, kind] = key.includes('.') ? (key.split('.') as [string, string]) : ['clientCredentials', key === 'authorization' ? 'authorization' : 'token'];
        flows[flow] = { ...(flows[flow] ?? {}), [`${kind}Url`]: url, scopes };
      }
      const valid = Object.entries(flows).filter(([flow, f]) =>
        flow === 'implicit' ? f.authorizationUrl : flow === 'authorizationCode' ? f.authorizationUrl && f.tokenUrl : f.tokenUrl,
      );
      return valid.length ? { ...description, type: 'oauth2', flows: Object.fromEntries(valid) } : undefined;
    }
    default:
      return undefined;
  }
}
