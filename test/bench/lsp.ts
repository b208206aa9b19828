// `npx node test/bench/lsp.ts [--size github|1k|...] [--edits N] [--requests N] [--out DIR]`
//
// The language server as an editor uses it (`specbench lsp --stdio`, the command line's bundle, an
// LSP client over its stdio), on GitHub's REST description by default, against issue 36's targets:
//
//   ready      initialize until every diagnostic of the folder is published, with a cold cache
//              (`--no-cache`) and with a warm one (a second start)             target < 2 s warm
//   completion each reference position of an endpoint file, asked round-robin  target p95 < 100 ms
//   diagnostics an edit that changes a reference of an open file, until the
//              server publishes that file's diagnostics                        target < 300 ms
//   memory     RSS before and after N edits (default 1,000), sampled as they go target < 600 MB,
//              and not growing from the second half to the end
//
// Prints a table on stderr and the figures as JSON on stdout (for `npm run bench` to take in).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { Workspace } from '../../src/lib/index.ts';
import { startServer, uriOf, type Server } from '../lsp/client.ts';
import { prepare } from './inputs.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'github' },
    edits: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '200' },
    out: { type: 'string', default: '.bench' },
  },
});
const EDITS = Math.max(10, Number(values.edits) || 1000);
const REQUESTS = Math.max(10, Number(values.requests) || 200);
const log = (what: string) => console.error(`bench lsp: ${what}`);

const percentile = (list: readonly number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

/** The server process's resident memory, in MB (Linux). */
function rssMb(server: Server): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A server started on the spec folder, and the time until it has published every diagnostic. */
async function ready(dir: string, args: string[] = []): Promise<{ server: Server; ms: number }> {
  const start = performance.now();
  const server = await startServer(dir, { spec: dir, args });
  return { server, ms: performance.now() - start };
}

const input = await prepare(values.size, values.out);
const dir = resolve(input.dir);
log(`${input.name}: ${input.files} files, ${input.items} items, ${input.yamlMb} MB of YAML`);

const cold = await ready(dir, ['--no-cache']);
await cold.server.stop();
// The first start with the cache fills it; the second is the warm start.
await (await ready(dir)).server.stop();
const warm = await ready(dir);
const server = warm.server;
log(`ready: cold ${round(cold.ms)} ms, warm ${round(warm.ms)} ms`);

// Completion at each reference of the endpoint file, round-robin.
const file = join(dir, input.endpoint);
const text = readFileSync(file, 'utf8');
await server.open(file, text);
await server.settled();
const positions = (await Workspace.open(dir)).positions(input.endpoint)?.mentions ?? [];
if (positions.length === 0) throw new Error(`${input.endpoint} names nothing to complete`);
const completion: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const m = positions[i % positions.length];
  if (!m) continue;
  const start = performance.now();
  const list = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(file) }, position: { line: m.span.line - 1, character: m.span.column } })) as CompletionList | null;
  completion.push(performance.now() - start);
  if (!list || list.items.length === 0) throw new Error(`no completion at ${input.endpoint}:${m.span.line}:${m.span.column}`);
}
log(`completion: p50 ${round(percentile(completion, 50))} ms, p95 ${round(percentile(completion, 95))} ms over ${completion.length}`);

// An edit that breaks and mends a reference: each one changes the file's diagnostics.
const reference = positions.find((m) => m.form === 'reference' && m.item);
if (!reference?.item) throw new Error(`${input.endpoint} has no reference to an item`);
const lines = text.split('\n');
const edited = (broken: boolean, n: number) => {
  const copy = [...lines];
  const at = reference.item?.span;
  if (!at) return text;
  const line = copy[at.line - 1] ?? '';
  copy[at.line - 1] = `${line.slice(0, at.column - 1)}${broken ? `${reference.item?.id}Zz` : reference.item?.id}${line.slice((at.endColumn ?? at.column) - 1)}`;
  // A comment that differs on every edit: the text is new each time, as when typing.
  return `${copy.join('\n')}\n# edit ${n}\n`;
};
const uri = uriOf(file);
const diagnostics: number[] = [];
const memory: Array<{ edits: number; mb: number }> = [{ edits: 0, mb: round(rssMb(server)) }];
for (let n = 1; n <= EDITS; n++) {
  const broken = n % 2 === 1;
  const before = server.diagnostics.get(uri);
  const start = performance.now();
  server.change(file, edited(broken, n));
  await server.until(() => server.diagnostics.get(uri) !== before && (server.diagnostics.get(uri) ?? []).some((d) => d.code === 'unresolved-reference') === broken);
  diagnostics.push(performance.now() - start);
  if (n % Math.floor(EDITS / 4) === 0) memory.push({ edits: n, mb: round(rssMb(server)) });
}
await server.stop();
log(`diagnostics after an edit: p50 ${round(percentile(diagnostics, 50))} ms, p95 ${round(percentile(diagnostics, 95))} ms over ${diagnostics.length}`);
log(`memory: ${memory.map((m) => `${m.mb} MB after ${m.edits}`).join(', ')}`);

const half = memory[Math.floor(memory.length / 2)]?.mb ?? 0;
const last = memory[memory.length - 1]?.mb ?? 0;
const figures = {
  input: { name: input.name, files: input.files, items: input.items, yamlMb: input.yamlMb },
  readyMs: { cold: round(cold.ms), warm: round(warm.ms) },
  completionMs: { p50: round(percentile(completion, 50)), p95: round(percentile(completion, 95)), count: completion.length },
  diagnosticsMs: { p50: round(percentile(diagnostics, 50)), p95: round(percentile(diagnostics, 95)), count: diagnostics.length },
  memoryMb: memory,
  targets: {
    readyWarm: { target: '< 2000 ms', met: warm.ms < 2000 },
    completionP95: { target: '< 100 ms', met: percentile(completion, 95) < 100 },
    diagnostics: { target: '< 300 ms (p95)', met: percentile(diagnostics, 95) < 300 },
    memory: { target: `< 600 MB after ${EDITS} edits, not growing in the second half`, met: last < 600 && last <= half * 1.1 },
  },
};
console.log(JSON.stringify(figures, null, 2));
