import { stated } from '../facet/state.ts';
import { allShapes } from './shapes.ts';
import type { Check } from './types.ts';

/** Pairs of bounds where the first may not exceed the second. */
const RANGES = [
  ['minimum', 'maximum'],
  ['exclusive_minimum', 'exclusive_maximum'],
  ['minimum', 'exclusive_maximum'],
  ['exclusive_minimum', 'maximum'],
  ['min_length', 'max_length'],
  ['min_items', 'max_items'],
] as const;

/** The first of each pair: a shape without any states no pair. */
const LOWS = [...new Set(RANGES.map(([low]) => low))];

export const badConstraint: Check = {
  code: 'bad-constraint',
  description: 'A constraint no value can meet: a lower bound above the upper one, or a pattern that is not a regular expression.',
  severity: 'error',
  example: 'size: { type: integer, minimum: 10, maximum: 1 }',
  scope: 'file',
  run(ctx) {
    for (const { shape, path, name, file } of allShapes(ctx)) {
      // Most shapes state no bounds: without a lower one, no pair is looked at.
      const bounded = LOWS.some((low) => shape[low] !== undefined);
      for (const [low, high] of bounded ? RANGES : []) {
        if (shape[low] === undefined || shape[high] === undefined) continue;
        const [a, b] = [stated(shape[low]), stated(shape[high])];
        const strict = low.startsWith('exclusive') || high.startsWith('exclusive');
        if (typeof a === 'number' && typeof b === 'number' && (strict ? a >= b : a > b)) {
          ctx.report({ message: `\`${low}: ${a}\` and \`${high}: ${b}\` of ${name} leave no value it could take; fix one of them.`, at: { file, path: [...path, low] }, related: [{ at: { file, path: [...path, high] }, message: high }] });
        }
      }
      const pattern = stated(shape.pattern);
      if (typeof pattern !== 'string') continue;
      try {
        new RegExp(pattern, 'u');
      } catch (error) {
        ctx.report({ message: `The pattern of ${name} is not a regular expression: ${error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error)}.`, at: { file, path: [...path, 'pattern'] } });
      }
    }
  },
};
