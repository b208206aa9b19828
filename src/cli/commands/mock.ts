import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Mock, SpecDirError, specDir, visible, type MockOutcome } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { watchFolder } from '../watch.ts';
import { commandWorkspace } from '../workspace.ts';

/** Prism's port, which client developers already point their code at. */
const DEFAULT_PORT = 4010;
/** The largest request body read; past it the call is refused (413) and the connection closed. */
const MAX_BODY = 16 * 1024 * 1024;
/**
 * The module the mock's body and check threads load: among the sources, or beside the bundle. Only
 * what checking a body needs, not the core's entry, which cost each thread some 30 MB more.
 */
const THREAD = import.meta.url.endsWith('.ts') ? new URL('../../lib/mock/thread.ts', import.meta.url) : new URL('./mock-thread.mjs', import.meta.url);
/** The bytes past `MAX_BODY` read and dropped after the `413`, before the connection is closed on a client that keeps sending. */
const LINGER = 64 * 1024 * 1024;
/** The longest a call waits for a change of the spec folder to be read before it is answered from the spec as last read. */
const RELOAD_WAIT_MS = 1000;
/** Gap ids shown on one log line; the rest are counted. */
const LOGGED_GAPS = 8;

/** The options `mock` reads (`--no-cache`, `--no-auth`, `--no-limits` are `cache`, `auth`, `limits`). */
const MOCK_OPTIONS = new Set(['spec', 'port', 'host', 'auth', 'limits', 'cache', 'help']);

/** `--port`: a number from 0 (any free port) to 65535. */
function portOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`--port takes a number from 0 to 65535 (0: any free port), not \`${value}\``);
  return Number(value);
}

/**
 * The most bytes of request bodies held at once, across connections (two bodies of `MAX_BODY`: one
 * checked, one waiting its turn, as large bodies are checked one at a time); past it a body is
 * answered 503 with `Retry-After`. Four held at once, with the one being checked, took the process
 * past 500 MB.
 */
const MAX_HELD = 2 * MAX_BODY;
/**
 * The share of `MAX_HELD` one client address may hold at once (half: one 16 MB body); past it, that
 * client's body is answered 503, never another client's: one client's two slow 16 MB bodies held
 * the whole bound for a minute, and every other client's bodies got 503 meanwhile (t35n).
 */
const CLIENT_SHARE = 0.5;
/** How long a body may stop coming (no byte) before it is answered 408 and its connection closed; Node's own bound was 300 s, with the bytes held. */
const BODY_IDLE_MS = 30_000;

/**
 * How long a body may take in all, from its first byte to its last, before it is answered 408 and
 * its connection closed: a byte every 29 s met the idle bound while holding its share of `MAX_HELD`
 * for good (one client kept the budget full, every other's large body got 503). 16 MB in a minute
 * is 270 KB/s, which any link to a mock carries.
 */
const BODY_DEADLINE_MS = 60_000;
/** How long a connection may stay open without a request begun (not a byte sent): 20,000 silent ones were kept for good, and took every file descriptor. */
const FIRST_BYTE_MS = 10_000;
/** How long the headers of a request may take to come whole, once begun (Node's own bound, 60 s by default). */
const HEADERS_MS = 20_000;
/** How long a whole request may take (Node's own bound, which answers 408 itself): past the body's deadline, a last bound. */
const REQUEST_MS = 120_000;
/** Connections open at once; past it a new one is closed at once, and the log says so (the descriptors are the process's, shared with the files it watches). */
const MAX_CONNECTIONS = 4096;
/**
 * Connections one client address keeps open at once, well below `MAX_CONNECTIONS`: one client
 * holding 4,200 silent connections took the whole bound, and every other client's were refused.
 * Past it, that client's own oldest idle connection is closed for the new one.
 */
const MAX_PER_CLIENT = 256;
/** How often, at most, the log says again that idle connections were closed for new ones (the rest counted). */
const SHED_LOG_MS = 10_000;
/**
 * How long a body is read before its connection may be closed for a newcomer at the whole bound,
 * when no connection is idle (the one whose body comes slowest goes): a body just begun has come
 * at no rate yet.
 */
const SLOW_GRACE_MS = 2000;

