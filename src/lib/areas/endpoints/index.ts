import { z } from 'zod';
import { facetId } from '../../facet/ids.ts';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { facetState, own, stated } from '../../facet/state.ts';
import { withArticle } from '../../facet/words.ts';
import { idSchema, lineSchema, nameSchema, namesSchema, prose } from '../../facet/values.ts';
import { markdownCode } from '../../safety/markdown.ts';
import { defineArea } from '../area.ts';
import { isRequiredParameter, parametersOf, parametersSchema } from '../parameters.ts';
import { payloadHeldUpBy, payloadReferences, payloadSchema, payloadShapes, responseSchema } from '../payload.ts';
import { describeSecurity, requirements, securityAlternative, securityReferences } from '../security.ts';
import { serverSchema } from '../purpose/index.ts';
import { shapeReferences } from '../shape.ts';
import { tagNotes, tagNotesSchema } from '../tags.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
/** Methods whose requests carry no body: the request facet cannot apply. */
export const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
export { LOCATIONS, parameterSchema, parametersOf, type Location, type Parameter } from '../parameters.ts';

/** What an interface description says of a path beside its operations (OpenAPI's path item `summary` and `description`), shared by every method on it. */
export const pathNoteSchema = z.strictObject({ summary: lineSchema.optional(), description: prose.optional() });

