import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { areaSchema, downloadSchema, historySchema, itemSchema, siteSchema } from './site/schema.ts';
import { historyLoader, specLoaders } from './site/spec-loader.ts';

// One analysis of the spec feeds four collections; the schemas type what the pages read.
const spec = specLoaders();

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  /** One entry (`site`): the service's name, the print version's pages, the downloads, and the problems `npm run dev` shows. */
  site: defineCollection({ loader: spec.site, schema: siteSchema }),
  /** One entry per area, by its key: its facets, its gaps and a summary of each item. */
  areas: defineCollection({ loader: spec.areas, schema: areaSchema }),
  /** One entry per item page, `area/id`. */
  items: defineCollection({ loader: spec.items, schema: itemSchema }),
  /** One entry per file a build publishes, by its name. */
  downloads: defineCollection({ loader: spec.downloads, schema: downloadSchema }),
  history: defineCollection({ loader: historyLoader(), schema: historySchema }),
};
