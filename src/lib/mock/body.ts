import type { Analysis } from '../analyze.ts';
import { valueProblems, type Shape, type ValueContext } from '../areas/shape.ts';
import { linearPattern } from '../checks/shapes.ts';
import { facetId, idSegment } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { facetState, isGap, isObj, stated, statedObj, type Obj } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import { areaOf, findItem } from '../model/spec.ts';
import { exampleOrCuts, type ExampleContext, type ExampleCut, type ExampleMode } from '../render/example.ts';
import { openResourceIds, openShapeIds, type Gaps } from './gaps.ts';
import { statedExample } from './made.ts';

/** A body as the spec states it: its keys (`resource`, `schema`, `content`, examples), where they are written, and the gap id they sit under. */
export interface Body {
  data: Obj;
  /** The gap id of the body (`endpoints/get-order/responses/200`, `errors/body`). */
  prefix: string;
  file: string;
  path: Path;
  /** The error it is the body of, for a response that names one. */
  error?: string;
  /** The body is the errors area's, shared by every error that has none of its own. */
  shared?: boolean;
}

/** What a response or request carries: nothing (stated so, or by the status), a body, or something open. */
/** `missing`: the item (`resources/Loan`) the answer needs and the spec does not have, where that is why it is open. */
export type Carried = { kind: 'none' } | { kind: 'body'; body: Body } | { kind: 'open'; gaps: FacetResult[]; reason: string; missing?: string };

/** Keys that make a payload a body of its own (besides an error's): what it carries, or an example of it (a body stated by its example alone is answered with it). */
const BODY_KEYS = ['resource', 'schema', 'content', 'example', 'named_examples'];

/** Whether a stated payload says what it carries (a resource, a shape, media types). */
const carriesSomething = (p: Obj) => BODY_KEYS.some((k) => p[k] !== undefined);

/** The gaps, among a list of ids, that a spec has. */
const present = (gaps: Gaps, ids: readonly string[]) => ids.flatMap((id) => gaps.gap(id) ?? []);

/**
 * What a stated response carries. A response that names an error and says nothing of its own body
 * carries the error's body, else the errors area's body (when an error states none of its own,
 * the shared one applies); a body stated as none is no body; one that is open is open.
 */
export function responseCarries(analysis: Analysis, gaps: Gaps, endpoint: { id: string; file: string }, status: string, entry: Obj): Carried {
  const prefix = facetId('endpoints', endpoint.id, 'responses', status);
  if (carriesSomething(entry) || typeof entry.error !== 'string') {
    return carriesSomething(entry) ? { kind: 'body', body: { data: entry, prefix, file: endpoint.file, path: ['responses', status] } } : { kind: 'none' };
  }
  return errorCarries(analysis, gaps, entry.error);
}

/** What an error's responses carry: its own body, else the errors area's. */
export function errorCarries(analysis: Analysis, gaps: Gaps, id: string): Carried {
  const error = findItem(analysis.spec, 'errors', id);
  if (!error) return { kind: 'open', gaps: [], reason: `the error \`${id}\` is not in the spec`, missing: `errors/${id}` };
  const own = error.data.body;
  const ownState = facetState(own);
  if (ownState === 'none') return { kind: 'none' };
  // Marked open, the error's own body is a question someone must answer: the errors area's body is
  // no answer to it (it stands for errors that say nothing of their own).
  if (ownState === 'open') return { kind: 'open', gaps: present(gaps, [facetId('errors', id, 'body')]), reason: `the body of the error \`${id}\` is not stated yet` };
  const ownBody = statedObj(own);
  if (ownBody) return { kind: 'body', body: { data: ownBody, prefix: facetId('errors', id, 'body'), file: error.file, path: ['body'], error: id } };
  const area = areaOf(analysis.spec, 'errors');
  const shared = area.data.body;
  if (facetState(shared) === 'none') return { kind: 'none' };
  const sharedBody = statedObj(shared);
  if (sharedBody) return { kind: 'body', body: { data: sharedBody, prefix: 'errors/body', file: area.file, path: ['body'], error: id, shared: true } };
  const open = [...(isGap(ownState) ? present(gaps, [facetId('errors', id, 'body')]) : []), ...gaps.under('errors/body')];
  return { kind: 'open', gaps: open, reason: `the body of the error \`${id}\` is not stated yet` };
}

