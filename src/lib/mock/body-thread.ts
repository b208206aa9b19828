import { Worker } from 'node:worker_threads';
import type { Obj } from '../facet/state.ts';
import type { PatternBudget } from './patterns.ts';
import { Serial } from './serial.ts';
import type { Answer, Job, Stage } from './thread.ts';
import type { BodyChecked, BodyChecker } from './validate.ts';
import type { ErrorObject, Validators } from './validators.ts';

/**
 * Checks run on a thread of their own. The body thread: a body past `HUGE_BODY` parsed and checked
 * there; on the thread that answers every client, parsing and checking a 13 MB JSON body held
 * every other call for 1 s (16 MB, the most the command line reads, longer); Ajv's check cannot be
 * cut into turns. The check thread: every check of a heavy schema (`HEAVY_SCHEMA`), a request's
 * body or a response's, compiled and run there and kept compiled (V8 took 4-5 s to compile the
 * synthetic spec's check, every other client waiting). A thread is started at its first job (it
 * loads its module, `thread.ts` (Ajv and the reading of bodies, not the core): a moment on a busy machine, which that job waits for, and no other
 * client) and kept; the schemas it has been sent are not sent again.
 */


/** What a job comes back as here: the thread's answer, or its memory run out (`stage` says how far it got). */
type Outcome = Exclude<Answer, { stage: Stage }> | { outOfMemory: true; stage: Stage } | undefined;

/** How much memory a thread may take. */
export interface ThreadBounds {
  /** Its heap's bound (MB): a check that would take more ends the thread, and is refused (413). */
  heapMb: number;
  /**
   * The heap (MB) past which it is ended after a job, and started again for the next (which waits
   * for the start, some 0.3 s): V8 keeps the heap a parsed body grew to, and grows it more for the
   * next before collecting the last (four 16 MB bodies sent at once took the process to 830 MB,
   * and left it at 750 MB idle); ending the thread gives it back.
   */
  recycleMb: number;
  /**
   * How long it may be idle (no job) before it is ended, its compiled checks dropped, and started
   * again for the next job (ms); kept for good without. The check thread held some 250 MB of the
   * synthetic spec's compiled check with no call coming, and took the process to 519-557 MB.
   */
  idleMs?: number;
}

/**
 * The body thread's: bodies past `HUGE_BODY` checked against light schemas. V8 let its heap grow
 * with the garbage of one body after another (its default bound is gigabytes), and four clients'
 * 16 MB bodies took the process past 500 MB.
 */
export const THREAD_HEAP_MB = 96;

/**
 * How long the check thread is kept with no job (ms): a client working against a heavy endpoint
 * calls it more often than that, and keeps its check compiled; one gone gives its memory back (a
 * start and a compile again, some seconds on the check thread, no other client waiting).
 */
export const CHECK_IDLE_MS = 10_000;

/**
 * The body thread is ended once idle as long, too: kept for good, it held the core it loads and
 * the heap the last body grew it to (some 120 MB: GitHub's spec served at 445 MB idle after one
 * 6 MB body, 557 MB after the tester's load of large bodies, never given back).
 */
export const BODY_THREAD: ThreadBounds = { heapMb: THREAD_HEAP_MB, recycleMb: 64, idleMs: CHECK_IDLE_MS };

/**
 * The check thread's: every check of a heavy schema (`HEAVY_SCHEMA`), kept compiled across calls
 * and edits. The synthetic spec's 0.9 MB body schema takes some 140 MB of heap compiled (the
 * body thread's 96 MB refused every body over 1 MB to it as "too large"); kept under the recycling
 * bound, with room for a body of some megabytes besides.
 */
export const CHECK_THREAD: ThreadBounds = { heapMb: 320, recycleMb: 224, idleMs: CHECK_IDLE_MS };


