import { relative } from 'node:path';
import { analyze, readSpecDir, specDir, type Analysis } from '../lib/index.ts';
import type { Io } from './io.ts';

/** The spec folder from `--spec` or `SPEC_DIR`, analysed; paths in output are relative to the working folder. */
export async function loadFromDisk(io: Io, spec: string | undefined): Promise<{ analysis: Analysis; dir: string; root: string }> {
  const dir = spec ?? specDir(io.env);
  const analysis = analyze(await readSpecDir(dir));
  const rel = relative(process.cwd(), dir).split('\\').join('/');
  return { analysis, dir: rel === '' ? '.' : rel, root: rel === '' ? '' : `${rel}/` };
}
