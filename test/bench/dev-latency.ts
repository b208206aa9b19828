// `astro dev` on a copy of a spec (issue 22): how long until the first item page is served, how long
// one edit of an endpoint's title takes to show on its served page, what the edit made the server
// do again (its log's pages to reload, the server's count of views built, read before and after each request), and its peak memory.
import type { ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { VIEWS_BUILT } from '../../src/site/integration.ts';
import type { Input } from './inputs.ts';
import { median, round, startGroup, stopGroup, watchGroup } from './measure.ts';

export const DEV_COMMAND = 'SPEC_DIR=DIR node node_modules/astro/bin/astro.mjs dev --ignore-lock (what `npm run dev` runs, without npm\'s wrapper process)';
/** The longest the benchmark waits for the first page, and for one edit to show. */
const START_LIMIT_MS = 900_000;
const EDIT_LIMIT_MS = 120_000;

/** A count for each page the benchmark asks for: the item's page that is edited, the dashboard, another item's page. */
type Pages = { edited: number; dashboard: number; other: number };

export interface DevFigures {
  firstPageS: number;
  /** Views built to serve each page the first time. */
  firstViews: Pages;
  editMs: number;
  edits: number[];
  /** Views built again after an edit (median of the edits): on the edited page (the requests until it showed it), then the dashboard, another item's page. */
  rebuilt: Pages;
  /** What the server's log said of an edit (median of the edits): the pages it reloads, and how long the analysis took. */
  reload: { pages: number; ms: number } | undefined;
  peakMb: number;
  largestMb: number;
}

/** A dev server started for the benchmark. */
interface Server {
  child: ChildProcess;
  /** The end of what it printed. */
  output: () => string;
  /** What its log said of edits since the last call: each `a file changed: N pages to reload (M ms)`. */
  reloads: () => Array<{ pages: number; ms: number }>;
  origin: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 4321));
    });
  });
}

/** `astro dev` of the spec folder `dir`, in a process group of its own. */
async function startServer(dir: string): Promise<Server> {
  const port = await freePort();
  // --ignore-lock: a server of the project's own (or a lock file left by a server that was ended) does not stop this one.
  const { child, output } = startGroup(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--ignore-lock', '--port', String(port), '--host', '127.0.0.1'], { env: { ...process.env, SPEC_DIR: dir, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' } });
  let seen: Array<{ pages: number; ms: number }> = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString('utf8').matchAll(/changed: (\d+) pages? to reload \((\d+) ms\)/g)) seen.push({ pages: Number(m[1]), ms: Number(m[2]) });
  });
  const reloads = () => {
    const taken = seen;
    seen = [];
    return taken;
  };
  return { child, output, reloads, origin: `http://127.0.0.1:${port}` };
}

/** One request for the page: its text and how many views the server built for it (empty when not served yet). */
async function fetchPage(url: string): Promise<{ text: string; views: number }> {
  try {
    const count = async () => Number(await (await fetch(`${new URL(url).origin}${VIEWS_BUILT}`)).text());
    const before = await count();
    const response = await fetch(url);
    const text = await response.text();
    return { text, views: (await count()) - before };
  } catch {
    return { text: '', views: 0 };
  }
}

/** Asks for the page every `everyMs` until `done` says it is what was awaited: the time it took and the views built meanwhile. */
async function until(server: Server, url: string, done: (text: string) => boolean, limitMs: number, everyMs: number): Promise<{ ms: number; views: number }> {
  const started = performance.now();
  let views = 0;
  for (;;) {
    const page = await fetchPage(url);
    views += page.views;
    if (done(page.text)) return { ms: performance.now() - started, views };
    if (server.child.exitCode !== null) throw new Error(`the dev server stopped (exit ${server.child.exitCode})`);
    if (performance.now() - started > limitMs) throw new Error(`${url} did not show what was awaited within ${limitMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** The item file with its title replaced by `title` (added where it has none). */
const retitled = (text: string, title: string) => (/^title: /m.test(text) ? text.replace(/^title: .*$/m, `title: ${title}`) : `${text}title: ${title}\n`);

/** The page of an item file (`endpoints/x.yaml`) on the dev server. */
const pageOf = (server: Server, itemFile: string) => `${server.origin}/${itemFile.replace(/\.ya?ml$/, '')}/`;
const hasHeading = (text: string) => text.includes('<h1');

/** Each page served the first time: the views built for it, and when the first (the edited item's) was served, s after `started`. */
async function firstPages(server: Server, urls: Record<keyof Pages, string>, started: number): Promise<{ views: Pages; firstPageS: number }> {
  const edited = (await until(server, urls.edited, hasHeading, START_LIMIT_MS, 250)).views;
  const firstPageS = round((performance.now() - started) / 1000, 1);
  const views = async (url: string) => (await until(server, url, hasHeading, EDIT_LIMIT_MS, 250)).views;
  return { views: { edited, dashboard: await views(urls.dashboard), other: await views(urls.other) }, firstPageS };
}

/** One edit of the item's title: how long until its page shows it, the views built again, and what the server's log said of it. */
async function timeEdit(server: Server, file: string, original: string, urls: Record<keyof Pages, string>, r: number) {
  const marker = `Edited ${r} ${Date.now()}`;
  server.reloads();
  writeFileSync(file, retitled(original, marker));
  const shown = await until(server, urls.edited, (text) => text.includes(marker), EDIT_LIMIT_MS, 20);
  const views: Pages = { edited: shown.views, dashboard: (await fetchPage(urls.dashboard)).views, other: (await fetchPage(urls.other)).views };
  const logged = server.reloads();
  const reload = logged.length > 0 ? { pages: logged.reduce((n, l) => n + l.pages, 0), ms: logged.reduce((n, l) => n + l.ms, 0) } : undefined;
  return { ms: round(shown.ms), views, reload };
}

/** The figures of `astro dev` on a copy of the input's spec, editing its first endpoint's title `edits` times. */
export async function devLatency(input: Input, edits = 5): Promise<DevFigures> {
  const dir = `${input.dir}-dev`;
  rmSync(dir, { recursive: true, force: true });
  cpSync(input.dir, dir, { recursive: true });
  const started = performance.now();
  const server = await startServer(dir);
  if (server.child.pid === undefined) throw new Error('could not start the dev server');
  const watch = watchGroup(server.child.pid);
  const urls = { edited: pageOf(server, input.endpoint), dashboard: `${server.origin}/`, other: pageOf(server, input.otherEndpoint) };
  try {
    const first = await firstPages(server, urls, started);
    const file = join(dir, input.endpoint);
    const original = readFileSync(file, 'utf8');
    const timed: Array<Awaited<ReturnType<typeof timeEdit>>> = [];
    for (let r = 0; r < edits; r++) timed.push(await timeEdit(server, file, original, urls, r));
    const peak = watch.peak();
    const middle = (key: keyof Pages) => median(timed.map((t) => t.views[key]));
    const logged = timed.flatMap((t) => (t.reload ? [t.reload] : []));
    return {
      firstPageS: first.firstPageS,
      firstViews: first.views,
      editMs: round(median(timed.map((t) => t.ms))),
      edits: timed.map((t) => t.ms),
      rebuilt: { edited: middle('edited'), dashboard: middle('dashboard'), other: middle('other') },
      reload: logged.length === edits ? { pages: median(logged.map((l) => l.pages)), ms: median(logged.map((l) => l.ms)) } : undefined,
      peakMb: round(peak.group),
      largestMb: round(peak.largest),
    };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the dev server said:\n${server.output()}`);
  } finally {
    watch.stop();
    await stopGroup(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
