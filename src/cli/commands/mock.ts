import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Mock, specDir, visible, type MockOutcome } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { watchFolder } from '../watch.ts';
import { commandWorkspace } from '../workspace.ts';

/** Prism's port, which client developers already point their code at. */
const DEFAULT_PORT = 4010;
/** The largest request body read; past it the call is refused (413) and the connection closed. */
const MAX_BODY = 16 * 1024 * 1024;
/** Gap ids shown on one log line; the rest are counted. */
const LOGGED_GAPS = 8;

/** `--port`: a number from 0 (any free port) to 65535. */
function portOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`--port takes a number from 0 to 65535 (0: any free port), not \`${value}\``);
  return Number(value);
}

/** A request's body, up to `MAX_BODY` bytes; undefined when it is larger. */
function readBody(req: IncomingMessage): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? undefined : new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** One log line for an answer: method, target, status, time, endpoint and the gaps it named; then its notes. */
function logLine(method: string, url: string, outcome: MockOutcome, ms: number): string {
  const { response, endpoint, gaps } = outcome;
  const shown = gaps.slice(0, LOGGED_GAPS).map((g) => visible(g));
  const more = gaps.length > LOGGED_GAPS ? ` and ${gaps.length - LOGGED_GAPS} more` : '';
  const line = `${visible(method)} ${visible(url)} -> ${response.status} in ${ms.toFixed(1)} ms${endpoint !== undefined ? ` [${endpoint}]` : ''}${gaps.length > 0 ? ` gaps: ${shown.join(', ')}${more}` : ''}`;
  return [line, ...outcome.notes.map((n) => `  note: ${visible(n)}`)].join('\n');
}

/**
 * The mock behind node:http: each request's body read (up to `MAX_BODY`), answered by the core and
 * written as it answered; `log` hears one line (and its notes) per request.
 */
export function mockServer(mock: Mock, log: (line: string) => void): Server {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const begun = performance.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    void (async () => {
      const body = await readBody(req).catch(() => new Uint8Array());
      const outcome: MockOutcome =
        body === undefined
          ? { response: { status: 413, headers: [['Content-Type', 'text/plain'], ['Connection', 'close']], body: new TextEncoder().encode(`The mock reads bodies of ${MAX_BODY} bytes at most.\n`) }, gaps: [], unanswered: [], notes: [] }
          : await mock.handle({ method, url, headers: req.headers, body, ...(req.socket.remoteAddress !== undefined ? { client: req.socket.remoteAddress } : {}) });
      const { status, headers, body: sent } = outcome.response;
      try {
        res.writeHead(status, [...headers.flat(), 'Content-Length', String(sent.length)]);
        res.end(sent);
      } catch (error) {
        // A header Node refuses: the answer is a plain 500, never a broken response.
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(`The mock could not send its answer: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
      log(logLine(method, url, outcome, performance.now() - begun));
    })();
  });
  server.keepAliveTimeout = 5000;
  return server;
}

/**
 * `specbench mock`: a mock server on node:http for the spec folder, following its edits through
 * the live workspace (the engine `check` and the language server use) without a restart. Each
 * request is one log line on stdout with the gaps it ran into; `/_specbench/hits` sums them up.
 * Ends cleanly on SIGINT or SIGTERM.
 */
export async function mockCommand(options: Options, io: Io): Promise<number> {
  const dir = options.spec ?? specDir(io.env);
  const port = portOf(options.port);
  const host = options.host ?? '127.0.0.1';
  const started = performance.now();
  const { workspace, save } = await commandWorkspace(dir, options, io);
  const editUrl = io.env.SPECBENCH_EDIT_URL?.trim() || undefined;
  const mock = new Mock(workspace.analysis, { auth: options.auth !== false, limits: options.limits !== false, ...(editUrl !== undefined ? { editUrl } : {}) });
  mock.warm();
  const errorsIn = () => workspace.analysis.diagnostics.filter((d) => d.severity === 'error').length;
  const warnErrors = () => {
    const n = errorsIn();
    if (n > 0) io.err(`specbench mock: warning: the spec has ${n} error${n === 1 ? '' : 's'} (\`specbench check\` lists them); what could not be read is not served.\n`);
  };
  warnErrors();
  const stopListening = workspace.onChange((update) => {
    mock.load(update.analysis);
    mock.warm();
    const changed = [...update.changed].sort();
    io.out(`specbench mock: reloaded after a change to ${changed.slice(0, 3).map((c) => visible(c)).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}: ${mock.endpoints} endpoints\n`);
    warnErrors();
    save();
  });
  const watch = watchFolder(dir, (paths) => workspace.refresh(paths).then(() => undefined), {
    onError: (error) => io.err(`specbench mock: watching ${visible(dir)}: ${error instanceof Error ? error.message : String(error)}\n`),
  });

  const server = mockServer(mock, (line) => io.out(`${line}\n`));

  const listening = await new Promise<string | undefined>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.message));
    server.listen(port, host, () => resolve(undefined));
  });
  if (listening !== undefined) {
    watch.close();
    stopListening();
    save();
    io.err(`specbench mock: cannot listen on ${visible(host)}:${port}: ${listening}\n`);
    return EXIT.usage;
  }
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      watch.close();
      stopListening();
      server.close(() => {
        save();
        io.out(`specbench mock: stopped (${signal})\n`);
        resolve(EXIT.ok);
      });
      server.closeAllConnections();
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    // Before the ready line: a signal sent as soon as it is read ends the server cleanly, cache saved.
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
  io.out(`specbench mock: serving ${mock.endpoints} endpoints of ${visible(dir)} at http://${visible(shownHost)}:${bound}${visible(mock.basePath)} (ready in ${Math.round(performance.now() - started)} ms; gaps clients hit: /_specbench/hits)\n`);
  // What the first read added to the cache is written once the server answers: nothing it answers waits for it.
  save();
  return stopped;
}
