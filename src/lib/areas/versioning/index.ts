import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { stated } from '../../facet/state.ts';
import { dateSchema, durationSchema, prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';

export const VERSION_STATUSES = ['current', 'supported', 'deprecated', 'retired'] as const;

/** `versioning/_area.yaml`. */
export const versioningArea = facetObject(
  {
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
  },
  {
    scheme: { label: 'versioning scheme', question: 'How does a caller choose a version?' },
    inventory: inventoryMeta('supported versions', 'its status and release date'),
    deprecation: { label: 'deprecation rules', question: 'How is a version deprecated and retired, with how much notice?' },
  },
);

/** `versioning/<version>.yaml`: one version of the interface. */
export const versionItem = facetObject(
  {
    ...itemCommon,
    /** The version as the interface names it (`2.1.0`, `2024-10-01`), where it is not the file name. */
    name: z.string().min(1).optional(),
    status: facet(z.enum(VERSION_STATUSES)),
    released: facet(dateSchema),
    deprecated: dateSchema.optional(),
    sunset: dateSchema.optional(),
  },
  {
    ...itemCommonMetas,
    status: { label: 'status', question: 'Is this version current, supported, deprecated or retired?' },
    released: { label: 'release date', question: 'When was this version released?' },
  },
);
export type VersionItem = z.infer<typeof versionItem>;

export const versioning = defineArea({
  key: 'versioning',
  title: 'Versioning',
  covers: 'Versioning scheme, supported versions and deprecation rules',
  guide: [
    'Versioning: the scheme and deprecation rules here, one file per supported version',
    '(versioning/<version>.yaml).',
  ],
  schema: versioningArea,
  items: { noun: 'version', plural: 'versions', schema: versionItem },
  view: (item) => {
    const status = stated(item.status);
    const released = stated(item.released);
    return { listing: { ...(status !== undefined ? { badge: status } : {}), ...(typeof released === 'string' ? { note: `released ${released}` } : {}) } };
  },
  layout: () => [{ kind: 'signature', keys: ['status'] }, { kind: 'facts', keys: ['name', 'released', 'deprecated', 'sunset'] }],
});
