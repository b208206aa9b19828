import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
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

/**
 * Stops `astro build` and `astro dev` on a revision the site cannot be compared with (unknown, or
 * not in a shallow clone), with our located message alone: thrown from a hook, it would come after
 * Astro's own line that the hook failed, naming Starlight. Any other error is thrown as it was.
 */
export function stopOnRevision(error: unknown, settings: SiteSettings, logger: AstroIntegrationLogger): never {
  // The message of a revision that cannot be read names what gave it first (`SPEC_COMPARE: …`) and has no stack (state.ts, `readBase`).
  if (settings.compare && error instanceof Error && error.stack === '' && error.message.startsWith(`${settings.compare.named}: `)) {
    logger.error(error.message);
    process.exit(1);
  }
  throw error;
}
