import { z } from 'zod';
import { REFINEMENTS } from '../areas/refinements.ts';
import { absoluteUrlSchema, linkUrlSchema } from '../safety/url.ts';
import { isObj, type Obj } from '../facet/state.ts';
import type { Spec, SpecConfig } from './spec.ts';

/** A level's name: lowercase words joined by `-`, as `--target-level` takes it. */
const levelName = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'a level name is lowercase letters and digits, words joined by `-` (e.g. `design-review`)' });

/** The longest gap-id pattern: gap ids are paths of a few segments, and the glob matcher refuses very long patterns. */
export const PATTERN_LENGTH = 512;

/** One readiness level: its name and the gap-id patterns it closes (`*` one segment, `**` any number). */
const levelSchema = z.strictObject({
  name: levelName,
  close: z.array(z.string().min(1, { error: 'a pattern is a gap id or a glob such as `resources/**`' }).max(PATTERN_LENGTH, { error: `a pattern is at most ${PATTERN_LENGTH} characters` })).min(1, { error: 'list the gap-id patterns this level closes, e.g. `[purpose/**]`' }),
});

/** Ordered readiness levels, each reached once its patterns and every earlier level's are closed. */
const levelsSchema = z
  .array(levelSchema)
  .min(1, { error: 'declare at least one level, or leave `levels` out for the default ones' })
  .superRefine((levels, ctx) => {
    const seen = new Set<string>();
    levels.forEach((level, index) => {
      if (seen.has(level.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], params: { code: 'duplicate-level' }, message: 'an earlier level has this name; give each level its own name' });
      seen.add(level.name);
    });
  });

/** `specbench.yaml` beside the area folders: settings for checking this spec. */
export const configSchema = z.strictObject({
  /** Severity per check code, or `off`: `{ unused-item: off, unreachable-state: error }`. */
  checks: z.record(z.string().min(1), z.enum(['error', 'warning', 'hint', 'off'])).optional(),
  /** Refinements this spec requires wherever they can apply (by default they are optional): `[format, description]`. */
  require: z.array(z.enum(REFINEMENTS)).optional(),
  /** Where this spec folder is edited in its repository, e.g. `https://github.com/acme/spec/edit/main/content/`. */
  edit_url: absoluteUrlSchema.optional(),
  /** An image shown beside the service's name in the site's header: a path relative to the site's base (`logo.svg`, a file the site serves) or an http(s) URL. */
  logo: linkUrlSchema.optional(),
  /** Ordered readiness levels, each the gap-id patterns it closes: `[{ name: design-review, close: [purpose/**, resources/inventory] }]`. Without it, the default levels (see the guide, What counts as a gap). */
  levels: levelsSchema.optional(),
});

/** The logo `specbench.yaml` names, as its schema accepts it (a file whose logo fails the schema has an error, and no site is built from it). */
export function configLogo(spec: Spec): string | undefined {
  return spec.config.logo;
}

/** The settings, read from the file's own keys (a Map, so no name can reach a prototype); each key that fails its schema is left out. */
export function readConfig(file: string | undefined, data: Obj): SpecConfig {
  const checks = new Map<string, 'error' | 'warning' | 'hint' | 'off'>();
  const raw = isObj(data.checks) ? data.checks : {};
  for (const code of Object.keys(raw)) {
    const severity = raw[code];
    if (severity === 'error' || severity === 'warning' || severity === 'hint' || severity === 'off') checks.set(code, severity);
  }
  const require = Array.isArray(data.require) ? data.require.filter((r): r is string => typeof r === 'string') : [];
  const levels = configSchema.shape.levels.safeParse(data.levels);
  const logo = configSchema.shape.logo.safeParse(data.logo);
  return {
    ...(file !== undefined ? { file } : {}),
    checks,
    require,
    ...(typeof data.edit_url === 'string' ? { editUrl: data.edit_url } : {}),
    ...(levels.success && levels.data ? { levels: levels.data } : {}),
    ...(logo.success && logo.data !== undefined ? { logo: logo.data } : {}),
  };
}
