/** A count with its noun, the same in every output: `1 open gap`, `3 open gaps`, `2 entries` (with the plural given). */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** A word with its indefinite article, as a message says it: `an integer`, `an api-key`, `a one of`, `a GET`. */
export function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(one|uni|use|eu)/i.test(word) ? `an ${word}` : `a ${word}`;
}

const LIST = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** Words as a sentence lists them: `A`, `A and B`, `A, B, and C`. */
export function listWords(words: readonly string[]): string {
  return LIST.format(words);
}
