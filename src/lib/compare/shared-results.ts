import type { ResultStore, Stored } from '../engine/engine.ts';

/**
 * File results shared between the engine that follows the spec folder and the one that reads the
 * compared revision (`compare`): a file the change leaves as it was (the same bytes, the same
 * settings: the same key) is read once, and both analyses hold the one result. Without it a
 * compared build reads every file twice and holds each result twice (on GitHub's description, the
 * revision's analysis took 56 MB and as long as the spec's own; sharing, 4 MB and a twentieth).
 * Only each path's latest result is kept, so a dev server's edits never pile up here.
 */
export class SharedResults implements ResultStore {
  readonly #byKey = new Map<string, Stored>();
  readonly #keyOfPath = new Map<string, string>();

  get(key: string): unknown {
    return this.#byKey.get(key);
  }

  set(key: string, value: Stored): void {
    const path = value.result.path;
    const old = this.#keyOfPath.get(path);
    if (old !== undefined && old !== key) this.#byKey.delete(old);
    this.#keyOfPath.set(path, key);
    this.#byKey.set(key, value);
  }
}
