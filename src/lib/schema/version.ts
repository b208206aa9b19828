import { z } from 'zod';
import { dateSchema, durationSchema, facet, inventorySchema, itemCommon, prose } from './facet.ts';

export const VERSION_STATUSES = ['current', 'supported', 'deprecated', 'retired'] as const;

/** `versioning/_area.yaml`. */
export const versioningArea = z.strictObject({
  /** How a caller picks a version. */
  scheme: facet(
    z.strictObject({
      style: z.enum(['url-path', 'header', 'query', 'media-type']),
      /** The header or query parameter name, where the style has one. */
      name: z.string().min(1).optional(),
      description: prose.optional(),
    }),
  ),
  inventory: inventorySchema,
  /** How a version is retired. */
  deprecation: facet(
    z.strictObject({
      /** The least notice before a deprecated version is retired. */
      notice: durationSchema.optional(),
      /** Headers that announce it, e.g. `Deprecation`, `Sunset`. */
      headers: z.array(z.string().min(1)).optional(),
      description: prose.min(1),
    }),
  ),
  description: prose.optional(),
});

/** `versioning/<version>.yaml`: one version of the interface. */
export const versionItem = z.strictObject({
  ...itemCommon,
  status: facet(z.enum(VERSION_STATUSES)),
  released: facet(dateSchema),
  deprecated: dateSchema.optional(),
  sunset: dateSchema.optional(),
});
export type VersionItem = z.infer<typeof versionItem>;
