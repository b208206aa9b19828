import { resolve, sep } from 'node:path';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { Loader, LoaderContext } from 'astro/loaders';
import { absoluteUrlSchema, analyze, counted, downloads, escapeControls, formatHuman, SpecDirError, type ParseCache, hasErrors, historyChartSvg, readGapHistory, readSpecDir, siteModel, specDir, summary, type SiteModel } from '../lib/index.ts';

/**
 * Feeds the site from the core: one entry per area. During `astro build` a spec with errors
 * fails the build with the located diagnostics; during `astro dev` they are printed and the
 * last good data stays, and every change under the spec folder reloads.
 */
export function specLoader(): Loader {
  return {
    name: 'specbench',
    load: async (context) => {
      const dir = resolve(specDir());
      const cache: Caches = { parsed: new Map(), prose: { items: '', html: new Map() }, graphviz: await Graphviz.load() };
      await sync(dir, context, cache);
      const { watcher } = context;
      if (!watcher) return;
      watcher.add(dir);
      const onChange = (path: string) => {
        if (path === dir || path.startsWith(dir + sep)) {
          sync(dir, context, cache).catch((error: unknown) => context.logger.error(String(error)));
        }
      };
      for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, onChange);
    },
  };
}

/** The entry of the site's own data (the service's name, the problems `npm run dev` shows), beside the areas. */
export const META = '_site';

/** What the site knows besides the areas: the service, and the spec's problems while `npm run dev` shows them. */
export type SiteMeta = {
  service: SiteModel['service'];
  problems?: { count: number; text: string };
};

/** The entry of the files published for download (the exports and the Markdown document). */
export const DOWNLOADS = '_downloads';
export type Downloads = { files: Array<{ file: string; title: string; text: string }> };

/** What `npm run dev` keeps between syncs so that one edit costs little. */
interface Caches {
  meta?: SiteMeta;
  parsed: ParseCache;
  graphviz: Graphviz;
  prose: { items: string; html: Map<string, string> };
}

async function sync(dir: string, { store, logger, watcher, generateDigest, config }: LoaderContext, cache: Caches): Promise<void> {
  const started = performance.now();
  const files = await readSpecDir(dir).catch((error: unknown) => {
    throw error instanceof SpecDirError ? located(error.message) : error;
  });
  const analysis = analyze(files, cache.parsed);
  const { diagnostics, spec } = analysis;
  // Hints are many on a large spec and never stop a build: counted here, listed by `npm run check`.
  const shown = diagnostics.filter((d) => d.severity !== 'hint');
  if (diagnostics.length > shown.length) logger.info(`${diagnostics.length - shown.length} hints; \`npm run check\` lists them.`);
  if (shown.length > 0) {
    const text = `${formatHuman(shown, (f) => spec.sources.get(f)?.text, `${specDir()}/`)}\n${summary(shown)}`;
    if (hasErrors(diagnostics)) {
      if (!watcher) throw located(`The spec has errors; the site is not built.\n\n${text}`);
      logger.error(`The spec has errors; the pages keep the last good content.\n\n${text}`);
      // Every page shows the problems in a banner until they are fixed (`npm run dev` only).
      const meta = cache.meta ?? { service: {} };
      cache.meta = { ...meta, problems: { count: shown.length, text } };
      store.set({ id: META, data: cache.meta, digest: generateDigest(cache.meta) });
      return;
    }
    logger.warn(text);
  }
  const editUrl = process.env.SPECBENCH_EDIT_URL;
  if (editUrl && !absoluteUrlSchema.safeParse(editUrl).success) {
    throw located(`SPECBENCH_EDIT_URL \`${escapeControls(editUrl)}\` is not an absolute http or https URL; edit links go to the repository, e.g. https://github.com/acme/spec/edit/main/content/.`);
  }
  const model = siteModel(analysis, {
    base: config.base.endsWith('/') ? config.base : `${config.base}/`,
    diagram: (dot) => cache.graphviz.dot(dot),
    proseCache: cache.prose,
    ...(editUrl ? { editUrl } : {}),
  });
  // Only entries whose digest changed are replaced, so dev reloads only what an edit touched.
  for (const area of model.areas) store.set({ id: area.key, data: area, digest: generateDigest(area) });
  cache.meta = { service: model.service };
  store.set({ id: META, data: cache.meta, digest: generateDigest(cache.meta) });
  // The exports are made only for a build: `npm run dev` links to them but does not remake them on every edit.
  if (!watcher) {
    const files: Downloads = { files: downloads(analysis) };
    store.set({ id: DOWNLOADS, data: files });
  }
  logger.info(`${counted(model.gapCount, 'open gap')} in ${dir} (${Math.round(performance.now() - started)} ms)`);
}

/** An error whose message is the whole story: the diagnostics already say where, so no stack. */
function located(message: string): Error {
  const error = new Error(message);
  error.stack = '';
  return error;
}

/**
 * The gap history from git, read once: it changes with commits, not with edits. Shown as a
 * line chart on the dashboard.
 */
export function historyLoader(): Loader {
  return {
    name: 'specbench-history',
    load: async ({ store, logger }) => {
      // History is an extra: when git cannot tell it, the dashboard says so instead of failing the build.
      const history = await readGapHistory(resolve(specDir())).catch((error: unknown) => ({
        points: [],
        note: `No history: ${error instanceof Error ? error.message : String(error)}`,
      }));
      const svg = historyChartSvg(history);
      store.clear();
      store.set({ id: 'history', data: { ...history, ...(svg ? { svg } : {}) } });
      logger.info(`history: ${history.note}`);
    },
  };
}
