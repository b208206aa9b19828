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
