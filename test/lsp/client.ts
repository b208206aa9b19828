import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFile } from 'node:child_process';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';

/** The repository's root: the server runs from here, as `npm run specbench -- lsp --stdio` does. */
const ROOT = resolve(import.meta.dirname, '..', '..');

export const uriOf = (path: string) => pathToFileURL(resolve(path)).href;

/** A real `specbench lsp --stdio` process (the command line's bundle, as users run it), and an LSP client talking to it over its stdio. */
export interface Server {
  connection: ProtocolConnection;
  process: ChildProcessWithoutNullStreams;
  /** The diagnostics last published for each URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /** What the server wrote to stderr (its log). */
  log: () => string;
  /** Resolves once every change sent so far is analysed and its diagnostics published. */
  settled(): Promise<void>;
  /** Resolves at the next publication of diagnostics that makes `condition` true (at once when it already is). */
  until(condition: () => boolean): Promise<void>;
  open(path: string, text?: string): Promise<void>;
  change(path: string, text: string): void;
  close(path: string): void;
  stop(): Promise<void>;
}

/** Starts a server on a workspace root (and `--spec`, when given) and initializes it. */
export async function startServer(root: string, options: { spec?: string; args?: string[]; env?: Record<string, string>; initializationOptions?: unknown } = {}): Promise<Server> {
  const args = ['src/cli/launch.mjs', 'lsp', '--stdio', ...(options.spec !== undefined ? ['--spec', options.spec] : []), ...(options.args ?? [])];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, SPEC_DIR: '', ...options.env }, stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Map<string, Diagnostic[]>();
  let waiters: Array<() => void> = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    diagnostics.set(p.uri, p.diagnostics);
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  });
  connection.onRequest('workspace/configuration', () => []);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uriOf(root),
    workspaceFolders: [{ uri: uriOf(root), name: 'root' }],
    capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true }, rename: { prepareSupport: true } }, workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } } },
    ...(options.initializationOptions !== undefined ? { initializationOptions: options.initializationOptions } : {}),
  });
  await connection.sendNotification('initialized', {});
  const versions = new Map<string, number>();
  const server: Server = {
    connection,
    process: child,
    diagnostics,
    log: () => stderr,
    settled: async () => {
      await connection.sendRequest('specbench/settled');
    },
    until: async (condition) => {
      while (!condition()) await new Promise<void>((wake) => waiters.push(wake));
    },
    open: async (path, text) => {
      const uri = uriOf(path);
      versions.set(uri, 1);
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: text ?? (await readFile(path, 'utf8')) } });
    },
    change: (path, text) => {
      const uri = uriOf(path);
      const version = (versions.get(uri) ?? 1) + 1;
      versions.set(uri, version);
      void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    close: (path) => void connection.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf(path) } }),
    stop: async () => {
      if (child.exitCode === null) {
        await connection.sendRequest('shutdown').catch(() => undefined);
        await connection.sendNotification('exit').catch(() => undefined);
      }
      await exited;
      connection.dispose();
    },
  };
  await server.settled();
  return server;
}

/** One diagnostic as an editor shows it: code, severity, message, the file relative to the spec folder, 1-based start and end, related places. */
export interface Seen {
  code: string;
  severity: string;
  message: string;
  file: string;
  from: string;
  to: string;
  related: string[];
}

interface CheckDiagnostic {
  code: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  related?: Array<{ file: string; line: number; column: number; endLine?: number; endColumn?: number; message: string }>;
}

const order = (list: Seen[]) => list.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** What `specbench check --format json` says of a folder, from a real process, as an editor would show it. */
export async function checkJson(dir: string): Promise<Seen[]> {
  const run = await promisify(execFile)(process.execPath, ['src/cli/launch.mjs', 'check', '--format', 'json', '--no-cache', '--spec', dir], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, SPEC_DIR: '' } }).catch((e: { stdout: string }) => e);
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: CheckDiagnostic[] };
  return order(
    diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file,
      from: `${d.line}:${d.column}`,
      to: `${d.endLine ?? d.line}:${d.endColumn ?? d.column}`,
      related: (d.related ?? []).map((r) => `${r.file}:${r.line}:${r.column} ${r.message}`),
    })),
  );
}

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** The diagnostics a server published for the files of a folder, as `checkJson` gives them. */
export function published(server: Server, dir: string): Seen[] {
  const base = uriOf(dir);
  const fileOf = (uri: string) => (uri === base ? '.' : decodeURIComponent(uri.slice(base.length + 1)));
  const out: Seen[] = [];
  for (const [uri, list] of server.diagnostics) {
    if (!uri.startsWith(`${base}/`) && uri !== base) continue;
    for (const d of list) {
      out.push({
        code: String(d.code),
        severity: SEVERITY[d.severity ?? 0] ?? '',
        message: typeof d.message === 'string' ? d.message : d.message.value,
        file: fileOf(uri),
        from: `${d.range.start.line + 1}:${d.range.start.character + 1}`,
        to: `${d.range.end.line + 1}:${d.range.end.character + 1}`,
        related: (d.relatedInformation ?? []).map((r) => `${fileOf(r.location.uri)}:${r.location.range.start.line + 1}:${r.location.range.start.character + 1} ${r.message}`),
      });
    }
  }
  return order(out);
}

/** A text with one range (0-based LSP positions: UTF-16 characters, lines as LSP ends them) replaced. */
export function replaced(text: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }, by: string): string {
  // Lines end as LSP says: at `\r\n`, `\n` or a lone `\r`.
  const starts = [0];
  for (const m of text.matchAll(/\r\n|\n|\r/g)) starts.push(m.index + m[0].length);
  const at = (p: { line: number; character: number }) => (starts[p.line] ?? text.length) + p.character;
  return text.slice(0, at(range.start)) + by + text.slice(at(range.end));
}

/**
 * Applies a workspace edit as an editor does, to the files on disk: its `changes`, or its
 * `documentChanges` in order (files created, texts edited, files renamed). `from` and `to` move it
 * to a copy of the folder it was made for.
 */
export async function applyEdit(edit: WorkspaceEdit, from?: string, to?: string): Promise<void> {
  const place = (uri: string) => new URL(from !== undefined && to !== undefined ? uri.replace(uriOf(from), uriOf(to)) : uri);
  const editText = async (uri: string, edits: ReadonlyArray<{ range: Range; newText: string }>) => {
    const path = place(uri);
    let text = await readFile(path, 'utf8').catch(() => '');
    for (const e of [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character)) text = replaced(text, e.range, e.newText);
    await writeFile(path, text);
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) await editText(uri, edits);
  for (const change of edit.documentChanges ?? []) {
    if (!('kind' in change)) await editText(change.textDocument.uri, change.edits.map((e) => ({ range: e.range, newText: 'newText' in e ? e.newText : '' })));
    else if (change.kind === 'create') await writeFile(place(change.uri), '', { flag: change.options?.ignoreIfExists ? 'a' : 'w' });
    else if (change.kind === 'rename') await rename(place(change.oldUri), place(change.newUri));
  }
}

export { join };
