import { relative, resolve, sep } from 'node:path';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { Loader, LoaderContext } from 'astro/loaders';
import {
  absoluteUrlSchema,
  Engine,
  areaSummary,
  counted,
  downloads,
  escapeControls,
  formatHuman,
  hasErrors,
  historyChartSvg,
  PRINT_ITEMS,
  printParts,
  readSpecHistory,
  readSpecDir,
  siteModel,
  specDir,
  SpecDirError,
  summary,
  type Changelog,
  type GapHistory,
} from '../lib/index.ts';
import type { Download, SiteMeta } from './schema.ts';

/** The collections the spec feeds, each with a loader of its own over one shared analysis. */
export type SpecCollection = 'site' | 'areas' | 'items' | 'downloads';

/** The id of the `site` collection's one entry. */
export const SITE = 'site';

/**
 * Feeds the site from the core: the site's own entry (the service, the print version's pages, the
 * problems `npm run dev` shows), one slim entry per area (its facets, gaps and a summary of its
 * items), one entry per item page (`area/id`), and one per file published for download. The spec
 * is analysed once for all four. During `astro build` a spec with errors fails the build with the
 * located diagnostics; during `astro dev` they are shown and the last good data stays, every
 * change under the spec folder reloads, and only the entries an edit changed are stored again.
 */
export function specLoaders(): Record<SpecCollection, Loader> {
  const sync = new SpecSync();
  return { site: sync.loader('site'), areas: sync.loader('areas'), items: sync.loader('items'), downloads: sync.loader('downloads') };
}

/** What one analysis gives each collection, by id. A collection left out keeps its entries: the last good content while the spec has errors. */
interface Snapshot {
  site: SiteMeta;
  areas?: ReadonlyMap<string, Record<string, unknown>>;
  items?: ReadonlyMap<string, Record<string, unknown>>;
  downloads?: ReadonlyMap<string, Download>;
}

/** What `npm run dev` keeps between syncs so that one edit costs little. */
interface Caches {
  engine: Engine;
  graphviz: Graphviz;
  prose: { items: string; html: Map<string, string> };
}

class SpecSync {
  readonly #contexts = new Map<SpecCollection, LoaderContext>();
  #latest: Promise<Snapshot> | undefined;
  #caches: Promise<Caches> | undefined;
  /** The last good site entry, without problems. */
  #meta: SiteMeta = { service: {}, print: [], downloads: [] };
  #watching = false;
  #running: Promise<void> | undefined;
  #again = false;

  loader(collection: SpecCollection): Loader {
    return {
      name: `specbench-${collection}`,
      load: async (context) => {
        this.#contexts.set(collection, context);
        // The first collection to load analyses the spec; the others use the same analysis.
        this.#latest ??= this.#analyze(context);
        await this.#write(collection, await this.#latest);
        this.#watch(context);
      },
    };
  }

