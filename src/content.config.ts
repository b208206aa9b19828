import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import type { AreaView, GapHistory } from './lib/index.ts';
import { historyLoader, specLoader } from './site/spec-loader.ts';

const isRecord = (value: unknown) => typeof value === 'object' && value !== null;

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // The core builds and types these; the schema hands its types to the pages.
  areas: defineCollection({ loader: specLoader(), schema: z.custom<AreaView>(isRecord) }),
  history: defineCollection({ loader: historyLoader(), schema: z.custom<GapHistory & { svg?: string }>(isRecord) }),
};
