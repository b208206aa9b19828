import type { Analysis } from '../analyze.ts';
import { CHECKS } from '../checks/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { facetId } from '../facet/ids.ts';
import { isObj, stated, statedObj } from '../facet/state.ts';
import { areaOf, CONFIG_FILE, findItem, type Item } from '../model/spec.ts';
import { sourceLinks } from '../render/site/source-links.ts';
import { answerResponse, chooseResponse, endpointWords, errorWithStatus, fromProblem, unanswered, type AnswerContext, type Asked, type Prepared } from './answer.ts';
import { Gaps } from './gaps.ts';
import { authorize, callerFor, challenges, guardItems, isRateLimitHeader, openQuotasOf, QuotaCounter, quotaChanges, quotasOf, rateLimitValue, scopeWords, sizeBoundOf, unreadScopes, unsendableSchemes, type QuotaState } from './guards.ts';
import { Hits, type HitsSummary } from './hits.ts';
import { Locator } from './located.ts';
import { preferences } from './prefer.ts';
import { problem } from './problem.ts';
import { serverBasePath, variableWords } from '../render/server-url.ts';
import { ownBasePath, ownServer, requestSegments, Routes, type Route } from './routes.ts';
import { resourceSchemaFor, type OpenAt } from './schemas.ts';
import { openInValue } from './made.ts';
import { parametersOf } from '../areas/endpoints/index.ts';
import { refusal, type OwnBound } from './validate.ts';
import { CHECKED_FORMATS, Validators, type KeptChecks } from './validators.ts';
import { BODY_THREAD, BodyThread, CHECK_THREAD, type ThreadBounds } from './body-thread.ts';
import { Serial } from './serial.ts';
import { SlowNotes, type SlowPattern } from './patterns.ts';
import { bytes, GAPS_HEADER_LIMIT, gapsHeader, header, HEADER_BLOCK_LIMIT, headerBytes, headerValue, percentUtf8, type MockRequest, type MockResponse } from './wire.ts';

export type { MockRequest, MockResponse } from './wire.ts';
export type { HitsSummary, GapHits } from './hits.ts';
export { gapIdEntry, gapsHeader, readGapsHeader } from './wire.ts';

/** What can be switched off for a demo, and the clock quotas count with. */
export interface MockOptions {
  /** Check credentials where security is stated (default true; `--no-auth` turns it off). */
  auth?: boolean;
  /** Count stated quotas and size bounds (default true; `--no-limits` turns it off). */
  limits?: boolean;
  /** Milliseconds now (quota windows, how long a slow pattern's texts go untested, how often the log says so); `Date.now` by default. */
  now?: () => number;
  /** Where the spec folder is edited (`SPECBENCH_EDIT_URL`; else `edit_url` in specbench.yaml), for links to the file that would close a gap. */
  editUrl?: string;
  /** How long one test of a pattern that could backtrack without end may run before it is not judged (ms; 50 by default; `SPECBENCH_PATTERN_TIME_LIMIT_MS`). */
  patternTimeLimit?: number;
  /** How long the guarded pattern tests of one request's values may run in all before the rest are not judged (ms; twice `patternTimeLimit` by default). */
  patternBudget?: number;
  /**
   * The body thread's module as a file URL (`src/lib/mock/thread.ts`, or a bundle's `mock-thread.mjs`;
   * the core's public entry serves too, at some 30 MB more a thread): given,
   * a request body past 1 MB is parsed and checked on a thread that loads it, so that other
   * clients are answered meanwhile; without, on the thread that answers. Given, heavy schemas
   * (`HEAVY_SCHEMA`) are compiled and checked on a check thread too.
   */
  bodyThread?: URL;
  /** The check thread's bounds (`CHECK_THREAD` by default; the tests make them small). */
  checkThread?: ThreadBounds;
  /** Hears of each body sent to the body thread or the check thread (`thread`), by its bytes, as it is sent (the command line's debug log). */
  onBodyThread?: (bytes: number, thread: 'body' | 'check') => void;
  /** Hears of each end of the check thread for having been idle (its compiled checks dropped). */
  onCheckThreadIdle?: () => void;
  /** The body thread's bounds (`BODY_THREAD` by default; the tests make them small). */
  bodyThreadBounds?: ThreadBounds;
  /** Hears of each end of the body thread for having been idle (its memory given back). */
  onBodyThreadIdle?: () => void;
  /** The most bytes of compiled checks kept (`KEPT_CODE_BYTES` by default; the tests make it small). */
  checkBytes?: number;
  /** The most bytes of bodies kept as answers already made (`PREPARED_BYTES` by default; the tests make it small). */
  preparedBytes?: number;
  /** The most text of spec files kept parsed for the lines of refusals (`LOCATOR_TEXT` by default; the tests make it small). */
  locatorText?: number;
}

/** One answer and what the log says of it: the endpoint, the gaps it named, the ones that left it open, anything worth noting. */
export interface MockOutcome {
  response: MockResponse;
  endpoint?: string;
  gaps: string[];
  unanswered: string[];
  notes: string[];
}

/**
 * The most bytes of bodies kept as answers already made, per analysis; past it the least recently
 * used go. It was 64 MB, kept until full and then never let go: a spec's 1 MB example asked for
 * with many `Accept` values held 64 MB of copies for good (GitHub's spec called in turn, every
 * operation and every stated status, makes some 2 MB of bodies in all).
 */
export const PREPARED_BYTES = 16 * 1024 * 1024;

/** The most answers kept, per analysis (each `Accept` a client sends may make one of its own). */
const PREPARED_ANSWERS = 10_000;

/** Where the mock answers about itself; no path of the spec is served under it. */
export const MOCK_PATH = '/_specbench/';

/** Everything the mock knows of one analysis, made again when the spec changes. */
interface State extends AnswerContext {
  base: string[];
  basePath: string;
  routes: Routes;
  /** The endpoints called on servers of their own, each at its server's base path from the root (T32u N-i). */
  own: Routes;
  /** The endpoints whose own first server's address no request reaches as written (a query, a `.`/`..` segment): not served, said at start and in a 404. */
  unserved: Array<{ endpoint: Item<'endpoints'>; server: string; why: string }>;
  validators: Validators;
  locator: Locator;
  /** Answers already made, by endpoint, response, media type and example. */
  prepared: Map<string, Prepared>;
  /** The bytes of the bodies `prepared` holds. */
  preparedBytes: number;
  notes: string[];
  /** The files that could not be read (errors reported in them, nothing of the spec read from them), with their errors. */
  unreadable: Map<string, Diagnostic[]>;
  /**
   * The files read with errors in them (`minimun: 1`, `maximum: "ten"`): the facet around an error
   * is not read, so what they state cannot be told from what they leave open.
   */
  erred: Map<string, Diagnostic[]>;
  /**
   * The files read whole whose check errors break what an answer stands on (`BROKEN_CODES`: a
   * reference to an item or type the spec does not have, a path's parameters that disagree with its
   * template): an endpoint that reaches one is answered by a 503 naming the errors, never as if
   * its body or parameters fitted.
   */
  broken: Map<string, Diagnostic[]>;
  /**
   * The files read whole that name, where an answer may need it, an item whose file exists and
   * could not be read (`type: Dog` with `resources/Dog.yaml` a YAML error), with those files: an
   * endpoint that reaches one is answered by a 503 naming them, as a direct `resource: Dog` is (T35u U1).
   */
  unreadRefs: Map<string, Set<string>>;
  /** The files each endpoint's answers stand on (its own, its resources', its errors'), by endpoint id, as first asked. */
  reaches: Map<string, string[]>;
  /**
   * The errors of `specbench.yaml` every answer stands on (`settingsErrors`): with them, which
   * facets the settings make gaps cannot be told (t35t D4: `require: [pattern, patern]` dropped
   * the whole list, and a facet it makes open was answered with a made body).
   */
  settings: Diagnostic[];
}

/**
 * The errors of `specbench.yaml` that every endpoint's answer stands on: all but those of `logo`
 * and `levels`, which say nothing of an answer (the site's header, the readiness levels). A key
 * that fails its schema is left out whole (a misspelt value of `require:` drops the list), and an
 * unknown key may be a misspelt `require:`, so neither is read as "nothing required".
 */