  /** In `npm run dev`: every change under the spec folder analyses it again, one run at a time, and updates every collection. */
  #watch(context: LoaderContext): void {
    const { watcher } = context;
    if (!watcher || this.#watching) return;
    this.#watching = true;
    const dir = resolve(specDir());
    watcher.add(dir);
    const onChange = (path: string) => {
      if (path === dir || path.startsWith(dir + sep)) this.#changed(context);
    };
    for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, onChange);
  }

  #changed(context: LoaderContext): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          this.#latest = this.#analyze(context);
          const snapshot = await this.#latest;
          for (const collection of this.#contexts.keys()) await this.#write(collection, snapshot);
        } catch (error) {
          context.logger.error(error instanceof Error ? error.message : String(error));
        }
      } while (this.#again);
    })().finally(() => {
      this.#running = undefined;
    });
  }

  /** Stores a collection's entries: an unchanged entry (same digest) is left as it is, one gone is deleted. */
  async #write(collection: SpecCollection, snapshot: Snapshot): Promise<void> {
    const context = this.#contexts.get(collection);
    if (!context) return;
    const entries = collection === 'site' ? new Map([[SITE, snapshot.site]]) : snapshot[collection];
    if (!entries) return;
    const { store, parseData, generateDigest } = context;
    for (const id of store.keys()) if (!entries.has(id)) store.delete(id);
    for (const [id, data] of entries) {
      const digest = generateDigest(data);
      if (store.get(id)?.digest === digest) continue;
      store.set({ id, data: await parseData({ id, data }), digest });
    }
  }

  async #analyze({ logger, watcher, config }: LoaderContext): Promise<Snapshot> {
    const started = performance.now();
    const dir = resolve(specDir());
    this.#caches ??= Graphviz.load().then((graphviz) => ({ engine: new Engine(), prose: { items: '', html: new Map() }, graphviz }));
    const cache = await this.#caches;
    const files = await readSpecDir(dir).catch((error: unknown) => {
      throw error instanceof SpecDirError ? located(error.message) : error;
    });
    const { analysis } = cache.engine.update(files);
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
        return { site: { ...this.#meta, problems: { count: shown.length, text } } };
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
      // As `specbench new` names a file: from where the site is built (the repository root).
      specDir: relative(process.cwd(), dir).split(sep).join('/') || '.',
      ...(editUrl ? { editUrl } : {}),
    });
    // The exports are made only for a build: `npm run dev` links to them but does not remake them on every edit.
    const published = watcher ? [] : downloads(analysis);
    this.#meta = { service: model.service, print: printParts(model.areas, printItems(), (item) => spec.sources.get(item.file)?.text.length ?? 0), downloads: published.map(({ file, title }) => ({ file, title })), readiness: model.readiness, ...(model.sources ? { sources: model.sources } : {}) };
    const snapshot: Snapshot = {
      site: this.#meta,
      areas: new Map(model.areas.map((area) => [area.key, areaSummary(area)])),
      items: new Map(model.areas.flatMap((area) => area.items.map((item) => [`${area.key}/${item.id}`, item]))),
      downloads: new Map(published.map(({ file, title, text }) => [file, { title, text }])),
    };
    logger.info(`${counted(model.gapCount, 'open gap')} in ${dir} (${Math.round(performance.now() - started)} ms)`);
    return snapshot;
  }
}

/** How many items the print version puts on one page: `SPECBENCH_PRINT_ITEMS`, else the core's default. */
function printItems(): number {
  const value = process.env.SPECBENCH_PRINT_ITEMS;
  if (value === undefined || value === '') return PRINT_ITEMS;
  if (!/^[1-9]\d*$/.test(value)) throw located(`SPECBENCH_PRINT_ITEMS \`${escapeControls(value)}\` is not a positive whole number of items.`);
  return Number(value);
}

/** An error whose message is the whole story: the diagnostics already say where, so no stack. */
function located(message: string): Error {
  const error = new Error(message);
  error.stack = '';
  return error;
}

/**
 * The gap history and the changelog from git, read once by one walk over the commits: they change
 * with commits, not with edits. The history is drawn as a line chart on the dashboard; the
 * changelog has a page and an Atom feed. Both loaders share the one walk.
 */
export function historyLoaders(): { history: Loader; changelog: Loader } {
  let read: Promise<{ history: GapHistory; changelog: Changelog }> | undefined;
  // History is an extra: when git cannot tell it, the dashboard and the changelog say so instead of failing the build.
  const walk = () =>
    (read ??= readSpecHistory(resolve(specDir())).catch((error: unknown) => {
      const note = `No history: ${error instanceof Error ? error.message : String(error)}`;
      return { history: { points: [], note }, changelog: { entries: [], note } };
    }));
  return {
    history: {
      name: 'specbench-history',
      load: async ({ store, logger, parseData }) => {
        const { history } = await walk();
        const svg = historyChartSvg(history);
        const data = { ...history, ...(svg ? { svg } : {}) };
        store.clear();
        store.set({ id: 'history', data: await parseData({ id: 'history', data }) });
        logger.info(`history: ${history.note}`);
      },
    },
    changelog: {
      name: 'specbench-changelog',
      load: async ({ store, parseData }) => {
        const { changelog } = await walk();
        store.clear();
        store.set({ id: 'changelog', data: await parseData({ id: 'changelog', data: changelog }) });
      },
    },
  };
}
