import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { ViteDevServer } from 'vite';
import { SpecSite, type SiteSettings } from './state.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const VIRTUAL = 'virtual:specbench/settings';
/** How long after reading changed files they are looked at again, in case they were being written. */
const SETTLE_MS = 200;

/** `astro dev`: the address that answers how many views the server has built (see `SpecSite.built`). */
export const VIEWS_BUILT = '/_specbench/views-built';

/** The spec's routes, relative to where its pages live (`route`), and the file that renders each. */
function routes(settings: SiteSettings): Array<{ pattern: string; entrypoint: string }> {
  const at = (pattern: string) => `/${settings.route}${pattern}`.replace(/\/$/, '') || '/';
  return [
    { pattern: at(''), entrypoint: here('./routes/dashboard.astro') },
    { pattern: at('[area]'), entrypoint: here('./routes/area.astro') },
    { pattern: at('[area]/[id]'), entrypoint: here('./routes/item.astro') },
    { pattern: at('[area]/list/[page]'), entrypoint: here('./routes/area-list.astro') },
    { pattern: at('gaps/[...page]'), entrypoint: here('./routes/gaps.astro') },
    { pattern: at('changelog'), entrypoint: here('./routes/changelog.astro') },
    { pattern: at('changelog.xml'), entrypoint: here('./routes/changelog.xml.ts') },
    { pattern: at('print'), entrypoint: here('./routes/print.astro') },
    { pattern: at('print/[...part]'), entrypoint: here('./routes/print-part.astro') },
    { pattern: at('downloads/[file]'), entrypoint: here('./routes/download.ts') },
    ...(settings.guide ? [{ pattern: at('guide/[...page]'), entrypoint: here('./routes/guide.astro') }] : []),
  ];
}

/** The project's folders of scratch output (test builds, the benchmark's inputs), ignored by git. */
const SCRATCH = ['.cache', '.bench'];

/**
 * What `astro dev`'s watcher leaves alone: the project's scratch folders, where other processes
 * write whole sites (a test's build, the benchmark's) that would otherwise reach the dev server as
 * changes of its project and reload the open page. The spec folder is always watched, and so the
 * folders on its way, even when it lies inside a scratch folder (the benchmark's `dev` copy does).
 */
export function scratchIgnored(projectRoot: string, spec: string): (path: string) => boolean {
  const under = (path: string, folder: string) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
  const scratch = SCRATCH.map((name) => join(projectRoot, name));
  return (path) => scratch.some((folder) => under(path, folder)) && !under(path, spec) && !under(spec, path);
}

/**
 * The Astro side of the plugin: injects the spec's routes, hands the pages the site's settings
 * (a virtual module), and in `astro dev` follows the spec folder: an edit re-reads the file,
 * updates the analysis, drops the views it changed and reloads just those pages where they are
 * open (every page, while the spec has errors, for the banner).
 */
export function specbenchIntegration(settings: SiteSettings, label: string): AstroIntegration {
  let parentWatch: FSWatcher | undefined;
  return {
    name: 'specbench',
    hooks: {
      'astro:config:setup': ({ config, injectRoute, updateConfig }) => {
        for (const route of routes(settings)) injectRoute({ ...route, prerender: true });
        const module = `export const settings = ${JSON.stringify(settings)};\nexport const label = ${JSON.stringify(label)};`;
        updateConfig({
          vite: {
            server: { watch: { ignored: scratchIgnored(fileURLToPath(config.root), settings.spec) } },
            plugins: [
              {
                name: 'specbench-settings',
                resolveId: (id: string) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
                load: (id: string) => (id === `\0${VIRTUAL}` ? module : undefined),
              },
            ],
          },
        });
      },
      'astro:server:setup': ({ server, logger }) => {
        keepNoReloadForLater(server);
        const root = settings.spec;
        const inside = (path: string) => path === root || path.startsWith(root + sep);
        let queue: string[] = [];
        let running: Promise<void> | undefined;
        const reload = (path?: string) => (server.environments.client?.hot ?? server.hot).send(path === undefined ? { type: 'full-reload' } : { type: 'full-reload', path });
        void SpecSite.for(settings).then((site) => site.follow());
        const drain = async () => {
          const site = await SpecSite.for(settings);
          while (queue.length > 0) {
            const changed = [...new Set(queue)];
            queue = [];
            // A file written in steps may have been read half way: once the steps are done, it is read again.
            setTimeout(() => void site.unsettled(changed).then((again) => again.forEach(changedPath)), SETTLE_MS);
            const started = performance.now();
            try {
              const { pages, all } = await site.refresh(changed.includes(root) ? undefined : changed);
              const took = Math.round(performance.now() - started);
              if (site.problems) logger.error(`The spec has errors; the pages keep the last good content.\n\n${site.problems.text}`);
              else logger.info(`${changed.length === 1 ? 'a file' : `${changed.length} files`} changed: ${pages.length} ${pages.length === 1 ? 'page' : 'pages'} to reload (${took} ms)`);
              // Astro keeps each route's list of pages: an item added or removed changes it.
              for (const [name, environment] of Object.entries(server.environments)) if (name !== 'client') environment.hot.send('astro:content-changed', {});
              if (all) reload();
              else for (const page of pages) reload(`/${settings.route}${page}index.html`);
            } catch (error) {
              logger.error(error instanceof Error ? error.message : String(error));
            }
          }
        };
        const changedPath = (path: string) => {
          if (!inside(path)) return;
          queue.push(path);
          running ??= drain().finally(() => {
            running = undefined;
          });
        };
        // How many views the server has built so far (`astro dev` only): read before and after a
        // request, what that request cost, counted from before Astro matches its route.
        server.middlewares.use(VIEWS_BUILT, (_request, response) => {
          void SpecSite.for(settings).then(
            (site) => response.end(String(site.built)),
            () => response.end('0'),
          );
        });
        server.watcher.add(root);
        for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) server.watcher.on(event, changedPath);
        parentWatch = followReturns(root, server.watcher, changedPath, logger);
      },
      'astro:server:done': () => {
        parentWatch?.close();
        parentWatch = undefined;
      },
    },
  };
}

