import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StarlightPlugin } from '@astrojs/starlight/types';
import type { AstroIntegrationLogger } from 'astro';
import { absoluteUrlSchema, counted, escapeControls, formatHuman, isSpecFolder, PRINT_ITEMS, specDir, summary } from '../lib/index.ts';
import { siteCodeOptions } from './code-colours.ts';
import { specbenchIntegration } from './integration.ts';
import { compareIntegration, stopOnRevision } from './compare-routes.ts';
import { checkOptions, checkRevision } from './options.ts';
import { ownPagesInTheWay, ownPagesMessage } from './own-pages.ts';
import { fromRoot, located, SpecSite, type SiteSettings } from './state.ts';

/** What a site tells the plugin. */
export interface SpecbenchOptions {
  /** The spec folder, from the project's root (it must be there); default `$SPEC_DIR`, else `content`. */
  spec?: string;
  /** Where the spec's pages live below the site's base (`api` puts the dashboard at `/api/`): a path inside the site, never `.` or `..`; default: the site's root, the spec being the whole site. */
  base?: string;
  /** The label of the spec's sidebar group in a site of its own pages; default `Specification`. */
  label?: string;
  /** Serve the guide pages, "Reading this spec" and "Writing this spec"; default true. */
  guide?: boolean;
  /** Where the spec folder is edited, for "edit" links (overrides `edit_url` in specbench.yaml); default `$SPECBENCH_EDIT_URL`. */
  editUrl?: string;
  /**
   * A git revision to compare the spec with (`main`, a commit): the site then has a Changes page and
   * marks on each page what the working tree changes against it, as `specbench diff` reports it;
   * default `$SPEC_COMPARE`, else none.
   */
  compare?: string;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The Starlight plugin: the spec's pages (the dashboard, the nine areas, every item, all gaps, the
 * changelog and its feed, the print version, the downloads and the guide) as routes of the site,
 * rendered from one analysis of the spec folder held in memory and followed as files change in
 * `astro dev`. A spec with errors fails `astro build` with the located diagnostics; in
 * `astro dev` every page shows them above the last good content.
 */
export default function specbench(options: SpecbenchOptions = {}): StarlightPlugin {
  return {
    name: 'specbench',
    hooks: {
      'config:setup': async ({ config, updateConfig, addIntegration, addRouteMiddleware, astroConfig, command, logger }) => {
        const settings = siteSettings(options, fileURLToPath(astroConfig.root), astroConfig.base);
        // Without `base`, a page of the site's own at a path the spec takes would be dropped with only Astro's warning.
        const inTheWay = ownPagesInTheWay(fileURLToPath(astroConfig.root), fileURLToPath(astroConfig.srcDir), settings);
        if (inTheWay.length > 0) throw located(ownPagesMessage(inTheWay, options.spec ?? settings.specFromRoot));
        // Only a build and the dev server read the spec (a type check or a sync does not).
        if (command === 'build' || command === 'dev') {
          const started = performance.now();
          const site = await SpecSite.for(settings).catch((error: unknown) => stopOnRevision(error, settings, logger));
          const { problems } = site;
          if (problems && command === 'build') throw located(`The spec has errors; the site is not built.\n\n${problems.text}`);
          if (problems) logger.error(`The spec has errors; the pages show them until they are fixed.\n\n${problems.text}`);
          else report(site, logger, performance.now() - started);
        }
        const root = settings.route === '';
        updateConfig({
          customCss: [...(config.customCss ?? []), here('../styles/reference.css'), here('../styles/print.css'), here('../styles/compare.css')],
          head: [...(config.head ?? []), { tag: 'link', attrs: { rel: 'alternate', type: 'application/atom+xml', title: 'Changelog', href: `${settings.base}${settings.route}changelog.xml` } }],
          components: {
            ...config.components,
            // In `astro dev`, a spec with errors shows them on every page; a site's own banner is kept (the terminal says them too).
            ...(config.components?.Banner ? {} : { Banner: here('./components/Banner.astro') }),
            // The header shows the logo `specbench.yaml` names, where the spec is the whole site.
            ...(root && !config.components?.SiteTitle ? { SiteTitle: here('./components/SiteTitle.astro') } : {}),
          },
        });
        addRouteMiddleware({ entrypoint: here('./route-data.ts') });
        addIntegration(specbenchIntegration(settings, options.label ?? 'Specification'));
        // The same colours in every build (Shiki's time limit on a line made them depend on the machine's load).
        addIntegration(siteCodeOptions(astroConfig.root));
        if (settings.compare) addIntegration(compareIntegration(settings));
        // A site without an address can have no sitemap: Starlight's would only say so on every build.
        if (astroConfig.site === undefined) addIntegration({ name: '@astrojs/sitemap', hooks: {} });
      },
    },
  };
}

