// @ts-check
// This repository's site with Astro's cache (its content store, its optimised images) in a folder of
// the build's own (`SPECBENCH_ASTRO_CACHE`): every build writes the store (its outDir is part of the
// config's digest) through one fixed temporary name, so two builds at once sharing
// node_modules/.astro could fail each other's rename.
import config from '../../astro.config.mjs';

export default { ...config, cacheDir: process.env.SPECBENCH_ASTRO_CACHE };
