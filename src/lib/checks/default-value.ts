import { valuePath, valueProblems, type Shape } from '../areas/shape.ts';
import type { Path } from '../facet/path.ts';
import { isObj, stated, statedData } from '../facet/state.ts';
import { allBodies, allShapes, valueContext } from './shapes.ts';
import type { Check } from './types.ts';

/** The shape a body's example must meet: its own shape, or its resource (a list of it); undefined when not stated (an error's body is the error's). */
function bodyShape(body: Record<string, unknown>): Shape | string | undefined {
  const own = stated(body.schema);
  if (isObj(own)) return own as Shape;
  if (typeof body.resource !== 'string') return undefined;
  return body.list === true ? { type: 'array', items: body.resource } : body.resource;
}

/** A body as a message names it: the request, the `404` response, the payload, the body. */
function bodyName(path: Path): string {
  if (path[0] === 'responses') return `the \`${String(path[1])}\` response`;
  return path[0] === 'request' ? 'the request' : path[0] === 'payload' ? 'the payload' : 'the body';
}

export const defaultValue: Check = {
  code: 'default-value',
  description: "A default or an example that the shape does not allow: of another type, not among the allowed values, or outside a constraint (a bound, a length, the pattern, a number of items), anywhere inside it; also a body's example that its resource or shape does not allow.",
  severity: 'error',
  example: 'size: { type: integer, minimum: 10, default: 3 }',
  scope: 'file',
  run(ctx) {
    const values = valueContext(ctx);
    for (const { shape, path, name, file } of allShapes(ctx)) {
      // Most shapes give neither.
      if (shape.default === undefined && shape.examples === undefined) continue;
      const given: Array<{ value: unknown; at: Path; what: string }> = [
        ...(statedData(shape.default) !== undefined ? [{ value: shape.default, at: [...path, 'default'], what: 'default' }] : []),
        ...(stated(shape.examples) ?? []).map((value, i) => ({ value, at: [...path, 'examples', i], what: 'example' })),
      ];
      for (const { value, at, what } of given) {
        for (const problem of valueProblems(shape, value, values)) {
          const where = problem.at.length > 0 ? `, at \`${valuePath(problem.at)}\`,` : '';
          ctx.report({ message: `The ${what} of ${name}${where} ${problem.message}${problem.rule === 'type' ? '; make it one' : ''}.`, at: { file, path: [...at, ...problem.at] } });
        }
      }
    }
    // A body's example meets the body's shape: its resource (a list of it), or its own shape; per media type too.
    for (const { file, path, body } of allBodies(ctx)) {
      const media = isObj(stated(body.content)) ? Object.entries(stated(body.content) as Record<string, unknown>) : [];
      const written = [{ at: path, body, name: bodyName(path) }, ...media.flatMap(([type, m]) => (isObj(m) ? [{ at: [...path, 'content', type], body: m, name: `${bodyName(path)} as \`${type}\`` }] : []))];
      for (const { at, body: b, name } of written) {
        const shape = bodyShape(b);
        if (b.example === undefined || shape === undefined) continue;
        for (const problem of valueProblems(shape, b.example, values)) {
          const where = problem.at.length > 0 ? `, at \`${valuePath(problem.at)}\`,` : '';
          ctx.report({ message: `The example of ${name}${where} ${problem.message}${problem.rule === 'type' ? '; make it one' : ''}.`, at: { file, path: [...at, 'example', ...problem.at] } });
        }
      }
    }
    // A server variable's default is one of the values it allows: the service's servers, and an endpoint's own (T32u N-i).
    const purpose = ctx.areaFile('purpose');
    const serverLists = [{ file: purpose?.file ?? '', servers: stated(purpose?.data.servers) as unknown }, ...ctx.items('endpoints').map((e) => ({ file: e.file, servers: e.data.servers as unknown }))];
    for (const { file, servers } of serverLists) {
      for (const [i, server] of (Array.isArray(servers) ? servers : []).entries()) {
        for (const [variable, v] of Object.entries(isObj(server) && isObj(server.variables) ? server.variables : {})) {
          if (!isObj(v) || typeof v.default !== 'string' || !Array.isArray(v.allowed) || v.allowed.includes(v.default)) continue;
          ctx.report({
            message: `The default of server variable \`${variable}\` is the text \`${v.default}\`, which is not among its allowed values (${v.allowed.map((a) => JSON.stringify(a)).join(', ')}).`,
            at: { file, path: ['servers', i, 'variables', variable, 'default'] },
          });
        }
      }
    }
  },
};