/** The media types a body states, in order: its `content`'s, else its `content_type`. */
export function mediaTypes(data: Obj): string[] {
  const content = statedObj(data.content);
  if (content) return Object.keys(content);
  return typeof data.content_type === 'string' ? [data.content_type] : Array.isArray(data.content_type) ? data.content_type.map(String) : [];
}

/** The part of a body one media type carries: its own entry under `content`, or the body itself; with where it is written. */
export function mediaPart(body: Body, type: string | undefined): { shape: Obj; path: Path; prefix: string } {
  const content = statedObj(body.data.content);
  const entry = type !== undefined && content && Object.hasOwn(content, type) ? content[type] : undefined;
  if (isObj(entry)) return { shape: entry, path: [...body.path, 'content', type ?? ''], prefix: `${body.prefix}/content/${idSegment(type ?? '')}` };
  return { shape: body.data, path: body.path, prefix: body.prefix };
}

/** A stated example: named (the name it is asked for by) or not, with its value. */
export interface StatedExample {
  name?: string;
  value: unknown;
}

/** The examples a body states for a media type, named ones first: the media type's own, then the body's. External values are not fetched. */
export function statedExamples(body: Body, type: string | undefined): StatedExample[] {
  const part = mediaPart(body, type);
  const of = (v: Obj): StatedExample[] => [
    ...Object.entries(isObj(v.named_examples) ? v.named_examples : {}).flatMap(([name, e]) => (isObj(e) && 'value' in e ? [{ name, value: e.value }] : [])),
    // A whole value in braces (`"{body}"`) is a stated example, as `gaps`, the pages and the export read it (t35t D9).
    ...('example' in v && (!isGap(facetState(v.example)) || facetState(v.example) === 'placeholder') ? [{ value: v.example }] : []),
  ];
  const named = (list: StatedExample[]) => list.filter((e) => e.name !== undefined);
  const plain = (list: StatedExample[]) => list.filter((e) => e.name === undefined);
  const own = part.shape === body.data ? [] : of(part.shape);
  const outer = of(body.data);
  return [...named(own), ...named(outer), ...plain(own), ...plain(outer)];
}

/** The named examples a body gives by `external_value` alone (a URL the mock does not fetch), for one media type, with their URLs. */
export function externalExamples(body: Body, type: string | undefined): Map<string, string> {
  const part = mediaPart(body, type);
  const out = new Map<string, string>();
  for (const v of part.shape === body.data ? [body.data] : [part.shape, body.data]) {
    for (const [name, e] of Object.entries(isObj(v.named_examples) ? v.named_examples : {})) {
      if (isObj(e) && !('value' in e) && typeof e.external_value === 'string' && !out.has(name)) out.set(name, e.external_value);
    }
  }
  return out;
}

/** The names of the examples a body states, for every media type (those given by `external_value` too). */
export function exampleNames(body: Body): string[] {
  const types = mediaTypes(body.data);
  return [...new Set((types.length > 0 ? types : [undefined]).flatMap((t) => [...statedExamples(body, t).flatMap((e) => (e.name !== undefined ? [e.name] : [])), ...externalExamples(body, t).keys()]))];
}

/** The stated media types under which a body states a named example (its own or the body's); `[undefined]` for a body without media types that states it. */
export function typesWithExample(body: Body, name: string): Array<string | undefined> {
  const types = mediaTypes(body.data);
  return (types.length > 0 ? types : [undefined]).filter((t) => statedExamples(body, t).some((e) => e.name === name) || externalExamples(body, t).has(name));
}

