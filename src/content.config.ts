import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { historyLoader, specLoader } from './site/spec-loader.ts';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  areas: defineCollection({ loader: specLoader() }),
  history: defineCollection({ loader: historyLoader() }),
};
