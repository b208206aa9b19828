// A first `npm run dev` shows the page on the first load (issue 33): while the server started,
// Astro's content sync and types wrote files, each asking open pages to reload; with none open,
// Vite kept the request and gave it to the first page that connected, which reloaded as it loaded
// (blank, its scripts cut off). The real dev server, cold (empty caches, as in a new project), and
// headless Chromium; started here, not in the site project, whose global setup builds every site.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from '../browser/browser.ts';
import { fixture } from '../helpers.ts';
import { userEnv } from '../site/build.ts';

let base: string;
let browser: Browser | undefined;
let server: { url: string; stop: () => Promise<void> } | undefined;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `astro dev` with empty caches, until it says it is ready; nothing is asked of it before the browser asks. */
async function startCold(spec: string): Promise<NonNullable<typeof server>> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--ignore-lock', '--config', 'test/dev/first-load.config.mjs', '--port', String(port), '--host', '127.0.0.1'], {
    // Not the test runner's environment: Vite reads VITEST and NODE_ENV=test as running under Vitest.
    env: {
      ...userEnv(),
      SPEC_DIR: spec,
      SPECBENCH_VITE_CACHE: join(base, 'vite'),
      SPECBENCH_ASTRO_CACHE: join(base, 'astro'),
      NODE_ENV: 'development',
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let ended = false;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    const heard = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in/.test(output)) ready();
    };
    child.stdout?.on('data', heard);
    child.stderr?.on('data', heard);
    void exited.then(() => {
      ended = true;
      fail(new Error(`astro dev ended before it was ready:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (ended || !child.pid) return;
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'specbench-first-load-'));
  await cp(fixture('complete'), join(base, 'spec'), { recursive: true });
  browser = await launch();
  server = await startCold(join(base, 'spec'));
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await rm(base, { recursive: true, force: true });
});

/**
 * Run in the page: a ping on its own HMR connection (the Vite client's module, the one the page
 * loaded), answered by the test config's plugin. Written as text, as the test runner would rewrite
 * a dynamic import in a function before the browser sees it.
 */
const PING = `(async () => {
  const { createHotContext } = await import('/@vite/client');
  const hot = createHotContext('/@specbench/first-load-test');
  await new Promise((answered) => {
    hot.on('specbench:test-pong', () => answered());
    hot.send('specbench:test-ping', {});
  });
})()`;

describe('a first npm run dev', () => {
  it('shows the dashboard on the first load of /, without reloading it', async () => {
    const page = await (browser as Browser).newPage();
    const navigations: string[] = [];
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => /"full-reload"/.test(String(payload)) && reloads.push(String(payload))));
    const response = await page.goto(`${server?.url}/`, { waitUntil: 'load', timeout: 240_000 });
    expect(response?.status()).toBe(200);
    // A round trip on the page's own HMR connection: whatever the server sent it on connecting has come before the answer.
    await page.evaluate(PING);
    expect(reloads).toEqual([]);
    expect(navigations).toEqual([`${server?.url}/`]);
    // The dashboard, whole: the service's name as the title, and the coverage of the areas below it.
    await expect(page.locator('main h1').textContent()).resolves.toBe('Order Service');
    await expect(page.locator('main h2#dashboard').textContent()).resolves.toBe('Spec dashboard');
    await page.close();
  }, 300_000);
});
