import type { Path } from '../facet/path.ts';
import { isObj } from '../facet/state.ts';

/**
 * What to write instead of a key whose place changed, so a spec written for an earlier version
 * gets told where the key went rather than only that it is unknown.
 */
export function movedKey(file: string, path: Path, key: string, value: unknown): string | undefined {
  if (path[path.length - 1] === 'parameters' && isObj(value) && typeof value.in === 'string') {
    return `Parameters are grouped by location: write \`${value.in}: { ${key}: { ... } }\` under \`parameters\`, without \`in\`.`;
  }
  if (file === 'resources/_area.yaml' && path.length === 0 && key === 'require') {
    return '`require` moved to specbench.yaml, where it applies to the refinements of every area.';
  }
  return undefined;
}

/** How many parameters of a list the grouped form shows; the rest follow the same pattern. */
const SHOWN_PARAMETERS = 3;

/**
 * What to write instead of parameters listed as OpenAPI lists them (`parameters: [{ name: id, in:
 * path, required: true, schema: { type: string } }]`): the same parameters grouped by location,
 * then name, each with its type and whether it is required.
 */
export function listedParameters(path: Path, value: unknown): string | undefined {
  if (path[path.length - 1] !== 'parameters' || !Array.isArray(value)) return undefined;
  const listed = value.filter(isObj).filter((p) => typeof p.name === 'string' && typeof p.in === 'string');
  if (listed.length === 0) return undefined;
  const groups = new Map<string, string[]>();
  for (const p of listed.slice(0, SHOWN_PARAMETERS)) {
    const schema = isObj(p.schema) ? p.schema : p;
    const facts = [typeof schema.type === 'string' ? `type: ${schema.type}` : undefined, typeof p.required === 'boolean' ? `required: ${String(p.required)}` : undefined].filter(Boolean);
    const group = groups.get(String(p.in)) ?? [];
    group.push(`${String(p.name)}: { ${facts.length > 0 ? facts.join(', ') : '...'} }`);
    groups.set(String(p.in), group);
  }
  const more = listed.length > SHOWN_PARAMETERS ? ', ...' : '';
  const grouped = [...groups].map(([location, entries]) => `${location}: { ${entries.join(', ')} }`).join(', ');
  return `Parameters are grouped by location, then name, not listed with \`in\` and \`name\`: write \`parameters: { ${grouped}${more} }\`.`;
}