/** What the analysis found, as `specbench check` says it: warnings in full, hints counted, and the open gaps. */
function report(site: SpecSite, logger: AstroIntegrationLogger, ms: number): void {
  const analysis = site.index.analysis;
  const warnings = analysis.diagnostics.filter((d) => d.severity === 'warning');
  const hints = analysis.diagnostics.length - warnings.length;
  if (warnings.length > 0) logger.warn(`${formatHuman(warnings, (f) => analysis.spec.sources.get(f)?.text, `${site.settings.specFromRoot}/`)}\n${summary(warnings)}`);
  if (hints > 0) logger.info(`${counted(hints, 'hint')}; \`specbench check\` lists them.`);
  logger.info(`${counted(analysis.assessment.gaps.length, 'open gap')} in ${site.settings.specFromRoot} (${Math.round(ms)} ms)`);
}

/** One name of the path where the spec's pages live: letters, digits, `-`, `_`, `.` and `~`, but not `.` or `..`. */
const ROUTE_NAME = /^(?!\.\.?$)[A-Za-z0-9._~-]+$/;

/**
 * The settings of the site, from the plugin's options, the environment and Astro's config; throws
 * with a message naming the option when one cannot be used. `base` is a plain path inside the
 * site: with a `.` or `..` in it, the pages would be written beside or above the build's output
 * folder. The spec folder must be there: its message names the option that chose it.
 */
export function siteSettings(options: SpecbenchOptions, root: string, base: string, env: Record<string, string | undefined> = process.env): SiteSettings {
  // A config is plain JavaScript: each option's type, length and reserved names are checked before any is used.
  checkOptions(options, root);
  const folderName = options.spec ?? specDir(env);
  const spec = resolve(root, folderName);
  const given = options.base ?? '';
  const route = given.replace(/^\/+|\/+$/g, '');
  if (route !== '' && !route.split('/').every((name) => ROUTE_NAME.test(name))) {
    throw located(
      `specbench({ base }): \`${escapeControls(given)}\` is not a path inside the site; write names of letters, digits, \`-\`, \`_\`, \`.\` and \`~\` joined by \`/\`, none of them \`.\` or \`..\` (e.g. \`api\` or \`reference/api\`).`,
    );
  }
  const folder = statSync(spec, { throwIfNoEntry: false });
  if (!folder?.isDirectory()) {
    // Named by what chose it: the option, else the environment, else the default.
    const chosen = options.spec !== undefined ? 'specbench({ spec }): the' : env.SPEC_DIR?.trim() ? 'SPEC_DIR: the' : 'The';
    const other = chosen === 'The' ? ' (`specbench({ spec })` or SPEC_DIR names another)' : '';
    throw located(
      `${chosen} spec folder \`${escapeControls(folderName)}\`${other} ${folder ? 'is not a folder' : 'does not exist'} (${escapeControls(spec)}); the spec is a folder of area folders, from the project's root.${folder ? '' : makeIt(folderName)}`,
    );
  }
  const editUrl = options.editUrl ?? env.SPECBENCH_EDIT_URL;
  if (editUrl && !absoluteUrlSchema.safeParse(editUrl).success) {
    throw located(`${options.editUrl !== undefined ? 'specbench({ editUrl })' : 'SPECBENCH_EDIT_URL'}: the edit URL \`${escapeControls(editUrl)}\` is not an absolute http or https URL; edit links go to the repository, e.g. https://github.com/acme/spec/edit/main/content/.`);
  }
  const compare = compareSetting(options, env);
  return {
    spec,
    specFromRoot: fromRoot(spec, root),
    schemaDir: fromRoot(here('../schemas'), root),
    route: route === '' ? '' : `${route}/`,
    base: base.endsWith('/') ? base : `${base}/`,
    ...(editUrl ? { editUrl } : {}),
    printItems: printItems(env),
    guide: options.guide ?? true,
    ...(compare ? { compare } : {}),
  };
}

/** The revision to compare with: the option, else SPEC_COMPARE (unset or empty: none), with what named it for messages. */
function compareSetting(options: SpecbenchOptions, env: Record<string, string | undefined>): SiteSettings['compare'] {
  if (options.compare !== undefined) return { revision: options.compare, named: 'specbench({ compare })' };
  const value = env.SPEC_COMPARE;
  if (value === undefined || value === '') return undefined;
  checkRevision(value, 'SPEC_COMPARE');
  return { revision: value, named: 'SPEC_COMPARE' };
}

/**
 * The command that makes a missing spec folder, with its nine areas open, without touching the
 * site's own files; nothing when `init` would not take the folder (`../specs`: outside the project).
 */
function makeIt(folder: string): string {
  if (!isSpecFolder(folder)) return '';
  return ` Make it with its nine areas open, leaving the site's own files as they are: \`npx specbench init --spec-only${folder === 'content' ? '' : ` --spec ${folder}`}\` (or \`--example\` as well, for the complete example spec).`;
}

/** How many items the print version puts on one page: `SPECBENCH_PRINT_ITEMS`, else the core's default. */
function printItems(env: Record<string, string | undefined>): number {
  const value = env.SPECBENCH_PRINT_ITEMS;
  if (value === undefined || value === '') return PRINT_ITEMS;
  if (!/^[1-9]\d*$/.test(value)) throw located(`SPECBENCH_PRINT_ITEMS \`${escapeControls(value)}\` is not a positive whole number of items.`);
  return Number(value);
}
