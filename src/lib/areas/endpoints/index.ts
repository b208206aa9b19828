import { z } from 'zod';
import { facetId } from '../../facet/ids.ts';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { facetState, own, stated } from '../../facet/state.ts';
import { withArticle } from '../../facet/words.ts';
import { idSchema, nameSchema, namesSchema, prose } from '../../facet/values.ts';
import { markdownCode } from '../../safety/markdown.ts';
import { defineArea } from '../area.ts';
import { mediaType, payloadHeldUpBy, payloadReferences, payloadSchema, payloadShapes, responseSchema } from '../payload.ts';
import { describeSecurity, requirements, securityAlternative, securityReferences } from '../security.ts';
import { shapeReferences, shapeWith } from '../shape.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
/** Methods whose requests carry no body: the request facet cannot apply. */
export const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
export const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
export type Location = (typeof LOCATIONS)[number];

/** One parameter: a shape, whether the call must give it, and how it is written into the request. */
const parameter = shapeWith({
  /** Whether a call must give it (path parameters always must). */
  required: z.boolean().optional(),
  /** How the value is serialized (`form`, `simple`, `deepObject`...), where it is not the location's default. */
  style: z.string().min(1).optional(),
  /** Whether a list or object is written as one parameter per value. */
  explode: z.boolean().optional(),
  /** For a parameter written as a document rather than a plain value: its media type. */
  content_type: mediaType.optional(),
});
export const parameterSchema = facetObject(parameter.shape, parameter.metas());
export type Parameter = z.infer<typeof parameterSchema>;

const byName = () => facet(z.record(nameSchema, parameterSchema));
/** A location's parameters: counted once written, so `query: { none: ... }` says there are none. */
const located = (l: Location) => ({ label: `${l} parameters`, question: `Which ${l} parameters are there?`, optional: true, children: { label: (name: string) => `${l} parameter ${name}` } });

/** Parameters grouped by where they go, so a path `id` and a query `id` are two parameters. */
const parametersSchema = facetObject(
  { path: byName(), query: byName(), header: byName(), cookie: byName() },
  { path: located('path'), query: located('query'), header: located('header'), cookie: located('cookie') },
);

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
    /** Parameters by location (`path`, `query`, `header`, `cookie`), then by name. */
    parameters: facet(parametersSchema),
    /** The request body. */
    request: facet(payloadSchema),
    /** Responses by status code (`200`, `4XX`, `default`). */
    responses: facet(z.record(nameSchema, facet(responseSchema))),
    /** The ways a call can be authorized; any one of them will do (an optional override). */
    security: facet(z.array(securityAlternative)),
    /** Groups the endpoint belongs to, as a reference groups its pages. */
    tags: facet(namesSchema),
    /** Still served, but on its way out. */
    deprecated: facet(z.boolean()),
    /** The operation's id in an interface description, where it differs from the file name. */
    operation_id: z.string().min(1).optional(),
    /** Ids of the limits that apply to this endpoint. */
    limits: z.array(idSchema).optional(),
    /** The events the service calls back with when this endpoint is used, by callback name: `{ onData: [stream-data] }` (OpenAPI's callbacks). */
    callbacks: z.record(nameSchema, z.array(idSchema).min(1)).optional(),
  },
  {
    ...itemCommonMetas,
    method: { label: 'method', question: 'Which HTTP method does this endpoint use?' },
    path: { label: 'path shape', question: 'What is the path of this endpoint?' },
    parameters: { label: 'parameters', question: 'Which path, query and header parameters does this endpoint take?', children: { label: () => 'parameters' } },
    request: {
      label: 'request payload',
      question: 'What does the request body carry?',
      // A GET or DELETE is not asked for a body; a DELETE that states one (OpenAPI allows it, GitHub uses it) shows it.
      notApplicable: (e) => {
        const method = stated(e.method);
        if (method === 'DELETE' && e.request !== undefined) return undefined;
        return method !== undefined && BODYLESS_METHODS.has(method) ? `${withArticle(method)} request has no body` : undefined;
      },
      heldUpBy: payloadHeldUpBy,
      children: { label: () => 'request' },
    },
    responses: {
      label: 'response payloads',
      question: 'Which responses can this endpoint give, by status code, and what do they carry?',
      children: { label: () => 'response', entry: { question: (status) => `What does the ${status} response carry?`, heldUpBy: payloadHeldUpBy, children: { label: () => 'response' } } },
    },
    security: { label: 'security', question: 'Which schemes and scopes does a call need?', optional: true, show: describeSecurity },
    tags: { label: 'tags', question: 'Which groups does this endpoint belong to?', refinement: 'tags' },
    deprecated: { label: 'deprecated', question: 'Is this endpoint deprecated?', refinement: 'deprecated' },
  },
);
export type EndpointItem = z.infer<typeof endpointItem>;

