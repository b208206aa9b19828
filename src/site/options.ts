import { isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { visible } from '../lib/index.ts';
import { located } from './state.ts';

/**
 * The plugin's options as a site's config gives them: plain JavaScript, so anything may arrive
 * (`base: 123`, `spec: '\0'`, a misspelled `bsae`). They are checked here, each message naming the
 * option (`specbench({ base })`), before any is used; what each means is `SpecbenchOptions`.
 */

/** The longest `base`: each of its names becomes a folder of the build's output, and paths have a bound. */
export const MAX_BASE = 200;
/** The longest `spec`: the longest path most systems take (PATH_MAX). */
export const MAX_SPEC = 4096;
/** The longest `label`: a sidebar group's name. */
export const MAX_LABEL = 200;
/** The longest `editUrl`: what browsers and servers take in a URL without trouble. */
export const MAX_EDIT_URL = 2048;
/** The longest `compare`: a revision is a name git knows (a branch, a tag, a commit, `HEAD~1`), never a text. */
export const MAX_COMPARE = 256;

/**
 * The first names of a `base` that Astro, Starlight or Specbench already write at the output's
 * root (or serve there): the spec's pages would be written among their files or shadow them. Compared
 * without regard to case, as the file systems of macOS and Windows do.
 */
const RESERVED: ReadonlyArray<{ name: RegExp; what: string }> = [
  { name: /^_astro$/i, what: 'the folder where Astro writes the built scripts, styles and images' },
  { name: /^(_image|_actions|_server-islands)$/i, what: 'an address Astro serves itself' },
  { name: /^pagefind$/i, what: 'the folder of Starlight\'s search index' },
  { name: /^(404|404\.html)$/i, what: 'the site\'s not-found page' },
  { name: /^index\.html$/i, what: 'the site\'s home page' },
  { name: /^sitemap-.*\.xml$/i, what: 'a file of the sitemap Starlight writes' },
  { name: /^favicon\.svg$/i, what: 'Starlight\'s icon of the site' },
  { name: /^_specbench$/i, what: 'where the dev server answers Specbench\'s own requests' },
];

/** What a value is, for a message: `the number 123`, `an array`, `null`. */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `the ${typeof value} ${String(value)}`;
  if (typeof value === 'string') return `the string ${quoted(value)}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A string value as a message shows it: visible, one line, and cut short when long. */
function quoted(value: string): string {
  if (value === '') return 'an empty string';
  const shown = visible(value);
  return `\`${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}\``;
}

const tooLong = (max: number, what: string) => (issue: { input?: unknown }) =>
  `${typeof issue.input === 'string' ? quoted(issue.input) : 'it'} is ${typeof issue.input === 'string' ? issue.input.length.toLocaleString('en') : 'too many'} characters long; ${what} is at most ${max}.`;

/**
 * A revision as `compare` (or SPEC_COMPARE) may name it: one line, and not starting with `-`, which
 * git would read as an option of the command it is given to (it is given as one argument, never
 * through a shell).
 */
const revisionSchema = z
  .string({ error: (issue) => `expected a git revision as a string (a branch, a tag or a commit, e.g. \`main\`), got ${kind(issue.input)}.` })
  .min(1, { error: 'expected a git revision, got an empty string (leave the option out to build the site without a comparison).' })
  .max(MAX_COMPARE, { error: tooLong(MAX_COMPARE, 'a revision') })
  .regex(/^[^\u0000-\u0020\u007f-\u009f]*$/, { error: (issue) => `${typeof issue.input === 'string' ? quoted(issue.input) : 'it'} holds a space, a line break or another control character, which no git revision does.` })
  .regex(/^[^-]/, { error: (issue) => `${typeof issue.input === 'string' ? quoted(issue.input) : 'it'} starts with \`-\`, which git would read as an option; name a branch, a tag or a commit.` });

/** Throws (a message naming `where`, without a stack) unless `value` can be a git revision. */
export function checkRevision(value: string, where: string): void {
  const parsed = revisionSchema.safeParse(value);
  if (!parsed.success) throw located(parsed.error.issues.map((issue) => `${where}: ${issue.message}`).join('\n'));
}

