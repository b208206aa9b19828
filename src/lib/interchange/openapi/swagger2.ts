import { isObj, type Obj } from '../../facet/state.ts';
import { seg } from '../result.ts';
import { swaggerParameter } from './swagger2-repair.ts';

const unseg = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** Where a Swagger 2.0 document keeps what OpenAPI 3 keeps under `components`. */
const COMPONENTS: Record<string, string> = { schemas: 'definitions', securitySchemes: 'securityDefinitions', parameters: 'parameters', responses: 'responses', requestBodies: 'parameters' };

/**
 * A pointer into the OpenAPI 3 document a Swagger 2.0 file was upgraded to, as a pointer into the
 * file as written: components under their 2.0 names, a request body at its `in: body` parameter
 * (a form field at its `in: formData` one), a parameter by its name and location, a media type's
 * schema and examples where 2.0 writes them, servers at `host`. Where the two documents differ
 * past that, the deepest place of the file that holds the element.
 */
export function swaggerPointer(pointer: string, raw: Obj, upgraded?: Obj): string {
  const parts = pointer.split('/').slice(1).map(unseg);
  if (parts[0] === 'servers') return isObj(raw) && raw.host !== undefined ? '/host' : '';
  if (parts[0] === 'components' && parts[1] !== undefined && COMPONENTS[parts[1]]) parts.splice(0, 2, COMPONENTS[parts[1]] as string);
  const out: string[] = [];
  let node: unknown = raw;
  let up: unknown = upgraded;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const here = isObj(node) ? node : undefined;
    if (Array.isArray(node) && /^\d+$/.test(part) && out.at(-1) === 'parameters' && Array.isArray(up)) {
      // The same parameter by name and location: 2.0 lists body and form parameters the upgrade moved out.
      const p = up[Number(part)];
      const index = isObj(p) ? node.findIndex((x) => isObj(x) && x.name === p.name && x.in === p.in) : -1;
      if (index === -1) break;
      out.push(String(index));
      node = node[index];
      up = p;
      continue;
    }
    if (Array.isArray(node) && /^\d+$/.test(part) && Number(part) < node.length) {
      out.push(part);
      node = node[Number(part)];
      up = Array.isArray(up) ? up[Number(part)] : undefined;
      continue;
    }
    if (here && part in here) {
      out.push(part);
      node = here[part];
      up = isObj(up) || Array.isArray(up) ? (up as Obj)[part] : undefined;
      continue;
    }
    if (part === 'requestBody' && here && Array.isArray(here.parameters)) {
      // The body parameter, or the form field the rest of the pointer names.
      const params = here.parameters as unknown[];
      // A parameter reached through `$ref: '#/parameters/…'` is found by what it names.
      const param = (x: unknown) => swaggerParameter(raw, x);
      const body = params.findIndex((x) => param(x)?.in === 'body');
      const field = parts[i + 4] === 'properties' ? parts[i + 5] : undefined;
      const form = field !== undefined ? params.findIndex((x) => param(x)?.in === 'formData' && param(x)?.name === field) : -1;
      const index = body !== -1 ? body : form;
      if (index === -1) break;
      out.push('parameters', String(index));
      node = params[index];
      up = undefined;
      // Past `content/<type>`; a form field's own pointer ends at its parameter.
      i += body !== -1 ? 2 : 5;
      continue;
    }
    if (part === 'content' && here) {
      // A response's schema and examples sit on the response itself in 2.0.
      const next = parts[i + 2];
      if (next === 'examples' || next === 'example') {
        if (isObj(here.examples) && parts[i + 1] !== undefined && parts[i + 1] as string in here.examples) out.push('examples', parts[i + 1] as string);
        break;
      }
      i += 1;
      continue;
    }
    if (part === 'schema' && here) continue; // a 2.0 parameter or header is its own schema
    break;
  }
  return out.length === 0 ? '' : `/${out.map(seg).join('/')}`;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/**
 * The media types a Swagger 2.0 response's `produces` states, given back to its upgraded content
 * where the upgrade left them out: with `examples` for one type, the upgrader keeps only the
 * entries that have an example or a schema it finds not empty, so `produces: [application/json,
 * text/csv]` with a string schema and a JSON example lost `text/csv`. Each type comes back with the
 * response's schema, in the order `produces` lists them. `upgraded` is changed in place.
 */
export function restoreProduces(raw: Obj, upgraded: Obj): void {
  const restore = (response: unknown, into: unknown, produces: unknown) => {
    if (!isObj(response) || response.schema === undefined || response.examples === undefined || !isObj(into) || !isObj(into.content)) return;
    const content = into.content;
    // Without `produces`, the media types are those its `examples` name (the upgrader's content), each with the response's one schema.
    const types = Array.isArray(produces) ? produces.filter((t): t is string => typeof t === 'string') : Object.keys(content);
    const schema = Object.values(content).find((c): c is Obj => isObj(c) && c.schema !== undefined)?.schema;
    if (schema === undefined) return;
    if (!Array.isArray(produces)) {
      for (const t of types) if (isObj(content[t]) && content[t].schema === undefined) content[t] = { schema, ...content[t] };
      return;
    }
    if (types.every((t) => t in content)) return;
    into.content = Object.fromEntries([...types.map((t) => [t, content[t] ?? { schema }] as const), ...Object.entries(content).filter(([t]) => !types.includes(t))]);
  };
  const paths = isObj(raw.paths) ? raw.paths : {};
  const upPaths = isObj(upgraded.paths) ? upgraded.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      const upOp = isObj(upPaths[path]) ? (upPaths[path] as Obj)[method] : undefined;
      if (!isObj(op) || !isObj(op.responses) || !isObj(upOp) || !isObj(upOp.responses)) continue;
      for (const [code, response] of Object.entries(op.responses)) restore(response, upOp.responses[code], op.produces ?? raw.produces);
    }
  }
  const responses = isObj(raw.responses) ? raw.responses : {};
  const upResponses = isObj(upgraded.components) && isObj(upgraded.components.responses) ? upgraded.components.responses : {};
  for (const [name, response] of Object.entries(responses)) restore(response, upResponses[name], raw.produces);
}
