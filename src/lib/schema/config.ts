import { z } from 'zod';

/** `specbench.yaml` beside the area folders: settings for checking this spec. */
export const configSchema = z.strictObject({
  /** Severity per check code, or `off`: `{ unused-item: off, unreachable-state: error }`. */
  checks: z.record(z.string().min(1), z.enum(['error', 'warning', 'hint', 'off'])).optional(),
});
