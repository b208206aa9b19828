import type { AreaModule } from '../areas/area.ts';
import { innerShapes, type Shape } from '../areas/shape.ts';
import type { Path } from '../facet/path.ts';
import { isObj, stated } from '../facet/state.ts';
import { markdownCode } from '../safety/markdown.ts';
import { capital, nameOf } from './bounds.ts';

type Shapes = NonNullable<AreaModule['shapes']>;
type Item = Parameters<Shapes>[0];

const key = (path: Path) => JSON.stringify(path);
const isField = (path: Path) => path.at(-2) === 'fields';
const typeOf = (shape: Shape | undefined): string | undefined => {
  const t = stated(shape?.type);
  return typeof t === 'string' ? t : undefined;
};

/** The shapes written by their type alone (`items: string`), which `expanded` stands for as `{ type: string }`: their type is the value itself. */
const byName = new WeakSet<Shape>();

/**
 * A shape with the items, values and variants written by their type alone (`items: string`) as the
 * shape they stand for (`{ type: string }`), at any depth: a type changed reads the same whichever
 * form either side is written in (`items: string` to `items: { type: integer }`).
 */
function expanded(shape: Shape): Shape {
  const one = (value: unknown): Shape | undefined => {
    const v = stated(value);
    if (typeof v === 'string') {
      const named: Shape = { type: v };
      byName.add(named);
      return named;
    }
    return isObj(v) ? expanded(v as Shape) : undefined;
  };
  const out: Shape = { ...shape };
  for (const k of ['items', 'values'] as const) {
    const inner = one(shape[k]);
    if (inner) out[k] = inner;
  }
  const fields = stated(shape.fields);
  if (fields) out.fields = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, isObj(f) ? expanded(f as Shape) : f])) as Shape['fields'];
  const of = stated(shape.of);
  if (of) out.of = of.map((v) => one(v) ?? v);
  return out;
}

/** The shapes inside a shape (`innerShapes`), those written by their type alone as the shape they stand for. */
const insideOf = (shape: Shape) => innerShapes(expanded(shape), [], '');

/**
 * What a change does to an item's shapes at any depth (a parameter, a request's or a response's
 * body and headers, a resource's fields, and the fields, items, values and variants inside them):
 * a shape removed (a parameter, a header, a field inside an array's items or a variant), a type
 * changed, and on what clients send a field newly required (one added as required, or one made
 * so). Each breaks a client written against the earlier spec; `say` gets the facet's path as the
 * item has it after the change (`moved`: a path parameter renamed with its address is the one it
 * became). An area's module says what it knows first (a resource's own fields); the diff keeps one message per facet.
 */
export function changedShapes(shapes: Shapes, before: Item, after: Item, id: string, say: (message: string, at: Path) => void, moved: (path: Path) => Path = (path) => path): void {
  const next = new Map(shapes(after).map((s) => [key(s.path), s]));
  const was = new Set(shapes(before).map((s) => key(moved(s.path))));
  for (const outer of shapes(before)) {
    const now = next.get(key(moved(outer.path)));
    if (!now) {
      // A path parameter is its path's own: one gone is a path changed (the module says it) or renamed with it (no client breaks).
      if (outer.path[0] === 'parameters' && outer.path[1] === 'path') continue;
      say(`${capital(nameOf(outer))} of ${markdownCode(id)} removed.`, outer.path);
      continue;
    }
    const inner = new Map([...insideOf(now.shape)].map((s) => [key(s.path), s.shape]));
    const held = new Set([...insideOf(outer.shape)].map((s) => key(s.path)));
    for (const { shape, path } of insideOf(outer.shape)) {
      const is = inner.get(key(path));
      const where = `${nameOf(now, path)} of ${markdownCode(id)}`;
      if (!is) {
        // Said once, where the removal starts: the shapes inside it go with it.
        const parent = path.slice(0, isField(path) ? -2 : -1);
        if (inner.has(key(parent)) && isField(path)) say(`${capital(where)} removed.`, [...now.path, ...path]);
        continue;
      }
      const [a, b] = [typeOf(shape), typeOf(is)];
      // Written by its type alone after the change, the type is the value itself (`items`), not a `type` in it.
      if (a !== undefined && b !== undefined && a !== b) say(`Type of ${where} changed from ${markdownCode(a)} to ${markdownCode(b)}.`, [...now.path, ...path, ...(byName.has(is) ? [] : ['type'])]);
      if (outer.sent && path.length > 0 && isField(path) && stated((is as { required?: unknown }).required) === true && stated((shape as { required?: unknown }).required) !== true) {
        say(`${capital(where)} made required.`, [...now.path, ...path, 'required']);
      }
    }
    if (!outer.sent) continue;
    for (const [at, shape] of inner) {
      const path = JSON.parse(at) as Path;
      if (held.has(at) || !isField(path) || !held.has(key(path.slice(0, -2))) || stated((shape as { required?: unknown }).required) !== true) continue;
      say(`New required ${nameOf(now, path)} of ${markdownCode(id)}: what clients sent without it is refused.`, [...now.path, ...path, 'required']);
    }
  }
  // A new outer field (a resource's own), required: what clients send now lacks it.
  for (const outer of shapes(after)) {
    if (!outer.sent || was.has(key(outer.path)) || !isField(outer.path) || stated((outer.shape as { required?: unknown }).required) !== true) continue;
    say(`New required ${nameOf(outer)} of ${markdownCode(id)}: what clients sent without it is refused.`, [...outer.path, 'required']);
  }
}