function settingsErrors(analysis: Analysis): Diagnostic[] {
  return analysis.diagnostics.filter((d) => d.file === CONFIG_FILE && d.severity === 'error' && !/ at `(logo|levels)\b/.test(d.message));
}

/**
 * The check errors that leave what a file states unresolved or contradictory: what an endpoint
 * reaching them answers cannot be told (a reference to nothing, a path's parameters that disagree
 * with its template, a rule no value can keep or no regular expression reads, values of a type
 * the field is not, a default its own allowed values refuse, states that differ from the allowed
 * values of the field they hold, a status that is none). The rule: an error `check` reports about
 * what an answer takes or sends, in a file the answer stands on, makes it a 503 naming the error
 * (t35s N3: `pattern: "["` was answered with `"<a string matching [>"`, and a request it should
 * have judged with a 204). Errors about prose and pages (links, raw HTML, lengths), a duplicate
 * endpoint (said at start, answered from its twin) and a stated example that breaks its shape
 * (answered as stated, noted) leave the answer as the spec states it.
 */
const BROKEN_CODES = new Set(['unresolved-reference', 'path-parameters', 'bad-constraint', 'constraint-type', 'allowed-type', 'default-value', 'duplicate-facet', 'state-values', 'state-field', 'initial-state', 'unknown-state', 'bad-status', 'discriminator-field']);

/** Whether a check error breaks what an answer stands on (`BROKEN_CODES`): `default-value` only for a default (the value a made body takes), never for an example (answered as stated, the log says it breaks its shape). */
const breaks = (d: Diagnostic) => BROKEN_CODES.has(d.code) && (d.code !== 'default-value' || d.message.startsWith('The default ')) && !answerless(d);

/**
 * A reference error no answer of the mock stands on (T35u U5): a `blocked_by` naming no facet
 * (bookkeeping between gaps), an event, endpoint or version that does not exist (callbacks,
 * channels, transition triggers). Located by `check`; a fully stated endpoint is still answered.
 */
const answerless = (d: Diagnostic) => d.code === 'unresolved-reference' && (d.message.startsWith('`blocked_by` names ') || /^Unknown (event|endpoint|version) `/.test(d.message));

/** The areas whose items an answer may need (a body's resource, an error, a scheme, a limit). */
const ANSWER_AREAS = ['resources/', 'errors/', 'authentication/', 'limits/'];

/** The codes of the checks: their errors leave what a file states as it is (an example that breaks its shape is answered as stated). */
const CHECK_CODES = new Set(CHECKS.map((c) => c.code));

/**
 * The spec's files with errors, by whether they were read: `unreadable`, no area or item of the
 * spec comes from them; `erred`, read, with an error of reading (a key or value its schema does
 * not take) that left the facet around it out.
 */
function filesWithErrors(analysis: Analysis): { unreadable: Map<string, Diagnostic[]>; erred: Map<string, Diagnostic[]>; broken: Map<string, Diagnostic[]>; unreadRefs: Map<string, Set<string>> } {
  const read = new Set<string>();
  for (const area of analysis.spec.areas) {
    if (area.present) read.add(area.file);
    for (const item of area.items) read.add(item.file);
  }
  const unreadable = new Map<string, Diagnostic[]>();
  const erred = new Map<string, Diagnostic[]>();
  const broken = new Map<string, Diagnostic[]>();
  const unreadRefs = new Map<string, Set<string>>();
  for (const d of analysis.diagnostics) {
    const names = d.code === 'unresolved-reference' && read.has(d.file) ? /names `([^`]+)`, which exists but could not be read/.exec(d.message)?.[1] : undefined;
    if (names !== undefined && ANSWER_AREAS.some((a) => names.startsWith(a))) {
      const set = unreadRefs.get(d.file) ?? new Set<string>();
      set.add(names);
      unreadRefs.set(d.file, set);
    }
    // A reference to a file that exists and could not be read is that file's error, named as such where an answer needs it.
    if (d.severity === 'error' && read.has(d.file) && breaks(d) && !d.message.includes('which exists but could not be read')) {
      const list = broken.get(d.file) ?? [];
      list.push(d);
      broken.set(d.file, list);
      continue;
    }
    if (d.severity !== 'error' || (read.has(d.file) && CHECK_CODES.has(d.code))) continue;
    const out = read.has(d.file) ? erred : unreadable;
    const list = out.get(d.file) ?? [];
    list.push(d);
    out.set(d.file, list);
  }
  return { unreadable, erred, broken, unreadRefs };
}

/**
 * The stated formats the mock has no check for (`phone`, `int8`), each with the first file that
 * states it: a value sent for them is taken whatever its form, and one made for them is not of the
 * format (t35t D1: nothing said so).
 */
function uncheckedFormats(analysis: Analysis): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (v: unknown, file: string, depth: number) => {
    if (depth > 64) return;
    if (Array.isArray(v)) for (const x of v) walk(x, file, depth + 1);
    else if (isObj(v)) {
      const format = stated(v.format);
      if (typeof format === 'string' && !CHECKED_FORMATS.has(format) && !found.has(format)) found.set(format, file);
      for (const [k, x] of Object.entries(v)) if (k !== 'examples' && k !== 'example' && k !== 'named_examples' && k !== 'default') walk(x, file, depth + 1);
    }
  };
  for (const area of ['endpoints', 'resources', 'errors'] as const) {
    const a = areaOf(analysis.spec, area);
    walk(a.data, a.file, 0);
    for (const item of a.items) walk(item.data, item.file, 0);
  }
  return found;
}

/** The files an endpoint's answers stand on: its own, the resources its request, parameters and responses reach, the errors its responses name. */
function filesReached(analysis: Analysis, gaps: Gaps, endpoint: Item<'endpoints'>): string[] {
  const files = new Set<string>([endpoint.file]);
  const bodies: Array<{ resource?: unknown; schema?: unknown; content?: unknown }> = [];
  const request = statedObj(endpoint.data.request);
  if (request) bodies.push(request);
  for (const { parameter } of parametersOf(endpoint.data)) bodies.push({ schema: parameter });
  for (const entry of Object.values(statedObj(endpoint.data.responses) ?? {})) {
    if (!isObj(entry)) continue;
    bodies.push(entry);
    const error = typeof entry.error === 'string' ? findItem(analysis.spec, 'errors', entry.error) : undefined;
    if (error) {
      files.add(error.file);
      const body = statedObj(error.data.body);
      if (body) bodies.push(body);
    }
  }
  const resources = new Set<string>();
  for (const body of bodies) for (const id of gaps.resourcesOf(body)) {
    resources.add(id);
    const item = findItem(analysis.spec, 'resources', id);
    if (item) files.add(item.file);
  }
  // The state machines that hold a field of those resources: an answer's value for it is one of their states.
  for (const machine of areaOf(analysis.spec, 'states').items) {
    const resource = stated(machine.data.resource);
    if (typeof resource === 'string' && resources.has(resource)) files.add(machine.file);
  }
  return [...files].sort();
}

/**
 * The gap ids of the resources a request uses, its body's and its parameters' (and every resource
 * theirs name): a call the mock takes or refuses by them depends on them, as an answer does on its body's.
 */
function requestResourceGaps(state: State, endpoint: Item<'endpoints'>): string[] {
  const request = statedObj(endpoint.data.request);
  return [...(request ? state.gaps.ofResources(request) : []), ...parametersOf(endpoint.data).flatMap(({ parameter }) => state.gaps.ofResources({ schema: parameter }))];
}

/** Why a base address is no path a request reaches as written, where it is not. */
function baseWhy(base: string): string | undefined {
  const read = serverBasePath({ written: base, url: base, defaults: [], unfilled: [] });
  return 'why' in read ? read.why : undefined;
}

/** The base path of the spec's base address (`https://api.example.com/v1` → `/v1`); the root while it is not stated. */
function basePathOf(analysis: Analysis): string {
  const base = stated(areaOf(analysis.spec, 'purpose').data.base_url);
  if (typeof base !== 'string') return '';
  // Read by the one server joiner (render/server-url.ts): a server variable in the path (`/{version}`) or an
  // address no request reaches as written (a query, a `.`/`..` segment) is no path a client calls: served at the root, said at start.
  const read = serverBasePath({ written: base, url: base, defaults: [], unfilled: [] });
  if ('why' in read || read.variables.length > 0) return '';
  let path: string;
  try {
    path = new URL(base).pathname;
  } catch {
    path = base.startsWith('/') ? base : '';
  }
  // A server variable in the path (`/{version}`) is not a path a client calls.
  return /[{}]/.test(path) ? '' : path.replace(/\/+$/, '');
}

/** What a request asks for: `Prefer`'s status and named example, and `Accept`. */
function asks(request: MockRequest): Asked {
  const asked: Asked = preferences(request);
  const accept = header(request, 'accept');
  return accept === undefined ? asked : { ...asked, accept };
}

/**
 * The path and query of a request target: the origin form as it is (`/v1/orders?x=1`), the
 * absolute form proxies send (`http://host/v1/orders?x=1`) by its path and query; undefined for
 * anything else (`*`, an authority).
 */
export function originForm(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(target)) return undefined;
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // The path as sent, still percent-encoded (URL keeps it so), with its query.
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** The answer to a request the mock stops before answering (a body still being checked on its thread): a 503, and the connection closed. */
function stopping(): MockOutcome {
  const p = problem({ status: 503, type: 'stopping', title: 'The mock is stopping', detail: 'The mock stopped before it answered this request; send it again once the mock runs.' });
  return { response: { status: 503, headers: [['Content-Type', 'application/problem+json'], ['Connection', 'close']], body: bytes(p.text) }, gaps: [], unanswered: [], notes: [] };
}

/**
 * The `413` for a body past a bound of the mock's own (the bytes the server reads, those a content
 * coding decodes to, the values of a JSON body, a form's fields or parts, the memory its check takes), not the spec's: no line of the spec is
 * cited, and every such answer has one shape (`limit`, `unit`), whichever bound it passed.
 */
function tooLargeForMock(endpoint: string, own: OwnBound): Prepared {
  const what = {
    bytes: `request bodies of ${own.limit} bytes at most; this one is larger, so it was not read`,
    'bytes once decoded': `request bodies of ${own.limit} bytes at most once their Content-Encoding is undone; this one decodes to more, so it was not read`,
    values: `JSON bodies of ${own.limit} values at most (each item, member name and member value counts; each costs the mock memory to hold); this one holds more, so it was not checked`,
    'MB of memory': `request bodies that take ${own.limit} MB of memory at most to check; this one took more, so it was not checked`,
    'MB of memory to compile its shape': `request bodies whose shape's check takes ${own.limit} MB of memory at most to compile; this endpoint's took more, so the body was not checked (it is no fault of the body's)`,
    fields: `form bodies of ${own.limit} fields at most (each costs the mock memory to hold); this one has more, so it was not checked`,
    parts: `multipart bodies of ${own.limit} parts at most (each costs the mock memory to hold); this one has more, so it was not checked`,
  }[own.unit];
  // A shape whose check does not fit is the mock's bound, not the body's size: the title says so.
  const title = own.unit === 'MB of memory to compile its shape' ? 'The mock cannot check bodies of this shape' : 'The body is too large for the mock';
  const p = problem({ status: 413, type: 'too-large', title, detail: `The mock reads ${what}.`, extra: { endpoint, limit: own.limit, unit: own.unit } });
  // A body the server did not read is closed on (what follows it on the connection was not read either).
  return own.unit === 'bytes' ? { ...fromProblem(p), headers: [...fromProblem(p).headers, ['Connection', 'close']] } : fromProblem(p);
}

/**
 * The answer to a body the server did not read for its own reasons: `503` with `Retry-After` when
 * the bodies it held at once were at its bound, `408` when the body stopped coming. Both close the
 * connection (the rest of the body was not read).
 */
function unread(endpoint: string, { why, limit }: NonNullable<MockRequest['bodyUnread']>): Prepared {
  const p =
    why === 'busy'
      ? problem({ status: 503, type: 'busy', title: 'The mock holds too many bodies at once', detail: `The mock holds ${limit} bytes of request bodies at most at once, across connections; this one would pass that, so it was not read. Send it again in a moment.`, extra: { endpoint, limit, unit: 'bytes' } })
      : why === 'share'
        ? problem({ status: 503, type: 'busy', title: 'The client holds too many bodies at once', detail: `The mock holds ${limit} bytes of request bodies at most at once from one client (half of what it holds across connections, so that other clients are always served); this one would pass that, so it was not read. Send it again once your other bodies are answered.`, extra: { endpoint, limit, unit: 'bytes' } })
      : problem({ status: 408, type: 'body-stalled', title: 'The body stopped coming', detail: `No byte of the body came for ${limit} ms, so it was not read.`, extra: { endpoint, limit, unit: 'ms' } });
  const answer = fromProblem(p);
  return { ...answer, headers: [...answer.headers, ...(why !== 'stalled' ? [['Retry-After', '1'] as [string, string]] : []), ['Connection', 'close']] };
}

/**
 * The endpoints split by where they are served: under the service's base path, on servers of their
 * own (from the root, an unfilled variable matching any segment), and not at all (an own server's
 * address no request reaches as written), through the one server joiner the pages and samples use.
 */
function servedOn(endpoints: ReadonlyArray<Item<'endpoints'>>): Pick<State, 'routes' | 'own' | 'unserved'> {
  const service: Array<Item<'endpoints'>> = [];
  const own: Array<{ endpoint: Item<'endpoints'>; path: string }> = [];
  const unserved: State['unserved'] = [];
  for (const endpoint of endpoints) {
    const server = ownServer(endpoint);
    if (server === undefined) service.push(endpoint);
    else if ('path' in server) own.push({ endpoint, path: server.path });
    else unserved.push({ endpoint, server: server.server.written, why: server.why });
  }
  const prefixes = new Map(own.map((o) => [o.endpoint, o.path]));
  return { routes: new Routes(service), own: new Routes(own.map((o) => o.endpoint), (e) => prefixes.get(e) ?? ''), unserved };
}

/** An endpoint as the 404 and 405 answers list it. */
const listed = (state: State, r: Route) => ({ endpoint: r.endpoint.id, method: r.method ?? null, path: `${ownBasePath(r.endpoint) !== undefined ? '' : state.basePath}${r.path}`, file: r.endpoint.file });

/**
 * The mock server's core: answers requests as the spec states, names every gap an answer runs
 * into, and never makes up what the spec leaves open. Plain TypeScript over `MockRequest` and
 * `MockResponse`; the command line puts it behind node:http and calls `load` after every edit.
 */
export class Mock {
  readonly #options: Required<Pick<MockOptions, 'auth' | 'limits' | 'now' | 'preparedBytes'>> & Pick<MockOptions, 'editUrl' | 'patternTimeLimit' | 'patternBudget' | 'checkBytes' | 'locatorText'>;
  readonly #quotas = new QuotaCounter();
  readonly #hits = new Hits();
  #state: State;
  #stale: string | undefined;
  /** An edit the spec could not be read with at all (the reading failed, not the files): every call is a 503 until a reading succeeds. */
  #unread: { files: readonly string[]; message: string } | undefined;
  readonly #thread: BodyThread | undefined;
  /** Where the checks of heavy schemas are compiled and run, and kept (`HEAVY_SCHEMA`), with the body thread. */
  readonly #heavy: BodyThread | undefined;
  /** The checks of large bodies on this thread, one at a time. */
  readonly #serial = new Serial();
  /** Set once the server stops: what is still being answered is answered 503. */
  #closed = false;

  constructor(analysis: Analysis, options: MockOptions = {}) {
    this.#options = { auth: options.auth ?? true, limits: options.limits ?? true, now: options.now ?? Date.now, preparedBytes: options.preparedBytes ?? PREPARED_BYTES, ...(options.editUrl !== undefined ? { editUrl: options.editUrl } : {}), ...(options.patternTimeLimit !== undefined ? { patternTimeLimit: options.patternTimeLimit } : {}), ...(options.patternBudget !== undefined ? { patternBudget: options.patternBudget } : {}), ...(options.checkBytes !== undefined ? { checkBytes: options.checkBytes } : {}), ...(options.locatorText !== undefined ? { locatorText: options.locatorText } : {}) };
    const heard = options.onBodyThread;
    this.#thread = options.bodyThread ? new BodyThread(options.bodyThread, options.patternTimeLimit, heard && ((n) => heard(n, 'body')), options.bodyThreadBounds ?? BODY_THREAD, options.onBodyThreadIdle) : undefined;
    this.#heavy = options.bodyThread ? new BodyThread(options.bodyThread, options.patternTimeLimit, heard && ((n) => heard(n, 'check')), options.checkThread ?? CHECK_THREAD, options.onCheckThreadIdle) : undefined;
    this.#state = this.#stateOf(analysis);
  }

  /** The server stops: the body thread ends, where one was started, and requests still being answered are answered 503. */
  close(): void {
    this.#closed = true;
    this.#thread?.close();
    this.#heavy?.close();
  }

  /**
   * Answers from now on as this analysis states (the quotas' counts and the hits stay); returns
   * notes for the log: the quotas whose numbers the edit changed (their counts stay, against the
   * new numbers).
   */
  load(analysis: Analysis): string[] {
    const changes = quotaChanges(this.#state.analysis, analysis);
    this.#state = this.#stateOf(analysis, this.#state.validators, this.#state.locator);
    this.#unread = undefined;
    return this.#options.limits ? changes : [];
  }

  /**
   * The edit of `files` could not be read at all (the reading itself failed): until a reading
   * succeeds (`load`), every call is a 503 `spec-unreadable` naming them, never an answer from the
   * spec as it was before the edit, which the files no longer say.
   */
  unreadEdit(files: readonly string[], message: string): void {
    this.#unread = { files: [...files].sort(), message };
  }

  /** The path every endpoint is served under (`/v1`), empty for the root. */
  get basePath(): string {
    return this.#state.basePath;
  }

  /** How many endpoints can be called (their path is stated). */
  get endpoints(): number {
    return this.#state.routes.routes.length + this.#state.own.routes.length;
  }

  /**
   * Whether the answer to a request may depend on its body: it reaches an endpoint (not a path of
   * the mock's own, no `404` or `405`). A client that asks before sending a body
   * (`Expect: 100-continue`) is told to send it only then; otherwise the answer comes at once.
   */
  readsBody(method: string, url: string): boolean {
    const state = this.#state;
    if (this.#closed) return false;
    const target = originForm(url) ?? url;
    const at = target.indexOf('?');
    const path = at < 0 ? target : target.slice(0, at);
    const parts = path.startsWith(MOCK_PATH) || !path.startsWith('/') ? undefined : requestSegments(path);
    if (parts !== undefined && state.own.match(method.toUpperCase(), parts).kind === 'endpoint') return true;
    if (parts === undefined || !state.base.every((s, i) => parts[i] === s)) return false;
    return state.routes.match(method.toUpperCase(), parts.slice(state.base.length)).kind === 'endpoint';
  }

  /** Loads the validator (Ajv) and registers the resources' schemas now, so that the first request does not wait for them. */
  warm(): void {
    this.#state.validators.warm();
  }

  /** What the compiled checks kept hold (for the tests: bounded, and kept across an edit that leaves their schemas as they were). */
  keptChecks(): KeptChecks {
    return this.#state.validators.keptChecks();
  }

  /** The answers already made that are kept (their endpoints, the least recently used first), and the bytes of their bodies (for the tests: bounded, the least recently used let go). */
  preparedAnswers(): { endpoints: string[]; bytes: number } {
    return { endpoints: [...this.#state.prepared.keys()].map((key) => key.split('\u0000')[0] ?? ''), bytes: this.#state.preparedBytes };
  }

  /** How many spec files the current reading parsed for their lines (for the tests: an edit of one file parses no other again). */
  parsedFiles(): number {
    return this.#state.locator.parsed;
  }

  /** The spec files kept parsed for the lines of refusals, least recently used first, and the length of their text (for the tests: the bound is kept). */
  locatedFiles(): { files: string[]; text: number } {
    return this.#state.locator.kept;
  }

  /** The keys of the quota windows kept (for the tests: bounded whoever calls). */
  quotaKeys(): string[] {
    return this.#quotas.keys();
  }

  /** The gaps clients ran into so far. */
  hits(): HitsSummary {
    return this.#hits.summary(this.#state.gaps);
  }

  /** `previous`: the validators of the reading before, kept when the resources' schemas are the same (`Validators.adopt`); `previousLocator`: its locator, whose files parsed are kept where their text is the same. */
  #stateOf(analysis: Analysis, previous?: Validators, previousLocator?: Locator): State {
    const notes: string[] = [];
    const slow = new SlowNotes(this.#options.now);
    const links = sourceLinks(this.#options.editUrl ?? analysis.spec.config.editUrl);
    const basePath = basePathOf(analysis);
    const gaps = new Gaps(analysis, links);
    // A union's variant is open where a value made from it would be (`openInValue`): its type, a bound, a resource's fields.
    const openAt: OpenAt = Object.assign((shape: unknown, at: string, direction: 'request' | 'response') => openInValue(analysis, gaps, shape, at, direction).length > 0, { gap: (id: string) => gaps.gap(id) !== undefined });
    const resource = (ref: string) => resourceSchemaFor(analysis, ref, openAt);
    const onSlow = (event: SlowPattern) => {
      const note = slow.note(event);
      if (note !== undefined) notes.push(note);
    };
    return {
      analysis,
      gaps,
      openAt,
      base: requestSegments(basePath) ?? [],
      basePath,
      ...servedOn(areaOf(analysis.spec, 'endpoints').items),
      // Each resource's schema made and registered when a request's schema first reaches it.
      validators: previous?.adopt(resource, onSlow) ?? new Validators(resource, onSlow, this.#options.patternTimeLimit, this.#options.patternBudget, this.#options.now, this.#options.checkBytes),
      locator: new Locator(analysis, previousLocator, this.#options.locatorText),
      ...(this.#heavy ? { heavy: this.#heavy } : {}),
      prepared: new Map(),
      preparedBytes: 0,
      reaches: new Map(),
      notes,
      ...filesWithErrors(analysis),
      settings: settingsErrors(analysis),
    };
  }

  /**
   * Says, on every answer from now on (`Specbench-Stale`), that the spec folder is gone and the
   * answers are of the spec as last read; undefined says it is back.
   */
  stale(reason: string | undefined): void {
    this.#stale = reason;
  }

  /** Whether the answers are said to be of a spec folder that is gone. */
  get isStale(): boolean {
    return this.#stale !== undefined;
  }

  /**
   * What the log says at start and after each reload, in words: a base address whose path the mock
   * cannot serve under (a server variable: it serves at the root), endpoints whose path holds a `?`
   * or `#` (reached only with it percent-encoded: a client's `?` starts the query), endpoints
   * no request reaches (another stated path takes all of theirs), endpoints not served (a
   * control character in their path), and endpoints under the mock's own `/_specbench/`.
   */
  unreachable(): string[] {
    const state = this.#state;
    const base = stated(areaOf(state.analysis.spec, 'purpose').data.base_url);
    const purpose = areaOf(state.analysis.spec, 'purpose').file;
    const errors = (state.erred.get(purpose) ?? []).map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`);
    const variable =
      typeof base === 'string'
        ? state.basePath === '' && /\{[^}]*\}/.test(base)
          ? [`the base address ${base} has a server variable in its path, which no request fills: the endpoints are served at the root, not under it`]
          : state.basePath === '' && baseWhy(base) !== undefined
            ? [`the base address ${base} is no path a request reaches as written (${baseWhy(base) ?? ''}): the endpoints are served at the root, not under it`]
            : []
        : errors.length > 0
          ? [`the base address is not read, ${purpose} has errors (${errors.join(', ')}): the endpoints are served at the root until it is mended, and a path no endpoint states there is a 503`]
          : [];
    // The service's endpoints under its base path, and those on servers of their own from the root (r14 M3: these were in no note).
    const tables = [
      { table: state.routes, prefix: state.basePath },
      { table: state.own, prefix: '' },
    ];
    const query = tables.flatMap(({ table, prefix }) => table.routes.filter((r) => /[?#]/.test(r.path)).map((r) => `${r.method ?? '(method open)'} ${prefix}${r.path} (${r.endpoint.id}, ${r.endpoint.file}) holds a \`${r.path.includes('?') ? '?' : '#'}\`, which starts a request's ${r.path.includes('?') ? 'query' : 'fragment'}: it is reached only with it percent-encoded (${encodeURI(r.path).replace(/\?/g, '%3F').replace(/#/g, '%23')})`));
    // Two files stating one method and path are a conflict `check` reports (duplicate-endpoint), said as one, not as a path that happens to be shadowed.
    const same = (r: { method: string | undefined; path: string }) => `${r.method ?? ''} ${r.path.replace(/\{[^{}]*\}/g, '{}').replace(/\/+$/, '')}`;
    const taken = tables.flatMap(({ table, prefix }) =>
      table.unreachable().map((r) => {
        const twin = table.routes.find((o) => o !== r && o.method !== undefined && same(o) === same(r));
        const head = `${r.method ?? '(method open)'} ${prefix}${r.path} (${r.endpoint.id}, ${r.endpoint.file})`;
        return twin ? `${head} is never reached: ${twin.endpoint.file} (${twin.endpoint.id}) states the same method and path, an error \`specbench check\` reports (duplicate-endpoint); the mock answers it from ${twin.endpoint.id} until one of the two is changed` : `${head} is never reached: another stated path takes every request it would answer`;
      }),
    );
    // An endpoint on its own server is asked first: a service endpoint of the same method at the same full path is answered by it.
    const shadowed = state.own.routes.flatMap((r) => {
      if (r.method === undefined) return [];
      const hits = new Set<Route>();
      // A variable segment is tried with the service's base path's own segment there too (`/{tenant}/login` takes `/v1/login`).
      for (const fill of ['', '1', 'specbench', 'x-1.y']) {
        const parts = r.segments.map((seg, i) => ('literal' in seg ? seg.literal : fill === '' ? (state.base[i] ?? '1') : seg.template.replace(/\{[^{}]*\}/g, fill)));
        if (!state.base.every((b, i) => parts[i] === b)) continue;
        const hit = state.routes.match(r.method, parts.slice(state.base.length));
        if (hit.kind === 'endpoint' && hit.route.method === r.method) hits.add(hit.route);
      }
      return [...hits].map((t) => `${t.method ?? ''} ${state.basePath}${t.path} (${t.endpoint.id}, ${t.endpoint.file}) is answered by ${r.endpoint.id} (${r.endpoint.file}) where their paths meet: ${r.endpoint.id} states its own server, whose path ${r.path} the mock serves first`);
    });
    const refused = tables.flatMap(({ table }) => table.refused.map((r) => `${r.path} (${r.endpoint.id}, ${r.endpoint.file}) is not served: its path holds a control character, which \`specbench check\` refuses (no URL carries one as itself)`));
    // The mock's own pages answer every path under `/_specbench/` as sent, before any endpoint is matched.
    const own = tables.flatMap(({ table, prefix }) =>
      table.routes
        .filter((r) => `${prefix}${r.path}`.startsWith(MOCK_PATH))
        .map((r) => `${r.method ?? '(method open)'} ${prefix}${r.path} (${r.endpoint.id}, ${r.endpoint.file}) is never reached as written: the mock's own pages take every path under ${MOCK_PATH}; it is reached only with the \`_\` percent-encoded (/%5F${`${prefix}${r.path}`.slice('/_'.length)})`),
    );
    // An own server that names a variable with no default: served with that segment matching any value (r14 H5).
    const anyValue = state.own.routes.flatMap((r) => {
      const server = ownServer(r.endpoint);
      return server !== undefined && 'path' in server && server.variables.length > 0 ? [`${r.method ?? '(method open)'} ${r.path} (${r.endpoint.id}, ${r.endpoint.file}) is served with ${variableWords(server.variables)} matching any value: its own server ${server.server.written} states no default for ${server.variables.length === 1 ? 'it' : 'them'}`] : [];
    });
    const unserved = state.unserved.map((u) => `${stated(u.endpoint.data.method) ?? '(method open)'} ${stated(u.endpoint.data.path) ?? ''} (${u.endpoint.id}, ${u.endpoint.file}) is not served: its own server ${u.server} is no path a request reaches as written (${u.why})`);
    const scopes = this.#options.limits ? unreadScopes(state.analysis) : [];
    const settings = state.settings.length > 0 ? [`${CONFIG_FILE} has errors (${state.settings.slice(0, 5).map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`).join(', ')}${state.settings.length > 5 ? `, and ${state.settings.length - 5} more` : ''}): which facets it makes gaps (\`require:\`) cannot be told, so every endpoint answers 503 spec-unreadable naming them until it is mended`] : [];
    const unsendable = this.#options.auth ? unsendableSchemes(state.analysis) : [];
    const formats = [...uncheckedFormats(state.analysis)];
    const unchecked = formats.length > 0 ? [`the format${formats.length === 1 ? '' : 's'} ${formats.slice(0, 8).map(([f, file]) => `\`${f}\` (${file})`).join(', ')}${formats.length > 8 ? ` and ${formats.length - 8} more` : ''} ${formats.length === 1 ? 'is' : 'are'} not checked by the mock: a value sent for ${formats.length === 1 ? 'it' : 'them'} is taken whatever its form, and a value made for ${formats.length === 1 ? 'it' : 'them'} keeps only the rest of its shape`] : [];
    return [...settings, ...variable, ...query, ...taken, ...shadowed, ...refused, ...own, ...anyValue, ...unserved, ...scopes, ...unsendable, ...unchecked];
  }

  /**
   * The answer when the spec files a call may depend on could not be read: a 503 naming each file
   * and its errors (file, line, column, code), never a 404 or 501 as if the spec said nothing.
   */
  #unreadable(state: State, files: readonly string[], what: string): Prepared {
    const errors = files.flatMap((file) => (state.unreadable.get(file) ?? state.erred.get(file) ?? state.broken.get(file) ?? []).map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code, message: d.message })));
    const where = errors.slice(0, 5).map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`).join(', ');
    if (files.every((file) => !state.unreadable.has(file) && !state.erred.has(file))) {
      // Read whole, with an error that leaves what it states unresolved (a reference to nothing).
      const p = problem({ status: 503, type: 'spec-unreadable', title: 'The spec has an error this answer stands on', detail: `${what} stands on ${files.length === 1 ? 'a file' : 'files'} with errors (${where}${errors.length > 5 ? `, and ${errors.length - 5} more` : ''}): ${errors[0]?.message ?? ''} Nothing is answered from it, and no body is taken for one that fits it, until ${files.length === 1 ? 'it is' : 'they are'} mended; \`specbench check\` lists the errors.`, extra: { errors } });
      return fromProblem(p);
    }
    const p = problem({ status: 503, type: 'spec-unreadable', title: 'A spec file cannot be read', detail: `${what} may be stated in ${files.length === 1 ? 'a file' : 'files'} that cannot be read (${where}${errors.length > 5 ? `, and ${errors.length - 5} more` : ''}); \`specbench check\` lists the errors. The answer comes once ${files.length === 1 ? 'it is' : 'they are'} mended.`, extra: { errors } });
    return fromProblem(p);
  }

  /** The unreadable files under an area's folder (`endpoints/`), sorted. */
  #unreadableIn(state: State, areas: readonly string[]): string[] {
    return [...state.unreadable.keys()].filter((f) => areas.some((a) => f.startsWith(`${a}/`))).sort();
  }

  /** Answers one request. Never throws: whatever goes wrong inside is a 500 that says so. */
  async handle(request: MockRequest): Promise<MockOutcome> {
    const state = this.#state;
    let outcome: MockOutcome;
    try {
      outcome = await this.#answer(state, request);
    } catch (error) {
      // Stopped meanwhile (a body on the thread let go): not the mock's failure, and said so.
      const p = problem({ status: 500, type: 'internal-error', title: 'The mock failed', detail: `The mock failed to answer: ${error instanceof Error ? error.message : String(error)}. Please report this with the spec that caused it.` });
      outcome = this.#closed ? stopping() : { response: { status: 500, headers: [['Content-Type', 'application/problem+json']], body: bytes(p.text) }, gaps: [], unanswered: [], notes: [] };
    }
    const status = outcome.response.status;
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      // Never sent: a status no client can read. Whatever made it is a defect of the mock.
      const p = problem({ status: 500, type: 'internal-error', title: 'The mock failed', detail: `The mock made an answer of status ${String(status)}, which is no HTTP status; it was not sent. Please report this with the spec that caused it.` });
      outcome = { ...outcome, response: { status: 500, headers: [['Content-Type', 'application/problem+json']], body: bytes(p.text) } };
    }
    const notes = state.notes.splice(0);
    outcome.notes.push(...notes);
    const unreadable = state.unreadable.size + state.erred.size + state.broken.size > 0 ? [...new Set([...state.unreadable.keys(), ...state.erred.keys(), ...state.broken.keys()])].sort() : undefined;
    const stale: Array<[string, string]> = this.#stale !== undefined ? [['Specbench-Stale', headerValue(this.#stale)]] : [];
    outcome.response.headers.push(['Specbench-Gaps-Count', String(outcome.gaps.length)], ['Access-Control-Allow-Origin', '*'], ['Access-Control-Expose-Headers', '*'], ...stale);
    // Nothing written in a spec runs: a stated `text/html` or SVG body opened in a browser is shown
    // sandboxed, with no script, style or fetch of its own, at an origin of its own (t35s N11: a
    // stated `<script>` read /_specbench/hits at the mock's origin). The body is sent as stated.
    outcome.response.headers.push(['Content-Security-Policy', "default-src 'none'; sandbox"], ['X-Content-Type-Options', 'nosniff']);
    // The mock's own lists take what the other headers leave of the block's bound (the gaps first,
    // a quarter kept for the files that could not be read), so that a client reads the answer.
    const left = HEADER_BLOCK_LIMIT - headerBytes(outcome.response.headers) - 'Specbench-Gaps: \r\n'.length - (unreadable ? 'Specbench-Unreadable: \r\n'.length : 0);
    const within = (n: number) => Math.max(0, Math.min(GAPS_HEADER_LIMIT, n));
    const gapsValue = gapsHeader(outcome.gaps, within(left - (unreadable ? within(Math.floor(left / 4)) : 0)));
    outcome.response.headers.push(['Specbench-Gaps', gapsValue]);
    // What the answers stand on: files of the spec that could not be read, a folder gone (`Specbench-Stale`, above).
    if (unreadable) outcome.response.headers.push(['Specbench-Unreadable', gapsHeader(unreadable, within(left - gapsValue.length))]);
    if (!(originForm(request.url) ?? request.url).startsWith(MOCK_PATH)) this.#hits.record(outcome.response.status, outcome.gaps, outcome.unanswered, outcome.endpoint);
    return outcome;
  }

  async #answer(state: State, request: MockRequest): Promise<MockOutcome> {
    if (this.#closed) return stopping();
    const method = request.method.toUpperCase();
    const target = originForm(request.url) ?? request.url;
    const at = target.indexOf('?');
    const path = at < 0 ? target : target.slice(0, at);
    const query = new URLSearchParams(at < 0 ? '' : target.slice(at + 1));
    if (path.startsWith(MOCK_PATH)) return this.#own(state, path, method);
    if (this.#unread !== undefined) {
      const { files, message } = this.#unread;
      const shown = files.slice(0, 5).join(', ') + (files.length > 5 ? `, and ${files.length - 5} more` : '');
      const p = problem({ status: 503, type: 'spec-unreadable', title: 'A spec file cannot be read', detail: `The spec could not be read after a change to ${shown}: ${message}. Please report this with the content that caused it; the answer comes once the files are read.`, extra: { errors: files.map((file) => ({ file, code: 'internal-error', message })) } });
      return { response: this.#send(fromProblem(p)), gaps: [], unanswered: [], notes: [] };
    }
    const parts = requestSegments(path);
    if (parts === undefined || !path.startsWith('/')) {
      const p = problem({ status: 400, type: 'bad-path', title: 'The path cannot be read', detail: 'The request target is not a path of percent-encoded UTF-8 (or an http URL of one).' });
      return { response: this.#send(fromProblem(p)), gaps: [], unanswered: [], notes: [] };
    }
    const inventory = state.gaps.gap('endpoints/inventory');
    const under = state.base.every((s, i) => parts[i] === s) ? parts.slice(state.base.length) : undefined;
    // An endpoint called on its own server is served at that server's path, from the root (T32u N-i).
    const ownMatch = state.own.routes.length > 0 ? state.own.match(method, parts) : undefined;
    const serviceMatch = under === undefined ? { kind: 'none' as const, closest: state.routes.closest(method, parts.slice(state.base.length)) } : state.routes.match(method, under);
    // An own server's endpoint answers its method; another method at the same path is the service's to answer where it states one (r14 H3: a DELETE on an admin host refused the service's GET with a 405).
    const match = ownMatch?.kind === 'endpoint' || (ownMatch !== undefined && ownMatch.kind !== 'none' && serviceMatch.kind === 'none') ? ownMatch : serviceMatch;
    if (at >= 0 && !percentUtf8(target.slice(at + 1))) {
      const p = problem({ status: 400, type: 'bad-query', title: 'The query cannot be read', detail: 'The query holds percent-encoded bytes that are no UTF-8 (`%FF`): it is refused, as a path or a form is, rather than read as characters the client never sent.' });
      // The path names an endpoint: the refusal is that endpoint's answer, with its gaps and its name, as any other is.
      if (match.kind === 'endpoint') return this.#endpoint(state, match.route.endpoint, request, query, match.params, fromProblem(p));
      return { response: this.#send(fromProblem(p)), gaps: [], unanswered: [], notes: [] };
    }
    // A browser's preflight: answered for any stated path, unless the spec states OPTIONS there.
    if (method === 'OPTIONS' && header(request, 'access-control-request-method') !== undefined && match.kind !== 'endpoint' && match.kind !== 'none') {
      return { response: { status: 204, headers: [['Access-Control-Allow-Methods', [...match.allowed, 'OPTIONS'].join(', ')], ['Access-Control-Allow-Headers', header(request, 'access-control-request-headers') ?? '*'], ['Access-Control-Max-Age', '600']], body: new Uint8Array() }, gaps: [], unanswered: [], notes: [] };
    }
    if (match.kind === 'none' || (match.kind === 'method' && match.open.length === 0)) {
      // An endpoint file that cannot be read may state this path or method; a base address with
      // errors may be another path than the one served.
      const purpose = areaOf(state.analysis.spec, 'purpose').file;
      const baseUnread = state.erred.has(purpose) && typeof stated(areaOf(state.analysis.spec, 'purpose').data.base_url) !== 'string';
      const broken = [...this.#unreadableIn(state, ['endpoints']), ...(baseUnread ? [purpose] : [])];
      if (broken.length > 0) return { response: this.#send(this.#unreadable(state, broken, `${method} ${path}`)), gaps: [], unanswered: [], notes: [] };
    }
    // A template answers a path (`/users/{id}` for `/users/me`) while an endpoint file cannot be read:
    // that file may state the path itself, more closely (t35s N13: a broken save of get-me.yaml
    // handed `/users/me` to get-user). The 503 names the files, as for a path nothing states.
    if (match.kind === 'endpoint' && match.route.segments.some((segment) => 'names' in segment)) {
      const unread = this.#unreadableIn(state, ['endpoints']);
      if (unread.length > 0) return { response: this.#send(this.#unreadable(state, unread, `${method} ${path}`)), gaps: [], unanswered: [], notes: [] };
    }
    if (match.kind === 'none') {
      // The endpoints on servers of their own are among the closest too, by the distance of their full paths (r14 H5).
      const nearest =
        state.own.routes.length === 0
          ? match.closest
          : [...state.routes.closestScored(method, parts, 3, state.base), ...state.own.closestScored(method, parts, 3)]
              .sort((a, b) => a.score - b.score)
              .slice(0, 3)
              .map((s) => s.route);
      const closest = nearest.map((r) => listed(state, r));
      // Endpoints on an own server no request reaches as written: named, with why, rather than left for the client to guess.
      const unserved = state.unserved.slice(0, 3).map((u) => ({ endpoint: u.endpoint.id, method: stated(u.endpoint.data.method) ?? null, path: stated(u.endpoint.data.path) ?? null, server: u.server, why: u.why, file: u.endpoint.file }));
      const unservedWords = unserved.length > 0 ? ` Not served: ${unserved.map((u) => `${u.method ?? '(method open)'} ${String(u.path ?? '(path open)')} (${u.endpoint}), whose own server ${u.server} is no path a request reaches as written (${u.why})`).join('; ')}${state.unserved.length > 3 ? `; and ${state.unserved.length - 3} more` : ''}.` : '';
      // Endpoints whose path is not stated yet may be the one called (t35t D7b: a 404 named only the list's gap).
      const unplacedIds: string[] = [];
      const pathless = areaOf(state.analysis.spec, 'endpoints').items.flatMap((e) => {
        const gap = state.gaps.gap(facetId('endpoints', e.id, 'path'));
        if (gap) unplacedIds.push(e.id);
        return gap ?? [];
      });
      const unplaced = pathless.length > 0 ? ` ${pathless.length === 1 ? 'An endpoint' : 'Endpoints'} whose path is not stated yet may be this one: ${unplacedIds.slice(0, 5).join(', ')}${pathless.length > 5 ? `, and ${pathless.length - 5} more` : ''}.` : '';
      const maybe = `${inventory ? ' The list of endpoints is not complete yet: this one may be missing from the spec.' : ''}${unplaced}`;
      const p = problem({
        status: 404,
        type: 'no-endpoint',
        title: 'No stated endpoint has this path',
        detail: `The spec states no endpoint at ${path}${state.basePath !== '' ? ` (endpoints are served under ${state.basePath})` : ''}.${closest.length > 0 ? ` The closest: ${closest.map((c) => `${c.method ?? '(method open)'} ${c.path}`).join(', ')}.` : ''}${unservedWords}${maybe}`,
        extra: { closest, ...(unserved.length > 0 ? { unserved } : {}), ...(inventory || pathless.length > 0 ? { gaps: [...(inventory ? [inventory] : []), ...pathless].map((g) => state.gaps.named(g)) } : {}) },
      });
      return { response: this.#send(fromProblem(p)), gaps: [...(inventory ? [inventory.id] : []), ...pathless.map((g) => g.id)], unanswered: [], notes: [] };
    }
    if (match.kind === 'method') {
      if (match.open.length > 0) {
        const open = match.open.flatMap((r) => state.gaps.gap(facetId('endpoints', r.endpoint.id, 'method')) ?? []);
        const what = `${method} ${path} (${match.open.map((r) => r.endpoint.id).join(', ')})`;
        const answer = unanswered(state, what, 'the method of the endpoint at this path is not stated yet', open);
        const own = match.open.flatMap((r) => state.gaps.of(`endpoints/${r.endpoint.id}`).map((g) => g.id));
        const response = this.#send(answer);
        const first = match.open[0]?.endpoint.id;
        if (first !== undefined) response.headers.push(['Specbench-Endpoint', headerValue(first)]);
        return { response, endpoint: first, gaps: unique([...own, ...answer.unanswered]), unanswered: answer.unanswered, notes: [] };
      }
      const sameRoutes = ownMatch !== undefined && ownMatch.kind !== 'none' ? state.own.onPath(parts) : state.routes.onPath(under ?? []);
      // The list of endpoints not complete yet: another at this path, with this method, may be missing, as the 404 says.
      const p = problem({
        status: 405,
        type: 'method-not-allowed',
        title: 'The spec states another method here',
        detail: `The spec states ${match.allowed.join(', ')} at ${path}, not ${method}.${inventory ? ' The list of endpoints is not complete yet: this one may be missing from the spec.' : ''}`,
        extra: { allowed: match.allowed, closest: sameRoutes.map((r) => listed(state, r)), ...(inventory ? { gaps: [state.gaps.named(inventory)] } : {}) },
      });
      const response = this.#send(fromProblem(p));
      response.headers.push(['Allow', match.allowed.join(', ')]);
      return { response, gaps: inventory ? [inventory.id] : [], unanswered: [], notes: [] };
    }
    return this.#endpoint(state, match.route.endpoint, request, query, match.params);
  }

  /** An endpoint's answer: credentials, quotas and size first, then the request's validity, then the stated response. */
  async #endpoint(state: State, endpoint: Item<'endpoints'>, request: MockRequest, query: URLSearchParams, params: ReadonlyMap<string, string>, refused?: Prepared): Promise<MockOutcome> {
    const own = [...[`endpoints/${endpoint.id}`, ...guardItems(endpoint, this.#options)].flatMap((key) => state.gaps.of(key).map((g) => g.id)), ...requestResourceGaps(state, endpoint)];
    // The answers that name files of the spec that cannot be read (a 503): no quota's header goes on them, a save mends them, not a wait.
    const unreadAnswers = new WeakSet<MockResponse>();
    const done = (given: Prepared, extra: Array<[string, string]> = []): MockOutcome => {
      // Something the answer needs is not in the spec (a resource, an error), and files of its area cannot be read: they are named instead (its own file, when it is one of them).
      const [area = '', id = ''] = given.missing?.split(/\/(.*)/s) ?? [];
      const inArea = given.missing !== undefined ? this.#unreadableIn(state, [area]) : [];
      const itsFile = inArea.filter((f) => f.replace(/\.ya?ml$/, '') === `${area}/${id}`);
      // A gap in a file read with errors may be one only because the facet around an error was left
      // out (a typo in one field dropped the responses): never answered as if the spec said nothing.
      const files = [endpoint.file, ...[...own, ...given.used, ...given.unanswered].flatMap((id) => state.gaps.gap(id)?.file ?? [])];
      const erred = given.status === 503 ? [] : [...new Set(files.filter((file) => state.erred.has(file)))].sort();
      const broken = itsFile.length > 0 ? itsFile : inArea.length > 0 ? inArea : erred;
      const answer = broken.length > 0 ? { ...this.#unreadable(state, broken, endpointWords(state, endpoint)), used: given.used } : given;
      const response = this.#send(answer);
      if (broken.length > 0) unreadAnswers.add(response);
      replaceHeaders(response, extra);
      response.headers.push(['Specbench-Endpoint', headerValue(endpoint.id)]);
      // The gaps of a file read with errors are not named: they may be the errors' doing, and `specbench gaps` lists none while the spec has errors.
      const inErred = (id: string) => state.erred.has(state.gaps.gap(id)?.file ?? '');
      const named = unique([...own, ...answer.used, ...answer.unanswered]).filter((id) => !inErred(id));
      return { response, endpoint: endpoint.id, gaps: named, unanswered: answer.unanswered, notes: [...answer.notes] };
    };
    // A request the mock cannot read before the endpoint is asked anything (a query that is no UTF-8): that refusal, as the endpoint's.
    if (refused !== undefined) return done(refused);
    // The settings have an error an answer stands on (a misspelt `require:`): which facets are gaps
    // cannot be told, so nothing is answered as if they were stated or open; the 503 names the lines.
    if (state.settings.length > 0) return done(this.#unreadable(state, [CONFIG_FILE], `${endpointWords(state, endpoint)}, and which of its facets \`${CONFIG_FILE}\` makes gaps,`));
    // Its own file read with errors: the answer is that 503 whatever the request says, so nothing
    // of the request is checked first (its patterns were tested, its body said unchecked in the log).
    if (state.erred.has(endpoint.file)) return done(this.#unreadable(state, [endpoint.file], endpointWords(state, endpoint)));
    // A reference it stands on names nothing (a resource or type the spec does not have): no body
    // is taken for one that fits it, and no answer is made from it; the errors are named instead.
    if (state.broken.size > 0 || state.unreadRefs.size > 0) {
      let reached = state.reaches.get(endpoint.id);
      if (reached === undefined) state.reaches.set(endpoint.id, (reached = filesReached(state.analysis, state.gaps, endpoint)));
      const broken = reached.filter((file) => state.broken.has(file));
      if (broken.length > 0) return done(this.#unreadable(state, broken, endpointWords(state, endpoint)));
      // A field type, variant, map's values or request field naming a file that cannot be read: that file, as for a direct `resource:` (T35u U1).
      const unread = [...new Set(reached.flatMap((file) => [...(state.unreadRefs.get(file) ?? [])]))].sort();
      if (unread.length > 0) return done(this.#unreadable(state, unread, endpointWords(state, endpoint)));
    }
    // What guards it (its security schemes, its limits) read with errors or not read at all: how it
    // is guarded cannot be told, so nothing is answered (t35s N7: `location: hedaer` in a scheme, or
    // a YAML error in its file, let every call through without a credential).
    const guards = guardItems(endpoint, this.#options).flatMap((key) => {
      const [area = '', id = ''] = key.split(/\/(.*)/s);
      const item = findItem(state.analysis.spec, area as 'authentication' | 'limits', id);
      if (item) return state.erred.has(item.file) || state.unreadable.has(item.file) || state.broken.has(item.file) ? [item.file] : [];
      // Not in the spec: its file may be one that cannot be read (its own name first).
      const inArea = this.#unreadableIn(state, [area]);
      const itsFile = inArea.filter((f) => f.replace(/\.ya?ml$/, '') === `${area}/${id}`);
      return itsFile.length > 0 ? itsFile : inArea;
    });
    if (guards.length > 0) return done(this.#unreadable(state, [...new Set(guards)].sort(), endpointWords(state, endpoint)));
    if (request.bodyLimit !== undefined) {
      // The server's own bound, not the spec's: the mock's problem, with the endpoint and its gaps as any answer has them.
      return done(tooLargeForMock(endpoint.id, { limit: request.bodyLimit, unit: 'bytes' }));
    }
    if (request.bodyUnread !== undefined) return done(unread(endpoint.id, request.bodyUnread));
    const auth = authorize(state.analysis, endpoint, request, query);
    if (this.#options.auth && !auth.ok) {
      const answer = await this.#guard(state, endpoint, 401, 'unauthorized', 'Credentials are missing', `This endpoint needs ${auth.wanted.join(', or ')}. The mock checks that credentials are there, not what they are.`, { schemes: auth.schemes });
      const schemeGaps = auth.schemes.flatMap((s) => state.gaps.of(`authentication/${s}`).map((g) => g.id));
      // A 401 says how to authenticate (RFC 9110 §15.5.2), from the stated schemes, unless the spec states the header itself.
      const stated401 = answer.status === 401 && !answer.headers.some(([n]) => n.toLowerCase() === 'www-authenticate');
      const challenge = stated401 ? challenges(state.analysis, auth.schemes).map((c): [string, string] => ['WWW-Authenticate', headerValue(c)]) : [];
      return done({ ...answer, headers: [...answer.headers, ...challenge], used: [...answer.used, ...schemeGaps] });
    }
    if (this.#options.limits) {
      // A quota counts per caller as its `per` says: the address the call came from, all callers
      // together, or the credential that let the call through (else the address).
      const credential = auth.ok ? auth.credential : undefined;
      const now = this.#options.now();
      const rate = quotasOf(state.analysis, endpoint).map((q) => this.#quotas.take(q, callerFor(q, credential, request.client), now));
      // A quota whose count or window is open: where the calls stand cannot be told, so no
      // rate-limit header is sent, neither the quota's nor one made from a stated header's shape
      // (only `Retry-After` of a stated quota used up); the quota's gaps are in `Specbench-Gaps`.
      const untold = openQuotasOf(state.analysis, endpoint).length > 0;
      const told = (headers: Array<[string, string]>) => (untold ? headers.filter(([name]) => name.toLowerCase() === 'retry-after') : headers);
      const finish = (outcome: MockOutcome, headers: Array<[string, string]>): MockOutcome => {
        if (unreadAnswers.has(outcome.response)) {
          outcome.response.headers = outcome.response.headers.filter(([name]) => !isRateLimitHeader(name));
          return outcome;
        }
        if (untold) outcome.response.headers = outcome.response.headers.filter(([name]) => !isRateLimitHeader(name));
        replaceHeaders(outcome.response, told(headers));
        return outcome;
      };
      const rateHeaders = this.#rateHeaders(state, rate, now);
      const exceeded = rate.find((r) => r.exceeded);
      if (exceeded) {
        const answer = await this.#guard(state, endpoint, 429, 'rate-limited', 'Too many requests', `The quota \`${exceeded.quota.id}\` allows ${exceeded.quota.quota} request${exceeded.quota.quota === 1 ? '' : 's'} per ${exceeded.quota.windowSeconds} s, counted ${scopeWords(exceeded.quota)}; it starts again in ${exceeded.reset} s.`, { limit: exceeded.quota.id });
        return finish(done({ ...answer, used: [...answer.used, ...state.gaps.of(`limits/${exceeded.quota.id}`).map((g) => g.id)] }), rateHeaders);
      }
      const size = sizeBoundOf(state.analysis, endpoint);
      if (size && request.body.length > size.maxBytes) {
        const answer = await this.#guard(state, endpoint, 413, 'too-large', 'The body is too large', `The limit \`${size.id}\` allows bodies of ${size.maxBytes} bytes at most; this one has ${request.body.length}.`, { limit: size.id });
        return finish(done({ ...answer, used: [...answer.used, ...state.gaps.of(`limits/${size.id}`).map((g) => g.id)] }), rateHeaders);
      }
      const outcome = await this.#validated(state, endpoint, request, query, params, done);
      // A 429 asked for (`Prefer: code=429`) says what a refused call says: no call left, retry when the window starts again.
      const refusedNow = outcome.response.status === 429 ? this.#rateHeaders(state, rate.map((r) => ({ ...r, remaining: 0, exceeded: true })), now) : rateHeaders;
      return finish(outcome, refusedNow);
    }
    return this.#validated(state, endpoint, request, query, params, done);
  }

  async #validated(state: State, endpoint: Item<'endpoints'>, request: MockRequest, query: URLSearchParams, params: ReadonlyMap<string, string>, done: (answer: Prepared) => MockOutcome): Promise<MockOutcome> {
    const refused = await refusal({ analysis: state.analysis, validators: state.validators, locator: state.locator, openAt: state.openAt, note: (text) => state.notes.push(text), serial: this.#serial, ...(this.#thread ? { thread: this.#thread } : {}), ...(this.#heavy ? { heavy: this.#heavy } : {}) }, endpoint, request, query, params);
    if (refused && 'own' in refused) return done(tooLargeForMock(endpoint.id, refused.own));
    if (refused) {
      const lines = refused.problems.map((p) => ('file' in p ? `${p.message} (${p.file}:${p.line})` : p.message));
      const own = refused.problems.every((p) => 'bound' in p);
      const title = refused.status === 415 ? 'The media type is not one the spec states' : refused.status === 413 ? 'The body is too large for the mock' : own ? 'The request is past a bound of the mock\'s own' : 'The request breaks the spec';
      const more = refused.more > 0 ? `; and ${refused.more} more` : refused.firstOnly !== undefined ? `; a body over ${refused.firstOnly} bytes is checked up to its first problem, so others may follow` : '';
      const p = problem({ status: refused.status, type: refused.status === 415 ? 'unsupported-media-type' : refused.status === 413 ? 'too-large' : 'invalid-request', title, detail: `${lines.join('; ')}${more}`, extra: { endpoint: endpoint.id, errors: refused.problems, ...(refused.more > 0 ? { more: refused.more } : {}), ...(refused.firstOnly !== undefined ? { first_only: true } : {}) } });
      return done(fromProblem(p));
    }
    const asked = asks(request);
    const choice = chooseResponse(state, endpoint, asked);
    const what = endpointWords(state, endpoint);
    if (choice.kind === 'open') return done(unanswered(state, what, choice.why ?? 'its responses are not stated yet', choice.gaps));
    if (choice.kind === 'none') return done({ status: 204, headers: [], body: new Uint8Array(), used: [], unanswered: [], notes: [] });
    if (choice.kind === 'unstated') {
      const p = problem({ status: 400, type: 'unstated-status', title: 'The spec states no such response', detail: `${what} states no ${asked.badCode !== undefined ? `response \`${asked.badCode}\` (no HTTP status: \`Prefer: code=\` takes one from 100 to 599)` : `${asked.code ?? ''} response`}${choice.why !== undefined ? ` (${choice.why})` : ''}; ${choice.why !== undefined ? 'the statuses that can be asked for are' : 'it states'} ${choice.keys.join(', ') || 'none'}.`, extra: { responses: choice.keys } });
      return done(fromProblem(p));
    }
    if (choice.kind === 'informational') {
      // A 1XX is never a final answer (RFC 9110 §15.2): sent as one, every client waited for the answer that never came (t35t D12).
      const p = problem({
        status: 501,
        type: 'informational-status',
        title: 'An informational status is no answer',
        detail: `${what} ${asked.code !== undefined ? `states the ${choice.key} response asked for` : `states ${choice.keys.length === 0 ? 'only informational responses' : 'no final response'} (${choice.key})`}: a 1XX status is sent before the final answer, never as one (RFC 9110 §15.2), so the mock cannot answer with it; ${choice.keys.length > 0 ? `the final statuses it states are ${choice.keys.join(', ')}` : 'it states no final status to answer with'}.`,
        extra: { responses: choice.keys },
      });
      return done(fromProblem(p));
    }
    const key = `${endpoint.id}\u0000${choice.key}\u0000${choice.status}\u0000${asked.accept ?? ''}\u0000${asked.example === undefined ? '' : `=${asked.example}`}`;
    let answer = state.prepared.get(key);
    if (answer) {
      // The most recently used last: the first are the first to go.
      state.prepared.delete(key);
      state.prepared.set(key, answer);
    } else {
      answer = await answerResponse(state, endpoint, choice.key, choice.status, choice.entry, asked);
      // Answers that depend on the request (many `Accept` values) are not all kept: at most
      // `PREPARED_ANSWERS`, and `PREPARED_BYTES` of bodies, the least recently used let go (each
      // `Accept` made a body of its own: a spec's 1 MB example asked for with 10,000 different
      // `Accept` values held 10 GB). A body larger than the whole bound is not kept.
      const limit = this.#options.preparedBytes;
      if (answer.body.length <= limit && !state.prepared.has(key)) {
        for (const [old, kept] of state.prepared) {
          if (state.prepared.size < PREPARED_ANSWERS && state.preparedBytes + answer.body.length <= limit) break;
          state.prepared.delete(old);
          state.preparedBytes -= kept.body.length;
        }
        state.prepared.set(key, answer);
        state.preparedBytes += answer.body.length;
      }
    }
    return done(answer);
  }

  /**
   * The answer to a call the spec's security or limits refuse: the endpoint's own response for the
   * status, else the error the spec states for it, else the mock's problem saying why. Where the
   * body the spec gives is open, the status stays and the body names the gaps.
   */
  async #guard(state: State, endpoint: Item<'endpoints'>, status: 401 | 413 | 429, type: 'unauthorized' | 'too-large' | 'rate-limited', title: string, detail: string, extra: Record<string, unknown>): Promise<Prepared> {
    const responses = stated(endpoint.data.responses);
    const ownKey = responses && Object.hasOwn(responses, String(status)) ? String(status) : undefined;
    if (ownKey !== undefined) return answerResponse(state, endpoint, ownKey, status, responses?.[ownKey], {}, status);
    const error = errorWithStatus(state.analysis, status);
    if (error !== undefined) return answerResponse(state, endpoint, String(status), status, { error }, {}, status);
    return fromProblem(problem({ status, type, title, detail: `${detail} The spec states no ${status} response for this endpoint, so this body is the mock's.`, extra }));
  }

  /** The rate-limit headers the limits area names, with the values of the endpoint's quotas (the one with the fewest calls left). */
  #rateHeaders(state: State, rate: readonly QuotaState[], now: number): Array<[string, string]> {
    const names = stated(areaOf(state.analysis.spec, 'limits').data.headers);
    const tightest = [...rate].sort((a, b) => Number(b.exceeded) - Number(a.exceeded) || a.remaining - b.remaining)[0];
    if (!Array.isArray(names) || !tightest) return [];
    return names.flatMap((name): Array<[string, string]> => {
      const value = typeof name === 'string' && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name) ? rateLimitValue(name, tightest, now) : undefined;
      return value === undefined ? [] : [[name, value]];
    });
  }

  /** `/_specbench/hits`: the gaps clients ran into; read only (`GET`, `HEAD`): any other method is a `405`, as an endpoint's would be. */
  #own(state: State, path: string, method: string): MockOutcome {
    if (path === `${MOCK_PATH}hits` && method !== 'GET' && method !== 'HEAD') {
      const p = problem({ status: 405, type: 'method-not-allowed', title: 'The mock\'s summary is read only', detail: `${MOCK_PATH}hits answers GET and HEAD, not ${method}.`, extra: { allowed: ['GET', 'HEAD'] } });
      const response = this.#send(fromProblem(p));
      response.headers.push(['Allow', 'GET, HEAD']);
      return { response, gaps: [], unanswered: [], notes: [] };
    }
    if (path === `${MOCK_PATH}hits`) {
      return { response: { status: 200, headers: [['Content-Type', 'application/json']], body: bytes(`${JSON.stringify(this.#hits.summary(state.gaps), null, 2)}\n`) }, gaps: [], unanswered: [], notes: [] };
    }
    const p = problem({ status: 404, type: 'no-endpoint', title: 'No such page of the mock', detail: `The mock answers ${MOCK_PATH}hits under ${MOCK_PATH}.` });
    return { response: this.#send(fromProblem(p)), gaps: [], unanswered: [], notes: [] };
  }

  /** A prepared answer as a response of its own (its headers copied: kept answers are shared). */
  #send(answer: Prepared): MockResponse {
    return { status: answer.status, headers: answer.headers.map(([n, v]) => [n, v]), body: answer.body };
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * Sets the rate-limit headers of a quota's state on a response, in place of any the response
 * states under the same names: a stated `Retry-After` has a type, not the quota's value (made from
 * its type, it said `0` beside `RateLimit-Reset: 60`, and clients retried at once).
 */
function replaceHeaders(response: MockResponse, extra: ReadonlyArray<[string, string]>): void {
  const names = new Set(extra.map(([name]) => name.toLowerCase()));
  response.headers = [...response.headers.filter(([name]) => !names.has(name.toLowerCase())), ...extra];
}