/** The main thread's side: sends bodies and values to the thread and hears back. */
export class BodyThread implements BodyChecker {
  readonly #entry: URL;
  readonly #timeLimit: number | undefined;
  readonly #bounds: ThreadBounds;
  #worker: Worker | undefined;
  #next = 0;
  #closed = false;
  /** The thread is sent one job at a time: bodies sent at once waited there together, parsed (16 MB of `{},` is 350 MB once parsed). */
  readonly #serial = new Serial();
  readonly #waiting = new Map<number, { resolve: (answer: Outcome) => void; stage: Stage }>();
  /** What the running thread holds: the validators it serves, the schemas (by its keys) and the resources' references. */
  #holds = { validators: 0, schemas: new Set<string>(), refs: new Set<string>() };
  /**
   * The thread has answered a body: it starts and runs, so bodies are moved to it from now on, not
   * copied (a copy to send and one received held 32 MB more for a 16 MB body). Until then a body is
   * copied, so that this thread can still check it should the thread fail to start.
   */
  #proven = false;

  readonly #sent: ((bytes: number) => void) | undefined;
  readonly #ended: (() => void) | undefined;
  /** Ends the thread once it has been idle `bounds.idleMs`; cleared as a job is sent. */
  #idle: ReturnType<typeof setTimeout> | undefined;

  /**
   * `entry`: the thread's module (`src/lib/mock/thread.ts`, or the bundle's `mock-thread.mjs`; the
   * core's public entry serves too, at some 30 MB more a thread), which the
   * thread loads; `sent` hears of each body as it is sent to the thread (its bytes); `ended`, of
   * each end of the thread for having been idle `bounds.idleMs`.
   */
  constructor(entry: URL, timeLimit?: number, sent?: (bytes: number) => void, bounds: ThreadBounds = BODY_THREAD, ended?: () => void) {
    this.#entry = entry;
    this.#timeLimit = timeLimit;
    this.#sent = sent;
    this.#bounds = bounds;
    this.#ended = ended;
  }

