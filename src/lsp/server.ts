import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CodeActionKind, ErrorCodes, ResponseError, TextDocuments, TextDocumentSyncKind, type Connection, type InitializeResult, type Position } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { newFileText, offsetOf, type FilePositions } from '../lib/index.ts';
import { codeActions } from './actions.ts';
import { complete, type Meanings } from './completion.ts';
import { fromPosition, pathToUri, toLspDiagnostic, uriToPath } from './convert.ts';
import { looksLikeSpec, SpecFolder, specFolderOf, startingFolders, type FolderHost } from './folders.ts';
import { hover } from './hover.ts';
import { SchemaKeys } from './keys.ts';
import { definition, prepareRename, references, rename } from './navigate.ts';
import { codeLenses, documentSymbols } from './outline.ts';

/** How the server is set up by the command that starts it. */
export interface ServerOptions extends FolderHost {
  /** The spec folder named on the command line (`--spec`, `SPEC_DIR`); else the editor's `spec` setting, else found. */
  spec?: string;
  /** What the guide says each key means. */
  guide: ReadonlyMap<string, string>;
  /** The package's JSON Schemas from a repository root, for the schema line of a file the server offers to create. */
  schemaDir(root: string): string;
}

/**
 * The language server over one connection: every spec folder of the editor's workspace followed
 * through a `Workspace` (the engine of `check` and the site, fed the editor's unsaved texts as
 * overlays and the folder's changes by a watch), and the editor's questions answered from it:
 * diagnostics as `check` gives them, completion, hover, definition, references, rename, quick
 * fixes, the gaps as code lenses, and an outline. An answer waits for the edits before it to be
 * analysed; one that fails is logged and answered with nothing, never a crash.
 */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const folders = new Map<string, Promise<SpecFolder | undefined>>();
  const published = new Map<SpecFolder, Map<string, string>>();
  const opening = new Set<string>();
  let roots: string[] = [];
  let spec: string[] = options.spec !== undefined ? [options.spec] : [];
  let meanings: Meanings | undefined;
  const meaningsOf = (): Meanings => (meanings ??= { keys: new SchemaKeys(), guide: options.guide });
  const log = (message: string) => connection.console.error(`specbench: ${message}`);
  /**
   * After `shutdown`, LSP has every request but `exit` answered with InvalidRequest, and
   * notifications dropped: each handler is `live(...)`, and methods the server has no handler for
   * are answered by the star handler below. `exit` (the library's) ends the process: 0 after
   * `shutdown`, 1 without.
   */
  let shutDown = false;
  const gone = () => new ResponseError<void>(ErrorCodes.InvalidRequest, 'The server is shut down: after `shutdown` it answers nothing but `exit`.');
  const live =
    <A extends unknown[], R>(handler: (...args: A) => R) =>
    (...args: A): R | ResponseError<void> =>
      shutDown ? gone() : handler(...args);

  /** Opens a spec folder once, follows it, and publishes its diagnostics; undefined when it cannot be read. */
  const openFolder = (dir: string): Promise<SpecFolder | undefined> => {
    let found = folders.get(dir);
    if (!found) {
      found = options
        .open(dir)
        .then((opened) => {
          const folder = new SpecFolder(dir, opened);
          folder.save();
          folder.follow(options, () => publish(folder));
          publish(folder);
          return folder;
        })
        .catch((error: unknown) => {
          log(`cannot read the spec folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
          folders.delete(dir);
          return undefined;
        });
      folders.set(dir, found);
    }
    return found;
  };

  /** The followed folder a file is in (the innermost), opening the one its place names when `discover`. */
  const folderOf = async (path: string, discover: boolean): Promise<SpecFolder | undefined> => {
    let best: SpecFolder | undefined;
    for (const pending of folders.values()) {
      const folder = await pending;
      if (folder?.relative(path) !== undefined && (!best || folder.dir.length > best.dir.length)) best = folder;
    }
    if (best || !discover) return best;
    const candidate = specFolderOf(path);
    return candidate !== undefined && looksLikeSpec(candidate) ? openFolder(resolve(candidate)) : undefined;
  };

  /** Sends the diagnostics of every file of a folder whose list changed since it was last sent (an empty list for a file that has none now). */
  const publish = (folder: SpecFolder) => {
    const before = published.get(folder) ?? new Map<string, string>();
    const now = new Map<string, string>();
    const byFile = new Map<string, ReturnType<typeof toLspDiagnostic>[]>();
    for (const d of folder.gone ? [] : folder.workspace.analysis.diagnostics) {
      const uri = pathToUri(folder.absolute(d.file));
      const list = byFile.get(uri) ?? [];
      list.push(toLspDiagnostic(d, (f) => pathToUri(folder.absolute(f))));
      byFile.set(uri, list);
    }
    for (const [uri, list] of byFile) {
      const json = JSON.stringify(list);
      now.set(uri, json);
      if (before.get(uri) !== json) void connection.sendDiagnostics({ uri, diagnostics: list });
    }
    for (const uri of before.keys()) if (!now.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    published.set(folder, now);
  };

  /** Answers a question about a place of a file from its folder's analysis, once the edits before it are in; null where there is nothing to say. */
  const at = async <T>(uri: string, answer: (folder: SpecFolder, positions: FilePositions) => T): Promise<T | null> => {
    try {
      await changes;
      const path = uriToPath(uri);
      const folder = path === undefined ? undefined : await folderOf(path, false);
      const file = path === undefined ? undefined : folder?.relative(path);
      if (!folder || file === undefined) return null;
      await changes;
      await folder.settled();
      const positions = folder.workspace.positions(file);
      return positions ? answer(folder, positions) : null;
    } catch (error) {
      log(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return null;
    }
  };

  const uriIn = (folder: SpecFolder) => (file: string) => pathToUri(folder.absolute(file));

  /** An LSP position as the core's 1-based line and column in a file: a character past the end of its line is the line's end, as LSP says. */
  const placeOf = (positions: FilePositions, position: Position): { line: number; column: number } => {
    const { line, column } = fromPosition(position);
    const start = positions.source.lines.lineStarts[line - 1];
    return start === undefined ? { line, column } : { line, column: offsetOf(positions.source, line, column) - start + 1 };
  };

  connection.onInitialize((params): InitializeResult => {
    if (shutDown) throw gone();
    const folderUris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    roots = folderUris.flatMap((u) => uriToPath(u) ?? []);
    const init = params.initializationOptions as { spec?: unknown } | undefined;
    const asked = typeof init?.spec === 'string' ? [init.spec] : Array.isArray(init?.spec) ? init.spec.filter((s): s is string => typeof s === 'string') : [];
    if (spec.length === 0) spec = asked;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['[', '/', ':', ' ', '"'] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        codeLensProvider: { resolveProvider: false },
        documentSymbolProvider: true,
      },
      serverInfo: { name: 'specbench' },
    };
  });

  connection.onInitialized(() => {
    for (const dir of startingFolders(roots, spec)) void openFolder(dir);
  });

  /**
   * The editor's changes, in the order it sent them: each is taken into its folder's workspace
   * before the next, and every answer waits for those sent before its question.
   */
  let changes: Promise<unknown> = Promise.resolve();
  const inOrder = (run: () => Promise<void>) => {
    changes = changes.then(run).catch((error: unknown) => log(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  };
  documents.onDidOpen((e) => opening.add(e.document.uri));
  documents.onDidChangeContent((e) => {
    if (shutDown) return;
    const justOpened = opening.delete(e.document.uri);
    const text = e.document.getText();
    inOrder(async () => {
      const path = uriToPath(e.document.uri);
      const folder = path === undefined ? undefined : await folderOf(path, true);
      const file = path === undefined ? undefined : folder?.relative(path);
      if (!folder || file === undefined) return;
      // A file opened as it is on disk keeps the disk's bytes when the editor cannot show them as they are (not UTF-8, too large): `check` reads those.
      const disk = folder.workspace.diskFile(file);
      if (justOpened && disk && (disk.problem !== undefined || (disk.bytes !== undefined && folder.workspace.text(file) === undefined))) return;
      await folder.change((w) => w.setOverlay(file, text));
      publish(folder);
    });
  });
  documents.onDidClose((e) => {
    opening.delete(e.document.uri);
    if (shutDown) return;
    inOrder(async () => {
      const path = uriToPath(e.document.uri);
      const folder = path === undefined ? undefined : await folderOf(path, false);
      const file = path === undefined ? undefined : folder?.relative(path);
      if (!folder || file === undefined) return;
      await folder.change((w) => w.setOverlay(file, undefined));
      publish(folder);
    });
  });

  /** `specbench/settled`: answers once every folder is read and every change sent before it is analysed and its diagnostics sent; with the folders followed. */
  connection.onRequest('specbench/settled', live(async () => {
    await changes;
    const open = (await Promise.all([...folders.values()])).filter((f): f is SpecFolder => f !== undefined);
    await Promise.all(open.map((f) => f.settled()));
    return { folders: open.map((f) => pathToUri(f.dir)) };
  }));

  connection.onCompletion(live((p) => at(p.textDocument.uri, (folder, positions) => {
    const { line, column } = placeOf(positions, p.position);
    return complete(folder.workspace, positions, line, column, meaningsOf());
  })));
  connection.onHover(live((p) => at(p.textDocument.uri, (folder, positions) => {
    const { line, column } = placeOf(positions, p.position);
    return hover(folder.workspace, positions, line, column, meaningsOf());
  })));
  connection.onDefinition(live((p) => at(p.textDocument.uri, (folder, positions) => {
    const { line, column } = placeOf(positions, p.position);
    return definition(folder.workspace, positions, line, column, uriIn(folder));
  })));
  connection.onReferences(live((p) => at(p.textDocument.uri, (folder, positions) => {
    const { line, column } = placeOf(positions, p.position);
    return references(folder.workspace, positions, line, column, p.context.includeDeclaration, uriIn(folder));
  })));
  connection.onPrepareRename(live(async (p) => {
    const answer = await at(p.textDocument.uri, (folder, positions) => {
      const { line, column } = placeOf(positions, p.position);
      return prepareRename(folder.workspace, positions, line, column);
    });
    if (answer instanceof Error) throw answer;
    return answer;
  }));
  connection.onRenameRequest(live(async (p) => {
    const answer = await at(p.textDocument.uri, (folder, positions) => {
      const { line, column } = placeOf(positions, p.position);
      return rename(folder.workspace, positions, line, column, p.newName, uriIn(folder), (file) => documents.get(uriIn(folder)(file))?.version ?? null);
    });
    if (answer instanceof Error) throw answer;
    return answer;
  }));
  connection.onCodeAction(live((p) => at(p.textDocument.uri, (folder, positions) => {
    const root = roots.find((r) => !relative(r, folder.dir).startsWith('..') && !isAbsolute(relative(r, folder.dir))) ?? resolve(folder.dir, '..');
    const specFromRoot = relative(root, folder.dir).split(sep).join('/') || '.';
    return codeActions(folder.workspace, positions, p.range, {
      uriOf: uriIn(folder),
      newFile: (file) => newFileText(specFromRoot, file, options.schemaDir(root)),
    });
  })));
  connection.onCodeLens(live((p) => at(p.textDocument.uri, (folder, positions) => codeLenses(folder.workspace, positions))));
  connection.onDocumentSymbol(live((p) => at(p.textDocument.uri, (folder, positions) => documentSymbols(folder.workspace, positions))));

  connection.onShutdown(async () => {
    // A second `shutdown` is a request after the first.
    if (shutDown) throw gone();
    shutDown = true;
    for (const pending of folders.values()) (await pending)?.close();
  });
  // Methods the server has no handler for: not found, or after `shutdown` refused as every request is.
  connection.onRequest((method) => (shutDown ? gone() : new ResponseError<void>(ErrorCodes.MethodNotFound, `Unhandled method ${method}`)));

  documents.listen(connection);
  connection.listen();
}
