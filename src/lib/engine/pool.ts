import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Job } from './engine.ts';
import { analyzeFile, type FileAnalysis, type FileResult } from './file-result.ts';

/**
 * Below this many bytes to read, more threads cost more than they save. Each thread starts cold:
 * it loads the core and warms its code up again, which measured about 1 to 2 s of CPU and 50 to
 * 130 MB on two cores (issue 37), more than half of what reading GitHub's imported description
 * (10.4 MB, 2,549 files) costs in one thread; there, and on synthetic specs of 1,000 and 10,000
 * items, one thread was faster, used less CPU and less memory. A second thread's share must be
 * several times its start to pay: about three times that description.
 */
export const WORTH_THREADS = 32 * 1024 * 1024;

/** What a worker is sent, and what it answers. */
export type WorkerRequest = { jobs: readonly Job[] };
export type WorkerAnswer = { results: FileResult[] } | { error: string };

/**
 * Reads files on several threads, as many as the machine has cores (`os.availableParallelism()`),
 * when there are at least `worth` bytes to read: this thread reads a share itself while worker
 * threads read the others (each starts cold, so one fewer is started); otherwise all in this
 * thread. `worker` is the script that answers (`worker.ts` beside this file,
 * or its bundled copy), given by the caller, which knows its layout. What a thread reads is the
 * same as what this thread would: the same function on the same bytes.
 */
export function threadedReader(worker: URL, { threads = availableParallelism(), worth = WORTH_THREADS }: { threads?: number; worth?: number } = {}): (jobs: readonly Job[]) => Promise<FileAnalysis[]> {
  return async (jobs) => {
    const bytes = jobs.reduce((n, j) => n + j.bytes.length, 0);
    const count = Math.min(threads, Math.ceil(bytes / (worth / 2)));
    const here = (share: readonly Job[]) => share.map((j) => analyzeFile(j.path, j.bytes, j.key, j.settings));
    if (count < 2 || bytes < worth) return here(jobs);
    // Each thread gets a share of about the same size, the largest files dealt first.
    const shares: Job[][] = Array.from({ length: count }, () => []);
    const sizes = new Array<number>(count).fill(0);
    for (const job of [...jobs].sort((a, b) => b.bytes.length - a.bytes.length)) {
      const least = sizes.indexOf(Math.min(...sizes));
      shares[least]?.push(job);
      sizes[least] = (sizes[least] ?? 0) + job.bytes.length;
    }
    const [mine = [], ...theirs] = shares;
    // The threads are started first, so that they load while this one reads its share.
    const asked = theirs.map((share) => ask(worker, share));
    const read = here(mine);
    const answers = await Promise.all(asked);
    return [...read, ...answers.flat().map((result) => ({ result }))];
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