/** `endpoints/_area.yaml`. */
export const endpointsArea = facetObject(
  {
    inventory: inventorySchema,
    description: prose.optional(),
    /** The groups endpoints are listed under (their `tags`), in the order the description declares them: what each is, and where to read more; a group no endpoint is in yet may be declared too. */
    tags: tagNotesSchema.optional(),
    /** What is said of a path as a whole (OpenAPI's path item): a one-line summary and a description, shown on the page of every endpoint on it. */
    paths: z.record(z.string().regex(/^\//, 'a path starts with /'), pathNoteSchema).optional(),
  },
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
    /**
     * The events the service calls back with when this endpoint is used (OpenAPI's callbacks), by
     * callback name: each the address it calls with the event sent there
     * (`{ onData: { '{$request.query.callbackUrl}/data': stream-data } }`), or a list of events,
     * each sent to its own channel (`{ onPlaced: [order.placed] }`).
     */
    callbacks: z.record(nameSchema, z.union([z.array(idSchema).min(1), z.record(z.string().min(1), idSchema)])).optional(),
    /**
     * The servers this endpoint is called on, where they are not the service's (OpenAPI's
     * operation or path item `servers`): the same shape as purpose's `servers`; its path is then
     * relative to the first of them, not to the base address.
     */
    servers: z.array(serverSchema).min(1).optional(),
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

export const endpoints = defineArea({
  key: 'endpoints',
  title: 'Endpoints',
  covers: 'Endpoints (methods, path shapes, request payloads, response payloads, parameters)',
  guide: [
    'Endpoints: one file per endpoint (endpoints/<operation-id>.yaml). The base address is in',
    'purpose/_area.yaml. Write `inventory: complete` once every endpoint has its file.',
  ],
  schema: endpointsArea,
  items: { noun: 'endpoint', plural: 'endpoints', schema: endpointItem },
  layout: () => [
    { kind: 'signature', keys: ['method', 'path'], relative: true },
    { kind: 'facts', keys: ['deprecated', 'tags', 'operation_id', 'limits', 'callbacks', 'servers'] },
    { kind: 'parameters', key: 'parameters' },
    { kind: 'body', key: 'request', title: 'Request', mode: 'request' },
    { kind: 'responses', key: 'responses' },
    { kind: 'security', key: 'security' },
    { kind: 'samples' },
  ],
  uses: (e) => requirements(stated(e.security)).flatMap(({ requirement }) => (requirement.scopes ?? []).map((scope) => facetId('authentication', requirement.scheme, 'scopes', scope))),
  view: (e) => {
    const method = stated(e.method);
    const path = stated(e.path);
    const tags = stated(e.tags);
    return { listing: { ...(method !== undefined ? { badge: method } : {}), ...(typeof path === 'string' ? { line: path } : {}), ...(Array.isArray(tags) && tags.length > 0 ? { groups: tags } : {}) } };
  },
  shapes: (e) => [
    ...parametersOf(e).map(({ location, name, parameter }) => ({ shape: parameter, path: ['parameters', location, name], name: `${location} parameter ${markdownCode(name)}`, sent: true as const })),
    ...payloadShapes(e.request, ['request'], 'the request').map((s) => ({ ...s, sent: true as const })),
    ...Object.entries(stated(e.responses) ?? {}).flatMap(([status, r]) => payloadShapes(r, ['responses', status], `the ${status} response`)),
  ],
  references(e, add) {
    for (const { location, name, parameter } of parametersOf(e)) shapeReferences(parameter, ['parameters', location, name], `${location} parameter ${name}`, add);
    payloadReferences(e.request, ['request'], 'request payload', add);
    for (const [status, r] of Object.entries(stated(e.responses) ?? {})) payloadReferences(r, ['responses', status], `${status} response`, add);
    securityReferences(e.security, ['security'], add);
    (e.limits ?? []).forEach((l, i) => add({ path: ['limits', i], area: 'limits', id: l, via: 'limit' }));
    for (const [name, events] of Object.entries(e.callbacks ?? {})) {
      for (const [key, id] of Object.entries(events)) add({ path: ['callbacks', name, Array.isArray(events) ? Number(key) : key], area: 'events', id, via: `callback ${name}` });
    }
  },
  // What the area's file says of the endpoint's path as a whole.
  aside: (e, area) => {
    const path = stated(e.path);
    const note = typeof path === 'string' && area.paths !== undefined && Object.hasOwn(area.paths, path) ? area.paths[path] : undefined;
    return note && (note.summary !== undefined || note.description !== undefined) ? { label: 'This path', ...note } : undefined;
  },
  groups: tagNotes,
  // Clients call a method and a path; parameter names in the path are not part of the address.
  untitled: methodAndPath,
  identity: (e) => methodAndPath(e)?.replace(/\{[^}]*\}/g, '{}'),
  breaking(before, after, say, id) {
    if (!after) {
      const where = methodAndPath(before);
      return say(`Endpoint ${markdownCode(id)}${where ? ` (${markdownCode(where)})` : ''} removed.`);
    }
    // A path parameter renamed (`{id}` to `{order_id}`) leaves the address as clients call it: the diff says it as a rename.
    const address = (v: unknown) => (typeof v === 'string' ? v.replace(/\{[^}]*\}/g, '{}') : v);
    for (const key of ['method', 'path'] as const) {
      const [was, is] = [stated(before[key]), stated(after[key])];
      if (was !== undefined && is !== undefined && address(was) !== address(is)) say(`Endpoint ${markdownCode(id)} ${key} changed from ${markdownCode(String(was))} to ${markdownCode(String(is))}.`, [key]);
    }
    // A path parameter is the path's own (`{id}`), stated or not: a new one is a changed path, said above.
    const had = new Set(parametersOf(before).filter((p) => p.parameter.required === true).map((p) => `${p.location} ${p.name}`));
    for (const p of parametersOf(after)) {
      const key = `${p.location} ${p.name}`;
      if (p.location !== 'path' && p.parameter.required === true && !had.has(key)) say(`Endpoint ${markdownCode(id)} now requires the ${p.location} parameter ${markdownCode(p.name)}.`, ['parameters', p.location, p.name, 'required']);
    }
  },
  // A path parameter is always required: where its file does not say so, the document does.
  markdown(e) {
    const unsaid = parametersOf(e).filter((p) => p.location === 'path' && isRequiredParameter(p.location, p.parameter) && stated(p.parameter.required) !== true);
    return unsaid.length === 0 ? [] : [`Required, as every path parameter is: ${unsaid.map((p) => markdownCode(p.name)).join(', ')}.`];
  },
  intro({ purpose }) {
    const base = own(purpose, 'base_url');
    if (typeof base !== 'string') return ['The base address is not stated yet.'];
    return [facetState(base) === 'placeholder' ? `The base address is ${base}, a placeholder; nothing further about it is established.` : `The base address is ${base}.`];
  },
});
