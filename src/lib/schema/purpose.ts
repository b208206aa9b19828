import { z } from 'zod';
import { serverUrlSchema } from '../safety/url.ts';
import { facet, placeholderSchema, prose } from './facet.ts';

/** `purpose/_area.yaml`: what the service does, for whom, and where it lives. */
export const purposeArea = z.strictObject({
  /** The service's name. */
  name: facet(z.string().trim().min(1)),
  /** The base address every endpoint path is relative to (`https://…`, or `mqtt://…` for a broker); `{base_url}` while undecided. */
  base_url: facet(z.union([placeholderSchema, serverUrlSchema])),
  /** What the service does, in a few sentences (Markdown). */
  purpose: facet(prose.min(1)),
  /** The business domain it belongs to. */
  domain: facet(z.string().trim().min(1)),
  /** Who calls it: teams, partners, apps. */
  users: facet(z.union([z.string().trim().min(1), z.array(z.string().trim().min(1))])),
  description: prose.optional(),
});
export type PurposeArea = z.infer<typeof purposeArea>;
