import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { escapeControls, specDir } from '../../lib/index.ts';
import { guideMeanings } from '../../lsp/keys.ts';
import { startServer } from '../../lsp/server.ts';
import { UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { packageRoot, schemaDir } from '../package-root.ts';
import { watchFolder } from '../watch.ts';
import { commandWorkspace } from '../workspace.ts';

/** The guide's page whose tables say what each key means. */
const GUIDE = ['src', 'site', 'guide', 'writing', 'index.md'];

/**
 * `specbench lsp --stdio`: the language server, speaking LSP over stdin and stdout until the
 * editor ends it. The spec folders are `--spec` (or `SPEC_DIR`) when given, else the editor's
 * `spec` setting, else found in its workspace (`content/`, or a folder holding a spec) and as
 * files of other spec folders are opened. Nothing but the protocol goes to stdout: what the server
 * has to say goes to stderr, which editors show as its log.
 */
export async function lspCommand(options: Options, io: Io): Promise<number> {
  if (options.stdio !== true) throw new UsageError('lsp speaks the Language Server Protocol over stdin and stdout: run `specbench lsp --stdio`');
  const log = (text: string) => process.stderr.write(escapeControls(`${text}\n`));
  // Whatever a package prints must not reach the protocol's stream.
  for (const method of ['log', 'info', 'warn', 'debug'] as const) console[method] = (...args: unknown[]) => log(format(...args));
  // A server outlives a failure of one answer; the failure goes to the log.
  process.on('uncaughtException', (error) => log(`specbench lsp: internal error: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (error) => log(`specbench lsp: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  let guide = new Map<string, string>();
  try {
    guide = guideMeanings(readFileSync(join(packageRoot(), ...GUIDE), 'utf8'));
  } catch {
    log('specbench lsp: the guide was not found; keys are described by their schema only.');
  }
  const spec = options.spec ?? (io.env.SPEC_DIR && io.env.SPEC_DIR.trim() !== '' ? specDir(io.env) : undefined);
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  startServer(connection, {
    ...(spec !== undefined ? { spec } : {}),
    guide,
    schemaDir: (root) => schemaDir(root),
    open: (dir) => commandWorkspace(dir, options, { err: (text) => log(text.trimEnd()) }),
    watch: (dir, onSettled) => watchFolder(dir, onSettled, { onError: (error) => log(`specbench lsp: watching ${dir}: ${error instanceof Error ? error.message : String(error)}`) }),
  });
  // The connection ends the process when the editor says `exit` or closes the stream.
  return new Promise<number>(() => {});
}
