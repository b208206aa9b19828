import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { Obj } from '../facet/state.ts';
import { isUrlEncodedForm } from '../render/media-example.ts';
import { checkBody, HUGE_BODY, sendable } from './body-read.ts';
import { essence } from './media.ts';
import { PatternBudget, type SlowPattern } from './patterns.ts';
import { Validators, type ErrorObject } from './validators.ts';

/**
 * The side of the body thread and the check thread (`body-thread.ts`) that runs on them: the
 * module a thread loads, with only what checking a body needs (reading it, Ajv, the pattern
 * guard), never the core's entry. Loading the whole core took each thread some 46 MB at its start
 * (the areas' schemas, the checks, the renderers, the importers), 30 MB more than this: on
 * GitHub's spec under load, the process peaked as a body thread checked a large body.
 */

/** What the thread is asked: a body's bytes and media type, or a value (a response's), to check against the schema of `key`. */
export interface Job {
  id: number;
  /** The validators of the analysis asking (`Validators.id`): the thread keeps its own per analysis. */
  validators: number;
  /** The schema's key there: its key here with its fingerprint (`Print`), so that a check compiled once serves across edits. */
  key: string;
  /** The schema, when the thread does not hold it yet (with its weight in bytes), and the resources' schemas it reaches that the thread lacks. */
  schema: { schema: Obj; weight: number } | undefined;
  resources: Array<[string, Obj]>;
  timeLimit: number | undefined;
  /** The milliseconds left of the request's budget for pattern tests. */
  budget: number;
  what: { bytes: Uint8Array; type: string } | { value: unknown };
}

/**
 * What it answers: `stage` as it takes the job up (`started`: memory run out before it is the
 * thread's own start) and once the schema's check is compiled (`compiled`: memory run out after it
 * is the value's, before it the check's); then the check as `sendable` makes it (a value's errors),
 * the patterns that ran out of time, those not judged once the request's budget was spent and the
 * milliseconds of it spent, and the schemas it let go; or what went wrong.
 */
export type Answer =
  | { id: number; stage: Stage }
  | { id: number; slow: SlowPattern[]; notJudged: string[]; spent: number; heap: number; forgot: string[]; checked: ReturnType<typeof sendable> }
  | { id: number; slow: SlowPattern[]; notJudged: string[]; spent: number; heap: number; forgot: string[]; errors: ErrorObject[] | string }
  | { id: number; error: string };

/** How far the thread got with a job: sent to it, taken up (the thread started), its check compiled. */
export type Stage = 'sent' | 'started' | 'compiled';

/** The most bytes of schemas (their JSON) a thread holds to compile from; the least recently used go first. */
const HELD_SCHEMA_BYTES = 32 * 1024 * 1024;

/** Whether a body of this media type is read as text and its values coerced (a form's fields), as `checkBody` reads it. */
const coerced = (type: string) => {
  const kind = essence(type);
  return isUrlEncodedForm(kind) || kind === 'multipart/form-data';
};

/** The thread's side (what it runs once it has loaded this module): checks each body or value it is sent. */
export function serveBodyThread(): void {
  const port = parentPort;
  if (!port) return;
  let kept: { id: number; validators: Validators; resources: Map<string, Obj>; schemas: Map<string, { schema: Obj; weight: number }>; weight: number; slow: SlowPattern[] } | undefined;
  port.on('message', (job: Job) => {
    void (async () => {
      try {
        port.postMessage({ id: job.id, stage: 'started' } satisfies Answer);
        if (kept?.id !== job.validators) {
          const resources = new Map<string, Obj>();
          const slow: SlowPattern[] = [];
          kept = { id: job.validators, resources, schemas: new Map(), weight: 0, slow, validators: new Validators((ref) => resources.get(ref), (event) => slow.push(event), job.timeLimit) };
        }
        const mine = kept;
        for (const [ref, schema] of job.resources) mine.resources.set(ref, schema);
        // The schemas held, the most recently used last; past the bound the least recently used go, and the main thread is told.
        const forgot: string[] = [];
        const held = job.schema ?? mine.schemas.get(job.key);
        if (held) {
          mine.weight -= mine.schemas.get(job.key)?.weight ?? 0;
          mine.schemas.delete(job.key);
          mine.schemas.set(job.key, held);
          mine.weight += held.weight;
          for (const [key, old] of mine.schemas) {
            if (mine.weight <= HELD_SCHEMA_BYTES || key === job.key) break;
            mine.schemas.delete(key);
            mine.weight -= old.weight;
            forgot.push(key);
          }
        }
        const schema = held?.schema;
        const budget = new PatternBudget(job.budget);
        const { what } = job;
        // The check compiled before the body is read: memory that runs out after this is the body's.
        const huge = 'bytes' in what && what.bytes.length > HUGE_BODY;
        if (schema) mine.validators.check(job.key, schema, 'bytes' in what && coerced(what.type), huge && !coerced(what.type));
        port.postMessage({ id: job.id, stage: 'compiled' } satisfies Answer);
        const done = { id: job.id, slow: mine.slow.splice(0), notJudged: [] as string[], spent: 0, heap: 0, forgot };
        if ('value' in what) {
          const check = schema ? mine.validators.check(job.key, schema, false) : 'the thread was sent no schema';
          const errors = typeof check === 'string' ? check : check(what.value).errors;
          port.postMessage({ ...done, slow: mine.slow.splice(0), heap: getHeapStatistics().total_heap_size, errors } satisfies Answer);
          return;
        }
        // The bytes are this thread's own (moved or copied to it): given back once read into a text.
        const checked = await checkBody(what.bytes, what.type, schema, (coerce, firstOnly) => mine.validators.check(job.key, schema ?? {}, coerce, firstOnly), budget, true);
        port.postMessage({ ...done, slow: [...done.slow, ...mine.slow.splice(0)], notJudged: [...budget.notJudged], spent: budget.ms - budget.remaining, heap: getHeapStatistics().total_heap_size, checked: sendable(checked) } satisfies Answer);
      } catch (error) {
        port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies Answer);
      }
    })();
  });
}
