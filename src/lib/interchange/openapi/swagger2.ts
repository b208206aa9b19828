import { isObj, type Obj } from '../../facet/state.ts';
import { seg } from '../result.ts';

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
      const body = params.findIndex((x) => isObj(x) && x.in === 'body');
      const field = parts[i + 4] === 'properties' ? parts[i + 5] : undefined;
      const form = field !== undefined ? params.findIndex((x) => isObj(x) && x.in === 'formData' && x.name === field) : -1;
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
