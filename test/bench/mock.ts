// `npx node test/bench/mock.ts [--spec github,DIR,...] [--requests N] [--clients N] [--no-prism] [--out DIR]`
//
// `specbench mock` as users run it (issue 35), beside Stoplight Prism serving `specbench export
// openapi` of the same spec, with the same scripted calls, on each spec named (default: GitHub's
// REST description imported, and the half-written fixture, whose open facets show what each server
// does with them): one call per stated endpoint (its path parameters, required query and header
// parameters and credentials filled from what the spec states), then N calls (default 10,000) from
// 50 concurrent clients on keep-alive connections.
//
//   ready      start to the "listening" line, cold (an empty cache folder) and warm (the cache the
//              cold start left; the same build of Specbench); Prism's start to its "listening" line
//   latency    p50 / p99 / max per call seen by the clients, after one warm-up pass; beside it the
//              server's own time per call (its log line) and the machine's floor (node:http
//              answering `{}` to the same clients), since the clients share the machine
//   RSS        the server process's peak resident memory (VmHWM) after the run
//   gap named  calls whose answer names a gap of the spec (Specbench-Gaps, or a gap id in the body)
//   invented   calls whose answer the spec leaves open (its success response, or that response's
//              body shape, is a gap), answered 2XX with a body anyway: a body made up for an open facet
//
// Prism (`@stoplight/prism-cli`, the version below) is installed once into .cache/prism with
// `npm install` (the only step with network). Results go to DIR/mock.json (default .bench/).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { analyze, exportOpenApi, readSpecDir, readGapsHeader, type Analysis } from '../../src/lib/index.ts';
import { prepare } from './inputs.ts';
import { round } from './measure.ts';

export const PRISM_PACKAGE = '@stoplight/prism-cli@5.16.0';
const PRISM_DIR = join('.cache', 'prism');

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const statedOf = (v: unknown) => (isObj(v) && ('open' in v || 'none' in v) ? undefined : v);

/** One scripted call. */
interface Call {
  endpoint: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The spec leaves the answer open: the success response, or its body's shape, is a gap. */
  open: boolean;
  /** The endpoint's gap ids, for finding them in an answer that names none by header. */
  gaps: string[];
}

/** A value the spec states for a parameter (example, default, allowed value), else one of its type. */
function valueOf(p: unknown): string {
  const x = isObj(p) ? p : {};
  const examples = statedOf(x.examples);
  if (Array.isArray(examples) && examples.length > 0) return String(examples[0]);
  if ('default' in x && statedOf(x.default) !== undefined) return String(x.default);
  const allowed = statedOf(x.allowed);
  if (Array.isArray(allowed) && allowed.length > 0) return String(allowed[0]);
  if (x.type === 'integer' || x.type === 'number') return '1';
  if (x.type === 'boolean') return 'true';
  if (x.format === 'uuid') return '00000000-0000-0000-0000-000000000001';
  return 'x1';
}

/** The key of the success response, as a mock picks it: the lowest 2XX, a 2XX range, `default`. */
function successKey(keys: readonly string[]): string | undefined {
  const exact = keys.filter((k) => /^2\d\d$/.test(k)).sort();
  return exact[0] ?? keys.find((k) => /^2XX$/i.test(k)) ?? (keys.includes('default') ? 'default' : undefined);
}

