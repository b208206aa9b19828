import vm from 'node:vm';
import { RE2JS } from 're2js';
import { AREAS } from '../areas/index.ts';
import type { AreaModule, ShapeAt } from '../areas/area.ts';
import { COMPOSITIONS, CONSTRAINT_KEYS, CONSTRAINTS, innerShapes, isResourceType, type ConstraintKey, type Shape, type ValueContext } from '../areas/shape.ts';
import type { Path } from '../facet/path.ts';
import { isObj, stated } from '../facet/state.ts';
import type { CheckContext } from './types.ts';
import { linearPattern } from './linear-pattern.ts';

export { linearPattern } from './linear-pattern.ts';

/**
 * Every shape of the spec (fields, parameters, bodies, headers, and every shape inside them), with
 * its file: for a file check, the file's own list as it is kept (several checks walk it).
 */
export function allShapes(ctx: CheckContext): ReadonlyArray<ShapeAt & { file: string }> {
  let found = SHAPES_OF_RUN.get(ctx);
  if (!found) SHAPES_OF_RUN.set(ctx, (found = shapesOf(ctx)));
  return found;
}

/**
 * The files a context walks (in a file check, its own one), each with its area's module: an area's
 * own file, then its items, area by area. Made once per run of the checks (one context serves
 * every check of a run): several checks walk them, and asking each area for its items every time
 * cost a fresh `check` of GitHub's spec more than the walks themselves.
 */
export function ownedFiles(ctx: CheckContext): readonly OwnedFile[] {
  let found = FILES_OF_RUN.get(ctx);
  if (!found) {
    const files: OwnedFile[] = [];
    for (const module of AREAS) {
      const area = ctx.areaFile(module.key);
      if (area) files.push({ module, file: area.file, data: area.data, area: true });
      for (const item of ctx.items(module.key)) files.push({ module, file: item.file, data: item.data, area: false });
    }
    FILES_OF_RUN.set(ctx, (found = files));
  }
  return found;
}

/** A file a context walks: its area's module, where it is, its data, and whether it is the area's own file. */
interface OwnedFile {
  module: AreaModule;
  file: string;
  data: unknown;
  area: boolean;
}

const FILES_OF_RUN = new WeakMap<CheckContext, readonly OwnedFile[]>();

/** `allShapes`, by the context of one run of the checks (several checks ask, and the answer is the same within a run). */
const SHAPES_OF_RUN = new WeakMap<CheckContext, ReadonlyArray<ShapeAt & { file: string }>>();

function shapesOf(ctx: CheckContext): ReadonlyArray<ShapeAt & { file: string }> {
  const lists: Array<ReadonlyArray<ShapeAt & { file: string }>> = [];
  for (const { module, file, data, area } of ownedFiles(ctx)) {
    lists.push(ownerShapes(data, file, () => (area ? module.areaShapes?.(data as never) : module.shapes?.(data as never)) ?? []));
  }
  return lists.length === 1 ? (lists[0] ?? []) : lists.flat();
}

/** One file's shapes, inside ones included, by its data: several checks walk them, and a file's data is not changed once read. */
const SHAPES = new WeakMap<object, { file: string; shapes: ReadonlyArray<ShapeAt & { file: string }> }>();

function ownerShapes(data: unknown, file: string, top: () => readonly ShapeAt[]): ReadonlyArray<ShapeAt & { file: string }> {
  const kept = isObj(data) ? SHAPES.get(data) : undefined;
  if (kept?.file === file) return kept.shapes;
  const shapes: Array<ShapeAt & { file: string }> = [];
  for (const t of top()) for (const inner of innerShapes(t.shape, t.path, t.name)) shapes.push({ ...inner, file });
  if (isObj(data)) SHAPES.set(data, { file, shapes });
  return shapes;
}

/** A stated body: a request, a response, an event's payload or an error's body (in an area's file or an item's). */
export interface BodyAt {
  file: string;
  path: Path;
  body: Record<string, unknown>;
}

/** Every stated body of the spec, with its file and where it is written (made once per run of the checks: three checks ask). */
export function allBodies(ctx: CheckContext): readonly BodyAt[] {
  let found = BODIES_OF_RUN.get(ctx);
  if (!found) BODIES_OF_RUN.set(ctx, (found = bodiesOf(ctx)));
  return found;
}

const BODIES_OF_RUN = new WeakMap<CheckContext, readonly BodyAt[]>();

const BODY_KEYS = ['request', 'payload', 'body'] as const;

function bodiesOf(ctx: CheckContext): BodyAt[] {
  const out: BodyAt[] = [];
  for (const { file, data } of ownedFiles(ctx)) {
    if (!isObj(data)) continue;
    for (const key of BODY_KEYS) {
      const body = data[key] === undefined ? undefined : stated(data[key]);
      if (isObj(body)) out.push({ file, path: [key], body });
    }
    const responses = stated(data.responses);
    if (!isObj(responses)) continue;
    for (const status of Object.keys(responses)) {
      const body = stated(responses[status]);
      if (isObj(body)) out.push({ file, path: ['responses', status], body });
    }
  }
  return out;
}

/** A resource as a shape: its single `value`, or an object of its `fields`; undefined when it is not there or not stated. */
export function resourceShape(ctx: CheckContext, id: string): Shape | undefined {
  const data = ctx.item('resources', id)?.data;
  const value = stated(data?.value);
  if (isObj(value)) return value;
  const fields = stated(data?.fields);
  return isObj(fields) ? { type: 'object', fields } : undefined;
}

