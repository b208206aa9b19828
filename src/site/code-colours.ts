import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Expressive Code's options of the site (see ec-config.mjs), as a project's `ec.config.mjs` would give them. */
const OURS = new URL('./ec-config.mjs', import.meta.url);
/** The module Expressive Code's components read the project's `ec.config.mjs` through. */
const EC_CONFIG_MODULE = 'virtual:astro-expressive-code/ec-config';
/** The projects whose `ec.config.mjs` this process already answers for. */
const answered = new Set<string>();

/**
 * Hands Expressive Code the site's options (ec-config.mjs) where the project has no `ec.config.mjs`
 * of its own, in both places Expressive Code reads that file: the integration imports it from the
 * project's root when the site is set up (Markdown's code blocks: the guide), and the components
 * import it through Vite (`<Code>`: the samples). A project's own file is left to do as it says.
 * Called before Starlight sets Expressive Code up; the integration it returns adds the Vite side.
 */
export function siteCodeOptions(root: URL): AstroIntegration {
  const own = new URL('./ec.config.mjs', root);
  const ours = !existsSync(fileURLToPath(own));
  // `registerHooks` is Node's from 22.15 (Astro runs on 22.12): before it, Markdown's blocks keep Shiki's defaults.
  const { registerHooks } = nodeModule as Partial<typeof nodeModule>;
  if (ours && registerHooks && !answered.has(own.href)) {
    answered.add(own.href);
    // Expressive Code imports `<root>/ec.config.mjs?t=<time>`: that file, asked for by any query, is ours.
    registerHooks({
      resolve: (specifier, context, nextResolve) => (specifier.split('?')[0] === own.href ? { url: OURS.href, shortCircuit: true } : nextResolve(specifier, context)),
    });
  }
  return {
    name: 'specbench-code-options',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        if (!ours) return;
        updateConfig({ vite: { plugins: [{ name: 'specbench-code-options', enforce: 'pre', resolveId: (id: string) => (id === EC_CONFIG_MODULE ? fileURLToPath(OURS) : undefined) }] } });
      },
    },
  };
}
