import type { z } from 'zod';
import type { ItemInput } from '../../areas/index.ts';
import type { Location, parameterSchema } from '../../areas/endpoints/index.ts';
import type { securityRequirement } from '../../areas/security.ts';
import type { responseSchema } from '../../areas/payload.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { seg, type Ids } from '../result.ts';
import { refName, typeOf } from '../schema-map.ts';
import { titled } from '../text.ts';
import { bodyPayload } from './body.ts';
import type { OpenApiContext } from './context.ts';
import type { ErrorCollector } from './error.ts';

/** What an OpenAPI description does not say: these facets stay open, never invented. */
export const FROM_OPENAPI = 'The OpenAPI description declares none.';
const BODYLESS = new Set(['get', 'head', 'delete', 'options', 'trace']);

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
  return typeof op.operationId === 'string' ? op.operationId : `${method}${path.replace(/[{}]/g, '').replace(/\//g, '-')}`;
}

/** One operation as an endpoint. */
export function mapEndpoint(
  ctx: OpenApiContext,
  at: { method: string; path: string; item: Obj; op: Obj; pointer: string; security: unknown },
  schemeIds: Ids,
  errors: ErrorCollector,
  findings: EndpointFindings,
): ItemInput<'endpoints'> {
  const { method, path, item, op, pointer } = at;
  const name = operationName(method, path, op);
  const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])].map(ctx.deref);
  const parameters: Partial<Record<Location, Record<string, z.input<typeof parameterSchema>>>> = {};
  for (const p of params) {
    if (typeof p.name !== 'string' || (p.in !== 'path' && p.in !== 'query' && p.in !== 'header' && p.in !== 'cookie')) continue;
    const type = refName(isObj(p.schema) ? p.schema.$ref : undefined) ?? typeOf(ctx.deref(p.schema));
    const group = (parameters[p.in] ??= {});
    group[p.name] = {
      type: type ?? { open: 'The source gives no type.' },
      ...(p.required === true ? { required: true } : {}),
      ...(typeof p.description === 'string' ? { description: p.description } : {}),
    };
  }
  const data: ItemInput<'endpoints'> = {
    ...titled(op.summary, op.description),
    method: method.toUpperCase(),
    path,
    parameters: Object.keys(parameters).length > 0 ? parameters : { none: FROM_OPENAPI },
  };
  if (!BODYLESS.has(method)) {
    const body = ctx.deref(op.requestBody);
    data.request = op.requestBody ? (bodyPayload(ctx, body.content, `${ctx.where(op.requestBody, `${pointer}/requestBody`)}/content`, `${name}.request`) ?? { none: 'The request body has no content.' }) : { none: FROM_OPENAPI };
  }
  const responses: Record<string, z.input<typeof responseSchema> | { none: string }> = {};
  for (const [status, raw] of Object.entries(ctx.deref(op.responses))) {
    const response = ctx.deref(raw);
    const rpointer = ctx.where(raw, `${pointer}/responses/${seg(status)}`);
    for (const h of Object.keys(ctx.deref(response.headers))) {
      if (RATE_HEADERS.test(h)) findings.rateHeaders.add(h);
      if (DEPRECATION_HEADERS.test(h)) findings.deprecationHeaders.add(h);
    }
    const payload = bodyPayload(ctx, response.content, `${rpointer}/content`, `${name}.${status}`);
    const description = typeof response.description === 'string' ? response.description : undefined;
    if (/^[45]/.test(status)) {
      const id = errors.add(refName(isObj(raw) ? raw.$ref : undefined, '#/components/responses/') ?? `http-${status}`, status, response, payload, rpointer);
      responses[status] = { error: id, ...(description !== undefined ? { description } : {}) };
    } else responses[status] = payload ? { ...payload, ...(description !== undefined ? { description } : {}) } : { none: 'No body.' };
  }
  data.responses = Object.keys(responses).length > 0 ? responses : { open: 'The OpenAPI description lists no responses.' };
  const security = op.security ?? at.security;
  if (Array.isArray(security)) {
    const reqs: Array<z.input<typeof securityRequirement>> = security.flatMap((req) =>
      isObj(req) ? Object.entries(req).map(([scheme, scopes]) => ({ scheme: schemeIds.id(scheme), ...(Array.isArray(scopes) && scopes.length > 0 ? { scopes: scopes.map(String) } : {}) })) : [],
    );
    data.security = reqs.length > 0 ? reqs : { none: 'The operation needs no authentication.' };
  }
  if (op.deprecated === true) {
    data.deprecated = true;
    findings.deprecated++;
  }
  if (op.links !== undefined) ctx.unmapped.push({ pointer: `${pointer}/links`, reason: 'links between operations have no place in the spec' });
  return data;
}
