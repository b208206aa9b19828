import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set in the command line's bundle: the digest of the sources, lockfile and Node it was built from. */
declare const __SPECBENCH_BUILD__: string | undefined;

/**
 * What names this build of the tool, so that a cache made by another one is never used: the
 * bundle's stamp, or, running from the sources, a digest of them, the lockfile and Node.
 */
export function buildStamp(): string {
  if (typeof __SPECBENCH_BUILD__ === 'string') return __SPECBENCH_BUILD__;
  const src = fileURLToPath(new URL('..', import.meta.url));
  const hash = createHash('sha256').update(process.version);
  for (const dir of ['lib', 'cli']) {
    const files = readdirSync(join(src, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|mjs|json)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files) hash.update(file).update(readFileSync(file));
  }
  try {
    hash.update(readFileSync(join(src, '..', 'package-lock.json')));
  } catch {
    // Installed as a package: its own files name it.
  }
  return `src-${hash.digest('hex').slice(0, 16)}`;
}