/** The server's own bounds on the connections and bodies it reads (the tests make them small). */
export interface BodyBounds {
  /** `MAX_HELD` by default. */
  held?: number;
  /** `BODY_IDLE_MS` by default. */
  idleMs?: number;
  /** `BODY_DEADLINE_MS` by default. */
  deadlineMs?: number;
  /** `FIRST_BYTE_MS` by default. */
  firstByteMs?: number;
  /** `MAX_CONNECTIONS` by default. */
  maxConnections?: number;
  /** `MAX_PER_CLIENT` by default. */
  perClient?: number;
  /** `SLOW_GRACE_MS` by default. */
  slowGraceMs?: number;
  /** `HEADERS_MS` by default. */
  headersMs?: number;
}

/** A body read, or why it was not: past `MAX_BODY` (`over`), the bodies held at their bound (`busy`), its client's at their share of it (`share`), stopped coming or too slow to come whole (`stalled`). */
type BodyRead = { bytes: Uint8Array } | { unread: 'over' | 'busy' | 'share' | 'stalled' };

/**
 * A request's body, up to `MAX_BODY` bytes; unread as soon as it is known to be larger (its
 * `Content-Length` says so, or the bytes streamed so far pass the limit), as soon as the bytes of
 * the bodies held across connections (`held`, which the bytes read count in until `release`) would
 * pass `bounds.held`, or those its client holds (`mine`, counted alike) its share of it, once no byte of it came for `bounds.idleMs`, or once it has not come whole
 * within `bounds.deadlineMs` of its first byte (a trickle holds no budget for long). The refusal never waits for
 * the end of a body (a client streaming without end, chunked, was never answered; one sending 1 GB
 * was read to its last byte first). What comes after is read and dropped, up to `LINGER` bytes
 * more, so that a client still sending reads the answer rather than a reset connection; past
 * that, the connection is closed.
 */
function readBody(req: IncomingMessage, held: { bytes: number }, bounds: Required<Pick<BodyBounds, 'held' | 'idleMs' | 'deadlineMs'>>, mine: { bytes: number }): { read: Promise<BodyRead>; release: () => void } {
  let kept = 0;
  const release = () => {
    held.bytes -= kept;
    mine.bytes -= kept;
    kept = 0;
  };
  const read = new Promise<BodyRead>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? 0);
    let unread = declared > MAX_BODY;
    // A body of a stated length is written into one buffer of that length as it comes: the chunks
    // are not kept, and no second copy is made at the end (the two held 32 MB for a 16 MB body).
    let whole = !unread && declared > 0 ? Buffer.allocUnsafeSlow(declared) : undefined;
    const stop = (why: 'over' | 'busy' | 'share' | 'stalled') => {
      unread = true;
      chunks.length = 0;
      whole = undefined;
      release();
      clearTimeout(idle);
      clearTimeout(deadline);
      resolve({ unread: why });
    };
    const idle = setTimeout(() => stop('stalled'), bounds.idleMs);
    let deadline: NodeJS.Timeout | undefined;
    if (unread) stop('over');
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!unread) {
        idle.refresh();
        deadline ??= setTimeout(() => stop('stalled'), bounds.deadlineMs);
        if (size > MAX_BODY) stop('over');
        else if (mine.bytes + chunk.length > bounds.held * CLIENT_SHARE) stop('share');
        else if (held.bytes + chunk.length > bounds.held) stop('busy');
        else {
          if (whole && size <= whole.length) chunk.copy(whole, size - chunk.length);
          else chunks.push(chunk);
          kept += chunk.length;
          held.bytes += chunk.length;
          mine.bytes += chunk.length;
          return;
        }
      }
      if (size > MAX_BODY + LINGER) req.socket.destroy();
    });
    req.on('end', () => {
      clearTimeout(idle);
      clearTimeout(deadline);
      // The chunks joined once, as the body (a Buffer is a Uint8Array: no copy more).
      resolve(unread ? { unread: 'over' } : { bytes: whole && size === whole.length ? whole : Buffer.concat(chunks, size) });
    });
    req.on('close', () => {
      clearTimeout(idle);
      clearTimeout(deadline);
    });
    req.on('error', (error) => {
      clearTimeout(idle);
      clearTimeout(deadline);
      reject(error);
    });
  });
  return { read, release };
}

