import { getHeapStatistics } from 'node:v8';
import { parentPort, Worker } from 'node:worker_threads';
import type { Obj } from '../facet/state.ts';
import { PatternBudget, type SlowPattern } from './patterns.ts';
import { Serial } from './serial.ts';
import { checkBody, sendable, type BodyChecked, type BodyChecker } from './validate.ts';
import { Validators } from './validators.ts';

/**
 * A body past `HUGE_BODY` parsed and checked on a thread of its own. On the thread that answers
 * every client, parsing and checking a 13 MB JSON body held every other call for 1 s (16 MB, the
 * most the command line reads, longer); Ajv's check cannot be cut into turns, so it runs here.
 * The thread is started at the first such body (it loads the core: about a second on a busy
 * machine, which that body waits for, and no other client) and kept.
 */

/** What the thread is asked: a body's bytes and media type, the schema of its key and the resources' schemas it reaches. */
interface BodyJob {
  id: number;
  /** The validators of the analysis asking (`Validators.id`): the thread keeps its own per analysis. */
  validators: number;
  key: string;
  schema: Obj | undefined;
  resources: Array<[string, Obj]>;
  bytes: Uint8Array;
  type: string;
  timeLimit: number | undefined;
  /** The milliseconds left of the request's budget for pattern tests. */
  budget: number;
}

/**
 * What it answers: the check as `sendable` makes it, the patterns that ran out of time, those not
 * judged once the request's budget was spent and the milliseconds of it spent; or what went wrong.
 */
type BodyAnswer = { id: number; outOfMemory: true } | { id: number; slow: SlowPattern[]; notJudged: string[]; spent: number; heap: number; checked: ReturnType<typeof sendable> } | { id: number; error: string };

/**
 * The thread's heap (bytes) past which it is ended after a body, and started again for the next
 * (which waits for the start, some 0.3 s): V8 keeps the heap a parsed body grew to, and grows it
 * more for the next before collecting the last (four 16 MB bodies sent at once took the process
 * to 830 MB, and left it at 750 MB idle); ending the thread gives it back.
 */
const RECYCLE_HEAP = 64 * 1024 * 1024;

/**
 * The thread's heap, bounded (MB): V8 let it grow with the garbage of one body after another (its
 * default bound is gigabytes), and four clients' 16 MB bodies took the process past 500 MB. A body
 * that would take more to check, within the bounds on its values and fields, ends the thread and
 * is answered 413, never checked on the thread that answers every client.
 */
export const THREAD_HEAP_MB = 96;
const THREAD_LIMITS = { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 8 };

/** The main thread's side: sends bodies to the thread and hears back. */
export class BodyThread implements BodyChecker {
  readonly #entry: URL;
  readonly #timeLimit: number | undefined;
  #worker: Worker | undefined;
  #next = 0;
  #closed = false;
  /** The thread is sent one body at a time: bodies sent at once waited there together, parsed (16 MB of `{},` is 350 MB once parsed). */
  readonly #serial = new Serial();
  readonly #waiting = new Map<number, (answer: BodyAnswer | undefined) => void>();
  /**
   * The thread has answered a body: it starts and runs, so bodies are moved to it from now on, not
   * copied (a copy to send and one received held 32 MB more for a 16 MB body). Until then a body is
   * copied, so that this thread can still check it should the thread fail to start.
   */
  #proven = false;

  readonly #sent: ((bytes: number) => void) | undefined;

  /**
   * `entry`: the core's public entry (`src/lib/index.ts`, or the bundle's `index.mjs`), which the
   * thread loads; `sent` hears of each body as it is sent to the thread (its bytes).
   */
  constructor(entry: URL, timeLimit?: number, sent?: (bytes: number) => void) {
    this.#entry = entry;
    this.#timeLimit = timeLimit;
    this.#sent = sent;
  }

