import { AREA_KEYS, areaModule, isAreaKey, type AreaKey } from '../areas/index.ts';
import { ID } from '../facet/values.ts';
import { AREA_FILE, CONFIG_FILE } from '../model/spec.ts';
import { didYouMean } from './suggest.ts';

/** What a path in the spec folder is: an area file, an item, the settings, nothing, or a mistake. */
export type Place =
  | { area: AreaKey; item?: string }
  | { config: true }
  | { ignore: true }
  | { problem: string; code: string; severity: 'error' | 'warning' };

const YAML_EXT = /\.ya?ml$/;

/** Files that may sit in a spec folder without being content. */
const QUIET = /(^|\/)(\.gitkeep|\.gitignore|\.DS_Store|[^/]*\.md)$/;

/** Where a file belongs, from its path alone (relative to the spec folder, with `/`). */
export function classify(path: string): Place {
  if (path === CONFIG_FILE) return { config: true };
  const parts = path.split('/');
  const folder = parts[0] ?? '';
  if (!YAML_EXT.test(path)) {
    if (QUIET.test(path) || parts.length === 1 || !isAreaKey(folder)) return { ignore: true };
    return { code: 'ignored-file', severity: 'warning', problem: `\`${path}\` is not a YAML file and is not read; content files end in \`.yaml\`.` };
  }
  const misplaced = (problem: string): Place => ({ code: 'misplaced-file', severity: 'error', problem });
  if (parts.length !== 2) {
    return misplaced(`\`${path}\` is not in an area folder; content files go in \`<area>/<id>.yaml\` with <area> one of ${AREA_KEYS.join(', ')}.`);
  }
  if (!isAreaKey(folder)) return misplaced(`\`${folder}\` is not an area${didYouMean(folder, AREA_KEYS) || '.'} Areas: ${AREA_KEYS.join(', ')}.`);
  const name = parts[1] ?? '';
  if (name === AREA_FILE) return { area: folder };
  const id = name.replace(YAML_EXT, '');
  if (!areaModule(folder).items) return misplaced(`The ${folder} area has no items; its facets go in \`${folder}/${AREA_FILE}\`.`);
  if (!ID.test(id)) return misplaced(`\`${id}\` is not a valid item id: use letters, digits, \`_\`, \`.\` and \`-\`, starting with a letter or digit.`);
  return { area: folder, item: id };
}

/** Whether the loader needs a file's bytes: only content files are ever read. */
export function isContentPath(path: string): boolean {
  const place = classify(path);
  return 'area' in place || 'config' in place;
}
