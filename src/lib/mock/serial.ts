/**
 * Tasks run one after another, in the order they were given: each starts once the one before has
 * settled. What holds the mock's memory is a parsed body (a large one holds fifty times its bytes),
 * so large bodies are parsed and checked one at a time, never all those sent at once together.
 */
export class Serial {
  #last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#last.then(task, task);
    this.#last = result.catch(() => undefined);
    return result;
  }
}
