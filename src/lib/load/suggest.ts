import { distance } from 'fastest-levenshtein';

/** The closest candidate to `word`, when it is close enough to be a likely typo. */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  // Two edits cover a swapped pair of letters (`paht`), which plain Levenshtein counts twice.
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= limit && bestDistance < word.length ? best : undefined;
}

/** "; did you mean `x`?", or an empty string when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const s = suggest(word, candidates);
  return s ? `; did you mean \`${s}\`?` : '';
}
