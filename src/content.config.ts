import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { areaSchema, changelogSchema, downloadSchema, historySchema, itemSchema, siteSchema } from './site/schema.ts';
import { historyLoaders, specLoaders } from './site/spec-loader.ts';

// One analysis of the spec feeds four collections; the schemas type what the pages read.
const spec = specLoaders();
// One walk over git feeds the history and the changelog.
const history = historyLoaders();

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
  /** One entry (`history`): the open gaps at each commit that touched the spec, and their chart. */
  history: defineCollection({ loader: history.history, schema: historySchema }),
  /** One entry (`changelog`): what each commit that touched the spec changed, newest first. */
  changelog: defineCollection({ loader: history.changelog, schema: changelogSchema }),
};