/** Looks resources up for the example generator: a resource's data (its `fields` or `value`). */
export function exampleContext(analysis: Analysis): ExampleContext {
  const resource = (id: string) => findItem(analysis.spec, 'resources', id)?.data as Obj | undefined;
  // Whether a made value fits a shape, by the rules `check` holds examples to (patterns only where RE2 runs them: a made value is never worth a wait).
  const values: ValueContext = {
    resource: (id) => {
      const data = resource(id);
      const value = stated(data?.value);
      return isObj(value) ? (value as Shape) : data ? ({ type: 'object', fields: statedObj(data.fields) ?? {} } as Shape) : undefined;
    },
    matches: (pattern, text) => linearPattern(pattern)?.matcher(text).find(),
  };
  return { resource, fits: (shape, value) => valueProblems(isObj(shape) || typeof shape === 'string' ? (shape as Shape | string) : {}, value, values).length === 0 };
}

/**
 * What keeps a media type's part of a body from being made: the gaps that leave its shape open
 * (its `schema` or `content` open, a shape without a type or fields, a resource whose fields are
 * open). Empty when the shape is stated enough to make a body from.
 */
export function shapeOpen(analysis: Analysis, gaps: Gaps, part: { shape: Obj; prefix: string }): { gaps: FacetResult[]; reason: string; missing?: string } | undefined {
  const { shape } = part;
  const resource = typeof shape.resource === 'string' ? shape.resource : undefined;
  if (resource !== undefined) {
    const item = findItem(analysis.spec, 'resources', resource);
    if (!item) return { gaps: [], reason: `the resource \`${resource}\` is not in the spec`, missing: `resources/${resource}` };
    const value = stated(item.data.value);
    const fields = facetState(item.data.fields);
    if (isObj(value) || fields === 'stated' || fields === 'none') {
      if (isObj(value) && stated(value.type) === undefined && statedObj(value.fields) === undefined) return { gaps: present(gaps, openResourceIds(resource)), reason: `the value of the resource \`${resource}\` has no type yet` };
      return undefined;
    }
    return { gaps: present(gaps, openResourceIds(resource)), reason: `the fields of the resource \`${resource}\` are not stated yet` };
  }
  if (facetState(shape.schema) === 'open' || facetState(shape.content) === 'open') return { gaps: present(gaps, openShapeIds(part.prefix)), reason: 'its shape is not stated yet' };
  const schema = statedObj(shape.schema);
  // A shape with no type yet and an example of its own is answered with that example (`statedExample`).
  if (schema && stated(schema.type) === undefined && statedObj(schema.fields) === undefined && stated(schema.items) === undefined && !statedExample(schema)) {
    return { gaps: present(gaps, openShapeIds(part.prefix)), reason: 'its shape has no type yet' };
  }
  return undefined;
}

/**
 * A body made from its shape by the pages' example generator (a list of one for a list of a resource); undefined when nothing stated could show.
 * `lean`: of the required fields alone (the second try, where the generator's bound left a required field out).
 */
export function madeValue(analysis: Analysis, shape: Obj, mode: ExampleMode, lean = false): { value: unknown; cuts?: ExampleCut[] } | { cuts: ExampleCut[] } | undefined {
  const ctx = lean ? { ...exampleContext(analysis), lean } : exampleContext(analysis);
  const made = typeof shape.resource === 'string' ? exampleOrCuts(shape.resource, ctx, mode) : isObj(stated(shape.schema)) ? exampleOrCuts(stated(shape.schema), ctx, mode) : undefined;
  // No value, and the cuts that say why (a required field whose pattern no text was made for, at any depth): the caller words them.
  if (!made || !('value' in made)) return made;
  // The generator's cuts go with the value: a required field left out for its pattern is said so, not as a size bound (r14 M2).
  return { value: shape.list === true ? [made.value] : made.value, ...(made.cuts ? { cuts: made.cuts } : {}) };
}
