import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from 'vscode-languageserver-protocol';
import { fixture } from '../helpers.ts';
import { startServer, uriOf } from './client.ts';

describe('shutdown and exit, as LSP says', () => {
  const dir = resolve(fixture('complete'));

  it('after `shutdown` every request but `exit` is answered with InvalidRequest; `exit` then ends the process with 0', async () => {
    const server = await startServer(dir);
    const exited = new Promise<number | null>((done) => server.process.once('exit', (code) => done(code)));
    expect(await server.connection.sendRequest('shutdown')).toBeNull();
    const uri = uriOf(`${dir}/resources/Order.yaml`);
    const position = { line: 2, character: 2 };
    const requests: Array<[string, unknown]> = [
      ['textDocument/hover', { textDocument: { uri }, position }],
      ['textDocument/completion', { textDocument: { uri }, position }],
      ['textDocument/definition', { textDocument: { uri }, position }],
      ['textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: true } }],
      ['textDocument/prepareRename', { textDocument: { uri }, position }],
      ['textDocument/rename', { textDocument: { uri }, position, newName: 'X' }],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } }],
      ['textDocument/codeLens', { textDocument: { uri } }],
      ['textDocument/documentSymbol', { textDocument: { uri } }],
      ['specbench/settled', undefined],
      ['shutdown', undefined],
      ['initialize', { processId: null, rootUri: null, capabilities: {} }],
      ['workspace/noSuchMethod', {}],
    ];
    for (const [method, params] of requests) {
      const answer = await server.connection.sendRequest(method, params).then(
        (result) => ({ result }),
        (error: { code?: number }) => ({ code: error.code }),
      );
      expect(answer, method).toEqual({ code: ErrorCodes.InvalidRequest });
    }
    await server.connection.sendNotification('exit');
    expect(await exited).toBe(0);
    server.connection.dispose();
  });

  it('`exit` without `shutdown` ends the process with 1', async () => {
    const server = await startServer(dir);
    const exited = new Promise<number | null>((done) => server.process.once('exit', (code) => done(code)));
    await server.connection.sendNotification('exit');
    expect(await exited).toBe(1);
    server.connection.dispose();
  });

  it('before `shutdown`, a method the server does not know is answered MethodNotFound', async () => {
    const server = await startServer(dir);
    const answer = await server.connection.sendRequest('workspace/noSuchMethod', {}).then(
      () => ({}),
      (error: { code?: number }) => ({ code: error.code }),
    );
    expect(answer).toEqual({ code: ErrorCodes.MethodNotFound });
    await server.stop();
  });
});