/** `METHOD /path`, where both are stated. */
export function methodAndPath(e: EndpointItem): string | undefined {
  const [method, path] = [stated(e.method), stated(e.path)];
  return method !== undefined && path !== undefined ? `${method} ${path}` : undefined;
}

/** The parameters of an endpoint, each with its location, name and where it is written. */
export function parametersOf(e: EndpointItem): Array<{ location: Location; name: string; parameter: Parameter }> {
  const groups = stated(e.parameters);
  return LOCATIONS.flatMap((location) => Object.entries(stated(groups?.[location]) ?? {}).map(([name, parameter]) => ({ location, name, parameter })));
}

export const endpoints = defineArea({
  key: 'endpoints',
  title: 'Endpoints',
  covers: 'Endpoints (methods, path shapes, request payloads, response payloads, parameters)',
  schema: endpointsArea,
  items: { noun: 'endpoint', plural: 'endpoints', schema: endpointItem },
  layout: () => [
    { kind: 'signature', keys: ['method', 'path'], relative: true },
    { kind: 'facts', keys: ['deprecated', 'tags', 'operation_id', 'limits', 'callbacks'] },
    { kind: 'parameters', key: 'parameters' },
    { kind: 'body', key: 'request', title: 'Request', mode: 'request' },
    { kind: 'responses', key: 'responses' },
    { kind: 'security', key: 'security' },
    { kind: 'curl' },
  ],
  uses: (e) => requirements(stated(e.security)).flatMap(({ requirement }) => (requirement.scopes ?? []).map((scope) => facetId('authentication', requirement.scheme, 'scopes', scope))),
  view: (e) => {
    const method = stated(e.method);
    const path = stated(e.path);
    const tags = stated(e.tags);
    return { listing: { ...(method !== undefined ? { badge: method } : {}), ...(typeof path === 'string' ? { line: path } : {}), ...(Array.isArray(tags) && tags.length > 0 ? { groups: tags } : {}) } };
  },
  shapes: (e) => [
    ...parametersOf(e).map(({ location, name, parameter }) => ({ shape: parameter, path: ['parameters', location, name], name: `${location} parameter \`${name}\`` })),
    ...payloadShapes(e.request, ['request'], 'the request'),
    ...Object.entries(stated(e.responses) ?? {}).flatMap(([status, r]) => payloadShapes(r, ['responses', status], `the ${status} response`)),
  ],
  references(e, add) {
    for (const { location, name, parameter } of parametersOf(e)) shapeReferences(parameter, ['parameters', location, name], `${location} parameter ${name}`, add);
    payloadReferences(e.request, ['request'], 'request payload', add);
    for (const [status, r] of Object.entries(stated(e.responses) ?? {})) payloadReferences(r, ['responses', status], `${status} response`, add);
    securityReferences(e.security, ['security'], add);
    (e.limits ?? []).forEach((l, i) => add({ path: ['limits', i], area: 'limits', id: l, via: 'limit' }));
    for (const [name, events] of Object.entries(e.callbacks ?? {})) events.forEach((id, i) => add({ path: ['callbacks', name, i], area: 'events', id, via: `callback ${name}` }));
  },
  // Clients call a method and a path; parameter names in the path are not part of the address.
  identity: (e) => methodAndPath(e)?.replace(/\{[^}]*\}/g, '{}'),
  breaking(before, after, say, id) {
    if (!after) {
      const where = methodAndPath(before);
      return say(`Endpoint ${markdownCode(id)}${where ? ` (${markdownCode(where)})` : ''} removed.`);
    }
    for (const key of ['method', 'path'] as const) {
      const [was, is] = [stated(before[key]), stated(after[key])];
      if (was !== undefined && is !== undefined && was !== is) say(`Endpoint ${markdownCode(id)} ${key} changed from ${markdownCode(String(was))} to ${markdownCode(String(is))}.`);
    }
    const had = new Set(parametersOf(before).filter((p) => p.parameter.required === true || p.location === 'path').map((p) => `${p.location} ${p.name}`));
    for (const p of parametersOf(after)) {
      const key = `${p.location} ${p.name}`;
      if ((p.parameter.required === true || p.location === 'path') && !had.has(key)) say(`Endpoint ${markdownCode(id)} now requires the ${p.location} parameter ${markdownCode(p.name)}.`);
    }
  },
  intro({ purpose }) {
    const base = own(purpose, 'base_url');
    if (typeof base !== 'string') return ['The base address is not stated yet.'];
    return [facetState(base) === 'placeholder' ? `The base address is ${base}, a placeholder; nothing further about it is established.` : `The base address is ${base}.`];
  },
});
