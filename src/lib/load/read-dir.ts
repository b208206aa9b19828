import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** A file of the spec folder, read but not yet decoded. */
export interface SpecFile {
  /** Relative to the spec folder, with `/`. */
  path: string;
  bytes: Uint8Array;
}

/** The spec folder chosen by `SPEC_DIR`, `content/` by default. */
export function specDir(env: Record<string, string | undefined> = process.env): string {
  return env.SPEC_DIR && env.SPEC_DIR.trim() !== '' ? env.SPEC_DIR : 'content';
}

/** Reads every file below `dir` (skipping hidden folders), sorted by path. */
export async function readSpecDir(dir: string): Promise<SpecFile[]> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new SpecDirError(`Spec folder \`${dir}\` not found; set SPEC_DIR to a folder of area folders.`);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .map((full) => ({ full, path: relative(dir, full).split(sep).join('/') }))
    // Hidden folders (.git) are not content; hidden files are read, so a `.x.yaml` is reported, not dropped.
    .filter(({ path }) => !path.split('/').slice(0, -1).some((part) => part.startsWith('.')))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return Promise.all(files.map(async ({ full, path }) => ({ path, bytes: new Uint8Array(await readFile(full)) })));
}

/** The spec folder cannot be read at all. */
export class SpecDirError extends Error {}
