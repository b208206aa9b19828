import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { mockServer } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readGapsHeader, readSpecDir, type MockOptions } from '../../src/lib/index.ts';
import { onTestFinished } from 'vitest';
import { cli } from '../helpers.ts';

/** The repository's root: the command line runs from here, as `npm run specbench -- mock` does. */
const ROOT = resolve(import.meta.dirname, '..', '..');

/** A mock (the core, in this process) behind the command line's node:http server, on a free port of 127.0.0.1. */
export interface Served {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  mock: Mock;
  /** The log lines so far. */
  log: string[];
  close(): Promise<void>;
}

export async function serve(dir: string, options: MockOptions = {}): Promise<Served> {
  const mock = new Mock(analyze(await readSpecDir(dir)), options);
  const log: string[] = [];
  const server = mockServer(mock, (line) => log.push(line));
  // No idle deadline on kept-alive connections: a test that reloads the spec between two calls can
  // leave its connection idle past Node's 5 s on a busy machine, and the server's close of it then
  // meets the next request (ECONNRESET, seen at load 15). `close` ends every connection.
  server.keepAliveTimeout = 0;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    mock,
    log,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** One answer, read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON, when it is JSON. */
  json: unknown;
  /** The ids `Specbench-Gaps` lists. */
  gaps: string[];
}

export async function call(origin: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, { method: init.method ?? 'GET', headers: init.headers ?? {}, ...(init.body !== undefined ? { body: init.body } : {}) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, gaps: readGapsHeader(response.headers.get('specbench-gaps') ?? '') };
}

/** The head of a response exactly as the bytes came (status line and header lines), read from a plain socket. */
export function rawHead(origin: string, request: string): Promise<string[]> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const end = data.indexOf('\r\n\r\n');
      if (end >= 0) {
        socket.destroy();
        done(data.slice(0, end).split('\r\n'));
      }
    });
    socket.on('error', fail);
  });
}

/** The gaps `specbench gaps --format json` lists for a spec folder (the real command line, in this process), by id. */
export async function gapsJson(dir: string): Promise<Map<string, Record<string, unknown>>> {
  const { code, out } = await cli(['gaps', '--format', 'json', '--spec', dir, '--no-cache']);
  if (code !== 0) throw new Error(`gaps exited ${code}`);
  const report = JSON.parse(out) as { areas: Array<{ gaps: Array<Record<string, unknown>> }> };
  return new Map(report.areas.flatMap((a) => a.gaps).map((g) => [String(g.id), g]));
}

/** A real `specbench mock` process (the command line's bundle, as users run it) on a free port, and what it prints. */
export interface MockProcess {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  /** `origin` and the base path. */
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves at the first stdout line after `from` characters that matches. */
  line(pattern: RegExp, from?: number): Promise<string>;
  /** Ends it with a signal and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startMock(args: string[], env: Record<string, string> = {}): Promise<MockProcess> {
  const child = spawn(process.execPath, ['src/cli/launch.mjs', 'mock', '--port', '0', ...args], { cwd: ROOT, env: { ...process.env, SPEC_DIR: '', SPECBENCH_EDIT_URL: '', ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const wake of [...waiters]) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // A test that fails before it stops its server (a call never answered) leaves no process behind.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const line = (pattern: RegExp, from = 0) =>
    new Promise<string>((done, fail) => {
      const look = () => {
        const hit = stdout.slice(from).split('\n').find((l) => pattern.test(l));
        if (hit !== undefined) {
          waiters.delete(look);
          done(hit);
        }
      };
      waiters.add(look);
      void exited.then((code) => fail(new Error(`specbench mock exited (${String(code)}) before printing ${String(pattern)}:\n${stdout}\n${stderr}`)));
      look();
    });
  const ready = await line(/^specbench mock: serving /);
  const url = /(http:\/\/\S+)/.exec(ready)?.[1] ?? '';
  return {
    child,
    origin: new URL(url).origin,
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    line,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}
