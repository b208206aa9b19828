import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { userEnv } from '../site/build.ts';

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts headless Chromium; fails with what to install when there is none. */
export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: the browser tests need one. On Debian or Ubuntu: \`sudo apt-get install chromium\` ` +
        '(README’s test command does this); elsewhere set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `astro preview` of a built site on a free loopback port; `stop()` ends it. Astro runs one per project at a time. */
export async function preview(outDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  return serve(['preview', '--outDir', outDir], {}, `astro preview of ${outDir}`);
}

/** `npm run dev`'s server (`astro dev`) over a spec folder, on a free loopback port; `stop()` ends it. */
export async function dev(specDir: string): Promise<{ url: string; stop: () => Promise<void>; output: () => string }> {
  return serve(['dev'], { SPEC_DIR: specDir, NODE_ENV: 'development' }, `astro dev of ${specDir}`);
}

async function serve(args: string[], env: Record<string, string>, what: string): Promise<{ url: string; stop: () => Promise<void>; output: () => string }> {
  const port = await freePort();
  // `--ignore-lock`: each test's server on its own port, whatever another left in Astro's one-server-per-project lock
  // (a server stopped a moment ago, or another test file's); it also keeps the server in the foreground, as a test needs.
  const child: ChildProcess = spawn('npx', ['astro', ...args, '--port', String(port), '--host', '127.0.0.1', '--ignore-lock'], {
    env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  // Asked until it answers (however long a busy machine takes: the test's own timeout bounds it), or until it ends.
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended) {
    const ok = await fetch(`${url}/`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.ok).catch(() => false);
    if (ok) return { url, stop, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} ended before it answered on ${url}:\n${output}`);
}
