#!/usr/bin/env node
// @ts-check
/**
 * The command line's entry (the package's `bin`), and the only file of Specbench written in plain
 * JavaScript. It says at once when Node is too old, before anything but Node's own modules is
 * loaded (`npx` has downloaded the package by then: the README says to run it on Node 22). An
 * installed Specbench runs its bundle, made when the package was packed (`src/bundle/`); a
 * checkout of Specbench runs a bundle of its sources made on first run and remade when they change
 * (`bundle.mjs`), or the sources as they are with `SPECBENCH_NO_BUNDLE=1` (Node strips their
 * types; slower to start, the same answers).
 */
import { existsSync } from 'node:fs';
import module from 'node:module';
import { pathToFileURL } from 'node:url';

/** The oldest Node Specbench runs on: Astro 7, which builds the site, needs it, and the command line uses it. */
const NEEDED = [22, 12];

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < (NEEDED[0] ?? 0) || (major === NEEDED[0] && minor < (NEEDED[1] ?? 0))) {
  process.stderr.write(
    `specbench: this is Node.js ${process.versions.node}; Specbench needs Node.js ${NEEDED.join('.')} or later (as Astro 7, which builds its site, does). ` +
      'Install Node.js 22 with nvm (`nvm install 22`) or fnm (`fnm install 22 && fnm use 22`), or from https://nodejs.org/, and run it again.\n',
  );
  process.exit(2);
}

// Compiled code is kept between runs (Node's own cache, in the system's temporary folder), so
// starting again skips compiling the bundle and the packages it loads.
module.enableCompileCache?.();

// A checkout (its sources beside this file) never runs `src/bundle/`: `npm pack` makes it there and
// `postpack` removes it, so a command started meanwhile would load from a folder that goes away.
const packed = new URL('../bundle/cli.mjs', import.meta.url);
if (!existsSync(new URL('./bin.ts', import.meta.url)) && existsSync(packed)) await import(packed.href);
else {
  const { checkoutBundle } = await import('./bundle.mjs');
  const entry = process.env.SPECBENCH_NO_BUNDLE ? undefined : await checkoutBundle().catch(() => undefined);
  await import(entry ? pathToFileURL(entry).href : './bin.ts');
}