/** The scripted calls of a spec: one per endpoint whose method and path are stated. */
export function scriptedCalls(analysis: Analysis, base: string): Call[] {
  const gaps = new Set(analysis.assessment.gaps.map((g) => g.id));
  const seg = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const endpoints = analysis.spec.areas.find((a) => a.key === 'endpoints')?.items ?? [];
  const calls: Call[] = [];
  for (const e of endpoints) {
    const d = e.data as Obj;
    if (typeof statedOf(d.method) !== 'string' || typeof statedOf(d.path) !== 'string') continue;
    const groups = isObj(statedOf(d.parameters)) ? (d.parameters as Obj) : {};
    const group = (name: string) => (isObj(statedOf(groups[name])) ? (groups[name] as Obj) : {});
    const path = String(d.path).replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(valueOf(group('path')[name])));
    const query = Object.entries(group('query')).filter(([, p]) => isObj(p) && p.required === true).map(([n, p]) => `${encodeURIComponent(n)}=${encodeURIComponent(valueOf(p))}`);
    const headers: Record<string, string> = { authorization: 'Bearer token', 'x-api-key': 'key', accept: 'application/json' };
    for (const [n, p] of Object.entries(group('header'))) if (isObj(p) && p.required === true && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(n)) headers[n.toLowerCase()] = valueOf(p);
    const request = statedOf(d.request);
    let body: string | undefined;
    if (isObj(request) && !['GET', 'HEAD', 'DELETE'].includes(String(d.method))) {
      const example = 'example' in request ? request.example : isObj(request.content) && isObj(request.content['application/json']) ? request.content['application/json'].example : undefined;
      body = JSON.stringify(example ?? {});
      headers['content-type'] = 'application/json';
    }
    const responses = statedOf(d.responses);
    const prefix = `endpoints/${e.id}/responses`;
    let open = !isObj(responses);
    const key = isObj(responses) ? successKey(Object.keys(responses)) : undefined;
    if (isObj(responses) && key !== undefined) {
      const entry = responses[key];
      const at = `${prefix}/${seg(key)}`;
      if (gaps.has(at) || gaps.has(`${at}/schema`) || gaps.has(`${at}/schema/type`)) open = true;
      if (isObj(entry) && typeof entry.resource === 'string') for (const f of ['fields', 'value', 'value/type']) if (gaps.has(`resources/${entry.resource}/${f}`)) open = true;
    }
    calls.push({ endpoint: e.id, method: String(d.method), path: `${base}${path}${query.length ? `?${query.join('&')}` : ''}`, headers, ...(body !== undefined ? { body } : {}), open, gaps: [...gaps].filter((g) => g.startsWith(`endpoints/${e.id}/`)) });
  }
  return calls;
}

/** One answer: status, the time it took, whether it named a gap, whether it made up a body. */
interface Answered {
  status: number;
  ms: number;
  namedGap: boolean;
  invented: boolean;
}

function send(agent: Agent, port: number, call: Call): Promise<Answered> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, agent, method: call.method, path: call.path, headers: { ...call.headers, ...(call.body !== undefined ? { 'content-length': String(Buffer.byteLength(call.body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        const header = res.headers['specbench-gaps'];
        const named = (typeof header === 'string' && readGapsHeader(header).length > 0) || call.gaps.some((g) => text.includes(g));
        done({ status, ms, namedGap: named, invented: call.open && status >= 200 && status < 300 && text.trim() !== '' });
      });
    });
    req.on('error', fail);
    req.end(call.body);
  });
}

/** One pass over the calls, one at a time. */
async function pass(port: number, calls: readonly Call[]): Promise<Answered[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: Answered[] = [];
  for (const c of calls) out.push(await send(agent, port, c));
  agent.destroy();
  return out;
}

/** `total` calls from `clients` concurrent clients (each its own keep-alive connection), cycling through the calls. */
async function load(port: number, calls: readonly Call[], total: number, clients: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const call = calls[next++ % calls.length];
        if (call) times.push((await send(agent, port, call)).ms);
      }
    }),
  );
  agent.destroy();
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** A free TCP port of 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

/** Starts a server and resolves once it prints a line matching `ready` (its port, read from the line or given). */
function startServer(cmd: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; port: number; ms: number; line: RegExpExecArray; served: number[] }> {
  const started = performance.now();
  const served: number[] = [];
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const look = (chunk: Buffer) => {
      // The end of what it printed: a server may list every operation before it says it listens.
      out = (out + chunk.toString('utf8')).slice(-20_000);
      const m = ready.exec(out);
      if (m) {
        child.stdout?.off('data', look);
        child.stderr?.off('data', look);
        // What it goes on printing (a line per request) is read: the times the server says it took.
        child.stdout?.on('data', (more: Buffer) => {
          for (const t of more.toString('utf8').matchAll(/ -> \d+ in ([\d.]+) ms/g)) served.push(Number(t[1]));
        });
        child.stderr?.resume();
        done({ child, port: Number(m[1]), ms: performance.now() - started, line: m, served });
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => fail(new Error(`${cmd} ${args.join(' ')} exited (${String(code)}) before it was ready:\n${out.slice(-3000)}`)));
  });
}

