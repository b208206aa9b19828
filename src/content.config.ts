import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import type { AreaView, GapHistory } from './lib/index.ts';
import { historyLoader, specLoader, type Downloads, type SiteMeta } from './site/spec-loader.ts';

const isRecord = (value: unknown) => typeof value === 'object' && value !== null;

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // The core builds and types these; the schema hands its types to the pages.
  // One entry per area, one (`_site`) with the service's name and the problems `npm run dev` shows,
  // and one (`_downloads`) with the exports a build publishes.
  areas: defineCollection({ loader: specLoader(), schema: z.custom<AreaView | SiteMeta | Downloads>(isRecord) }),
  history: defineCollection({ loader: historyLoader(), schema: z.custom<GapHistory & { svg?: string }>(isRecord) }),
};