/** The options' schema; `root` is the project's root folder, which the spec may neither be nor hold. */
function optionsSchema(root: string) {
  return z.strictObject(
    {
      spec: z
        .string({ error: (issue) => `expected the spec folder as a path string (from the project's root, e.g. \`content\`, or absolute), got ${kind(issue.input)}.` })
        .max(MAX_SPEC, { error: tooLong(MAX_SPEC, 'a path') })
        .check((ctx) => {
          const folder = ctx.value;
          if (folder.includes('\0')) {
            ctx.issues.push({ code: 'custom', input: folder, message: `${quoted(folder)} holds a NUL character, which no path can.` });
            return;
          }
          const up = relative(resolve(root, folder), resolve(root));
          // From the spec to the root: empty when they are one folder, and no step up when the root is inside the spec.
          if (!(up === '..' || up.startsWith(`..${sep}`) || isAbsolute(up))) {
            const is = up === '' ? 'is the project\'s root folder' : 'holds the project\'s root folder';
            ctx.issues.push({
              code: 'custom',
              input: folder,
              message: `${quoted(folder)} ${is} (${visible(resolve(root))}), so every YAML file of the project, node_modules/ included, would be read as the spec; the spec is a folder of area folders inside the project, e.g. \`content\`.`,
            });
          }
        })
        .optional(),
      base: z
        .string({ error: (issue) => `expected a path inside the site as a string (e.g. \`api\`), got ${kind(issue.input)}.` })
        .max(MAX_BASE, { error: tooLong(MAX_BASE, 'a base') })
        .check((ctx) => {
          const first = ctx.value.replace(/^\/+/, '').split('/')[0] ?? '';
          const taken = RESERVED.find((r) => r.name.test(first));
          if (taken) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: `\`${visible(first)}\` is ${taken.what}: the spec's pages would collide with it in the build's output. Choose another first name, e.g. \`api\`.` });
          }
        })
        .optional(),
      label: z
        .string({ error: (issue) => `expected the sidebar group's name as a string, got ${kind(issue.input)}.` })
        .min(1, { error: 'expected a name for the sidebar group, got an empty string (leave the option out for the default, `Specification`).' })
        .max(MAX_LABEL, { error: tooLong(MAX_LABEL, 'a label') })
        .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, { error: (issue) => `${typeof issue.input === 'string' ? quoted(issue.input) : 'it'} holds a line break or another control character; a label is one line.` })
        .optional(),
      guide: z.boolean({ error: (issue) => `expected true or false (whether to serve the guide pages), got ${kind(issue.input)}.` }).optional(),
      editUrl: z
        .string({ error: (issue) => `expected an absolute http or https URL as a string, got ${kind(issue.input)}.` })
        .max(MAX_EDIT_URL, { error: tooLong(MAX_EDIT_URL, 'an edit URL') })
        .optional(),
      compare: revisionSchema.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : `expected an object of options such as \`{ spec: 'content', base: 'api' }\`, got ${kind(issue.input)}.`) },
  );
}

/** The options the plugin takes, by name: what `SpecbenchOptions` declares (a type test keeps the two the same). */
export type OptionName = keyof z.infer<ReturnType<typeof optionsSchema>>;

/**
 * Throws (a message without a stack, one line for each problem, each naming its option) unless
 * `options` is an object of the plugin's options, each of its type, within its length, `base`
 * not starting with a name Astro or Starlight writes, and `spec` a path without NUL that is not the
 * project's root (`root`) and does not hold it.
 */
export function checkOptions(options: unknown, root: string): void {
  const parsed = optionsSchema(root).safeParse(options);
  if (parsed.success) return;
  const names = Object.keys(optionsSchema(root).shape);
  const lines = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `specbench({ ${visible(key)} }): not an option of the plugin; its options are ${names.map((n) => `\`${n}\``).join(', ')}.`).join('\n');
    }
    const option = issue.path[0];
    return `specbench(${typeof option === 'string' ? `{ ${option} }` : 'options'}): ${issue.message}`;
  });
  throw located(lines.join('\n'));
}