  /** Sends one job (the schema and resources the thread lacks with it) and waits for its outcome. */
  async #run(validators: Validators, key: string, schema: Obj | undefined, budget: PatternBudget | undefined, what: Job['what'], transfer: ArrayBuffer[]): Promise<Outcome> {
    clearTimeout(this.#idle);
    const worker = this.#start();
    if (this.#holds.validators !== validators.id) this.#holds = { validators: validators.id, schemas: new Set(), refs: new Set() };
    const holds = this.#holds;
    const print = schema ? validators.print(key, schema) : undefined;
    const theirs = print ? `${key}\u0000${print.hash}` : key;
    const resources = schema ? [...validators.reached(schema, new Set(holds.refs))] : [];
    const job: Job = { id: ++this.#next, validators: validators.id, key: theirs, schema: schema && print && !holds.schemas.has(theirs) ? { schema, weight: print.weight } : undefined, resources, timeLimit: this.#timeLimit, budget: budget?.remaining ?? 0, what };
    const size = 'bytes' in what ? what.bytes.length : undefined;
    const outcome = await new Promise<Outcome>((resolve) => {
      this.#waiting.set(job.id, { resolve, stage: 'sent' });
      worker.postMessage(job, transfer);
      if (size !== undefined) this.#sent?.(size);
    });
    if (outcome !== undefined && 'heap' in outcome) {
      if (schema) holds.schemas.add(theirs);
      for (const [ref] of resources) holds.refs.add(ref);
      for (const gone of outcome.forgot) holds.schemas.delete(gone);
      // A heap grown large: the thread ends, its memory given back before the next job is sent.
      if (outcome.heap > this.#bounds.recycleMb * 1024 * 1024 && this.#worker === worker) {
        this.#worker = undefined;
        await worker.terminate();
      }
    }
    const { idleMs } = this.#bounds;
    if (idleMs !== undefined && this.#worker === worker) {
      // Jobs are sent one at a time: none is running now, and the next clears this first.
      this.#idle = setTimeout(() => {
        if (this.#worker !== worker || this.#waiting.size > 0) return;
        this.#worker = undefined;
        void worker.terminate();
        this.#ended?.();
      }, idleMs);
      this.#idle.unref();
    }
    return outcome;
  }

  /**
   * `checkBody` on the thread, with the schema `key` names in `validators` (their slow patterns
   * said through them); undefined when the thread cannot answer (it failed to start, or stopped):
   * the caller then checks on its own thread. Throws once the thread is closed (the server stops):
   * a body it was checking is not checked again here, which would hold the stopping process; and
   * when a body moved to the thread (`bytes` then empty here) was not checked there.
   */
  async check(validators: Validators, key: string, schema: Obj | undefined, bytes: Uint8Array, type: string, budget: PatternBudget): Promise<BodyChecked | undefined> {
    const moved = this.#proven && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const answer = await this.#serial.run(async () => {
      if (this.#closed) throw new Error('the mock stopped before this body was checked');
      const outcome = await this.#run(validators, key, schema, budget, { bytes, type }, moved ? [bytes.buffer as ArrayBuffer] : []);
      if (outcome !== undefined && 'checked' in outcome) this.#proven = true;
      if (moved && (outcome === undefined || 'error' in outcome)) throw new Error(`the body thread stopped before it checked this body${outcome !== undefined && 'error' in outcome ? `: ${outcome.error}` : ''}`);
      return outcome;
    });
    if (this.#closed) throw new Error('the mock stopped before this body was checked');
    if (answer !== undefined && 'outOfMemory' in answer && answer.stage !== 'sent') return { own: { limit: this.#bounds.heapMb, unit: answer.stage === 'compiled' ? 'MB of memory' : 'MB of memory to compile its shape' } };
    // Out of memory before it took the body up: the thread could not start, and the body was not the cause.
    if (answer !== undefined && 'outOfMemory' in answer && moved) throw new Error(`the body thread ran out of its ${this.#bounds.heapMb} MB as it started, before it checked this body`);
    if (answer === undefined || !('checked' in answer)) return undefined;
    for (const event of answer.slow) validators.slow(event);
    for (const pattern of answer.notJudged) budget.notJudged.add(pattern);
    budget.remaining -= answer.spent;
    const { checked } = answer;
    if (!('errors' in checked)) return checked;
    const got = new Map(checked.errors.map((e) => [e.instancePath, e.got]));
    return { errors: checked.errors, got: (at) => got.get(at), coerce: checked.coerce, more: checked.more };
  }

  /**
   * A value (a response's body) checked on the thread against `schema`: its errors, or why it was
   * not checked (a string); undefined when the thread cannot answer (the caller checks it itself).
   */
  async checkValue(validators: Validators, key: string, schema: Obj, value: unknown): Promise<ErrorObject[] | string | undefined> {
    const answer = await this.#serial.run(async () => (this.#closed ? undefined : this.#run(validators, key, schema, undefined, { value }, [])));
    if (answer !== undefined && 'outOfMemory' in answer && answer.stage !== 'sent') return `its check takes more than the ${this.#bounds.heapMb} MB of memory the mock gives it${answer.stage === 'compiled' ? '' : ' to compile'}`;
    if (answer === undefined || !('errors' in answer)) return undefined;
    for (const event of answer.slow) validators.slow(event);
    return answer.errors;
  }

  /**
   * Ends the thread: the bodies it was checking are let go at once (their `check` throws, and the
   * mock answers them 503), not when the thread's check ends: a thread inside one `JSON.parse` of
   * megabytes stops only when the parse returns.
   */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#idle);
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const w of waiting) w.resolve(undefined);
    void this.#worker?.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const code = `const core = await import(${JSON.stringify(this.#entry.href)});\ncore.serveBodyThread();\n`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { resourceLimits: { maxOldGenerationSizeMb: this.#bounds.heapMb, maxYoungGenerationSizeMb: 8 } });
    // A new thread holds nothing yet.
    this.#holds = { validators: 0, schemas: new Set(), refs: new Set() };
    // It never keeps the process alive: the server does, while it listens.
    worker.unref();
    const settle = (id: number, answer: Outcome) => {
      const waiting = this.#waiting.get(id);
      this.#waiting.delete(id);
      waiting?.resolve(answer);
    };
    worker.on('message', (answer: Answer) => {
      if ('stage' in answer) {
        const waiting = this.#waiting.get(answer.id);
        if (waiting) waiting.stage = answer.stage;
      } else settle(answer.id, answer);
    });
    const stopped = (error?: unknown) => {
      // A thread ended here (idle, or its heap grown) had no job, and its end comes after the next
      // thread's start: the jobs waiting are that one's.
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      // Out of its heap: the job it was running is the cause (one is sent at a time).
      const outOfMemory = error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      for (const [id, waiting] of [...this.#waiting]) settle(id, outOfMemory ? { outOfMemory: true, stage: waiting.stage } : undefined);
    };
    worker.on('error', stopped);
    worker.on('exit', () => stopped());
    this.#worker = worker;
    return worker;
  }
}
