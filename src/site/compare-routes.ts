import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { SiteSettings } from './state.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The comparison mode's page (`compare` set): the Changes page, where the spec's pages live. */
export function compareIntegration(settings: SiteSettings): AstroIntegration {
  return {
    name: 'specbench-compare',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        injectRoute({ pattern: `/${settings.route}changes`, entrypoint: here('./routes/changes.astro'), prerender: true });
      },
    },
  };
}
