import { z } from 'zod';
import { facet, facetObject } from '../facet/define.ts';
import { stated } from '../facet/state.ts';
import { nameSchema } from '../facet/values.ts';
import { mediaType, namedExamplesSchema } from './payload.ts';
import { shapeWith } from './shape.ts';

/**
 * Parameters by location, for an endpoint's request and for the request that delivers a webhook
 * or callback: each a shape, whether a call must give it, and how it is written into the request.
 */
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
  /** Examples by name, each with a summary and a description. */
  named_examples: namedExamplesSchema.optional(),
});
export const parameterSchema = facetObject(parameter.shape, parameter.metas());
export type Parameter = z.infer<typeof parameterSchema>;

const byName = () => facet(z.record(nameSchema, parameterSchema));
/** A location's parameters: counted once written, so `query: { none: ... }` says there are none. */
const located = (l: Location) => ({ label: `${l} parameters`, question: `Which ${l} parameters are there?`, optional: true, children: { label: (name: string) => `${l} parameter ${name}` } });

/** Parameters grouped by where they go, so a path `id` and a query `id` are two parameters. */
export const parametersSchema = facetObject(
  { path: byName(), query: byName(), header: byName(), cookie: byName() },
  { path: located('path'), query: located('query'), header: located('header'), cookie: located('cookie') },
);


/** Whether a call must give a parameter: a path parameter always (OpenAPI's rule, written by every output), any other where it says so. */
export const isRequiredParameter = (location: Location, parameter: { required?: unknown }): boolean => location === 'path' || stated(parameter.required) === true;

/** The parameters of an endpoint or an event, each with its location, name and where it is written. */
export function parametersOf(owner: { parameters?: unknown }): Array<{ location: Location; name: string; parameter: Parameter }> {
  const groups = stated(owner.parameters) as Partial<Record<Location, unknown>> | undefined;
  return LOCATIONS.flatMap((location) => Object.entries((stated(groups?.[location]) ?? {}) as Record<string, Parameter>).map(([name, parameter]) => ({ location, name, parameter })));
}
