import { requirements, type SecurityAlternative } from '../areas/security.ts';
import { isResourceType } from '../areas/shape.ts';
import { isObj, stated, statedData, statedObj, type Obj } from '../facet/state.ts';
import { withArticle } from '../facet/words.ts';
import type { SampleRequest } from './samples.ts';

/** What the request needs from the page: the schemes by id, the base address, and the request body's example. */
export interface RequestContext {
  scheme(id: string): Obj | undefined;
  baseUrl?: string;
  /** The body a sample sends: its first media type with an example (stated, or made from its shape), or why there is none. */
  body(request: Obj): SampleRequest['body'] | { reason: string } | undefined;
  /** A resource's data by id: a parameter whose type is a named value takes that value's stated example where it states none itself. */
  resource?(id: string): Obj | undefined;
}

/** How many named values `statedValueOf` follows at most. */
const VALUE_HOPS = 16;

/**
 * A value a parameter states for itself: its first example (plain or named), its default, or its
 * first allowed value; where it states none and its type is a named value (`type: id`, `id` an
 * integer with `examples: [42]`), the value that one states, the same way (bounded, safe from
 * cycles; t32 D6: the sample said "the spec states no example" beside the row showing 42); never one made up.
 */
export function statedValueOf(p: Obj, resource?: (id: string) => Obj | undefined, seen: ReadonlySet<string> = new Set()): unknown {
  const own = ownValueOf(p);
  if (own !== undefined || !resource) return own;
  const type = stated(p.type);
  if (typeof type !== 'string' || !isResourceType(type) || seen.has(type) || seen.size >= VALUE_HOPS) return undefined;
  const value = stated(resource(type)?.value);
  return isObj(value) ? statedValueOf(value, resource, new Set([...seen, type])) : undefined;
}

/** What `statedValueOf` reads of the shape itself. */
function ownValueOf(p: Obj): unknown {
  const examples = stated(p.examples);
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  const named = isObj(p.named_examples) ? Object.values(p.named_examples).find((e) => isObj(e) && 'value' in e) : undefined;
  if (isObj(named)) return named.value;
  if (statedData(p.default) !== undefined) return p.default;
  const allowed = stated(p.allowed);
  return Array.isArray(allowed) && allowed.length > 0 ? allowed[0] : undefined;
}

/**
 * The request an endpoint's code samples send, when its method and path are stated: the base
 * address (or its placeholder), its path parameters, its required query parameters and headers
 * with the values it states (the others become placeholders), the first way of authenticating
 * the spec says enough about (a placeholder credential of its kind), and its body's example.
 * What it leaves out is noted.
 */
export function endpointRequest(data: Obj, ctx: RequestContext): { request: SampleRequest; notes: string[] } | undefined {
  const method = stated(data.method);
  const path = stated(data.path);
  if (typeof method !== 'string' || typeof path !== 'string') return undefined;
  const notes: string[] = [];
  const parameters = statedObj(data.parameters) ?? {};
  const required = (location: string) =>
    Object.entries(statedObj(parameters[location]) ?? {}).flatMap(([name, p]) => (isObj(p) && stated(p.required) === true ? [{ name, value: statedValueOf(p, ctx.resource) }] : []));
  const query = required('query');
  const headers = required('header');
  const cookies: string[] = [];
  const alternatives = stated(data.security);
  const first = Array.isArray(alternatives) ? (alternatives as SecurityAlternative[])[0] : undefined;
  if (first && !('anonymous' in first)) {
    for (const { requirement } of requirements([first])) {
      const scheme = ctx.scheme(requirement.scheme);
      const kind = scheme ? stated(scheme.scheme) : undefined;
      const list = (key: string) => {
        const v = scheme ? stated(scheme[key]) : undefined;
        return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
      };
      const header = list('headers');
      if (kind === 'http-bearer' || kind === 'oauth2' || kind === 'openid-connect') headers.push({ name: header ?? 'Authorization', value: 'Bearer <token>' });
      else if (kind === 'http-basic') headers.push({ name: header ?? 'Authorization', value: 'Basic <base64 of username:password>' });
      else if (kind === 'api-key' && scheme) {
        const location = stated(scheme.location);
        const name = location === 'header' ? header : list('credentials');
        if (name !== undefined && location === 'header') headers.push({ name, value: '<api-key>' });
        else if (name !== undefined && location === 'query') query.push({ name, value: '<api-key>' });
        else if (name !== undefined && location === 'cookie') cookies.push(`${name}=<api-key>`);
        else notes.push(`The ${requirement.scheme} credentials are left out: where the key goes and under which name is not stated yet.`);
      } else notes.push(`The ${requirement.scheme} credentials are left out: ${kind === undefined ? 'the kind of scheme is not stated yet' : `${withArticle(String(kind))} scheme is set up outside the request`}.`);
    }
  }
  if (cookies.length > 0) headers.push({ name: 'Cookie', value: cookies.join('; ') });
  const pathValues: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(statedObj(parameters.path) ?? {})) if (isObj(p)) pathValues[name] = statedValueOf(p, ctx.resource);
  const request: SampleRequest = { method, base: ctx.baseUrl ?? '{base_url}', path, pathValues, query, headers };
  const declared = statedObj(data.request);
  if (declared) {
    const body = ctx.body(declared);
    if (body && 'reason' in body) notes.push(`The request body is left out: ${body.reason}.`);
    else if (body) request.body = body;
  }
  return { request, notes };
}
