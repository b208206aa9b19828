import { stringify } from 'yaml';

/** One name of a spec folder's path: letters, digits, `-`, `_` and `.`. */
const NAME = /^[A-Za-z0-9._-]+$/;

/** The rule a spec folder given to `init` follows, as its refusal says it. */
export const SPEC_FOLDER_RULE = 'a folder inside the project, written as names of letters, digits, `-`, `_` and `.` joined by `/` (none of them `.` or `..`, not starting with `/` or `-`), e.g. `content` or `docs/spec`';

/**
 * Whether `spec` is a plain relative folder inside the project. `init` writes the folder into npm
 * scripts, workflows and the site's config, so only names that mean the same to a shell, to YAML,
 * to JavaScript and to a URL are taken: no blanks, quotes, `;`, `: `, `#` or `$`, no way out of the
 * project (`..`, a leading `/`), and not the project itself (`.`: every YAML file under
 * `node_modules/` would be read as the spec). A leading `-` would read as an option.
 */
export function isSpecFolder(spec: string): boolean {
  if (spec.startsWith('-')) return false;
  return spec.split('/').every((name) => NAME.test(name) && name !== '.' && name !== '..');
}

/** Throws unless `spec` follows the rule: the files `init` writes are never made from another. */
export function assertSpecFolder(spec: string): void {
  if (!isSpecFolder(spec)) throw new Error(`The spec folder \`${spec}\` is not ${SPEC_FOLDER_RULE}.`);
}

/**
 * A spec folder as one word of an npm script. Double quotes, because npm runs scripts with `sh` on
 * POSIX and `cmd.exe` on Windows, and only double quotes are quotes to both; inside them the folder
 * is taken as written by both, since the rule leaves out everything either would read (`$`, `` ` ``,
 * `\`, `"`, `%`, `!`).
 */
export function scriptWord(spec: string): string {
  assertSpecFolder(spec);
  return `"${spec}"`;
}

/** A string as one YAML scalar, double-quoted by the `yaml` library on a single line (a workflow's value, whatever it holds). */
export function yamlString(value: string): string {
  return stringify(value, { defaultStringType: 'QUOTE_DOUBLE', lineWidth: 0 }).trimEnd();
}