/** A process's peak resident memory so far, MB. */
const peakMb = (pid: number | undefined) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** What one server did with the calls. */
export interface ServerFigures {
  readyMs: number;
  warmReadyMs?: number;
  calls: number;
  namedGap: number;
  open: number;
  invented: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  rssMb: number;
  /** The server's own time per call under the load, as its log reports it (ours only): p50 / p99. */
  serverP50?: number;
  serverP99?: number;
}

async function measure(port: number, child: ChildProcess, calls: readonly Call[], total: number, clients: number): Promise<Omit<ServerFigures, 'readyMs'>> {
  const first = await pass(port, calls);
  const times = await load(port, calls, total, clients);
  const statuses: Record<string, number> = {};
  for (const a of first) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    calls: first.length,
    namedGap: first.filter((a) => a.namedGap).length,
    open: calls.filter((c) => c.open).length,
    invented: first.filter((a) => a.invented).length,
    statuses,
    p50: round(percentile(times, 0.5), 2),
    p99: round(percentile(times, 0.99), 2),
    max: round(times[times.length - 1] ?? NaN, 1),
    rssMb: round(peakMb(child.pid)),
  };
}

/** Prism installed once into .cache/prism; the path of its command line's script. */
function setUpPrism(): string {
  const entry = join(PRISM_DIR, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  if (existsSync(entry)) return entry;
  mkdirSync(PRISM_DIR, { recursive: true });
  writeFileSync(join(PRISM_DIR, 'package.json'), `${JSON.stringify({ name: 'specbench-bench-prism', private: true }, null, 2)}\n`);
  console.error(`bench: installing ${PRISM_PACKAGE} into ${PRISM_DIR} (once)...`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', PRISM_PACKAGE], { cwd: PRISM_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  return entry;
}

/** Ours and Prism's figures on one spec folder, and the machine's floor. */
export interface MockResult {
  ours: ServerFigures;
  prism?: ServerFigures;
  floor: { p50: number; p99: number };
  calls: number;
}

/** Ours and Prism's figures on one spec folder. */
export async function mockBeside(dir: string, out: string, options: { requests: number; clients: number; prism: boolean }): Promise<MockResult> {
  const analysis = analyze(await readSpecDir(dir));
  const cache = resolve(join(out, 'cache', 'mock'));
  const env = { ...process.env, CACHE_DIR: cache, SPEC_DIR: '' };
  execFileSync('rm', ['-rf', cache]);
  // The checkout's bundle made now if a source changed since it was last made (the package a user
  // installs has it made): the cold start measures the mock, not esbuild.
  spawnSync(process.execPath, ['src/cli/launch.mjs', 'help'], { stdio: 'ignore', env });
  const ready = /serving .* at http:\/\/127\.0\.0\.1:(\d+)(\S*)/;
  // Cold: nothing in the cache; warm: the cache the cold start left.
  const cold = await startServer(process.execPath, ['src/cli/launch.mjs', 'mock', '--spec', dir, '--port', '0'], ready, env);
  await stop(cold.child);
  const warm = await startServer(process.execPath, ['src/cli/launch.mjs', 'mock', '--spec', dir, '--port', '0'], ready, env);
  // The base path the mock serves under, as its ready line says.
  const calls = scriptedCalls(analysis, warm.line[2] ?? '');
  const measured = await measure(warm.port, warm.child, calls, options.requests, options.clients);
  const own = warm.served.slice(calls.length).sort((a, b) => a - b);
  const ours = { readyMs: round(cold.ms), warmReadyMs: round(warm.ms), ...measured, serverP50: percentile(own, 0.5), serverP99: percentile(own, 0.99) };
  // The floor of the machine: node:http answering a constant, under the same clients.
  const floor = await trivialFloor(options.requests, options.clients);
  await stop(warm.child);
  if (!options.prism) return { ours, floor, calls: calls.length };
  const document = join(out, 'mock-openapi.json');
  writeFileSync(document, JSON.stringify(exportOpenApi(analysis)));
  const entry = setUpPrism();
  const port = await freePort();
  const prismServer = await startServer(process.execPath, [entry, 'mock', '-h', '127.0.0.1', '-p', String(port), document], new RegExp(`listening on http://127\\.0\\.0\\.1:(${port})`));
  // Prism serves the paths without the servers' base path.
  const prismCalls = scriptedCalls(analysis, '');
  const prism = { readyMs: round(prismServer.ms), ...(await measure(port, prismServer.child, prismCalls, options.requests, options.clients)) };
  await stop(prismServer.child);
  return { ours, prism, floor, calls: calls.length };
}

/** Latency of node:http answering `{}` to the same number of calls from the same clients: what the machine allows. */
async function trivialFloor(total: number, clients: number): Promise<{ p50: number; p99: number }> {
  const script = "const s=require('node:http').createServer((q,r)=>{q.resume();q.on('end',()=>{r.writeHead(200,{'content-type':'application/json'});r.end('{}')})});s.listen(0,'127.0.0.1',()=>console.log('listening on http://127.0.0.1:'+s.address().port))";
  const server = await startServer(process.execPath, ['-e', script], /listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const times = await load(server.port, [{ endpoint: '-', method: 'GET', path: '/', headers: {}, open: false, gaps: [] }], total, clients);
  await stop(server.child);
  return { p50: round(percentile(times, 0.5), 2), p99: round(percentile(times, 0.99), 2) };
}

/** The figures as a Markdown table. */
export function mockTable(r: MockResult, total: number, clients: number): string {
  const row = (name: string, f: ServerFigures | undefined) =>
    f === undefined ? undefined : `| ${name} | ${f.readyMs} ms${f.warmReadyMs !== undefined ? ` (warm ${f.warmReadyMs} ms)` : ''} | ${f.p50} / ${f.p99} / ${f.max} ms | ${f.rssMb} MB | ${f.namedGap} of ${f.calls} | ${f.invented} of ${f.open} |`;
  return [
    `${r.calls} scripted calls (one per stated endpoint), then ${total} calls from ${clients} concurrent clients on localhost:`,
    '',
    '| server | ready (cold) | latency p50 / p99 / max | RSS | answers naming a gap | bodies invented for an open facet |',
    '|---|---|---|---|---|---|',
    row('specbench mock', r.ours),
    row('Prism', r.prism),
    '',
    `The server's own time per call under that load (its log): p50 ${r.ours.serverP50} ms, p99 ${r.ours.serverP99} ms. The machine's floor, node:http answering \`{}\` to the same clients: p50 ${r.floor.p50} ms, p99 ${r.floor.p99} ms.`,
  ]
    .filter((l) => l !== undefined)
    .join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { spec: { type: 'string', default: 'github,test/fixtures/half-written' }, requests: { type: 'string', default: '10000' }, clients: { type: 'string', default: '50' }, prism: { type: 'boolean', default: true }, out: { type: 'string', default: '.bench' } }, allowNegative: true });
  const out = values.out;
  mkdirSync(out, { recursive: true });
  const total = Number(values.requests);
  const clients = Number(values.clients);
  const results: Array<{ spec: string } & MockResult> = [];
  for (const spec of values.spec.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const dir = existsSync(spec) ? spec : (await prepare(spec, out)).dir;
    const result = await mockBeside(dir, out, { requests: total, clients, prism: values.prism });
    console.log(`\n${spec}: ${mockTable(result, total, clients)}`);
    results.push({ spec: dir, ...result });
  }
  writeFileSync(join(out, 'mock.json'), `${JSON.stringify({ requests: total, clients, results }, null, 2)}\n`);
}
