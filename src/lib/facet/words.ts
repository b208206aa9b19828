/** A count with its noun, the same in every output: `1 open gap`, `3 open gaps`, `2 entries` (with the plural given). */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
