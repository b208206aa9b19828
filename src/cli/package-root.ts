import { relative, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set in a bundle kept outside the package (a checkout's, in node_modules/.cache): where the package is. */
declare const __SPECBENCH_ROOT__: string | undefined;

/** The folder of the Specbench package that runs: this checkout, or `node_modules/specbench` where it is installed. */
export function packageRoot(): string {
  if (typeof __SPECBENCH_ROOT__ === 'string') return __SPECBENCH_ROOT__;
  // The sources (src/cli/) and the packed bundle (src/bundle/) both sit two folders below it.
  return fileURLToPath(new URL('../..', import.meta.url));
}

/** The package's JSON Schemas, from the working folder (the repository root): `src/schemas` here, `node_modules/specbench/src/schemas` in a spec's repository. */
export function schemaDir(cwd: string = process.cwd()): string {
  return relative(cwd, join(packageRoot(), 'src', 'schemas')).split(sep).join('/') || '.';
}
