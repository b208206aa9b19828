import { z } from 'zod';
import { REFINEMENTS } from '../areas/refinements.ts';
import { absoluteUrlSchema, linkUrlSchema } from '../safety/url.ts';
import type { Spec } from './spec.ts';

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
});

/**
 * The logo `specbench.yaml` names, as its schema accepts it (a file whose logo fails the schema
 * has an error, and no site is built from it): read from the parsed settings file.
 */
export function configLogo(spec: Spec): string | undefined {
  const file = spec.config.file;
  const value = file === undefined ? undefined : spec.sources.get(file)?.doc.get('logo');
  const parsed = configSchema.shape.logo.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
