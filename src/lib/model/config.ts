import { z } from 'zod';
import { REFINEMENTS } from '../areas/refinements.ts';
import { absoluteUrlSchema } from '../safety/url.ts';

/** `specbench.yaml` beside the area folders: settings for checking this spec. */
export const configSchema = z.strictObject({
  /** Severity per check code, or `off`: `{ unused-item: off, unreachable-state: error }`. */
  checks: z.record(z.string().min(1), z.enum(['error', 'warning', 'hint', 'off'])).optional(),
  /** Refinements this spec requires wherever they can apply (by default they are optional): `[format, description]`. */
  require: z.array(z.enum(REFINEMENTS)).optional(),
  /** Where this spec folder is edited in its repository, e.g. `https://github.com/acme/spec/edit/main/content/`. */
  edit_url: absoluteUrlSchema.optional(),
});
