import { parentPort } from 'node:worker_threads';
import { analyzeFile } from './file-result.ts';
import type { WorkerAnswer, WorkerRequest } from './pool.ts';

// A reading thread: reads the files it is sent, answers with their results, and is done.
parentPort?.once('message', ({ jobs }: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    answer = { results: jobs.map((j) => analyzeFile(j.path, j.bytes, j.key, j.settings).result) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