/** The characters of a request's target shown in the log; a longer one (a 30 KB request line) is cut, and the line says so. */
const LOGGED_TARGET = 256;
/** The characters of a gap id, an endpoint's id or a note shown in the log (spec content, which may be long too). */
const LOGGED_TEXT = 1024;

/**
 * Text for the log: cut to `max` characters (whole code points, before anything is escaped, so no
 * escape is cut in half), saying how many were left out; control characters shown, never written.
 */
function logged(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return visible(text);
  return `${visible(points.slice(0, max).join(''))}… (cut: ${points.length - max} more characters)`;
}

/** One log line for an answer: method, target, status, time, endpoint and the gaps it named; then its notes. */
function logLine(method: string, url: string, outcome: MockOutcome, ms: number): string {
  const { response, endpoint, gaps } = outcome;
  const shown = gaps.slice(0, LOGGED_GAPS).map((g) => logged(g, LOGGED_TEXT));
  const more = gaps.length > LOGGED_GAPS ? ` and ${gaps.length - LOGGED_GAPS} more` : '';
  const line = `${logged(method, LOGGED_TEXT)} ${logged(url, LOGGED_TARGET)} -> ${response.status} in ${ms.toFixed(1)} ms${endpoint !== undefined ? ` [${logged(endpoint, LOGGED_TEXT)}]` : ''}${gaps.length > 0 ? ` gaps: ${shown.join(', ')}${more}` : ''}`;
  return [line, ...outcome.notes.map((n) => `  note: ${logged(n, LOGGED_TEXT)}`)].join('\n');
}

/**
 * The mock behind node:http: each request's body read (up to `MAX_BODY`), answered by the core and
 * written as it answered; `log` hears one line (and its notes) per request. A body past `MAX_BODY`
 * is answered by the core too (413, with the endpoint and its gaps) as soon as that is known.
 * `CONNECT`, which node:http hands over as a bare connection, is answered the same way (the core
 * refuses its target, an authority, with a 400) rather than dropped. `answering` holds the
 * requests whose body is read and whose answer is not sent yet, which a stopping server waits for.
 */