/**
 * A first `npm run dev` showed a blank page on the first load: while the server starts, Astro's
 * content sync and its types write files, and each write asks every open page to reload. With no
 * page open, Vite keeps the last such request and hands it to the first page that connects, which
 * then reloads as it loads, its scripts and styles cut off half way. A reload with no page open
 * reloads nothing (a page that connects later was rendered after the change), so it is dropped
 * here; with a page open, every reload goes out as before.
 */
function keepNoReloadForLater(server: ViteDevServer): void {
  const channel = server.environments.client?.hot;
  if (!channel) return;
  const send = channel.send.bind(channel) as (...args: unknown[]) => void;
  channel.send = ((...args: unknown[]) => {
    const [payload] = args;
    const reload = typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'full-reload';
    if (reload && server.ws.clients.size === 0) return;
    send(...args);
  }) as typeof channel.send;
}

/**
 * Keeps following the spec folder after it is moved away and back (a branch switch, a rename, a
 * restore), and returns what watches for that. Vite's watcher (chokidar 3) drops a folder it was
 * given once the folder is gone, closing its watches, and watches nothing above it, so nothing
 * saw the folder come back: after that no change was followed until a restart, unless the folder
 * was back before chokidar noticed it had gone, which is why it happened only now and then. The
 * folder's parent is watched here, that folder alone and not what is below it; once chokidar has
 * dropped the spec folder (its `unlinkDir`, after which it closes the folder's watches), the folder
 * is given to chokidar again as soon as it is there, and read whole.
 */
function followReturns(root: string, watcher: ViteDevServer['watcher'], changed: (path: string) => void, logger: AstroIntegrationLogger): FSWatcher | undefined {
  const parent = dirname(root);
  if (parent === root) return undefined;
  let dropped = false;
  const reattach = () => {
    if (!dropped || !isFolder(root)) return;
    dropped = false;
    watcher.add(root);
    changed(root);
    // Chokidar sets its watches up while the folder is read: an edit made meanwhile is read again here.
    setTimeout(() => changed(root), SETTLE_MS);
  };
  watcher.on('unlinkDir', (path: string) => {
    if (path !== root) return;
    dropped = true;
    // After chokidar has closed the folder's watches (right after it says so); the folder may be back already.
    setImmediate(reattach);
  });
  try {
    const parentWatch = watch(parent, { persistent: false }, (_event, name) => {
      if (name === null || name === basename(root)) reattach();
    });
    parentWatch.on('error', (error) => {
      logger.warn(`${parent} can no longer be watched (${error.message}); if ${root} is moved away and back, restart the dev server.`);
      parentWatch.close();
    });
    return parentWatch;
  } catch (error) {
    logger.warn(`${parent} cannot be watched (${error instanceof Error ? error.message : String(error)}); if ${root} is moved away and back, restart the dev server.`);
    return undefined;
  }
}

/** Whether `path` is a folder now (a folder that cannot be looked at is not there yet). */
function isFolder(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
