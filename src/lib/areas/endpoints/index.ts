import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema } from '../../facet/define.ts';
import { facetState, own, stated } from '../../facet/state.ts';
import { idSchema, itemCommon, nameSchema, prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';
import { payloadHeldUpBy, payloadReferences, payloadSchema, responseSchema } from '../payload.ts';
import { PRIMITIVE_TYPES, typeName } from '../resources/index.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
/** Methods whose requests carry no body: the request facet cannot apply. */
export const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPES);

export const parameterSchema = facetObject(
  {
    in: z.enum(['path', 'query', 'header', 'cookie']),
    type: facet(typeName),
    required: z.boolean().optional(),
    description: prose.optional(),
  },
  { type: { label: 'type', question: 'What is the type of this parameter?' } },
);

export const securityRequirement = z.strictObject({
  /** An authentication scheme id. */
  scheme: idSchema,
  /** Scopes of that scheme the call needs. */
  scopes: z.array(z.string().min(1)).optional(),
});

/** `endpoints/_area.yaml`. */
export const endpointsArea = facetObject(
  { inventory: inventorySchema, description: prose.optional() },
  { inventory: inventoryMeta('endpoints', 'method, path shape, parameters, request payload and response payloads') },
);

/** `endpoints/<operation>.yaml`: one method on one path. */
export const endpointItem = facetObject(
  {
    ...itemCommon,
    method: facet(z.enum(METHODS, { error: `expected one of ${METHODS.join(', ')}` })),
    /** The path shape relative to the base address, e.g. `/orders/{order_id}`. */
    path: facet(z.string().regex(/^\//, 'a path starts with /')),
    /** Parameters by name. */
    parameters: facet(z.record(nameSchema, parameterSchema)),
    /** The request body. */
    request: facet(payloadSchema),
    /** Responses by status code (`200`, `4XX`, `default`). */
    responses: facet(z.record(nameSchema, facet(responseSchema))),
    /** The schemes and scopes a call needs (an optional refinement). */
    security: facet(z.array(securityRequirement)),
    /** Ids of the limits that apply to this endpoint. */
    limits: z.array(idSchema).optional(),
    deprecated: z.boolean().optional(),
  },
  {
    method: { label: 'method', question: 'Which HTTP method does this endpoint use?' },
    path: { label: 'path shape', question: 'What is the path of this endpoint?' },
    parameters: { label: 'parameters', question: 'Which path, query and header parameters does this endpoint take?', children: { label: (name) => `parameter ${name}` } },
    request: {
      label: 'request payload',
      question: 'What does the request body carry?',
      notApplicable: (e) => {
        const method = stated(e.method);
        return method !== undefined && BODYLESS_METHODS.has(method) ? `a ${method} request has no body` : undefined;
      },
      heldUpBy: payloadHeldUpBy,
    },
    responses: {
      label: 'response payloads',
      question: 'Which responses can this endpoint give, by status code, and what do they carry?',
      children: { label: () => 'response', entry: { question: (status) => `What does the ${status} response carry?`, heldUpBy: payloadHeldUpBy } },
    },
    security: { label: 'security', question: 'Which schemes and scopes does a call need?', optional: true },
  },
);
export type EndpointItem = z.infer<typeof endpointItem>;

/** `METHOD /path`, where both are stated. */
export function methodAndPath(e: EndpointItem): string | undefined {
  const [method, path] = [stated(e.method), stated(e.path)];
  return method !== undefined && path !== undefined ? `${method} ${path}` : undefined;
}

export const endpoints = defineArea({
  key: 'endpoints',
  title: 'Endpoints',
  covers: 'Endpoints (methods, path shapes, request payloads, response payloads, parameters)',
  schema: endpointsArea,
  items: { noun: 'endpoint', plural: 'endpoints', schema: endpointItem },
  references(e, add) {
    for (const [name, p] of Object.entries(stated(e.parameters) ?? {})) {
      const type = stated(p.type);
      if (type !== undefined && !PRIMITIVES.has(type)) add({ path: ['parameters', name, 'type'], area: 'resources', id: type, via: `type of parameter ${name}` });
    }
    payloadReferences(e.request, ['request'], 'request payload', add);
    for (const [status, r] of Object.entries(stated(e.responses) ?? {})) payloadReferences(r, ['responses', status], `${status} response`, add);
    (stated(e.security) ?? []).forEach((s, i) => add({ path: ['security', i, 'scheme'], area: 'authentication', id: s.scheme, via: 'security scheme' }));
    (e.limits ?? []).forEach((l, i) => add({ path: ['limits', i], area: 'limits', id: l, via: 'limit' }));
  },
  breaking(before, after, say, id) {
    if (!after) {
      const where = methodAndPath(before);
      return say(`Endpoint \`${id}\`${where ? ` (\`${where}\`)` : ''} removed.`);
    }
    for (const key of ['method', 'path'] as const) {
      const [was, is] = [stated(before[key]), stated(after[key])];
      if (was !== undefined && is !== undefined && was !== is) say(`Endpoint \`${id}\` ${key} changed from \`${was}\` to \`${is}\`.`);
    }
  },
  intro({ purpose }) {
    const base = own(purpose, 'base_url');
    if (typeof base !== 'string') return ['The base address is not stated yet.'];
    return [facetState(base) === 'placeholder' ? `The base address is ${base}, a placeholder; nothing further about it is established.` : `The base address is ${base}.`];
  },
});
