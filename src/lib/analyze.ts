import { Engine, type Analysis } from './engine/engine.ts';
import type { SpecFile } from './load/read-dir.ts';

export type { Analysis } from './engine/engine.ts';

/**
 * Load, validate, assess, link and check a spec from its files, all at once. Pure: no file
 * system, no console. To follow a folder as it changes, keep an `Engine` instead.
 */
export function analyze(files: readonly SpecFile[]): Analysis {
  return new Engine().update(files).analysis;
}
