import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the recorder received it: the raw target, the headers by lower-cased name, the body's bytes. */
export type Recorded = { method: string; target: string; headers: Record<string, string[]>; body: Buffer };

/**
 * An HTTP server on 127.0.0.1 (or `host`: `::1`), on a free port, that writes down every request and answers `ok`.
 * A sample's base address is `base(id)`: the requests it sends are then `take(id)`, so samples run
 * side by side stay apart.
 */
export type Recorder = { base(id: string): string; take(id: string): Recorded[]; close(): Promise<void> };

export async function startRecorder(host = '127.0.0.1'): Promise<Recorder> {
  const seen = new Map<string, Recorded[]>();
  const record = (req: IncomingMessage, body: Buffer) => {
    const target = req.url ?? '';
    const id = target.split('/')[1] ?? '';
    const list = seen.get(id) ?? [];
    list.push({ method: req.method ?? '', target, headers: { ...req.headersDistinct } as Record<string, string[]>, body });
    seen.set(id, list);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      record(req, Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: (id) => `http://${host.includes(':') ? `[${host}]` : host}:${port}/${id}`,
    take: (id) => {
      const list = seen.get(id) ?? [];
      seen.delete(id);
      return list;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The path segments after the id, each percent-decoded. */
export const pathSegments = (r: Recorded): string[] => (r.target.split('?')[0] ?? '').split('/').slice(2).map(decodeURIComponent);

/** The query's name and value pairs, each percent-decoded (`+` is a plus: the samples encode a space as `%20`). */
export const queryPairs = (r: Recorded): Array<[string, string]> => {
  const at = r.target.indexOf('?');
  if (at < 0) return [];
  return r.target
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decodeURIComponent(pair), ''] : [decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))];
    });
};

/** A body's bytes as UTF-8 text; bytes that are not UTF-8 fail, rather than turn into U+FFFD. */
export const utf8 = (bytes: Buffer): string => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);

/** A multipart part as received: its name, and its text or, for a file, its file name and content. */
export type ReceivedPart = { name: string; value: string } | { name: string; filename: string; content: string };

/**
 * The parts of a multipart/form-data body, read by the boundary its Content-Type states: each
 * part's `name` and `filename` as written in its Content-Disposition (no unescaping: the samples
 * send names that need none), its content as UTF-8.
 */
export function multipartParts(r: Recorded): ReceivedPart[] {
  const type = r.headers['content-type']?.[0] ?? '';
  const boundary = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary) throw new Error(`not a multipart body: Content-Type ${JSON.stringify(type)}`);
  const delimiter = `--${boundary[1] ?? boundary[2] ?? ''}`;
  const text = r.body.toString('latin1');
  const pieces = text.split(`\r\n${delimiter}`);
  const first = pieces.shift() ?? '';
  if (!first.startsWith(delimiter)) throw new Error(`the body does not start with its boundary: ${JSON.stringify(text.slice(0, 80))}`);
  pieces.unshift(first.slice(delimiter.length));
  const last = pieces.pop();
  if (last === undefined || !/^--(\r\n)?$/.test(last)) throw new Error(`the body does not end with its closing boundary: ${JSON.stringify(last)}`);
  return pieces.map((piece) => {
    if (!piece.startsWith('\r\n')) throw new Error(`a part does not start on a new line: ${JSON.stringify(piece.slice(0, 80))}`);
    const split = piece.indexOf('\r\n\r\n');
    const head = utf8(Buffer.from(piece.slice(2, split), 'latin1'));
    const content = utf8(Buffer.from(piece.slice(split + 4), 'latin1'));
    // Header lines split at CRLF only: `.` and `$` would stop at U+2028, which a name may hold.
    const disposition = head.split('\r\n').find((line) => /^content-disposition:[ \t]*form-data/i.test(line)) ?? '';
    const name = /;\s*name="([^"]*)"/.exec(disposition)?.[1];
    const filename = /;\s*filename="([^"]*)"/.exec(disposition)?.[1];
    if (name === undefined) throw new Error(`a part has no name: ${JSON.stringify(head)}`);
    return filename === undefined ? { name, value: content } : { name, filename, content };
  });
}
