import { AREAS } from '../areas/index.ts';
import type { ShapeAt } from '../areas/area.ts';
import { innerShapes } from '../areas/shape.ts';
import type { CheckContext } from './types.ts';

/** Every shape of the spec (fields, parameters, bodies, headers, and every shape inside them), with its file. */
export function* allShapes(ctx: CheckContext): Generator<ShapeAt & { file: string }> {
  for (const module of AREAS) {
    const area = ctx.area(module.key);
    const owners = [
      { file: area.file, shapes: module.areaShapes?.(area.data) ?? [] },
      ...ctx.items(module.key).map((item) => ({ file: item.file, shapes: module.shapes?.(item.data) ?? [] })),
    ];
    for (const { file, shapes } of owners) {
      for (const top of shapes) for (const inner of innerShapes(top.shape, top.path, top.name)) yield { ...inner, file };
    }
  }
}

/** Whether a JSON value is of a shape's type (`null` fits when the shape is nullable); undefined when the type is not a scalar. */
export function fitsType(type: string | undefined, value: unknown, nullable: boolean): boolean | undefined {
  if (value === null) return nullable || type === 'null' || type === undefined ? true : false;
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return false;
    case 'array':
      return Array.isArray(value);
    case 'object':
    case 'map':
      return typeof value === 'object' && !Array.isArray(value);
    default:
      return undefined;
  }
}

/** A value as a message shows it. */
export const shown = (v: unknown): string => (typeof v === 'string' ? `the text \`${v}\`` : v === null ? '`null`' : `${Array.isArray(v) ? 'a list' : typeof v} \`${JSON.stringify(v)}\``);
