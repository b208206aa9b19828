// `astro dev` keeps following the spec folder after it is moved away and back (issue 30): Vite's
// watcher dropped the folder once it was gone and nothing saw it come back, so no edit was followed
// again until a restart. The real dev server on a copy of the complete fixture, started here (not in
// the site project, whose global setup builds every site first).
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.ts';
import { userEnv } from '../site/build.ts';

let base: string;
let spec: string;
let server: { url: string; output: () => string; next: () => Promise<void>; stop: () => Promise<void> } | undefined;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `astro dev` over a spec folder in a process group of its own; `--ignore-lock`: the site project's dev server may run beside it. */
async function startDev(dir: string): Promise<NonNullable<typeof server>> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--ignore-lock', '--port', String(port), '--host', '127.0.0.1'], {
    // Not the test runner's environment: Vite reads VITEST and NODE_ENV=test as running under Vitest.
    env: { ...userEnv(), SPEC_DIR: dir, NODE_ENV: 'development', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let waiting: Array<() => void> = [];
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiting) wake();
    waiting = [];
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  let ended = false;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => {
    ended = true;
    for (const wake of waiting) wake();
  });
  const made = {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    /** Until the server prints something more, or ends. */
    next: () => (ended ? Promise.resolve() : new Promise<void>((wake) => waiting.push(wake))),
    stop: async () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      await exited;
    },
  };
  while (!/ready in/.test(output)) {
    if (ended) throw new Error(`astro dev of ${dir} ended before it was ready:\n${output}`);
    await made.next();
  }
  return made;
}

/** Waits for the server to print `pattern` after `from` (its output's length then), line by line as it prints; fails if it ends first. */
async function printed(pattern: RegExp, from: number, what: string): Promise<void> {
  const dev = server;
  if (!dev) throw new Error('no server');
  while (!pattern.test(dev.output().slice(from))) {
    const before = dev.output().length;
    await dev.next();
    if (dev.output().length === before) throw new Error(`astro dev ended before ${what}:\n${dev.output()}`);
  }
}

/** The title of a served page; undefined while the server drops the connection (Vite restarting it, its first load on a busy machine). */
async function title(path: string): Promise<string | undefined> {
  let html: string;
  try {
    html = await (await fetch(`${server?.url}${path}`)).text();
  } catch {
    return undefined;
  }
  return /<h1[^>]*>([^<]*)</.exec(html)?.[1]?.trim();
}

/**
 * Asks for the page until its title is `expected`, at most `tries` times, each after the server
 * printed something or a quarter of a second: the count only keeps a failure from hanging.
 */
async function titleBecomes(path: string, expected: string, tries = 400): Promise<void> {
  let seen: string | undefined;
  for (let i = 0; i < tries; i++) {
    seen = await title(path);
    if (seen === expected) return;
    await Promise.race([server?.next(), new Promise((wake) => setTimeout(wake, 250))]);
  }
  expect(seen, `${path} after ${tries} requests`).toBe(expected);
}

/** An item's title changed as an editor saves: written beside it, then renamed over it. */
async function retitle(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(`title: ${from}`);
  const temporary = join(await mkdtemp(join(tmpdir(), 'specbench-edit-')), 'file.yaml');
  await writeFile(temporary, text.replace(`title: ${from}`, `title: ${to}`));
  await rename(temporary, file);
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'specbench-moved-'));
  spec = join(base, 'spec');
  await cp(fixture('complete'), spec, { recursive: true });
  server = await startDev(spec);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await rm(base, { recursive: true, force: true });
});

describe('astro dev after the spec folder is moved away and back', () => {
  it('follows edits again, whether the same folder comes back or a copy of it', async () => {
    const away = join(base, 'away');
    await titleBecomes('/events/order.shipped/', 'Order shipped');

    // Moved away: the server says so once it has noticed (its watcher has let the folder go).
    let from = server?.output().length ?? 0;
    await rename(spec, away);
    await printed(/The spec folder `.*` is not there any more/, from, 'it noticed the spec folder was gone');
    // Moved back: the server reads it again, and follows an edit.
    from = server?.output().length ?? 0;
    await rename(away, spec);
    await printed(/\[specbench\] (a file|\d+ files) changed: /, from, 'it read the spec folder again');
    await retitle(join(spec, 'events/order.shipped.yaml'), 'Order shipped', 'Shipped after the move');
    await titleBecomes('/events/order.shipped/', 'Shipped after the move');

    // Away again, and a copy comes back in its place (a new folder, as a branch switch makes it).
    from = server?.output().length ?? 0;
    await rename(spec, away);
    await printed(/The spec folder `.*` is not there any more/, from, 'it noticed the spec folder was gone again');
    from = server?.output().length ?? 0;
    await cp(away, spec, { recursive: true });
    await rm(away, { recursive: true });
    await printed(/\[specbench\] (a file|\d+ files) changed: /, from, 'it read the copied spec folder');
    await retitle(join(spec, 'errors/order_not_found.yaml'), 'Order not found', 'No such order');
    await titleBecomes('/errors/order_not_found/', 'No such order');
    await retitle(join(spec, 'events/order.shipped.yaml'), 'Shipped after the move', 'Shipped once more');
    await titleBecomes('/events/order.shipped/', 'Shipped once more');
  }, 300_000);
});