/**
 * The primitive type a shape's type comes to: itself, or what the resource it names is (an object
 * of fields, or its value's type, followed through resources); undefined for a union or what cannot
 * be told.
 */
export function primitiveType(ctx: CheckContext, type: string | undefined, seen: ReadonlySet<string> = new Set()): string | undefined {
  if (type === undefined || (COMPOSITIONS as readonly string[]).includes(type)) return undefined;
  if (!isResourceType(type)) return type;
  if (seen.has(type)) return undefined;
  const shape = resourceShape(ctx, type);
  const inner = stated(shape?.type);
  return typeof inner === 'string' ? primitiveType(ctx, inner, new Set(seen).add(type)) : undefined;
}

/** A constraint written on a shape whose type cannot take it (`minimum` on a boolean, on a resource of fields). */
export interface MisplacedConstraint {
  file: string;
  path: Path;
  key: ConstraintKey;
  name: string;
  type: string;
  /** The primitive type a resource's id comes to, when the type is one. */
  resolved?: string;
}

/**
 * What `misplacedConstraints` found, by the context of one run of a file's checks: two checks ask
 * (`constraint-type` and `ignored-facet`), and within one run the answer and what it looked up
 * (noted on that run's first asking) are the same.
 */
const MISPLACED = new WeakMap<CheckContext, readonly MisplacedConstraint[]>();

/** Every constraint written where its shape's type cannot take it. A union's or an unresolvable resource's is not judged here. */
export function misplacedConstraints(ctx: CheckContext): readonly MisplacedConstraint[] {
  let found = MISPLACED.get(ctx);
  if (!found) MISPLACED.set(ctx, (found = misplaced(ctx)));
  return found;
}

function misplaced(ctx: CheckContext): MisplacedConstraint[] {
  const out: MisplacedConstraint[] = [];
  for (const { shape, path, name, file } of allShapes(ctx)) {
    // Most shapes have no constraint; their type is then not looked up.
    if (!CONSTRAINT_KEYS.some((key) => shape[key] !== undefined)) continue;
    const type = stated(shape.type);
    if (typeof type !== 'string') continue;
    const resolved = primitiveType(ctx, type);
    if (resolved === undefined) continue;
    for (const key of CONSTRAINT_KEYS) {
      if (shape[key] === undefined || (CONSTRAINTS[key].types as readonly string[]).includes(resolved)) continue;
      out.push({ file, path: [...path, key], key, name, type, ...(resolved !== type ? { resolved } : {}) });
    }
  }
  return out;
}

/** How long one pattern RE2 cannot run may take on one text, and all of them together in one run of the checks, before they are no longer tested. */
const MATCH_TIMEOUT_MS = 50;
const MATCH_BUDGET_MS = 2_000;


/**
 * What checking values against shapes needs: resources by id, and the patterns matched by the
 * run's matcher (see `patternMatcher`).
 */
export function valueContext(ctx: CheckContext): ValueContext {
  return { resource: (id) => resourceShape(ctx, id), matches: ctx.matches };
}

/**
 * Tests patterns so that none can hold the checks hostage, and the same content is judged the
 * same on any machine: a pattern RE2 reads as JavaScript does (most: `^[A-Z]{3}$`, `^(a+)+$`) is
 * run by RE2, in time linear in the text; any other (with `.`, `\s`, lookaround) by JavaScript
 * with a time limit, each test its own and all tests of one run of the checks a shared budget. A
 * pattern that takes too long there, or does not compile (`bad-constraint` says so), is not judged.
 */
export function patternMatcher(): ValueContext['matches'] {
  let sandbox: { pattern?: RegExp; text?: string } | undefined;
  let test: vm.Script | undefined;
  const compiled = new Map<string, RegExp | null>();
  const linear = new Map<string, RE2JS | undefined>();
  const results = new Map<string, boolean | undefined>();
  let spent = 0;
  return (pattern, text) => {
    const key = JSON.stringify([pattern, text]);
    if (results.has(key)) return results.get(key);
    let re = compiled.get(pattern);
    if (re === undefined) {
      try {
        re = new RegExp(pattern, 'u');
      } catch {
        re = null;
      }
      compiled.set(pattern, re);
      if (re !== null) linear.set(pattern, linearPattern(pattern));
    }
    let result: boolean | undefined;
    const re2 = linear.get(pattern);
    if (re !== null && re2 !== undefined) result = re2.matcher(text).find();
    else if (re !== null && spent < MATCH_BUDGET_MS) {
      if (!sandbox || !test) {
        // Made and run once before any match is timed: on a busy machine the context's first run
        // alone can pass the time-out, and a plain pattern would then go unjudged.
        sandbox = vm.createContext(Object.create(null) as object) as { pattern?: RegExp; text?: string };
        test = new vm.Script('pattern.test(text)');
        sandbox.pattern = /a/;
        sandbox.text = 'a';
        test.runInContext(sandbox);
      }
      const start = performance.now();
      try {
        sandbox.pattern = re;
        sandbox.text = text;
        result = test.runInContext(sandbox, { timeout: MATCH_TIMEOUT_MS }) === true;
      } catch {
        result = undefined; // too slow: not judged, and the pattern is not tried again
        compiled.set(pattern, null);
      }
      spent += performance.now() - start;
    }
    results.set(key, result);
    return result;
  };
}