export function mockServer(mock: Mock, log: (line: string) => void, settled: () => Promise<void> | undefined = () => undefined, answering = new Set<Promise<void>>(), bounds: BodyBounds = {}): Server {
  const held = { bytes: 0 };
  /**
   * The bytes of request bodies each client address holds, counted in `held` too, and its requests
   * not answered yet (`users`): an address is forgotten only once none is left, never while a
   * request of it may still read bytes into its entry (forgotten at 0 bytes held, a request just
   * begun counted into an entry no longer kept, and its client held its share twice).
   */
  const heldBy = new Map<string, { bytes: number; users: number }>();
  /** Requests being answered on each connection: a busy one is never closed for a new one. */
  const busy = new WeakMap<Socket, number>();
  const limits: Required<BodyBounds> = { held: bounds.held ?? MAX_HELD, idleMs: bounds.idleMs ?? BODY_IDLE_MS, deadlineMs: bounds.deadlineMs ?? BODY_DEADLINE_MS, firstByteMs: bounds.firstByteMs ?? FIRST_BYTE_MS, maxConnections: bounds.maxConnections ?? MAX_CONNECTIONS, perClient: bounds.perClient ?? MAX_PER_CLIENT, slowGraceMs: bounds.slowGraceMs ?? SLOW_GRACE_MS, headersMs: bounds.headersMs ?? HEADERS_MS };
  /** The bodies being read, by connection: when each began and its bytes so far (at the whole bound, the slowest is closed for a newcomer). */
  const reading = new Map<Socket, { begun: number; bytes: number }>();
  /** `unsent`: the client waits to be told to send its body (`Expect: 100-continue`) and was not: the answer comes without it, and the connection is closed. */
  const answer = (req: IncomingMessage, res: ServerResponse, body: Promise<BodyRead>, unsent = false) => {
    const begun = performance.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const respond = async (read: BodyRead) => {
      // A change of the spec folder is on its way: the answer is of the spec as it will be.
      await settled();
      const client = req.socket.remoteAddress !== undefined ? { client: req.socket.remoteAddress } : {};
      const why = 'unread' in read ? read.unread : undefined;
      const unread = why === 'over' ? { bodyLimit: MAX_BODY } : why === 'busy' ? { bodyUnread: { why, limit: limits.held } } : why === 'share' ? { bodyUnread: { why, limit: Math.floor(limits.held * CLIENT_SHARE) } } : why === 'stalled' ? { bodyUnread: { why, limit: limits.idleMs } } : {};
      const outcome: MockOutcome = await mock.handle({ method, url, headers: req.headers, body: 'bytes' in read ? read.bytes : new Uint8Array(), ...client, ...unread });
      const { status, headers, body: sent } = outcome.response;
      const over = why !== undefined && !unsent;
      const close = over || unsent || method === 'CONNECT';
      try {
        res.writeHead(status, [...headers.filter(([n]) => !close || n.toLowerCase() !== 'connection').flat(), ...(close ? ['Connection', 'close'] : []), 'Content-Length', String(sent.length)]);
        if (!over || req.complete) res.end(sent);
        else if (why === 'stalled') {
          // The client sends nothing more: the answer, then the connection closed.
          res.end(sent, () => req.socket.destroy());
        } else {
          // Refused before the body's end: the answer is sent whole now, and the connection closed
          // (which ending the response does) only once the client has sent the rest, which
          // `readBody` reads and drops up to `LINGER` bytes: closed under a client still sending,
          // the client saw a reset (EPIPE) rather than the 413.
          res.write(sent);
          // A client that stops sending the rest is not waited for past the idle bound (the
          // connection was held until Node's 120 s request bound: a body refused for its client's
          // share, then left unsent, kept its connection busy with no byte coming).
          const linger = setTimeout(() => (res.writableEnded ? req.socket.destroy() : res.end(() => req.socket.destroy())), limits.idleMs);
          const refresh = () => linger.refresh();
          req.on('data', refresh);
          const finish = () => {
            clearTimeout(linger);
            req.off('data', refresh);
            if (!res.writableEnded) res.end();
          };
          req.once('end', finish);
          req.once('close', finish);
        }
      } catch (error) {
        // A header Node refuses: the answer is a plain 500, never a broken response.
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(`The mock could not send its answer: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
      log(logLine(method, url, outcome, performance.now() - begun));
    };
    void body.then(
      (read) => {
        const task = respond(read);
        answering.add(task);
        void task.finally(() => answering.delete(task));
      },
      () => {
        // The client hung up before its body's end: no answer reaches anybody, and a cut body is no
        // body (answered as one, it was logged `-> 204` and counted in /_specbench/hits, t35s N12).
        if (req.socket.destroyed) {
          log(`${logged(method, LOGGED_TEXT)} ${logged(url, LOGGED_TARGET)} -> closed unanswered after ${(performance.now() - begun).toFixed(1)} ms: the client closed the connection before its body's end`);
          return;
        }
        const task = respond({ bytes: new Uint8Array() });
        answering.add(task);
        void task.finally(() => answering.delete(task));
      },
    );
  };
  // Node checks the headers' and the request's bounds only every `connectionsCheckingInterval` (30 s by
  // default): headers trickled a byte every 2 s were cut at ~48 s, not 20 (T35u U3). Checked every
  // tenth of the headers' bound (at most every second), they are cut within that of it.
  const server = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersMs / 10))) }, (req: IncomingMessage, res: ServerResponse) => {
    // A request begun: the connection's first-byte bound is over (Node bounds its headers and the request from here).
    req.socket.setTimeout(0);
    // The connection is busy until the answer is sent: never closed for a newcomer meanwhile.
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => busy.set(socket, (busy.get(socket) ?? 1) - 1));
    const progress = { begun: performance.now(), bytes: 0 };
    reading.set(socket, progress);
    req.on('data', (chunk: Buffer) => {
      progress.bytes += chunk.length;
    });
    const bodyRead = () => {
      if (reading.get(socket) === progress) reading.delete(socket);
    };
    req.once('end', bodyRead);
    res.once('close', bodyRead);
    const address = socket.remoteAddress ?? '';
    const mine = heldBy.get(address) ?? { bytes: 0, users: 0 };
    mine.users++;
    heldBy.set(address, mine);
    const { read, release: releaseBody } = readBody(req, held, limits, mine);
    const release = () => {
      releaseBody();
      if (--mine.users === 0 && heldBy.get(address) === mine) heldBy.delete(address);
    };
    // The body's bytes count among those held until its answer is sent (or its connection gone).
    res.once('close', release);
    answer(req, res, read);
  });
  // `Expect: 100-continue`: the client is told to send its body only when the answer may depend
  // on it; a body over the bound, a path no endpoint states, a method it does not take are answered
  // at once (RFC 9110 §10.1.1), where Node said `100 Continue` to all of them first.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    req.socket.setTimeout(0);
    if (Number(req.headers['content-length'] ?? 0) <= MAX_BODY && mock.readsBody(req.method ?? 'GET', req.url ?? '/')) {
      res.writeContinue();
      server.emit('request', req, res);
      return;
    }
    answer(req, res, Promise.resolve(Number(req.headers['content-length'] ?? 0) > MAX_BODY ? { unread: 'over' } : { bytes: new Uint8Array() }), true);
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const res = new ServerResponse(req);
    res.assignSocket(socket as Socket);
    res.on('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    socket.on('error', () => socket.destroy());
    answer(req, res, Promise.resolve({ bytes: new Uint8Array() }));
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = Math.min(limits.headersMs, REQUEST_MS);
  server.requestTimeout = REQUEST_MS;
  // A connection that sends nothing is closed (Node's headers bound starts at the first byte: a
  // silent one was kept for good). No 'timeout' listener: Node's own destroys the socket.
  server.on('connection', (socket: Socket) => socket.setTimeout(limits.firstByteMs));
  // Past a bound on connections (the client's own, or all of them), an idle connection is closed
  // for the new one: the client's own oldest past its bound, the oldest of the client holding the
  // most past the whole bound; so bounds that hold one client never hold the others. Only when
  // none is idle is the new one closed at once. The log says so, bounded.
  const byClient = new Map<string, Set<Socket>>();
  let open = 0;
  const forget = (socket: Socket, address: string) => {
    const mine = byClient.get(address);
    if (!mine?.delete(socket)) return;
    open--;
    if (mine.size === 0) byClient.delete(address);
  };
  const idleOf = (mine: Set<Socket>, newcomer: Socket) => [...mine].find((s) => s !== newcomer && (busy.get(s) ?? 0) === 0);
  /**
   * The connection whose body comes slowest (fewest bytes a second since it began), among those
   * read for at least `slowGraceMs`, of clients holding at least `than` connections (a client of
   * few never loses one to a client of many): 4,400 bodies trickling a byte every 2 s from 20
   * addresses held every connection busy, and every other client's were refused while they lasted.
   */
  const slowest = (than: number) => {
    const now = performance.now();
    let found: { socket: Socket; rate: number } | undefined;
    for (const [socket, { begun, bytes }] of reading) {
      const ms = now - begun;
      if (ms < limits.slowGraceMs || (byClient.get(socket.remoteAddress ?? '')?.size ?? 0) < than) continue;
      const rate = (bytes * 1000) / Math.max(ms, 1);
      if (found === undefined || rate < found.rate) found = { socket, rate };
    }
    return found;
  };
  let refused = 0;
  let shed = 0;
  let slowShed = 0;
  let shedTimer: NodeJS.Timeout | undefined;
  const sayShed = () => {
    shedTimer = undefined;
    if (shed === 0 && slowShed === 0) return;
    if (shed > 0) log(`  note: ${shed} more idle connections were closed for new ones in the last ${SHED_LOG_MS / 1000} s`);
    if (slowShed > 0) log(`  note: ${slowShed} more connections whose body came slowest were closed for new ones in the last ${SHED_LOG_MS / 1000} s`);
    shed = 0;
    slowShed = 0;
    shedTimer = setTimeout(sayShed, SHED_LOG_MS).unref();
  };
  server.on('close', () => clearTimeout(shedTimer));
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = byClient.get(address) ?? new Set<Socket>();
    byClient.set(address, mine.add(socket));
    open++;
    socket.once('close', () => forget(socket, address));
    const own = mine.size > limits.perClient;
    if (!own && open <= limits.maxConnections) {
      if (refused > 1) log(`  note: ${refused - 1} more connections were refused while ${limits.maxConnections} were open`);
      refused = 0;
      return;
    }
    // Whose idle connection goes: the newcomer's own client's past its bound, else the client holding
    // the most; never one of a client holding fewer than the newcomer's (a client of 200 busy
    // connections had the one just opened by a client of one closed for its 201st).
    const holders = own ? [[address, mine] as const] : [...byClient].filter(([, theirs]) => theirs.size >= mine.size).sort((a, b) => b[1].size - a[1].size);
    for (const [holder, theirs] of holders) {
      const victim = idleOf(theirs, socket);
      if (victim === undefined) continue;
      forget(victim, holder);
      victim.destroy();
      if (shedTimer !== undefined) shed++;
      else {
        log(`closed an idle connection of ${logged(holder, LOGGED_TEXT)} for a new one: it held ${theirs.size + 1}, ${own ? `past the ${limits.perClient} one client keeps` : `the most of the ${limits.maxConnections} the mock keeps`}`);
        shedTimer = setTimeout(sayShed, SHED_LOG_MS).unref();
      }
      return;
    }
    // None idle, at the whole bound: the connection whose body comes slowest goes (its client sends
    // too slowly to be answered soon), rather than the newcomer.
    const slow = own ? undefined : slowest(mine.size);
    if (slow !== undefined) {
      const holder = slow.socket.remoteAddress ?? '';
      reading.delete(slow.socket);
      forget(slow.socket, holder);
      slow.socket.destroy();
      if (shedTimer !== undefined) slowShed++;
      else {
        log(`closed a connection of ${logged(holder, LOGGED_TEXT)} for a new one: all ${limits.maxConnections} the mock keeps were busy, and its request's body came slowest (${slow.rate.toFixed(1)} bytes/s)`);
        shedTimer = setTimeout(sayShed, SHED_LOG_MS).unref();
      }
      return;
    }
    forget(socket, address);
    socket.destroy();
    if (refused++ === 0) log(`refused a connection: ${own ? `${limits.perClient} of ${logged(address, LOGGED_TEXT)}` : `${limits.maxConnections}`} are open and busy, the most the mock keeps (connections that send nothing are closed after ${limits.firstByteMs / 1000} s)`);
  });
  return server;
}

