import { isCollection, isMap, isPair, isScalar, YAMLParseError, type Document, type Node } from 'yaml';

/** yaml's own words for a duplicate key, so the diagnostic reads the same as before. */
const MESSAGE = 'Map keys must be unique';

/**
 * Adds to the document's errors every key that repeats an earlier key of its mapping, as the errors the `yaml` library's
 * `uniqueKeys` option would give (same code, place and words), found in one pass over the
 * document with a set per mapping. The library compares each key with every earlier one, so a
 * mapping of n keys costs n² / 2 comparisons (16,000 keys: 33 s); this costs n. Keys are equal
 * as the library judges them: scalars of the same value (`1` and `1.0`, `~` and `null`), never
 * an alias or a collection (each is a key of its own).
 */
export function reportDuplicateKeys(doc: Document.Parsed): void {
  const keys: Node[] = [];
  // Iterative, so a document nested as deep as the parser allows cannot overflow the stack.
  const stack: unknown[] = [doc.contents];
  for (let node = stack.pop(); node !== undefined || stack.length > 0; node = stack.pop()) {
    if (!isCollection(node)) continue;
    const seen = isMap(node) ? new Set<unknown>() : undefined;
    for (const item of node.items) {
      if (!isPair(item)) {
        stack.push(item);
        continue;
      }
      if (seen && isScalar(item.key)) {
        const value = item.key.value;
        // NaN is not equal to itself for the library either: two `.nan` keys are two keys.
        if (seen.has(value) && !Number.isNaN(value)) keys.push(item.key);
        else seen.add(value);
      }
      stack.push(item.key, item.value);
    }
  }
  const start = (key: Node) => key.range?.[0] ?? 0;
  keys.sort((a, b) => start(a) - start(b));
  // An error's stack trace says nothing here and costs more than the rest of the scan (380,000 of them: 1.5 s).
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // One at a time: spreading 380,000 errors into push() would overflow the stack.
    for (const key of keys) doc.errors.push(new YAMLParseError([start(key), start(key) + 1], 'DUPLICATE_KEY', MESSAGE));
  } finally {
    Error.stackTraceLimit = limit;
  }
}
