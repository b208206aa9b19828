import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Job } from './engine.ts';
import { analyzeFile, type FileAnalysis, type FileResult } from './file-result.ts';

/** Below this many bytes to read, starting threads costs more than it saves. */
const WORTH_THREADS = 2 * 1024 * 1024;

/** What a worker is sent, and what it answers. */
export type WorkerRequest = { jobs: readonly Job[] };
export type WorkerAnswer = { results: FileResult[] } | { error: string };

/**
 * Reads files on worker threads, as many as the machine has cores (`os.availableParallelism()`),
 * when there is enough to read; otherwise in this thread. `worker` is the script that answers
 * (`worker.ts` beside this file, or its bundled copy), given by the caller, which knows its layout.
 * What a thread reads is the same as what this thread would: the same function on the same bytes.
 */
export function threadedReader(worker: URL, threads = availableParallelism()): (jobs: readonly Job[]) => Promise<FileAnalysis[]> {
  return async (jobs) => {
    const bytes = jobs.reduce((n, j) => n + j.bytes.length, 0);
    const count = Math.min(threads, Math.ceil(bytes / (WORTH_THREADS / 2)));
    if (count < 2 || bytes < WORTH_THREADS) return jobs.map((j) => analyzeFile(j.path, j.bytes, j.key, j.settings));
    // Each thread gets a share of about the same size, the largest files dealt first.
    const shares: Job[][] = Array.from({ length: count }, () => []);
    const sizes = new Array<number>(count).fill(0);
    for (const job of [...jobs].sort((a, b) => b.bytes.length - a.bytes.length)) {
      const least = sizes.indexOf(Math.min(...sizes));
      shares[least]?.push(job);
      sizes[least] = (sizes[least] ?? 0) + job.bytes.length;
    }
    const answers = await Promise.all(shares.map((share) => ask(worker, share)));
    return answers.flat().map((result) => ({ result }));
  };
}

function ask(script: URL, jobs: readonly Job[]): Promise<FileResult[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once('message', (answer: WorkerAnswer) => settle(() => ('error' in answer ? reject(new Error(answer.error)) : resolve(answer.results))));
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`a reading thread stopped (exit ${code})`))));
    worker.postMessage({ jobs } satisfies WorkerRequest);
  });
}