/**
 * What a call waits for while the spec folder changes: the reading of the changes told before it
 * came, never of those told after, and at most `boundMs`. A call that waited for every reading to
 * come starved while a folder kept changing (a file rewritten every 30 ms, an import writing 300
 * files: seconds a call, even of endpoints the change did not touch); and changes that come faster
 * than the watch's quiet time are not read at all until they stop, so past the bound the call is
 * answered from the spec as last read (`onBound` tells it, once a storm).
 */
export class ReloadGate {
  /** Changes told so far. */
  #told = 0;
  /** Changes whose reading is done. */
  #read = 0;
  #storm = false;
  readonly #waiting = new Set<{ need: number; wake: () => void }>();
  readonly #boundMs: number;
  readonly #onBound: () => void;

  constructor(boundMs: number, onBound: () => void) {
    this.#boundMs = boundMs;
    this.#onBound = onBound;
  }

  /** A change is told (the watch's event): calls from now on wait for its reading. */
  told(): void {
    this.#told++;
  }

  /** A reading begins, of every change told so far: the token `read` takes when it is done. */
  reading(): number {
    return this.#told;
  }

  /** A reading is done (read or failed): the calls that waited for no later change go on. */
  read(covering: number): void {
    this.#read = Math.max(this.#read, covering);
    for (const w of [...this.#waiting]) if (w.need <= this.#read) w.wake();
    if (this.#read >= this.#told) this.#storm = false;
  }

  /** Every call goes on (the server stops). */
  release(): void {
    this.#read = this.#told;
    for (const w of [...this.#waiting]) w.wake();
  }

  /** What a call arriving now waits for; undefined when nothing told is unread. */
  settled(): Promise<void> | undefined {
    if (this.#read >= this.#told) return undefined;
    const need = this.#told;
    return new Promise<void>((resolve) => {
      const w = {
        need,
        wake: () => {
          this.#waiting.delete(w);
          clearTimeout(bound);
          resolve();
        },
      };
      const bound = setTimeout(() => {
        if (!this.#storm) this.#onBound();
        this.#storm = true;
        w.wake();
      }, this.#boundMs);
      this.#waiting.add(w);
    });
  }
}

/**
 * `specbench mock`: a mock server on node:http for the spec folder, following its edits through
 * the live workspace (the engine `check` and the language server use) without a restart. Each
 * request is one log line on stdout with the gaps it ran into; `/_specbench/hits` sums them up.
 * Ends cleanly on SIGINT or SIGTERM.
 */
export async function mockCommand(options: Options, io: Io): Promise<number> {
  // An option of another command (`--format json`) is refused, never silently ignored.
  const foreign = Object.entries(options).find(([name, value]) => value !== undefined && !MOCK_OPTIONS.has(name));
  if (foreign) throw new UsageError(`\`--${foreign[0]}\` is not an option of \`mock\``);
  const dir = options.spec ?? specDir(io.env);
  const port = portOf(options.port);
  const host = options.host ?? '127.0.0.1';
  // An empty host would listen on every interface (what `--host "$UNSET"` gives): never by accident.
  if (host.trim() === '') {
    io.err('specbench mock: --host takes an address or a name to listen on (127.0.0.1 when not given), not an empty value\n');
    return EXIT.usage;
  }
  const started = performance.now();
  const { workspace, save } = await commandWorkspace(dir, options, io);
  const editUrl = io.env.SPECBENCH_EDIT_URL?.trim() || undefined;
  // A slow machine may give a pattern's test longer than 50 ms before it is not judged (whole milliseconds, 1 to 60,000); anything else is refused.
  const limitText = io.env.SPECBENCH_PATTERN_TIME_LIMIT_MS?.trim() || undefined;
  const patternTimeLimit = limitText === undefined ? undefined : /^[1-9]\d{0,4}$/.test(limitText) && Number(limitText) <= 60_000 ? Number(limitText) : null;
  if (patternTimeLimit === null) {
    io.err('specbench mock: SPECBENCH_PATTERN_TIME_LIMIT_MS takes whole milliseconds from 1 to 60000\n');
    return EXIT.usage;
  }
  // And all the tests of one request's values, in all (twice the limit when not given): the same bounds.
  const budgetText = io.env.SPECBENCH_PATTERN_BUDGET_MS?.trim() || undefined;
  const patternBudget = budgetText === undefined ? undefined : /^[1-9]\d{0,5}$/.test(budgetText) && Number(budgetText) <= 600_000 ? Number(budgetText) : null;
  if (patternBudget === null) {
    io.err('specbench mock: SPECBENCH_PATTERN_BUDGET_MS takes whole milliseconds from 1 to 600000\n');
    return EXIT.usage;
  }
  // `SPECBENCH_MOCK_DEBUG=1`: a line as each large body is sent to the body thread (what a long check is busy with).
  const debug = io.env.SPECBENCH_MOCK_DEBUG === '1' ? { onBodyThread: (n: number, thread: 'body' | 'check') => io.out(`specbench mock: debug: a body of ${n} bytes is being checked on the ${thread} thread\n`) } : {};
  const mock = new Mock(workspace.analysis, { ...debug, bodyThread: THREAD, auth: options.auth !== false, limits: options.limits !== false, ...(editUrl !== undefined ? { editUrl } : {}), ...(patternTimeLimit !== undefined ? { patternTimeLimit } : {}), ...(patternBudget !== undefined ? { patternBudget } : {}) });
  mock.warm();
  const errorsIn = () => workspace.analysis.diagnostics.filter((d) => d.severity === 'error').length;
  const warnErrors = () => {
    const n = errorsIn();
    if (n > 0) io.err(`specbench mock: warning: the spec has ${n} error${n === 1 ? '' : 's'} (\`specbench check\` lists them); what could not be read is not served.\n`);
  };
  warnErrors();
  let unreachable = mock.unreachable();
  const sayUnreachable = () => {
    for (const words of unreachable) io.out(`specbench mock: note: ${visible(words)}\n`);
  };
  const stopListening = workspace.onChange((update) => {
    const notes = mock.load(update.analysis);
    mock.warm();
    const changed = [...update.changed].sort();
    io.out(`specbench mock: reloaded after a change to ${changed.slice(0, 3).map((c) => visible(c)).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}: ${mock.endpoints} endpoints\n`);
    for (const note of notes) io.out(`  note: ${visible(note)}\n`);
    warnErrors();
    const now = mock.unreachable();
    if (now.join('\n') !== unreachable.join('\n')) {
      unreachable = now;
      sayUnreachable();
    }
    save();
  });
  // Answers wait while a change the watch was told of is being read: the first answer after a
  // save is of the saved file (a script that saves, then calls at once, got the old answer for
  // 50 to 75 ms). Told by the watch's events, never by waiting a while; only for the changes told
  // before the call came, and at most `RELOAD_WAIT_MS` (`ReloadGate`).
  const gate = new ReloadGate(RELOAD_WAIT_MS, () => io.out(`specbench mock: note: the spec folder ${visible(dir)} keeps changing; calls that waited ${RELOAD_WAIT_MS / 1000} s for it are answered from the spec as last read\n`));
  const settle = () => gate.release();
  const gone = `the spec folder ${dir} is gone (moved or removed); the answers are of the spec as last read, until it is back`;
  const watch = watchFolder(
    dir,
    async (paths) => {
      // Every change told so far is among `paths` (the watch adds a path as it tells its event).
      const covering = gate.reading();
      try {
        await workspace.refresh(paths);
        if (mock.isStale) {
          mock.stale(undefined);
          io.out(`specbench mock: the spec folder ${visible(dir)} is back\n`);
        }
      } catch (error) {
        if (!(error instanceof SpecDirError)) {
          // The reading itself failed: the calls are 503 until it succeeds, never answers from the spec before the edit.
          mock.unreadEdit(paths, error instanceof Error ? error.message : String(error));
          throw error;
        }
        if (!mock.isStale) io.err(`specbench mock: ${visible(gone)}\n`);
        mock.stale(gone);
      } finally {
        gate.read(covering);
      }
    },
    {
      onEvent: () => gate.told(),
      onError: (error) => {
        io.err(`specbench mock: watching ${visible(dir)}: ${visible(error instanceof Error ? error.message : String(error))}\n`);
      },
    },
  );

  // Nothing is logged once the log says the mock stopped (an answer to a connection cut at the stop).
  let ended = false;
  const answering = new Set<Promise<void>>();
  const server = mockServer(mock, (line) => (ended ? undefined : io.out(`${line}\n`)), () => gate.settled(), answering);
  // Requests not answered yet: those whose body is still coming when the mock stops are closed unanswered, and the log counts them.
  const pending = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    pending.add(res);
    res.once('close', () => pending.delete(res));
  });

  const listening = await new Promise<string | undefined>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.message));
    server.listen(port, host, () => resolve(undefined));
  });
  if (listening !== undefined) {
    watch.close();
    stopListening();
    save();
    io.err(`specbench mock: cannot listen on ${visible(host)}:${port}: ${visible(listening)}\n`);
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
      settle();
      server.close(() => {
        save();
        io.out(`specbench mock: stopped (${signal})\n`);
        ended = true;
        resolve(EXIT.ok);
      });
      // Requests being answered are answered (a body on the thread at once, 503: the thread ends
      // here) and logged before the log says the mock stopped; then connections still sending a
      // body are closed. Closed first, their clients saw a reset and the log a 500 after "stopped".
      mock.close();
      server.closeIdleConnections();
      void Promise.allSettled([...answering]).then(() => {
        const cut = [...pending].filter((res) => !res.headersSent).length;
        if (cut > 0) io.out(`specbench mock: closed ${cut} request${cut === 1 ? '' : 's'} unanswered: ${cut === 1 ? 'its body was' : 'their bodies were'} still coming when it stopped\n`);
        server.closeAllConnections();
      });
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    // Before the ready line: a signal sent as soon as it is read ends the server cleanly, cache saved.
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
  sayUnreachable();
  io.out(`specbench mock: serving ${mock.endpoints} endpoints of ${visible(dir)} at http://${visible(shownHost)}:${bound}${visible(mock.basePath)} (ready in ${Math.round(performance.now() - started)} ms; gaps clients hit: /_specbench/hits)\n`);
  // What the first read added to the cache is written once the server answers: nothing it answers waits for it.
  save();
  return stopped;
}
