import { commands, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/** How the server starts when the settings do not say: the workspace's own Specbench, never one fetched on the fly. */
const DEFAULT_COMMAND = ['npx', '--no-install', 'specbench', 'lsp', '--stdio'];

let client: LanguageClient | undefined;

/**
 * Starts the Specbench language server for the YAML files of the workspace and hands VS Code
 * what it says: everything else (which files are a spec, what is checked) is the server's.
 */
export async function activate(context: ExtensionContext): Promise<void> {
  const settings = workspace.getConfiguration('specbench');
  const configured = settings.get<unknown>('server.command');
  const command = Array.isArray(configured) && configured.length > 0 && configured.every((c) => typeof c === 'string') ? (configured as string[]) : DEFAULT_COMMAND;
  const [program = 'npx', ...args] = command;
  const root = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const server: ServerOptions = { command: program, args, options: { ...(root !== undefined ? { cwd: root } : {}), shell: process.platform === 'win32' } };
  const spec = settings.get<unknown>('spec');
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'yaml' }],
    initializationOptions: { spec: typeof spec === 'string' || Array.isArray(spec) ? spec : '' },
    outputChannelName: 'Specbench',
  };
  client = new LanguageClient('specbench', 'Specbench', server, options);
  context.subscriptions.push(commands.registerCommand('specbench.restart', async () => client?.restart()));
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