  /**
   * `checkBody` on the thread, with the schema `key` names in `validators` (their slow patterns
   * said through them); undefined when the thread cannot answer (it failed to start, or stopped):
   * the caller then checks on its own thread. Throws once the thread is closed (the server stops):
   * a body it was checking is not checked again here, which would hold the stopping process; and
   * when a body moved to the thread (`bytes` then empty here) was not checked there.
   */
  async check(validators: Validators, key: string, schema: Obj | undefined, bytes: Uint8Array, type: string, budget: PatternBudget): Promise<BodyChecked | undefined> {
    const answer = await this.#serial.run(async () => {
        if (this.#closed) throw new Error('the mock stopped before this body was checked');
        const worker = this.#start();
        const id = ++this.#next;
        const job: BodyJob = { id, validators: validators.id, key, schema, resources: schema ? [...validators.reached(schema)] : [], bytes, type, timeLimit: this.#timeLimit, budget: budget.remaining };
        const moved = this.#proven && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
        const size = bytes.length;
        const answer = await new Promise<BodyAnswer | undefined>((resolve) => {
          this.#waiting.set(id, resolve);
          worker.postMessage(job, moved ? [bytes.buffer as ArrayBuffer] : []);
          this.#sent?.(size);
        });
        if (answer !== undefined && 'checked' in answer) this.#proven = true;
        if (moved && (answer === undefined || 'error' in answer)) throw new Error(`the body thread stopped before it checked this body${answer !== undefined && 'error' in answer ? `: ${answer.error}` : ''}`);
        // A heap grown large: the thread ends, its memory given back before the next body is sent.
        if (answer !== undefined && 'heap' in answer && answer.heap > RECYCLE_HEAP && this.#worker === worker) {
          this.#worker = undefined;
          await worker.terminate();
        }
        return answer;
      });
    if (this.#closed) throw new Error('the mock stopped before this body was checked');
    if (answer !== undefined && 'outOfMemory' in answer) return { own: { limit: THREAD_HEAP_MB, unit: 'MB of memory' } };
    if (answer === undefined || 'error' in answer) return undefined;
    for (const event of answer.slow) validators.slow(event);
    for (const pattern of answer.notJudged) budget.notJudged.add(pattern);
    budget.remaining -= answer.spent;
    const { checked } = answer;
    if (!('errors' in checked)) return checked;
    const got = new Map(checked.errors.map((e) => [e.instancePath, e.got]));
    return { errors: checked.errors, got: (at) => got.get(at), coerce: checked.coerce, more: checked.more };
  }

  /**
   * Ends the thread: the bodies it was checking are let go at once (their `check` throws, and the
   * mock answers them 503), not when the thread's check ends: a thread inside one `JSON.parse` of
   * megabytes stops only when the parse returns.
   */
  close(): void {
    this.#closed = true;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const resolve of waiting) resolve(undefined);
    void this.#worker?.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const code = `const core = await import(${JSON.stringify(this.#entry.href)});\ncore.serveBodyThread();\n`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { resourceLimits: THREAD_LIMITS });
    // It never keeps the process alive: the server does, while it listens.
    worker.unref();
    const settle = (id: number, answer: BodyAnswer | undefined) => {
      const resolve = this.#waiting.get(id);
      this.#waiting.delete(id);
      resolve?.(answer);
    };
    worker.on('message', (answer: BodyAnswer) => settle(answer.id, answer));
    const stopped = (error?: unknown) => {
      if (this.#worker === worker) this.#worker = undefined;
      // Out of its heap: the body it was checking is the cause (one is sent at a time).
      const outOfMemory = error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      for (const id of [...this.#waiting.keys()]) settle(id, outOfMemory ? { id, outOfMemory: true } : undefined);
    };
    worker.on('error', stopped);
    worker.on('exit', () => stopped());
    this.#worker = worker;
    return worker;
  }
}

/** The thread's side (what it runs once it has loaded the core): checks each body it is sent. */
export function serveBodyThread(): void {
  const port = parentPort;
  if (!port) return;
  let kept: { id: number; validators: Validators; resources: Map<string, Obj>; slow: SlowPattern[] } | undefined;
  port.on('message', (job: BodyJob) => {
    void (async () => {
      try {
        if (kept?.id !== job.validators) {
          const resources = new Map<string, Obj>();
          const slow: SlowPattern[] = [];
          kept = { id: job.validators, resources, slow, validators: new Validators((ref) => resources.get(ref), (event) => slow.push(event), job.timeLimit) };
        }
        const mine = kept;
        for (const [ref, schema] of job.resources) mine.resources.set(ref, schema);
        const budget = new PatternBudget(job.budget);
        const checked = await checkBody(job.bytes, job.type, job.schema, (coerce, firstOnly) => mine.validators.check(job.key, job.schema ?? {}, coerce, firstOnly), budget);
        port.postMessage({ id: job.id, slow: mine.slow.splice(0), notJudged: [...budget.notJudged], spent: budget.ms - budget.remaining, heap: getHeapStatistics().total_heap_size, checked: sendable(checked) } satisfies BodyAnswer);
      } catch (error) {
        port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies BodyAnswer);
      }
    })();
  });
}
