import type { Path } from '../facet/path.ts';
import { isObj, stated, statedData } from '../facet/state.ts';
import { allBodies, allShapes } from './shapes.ts';
import type { Check, CheckContext } from './types.ts';

/**
 * A whole number in an example or a default that no JSON reader holds exactly: past 2^53 a number
 * is read as the nearest one a double holds (`12345678901234567890` as `12345678901234567000`),
 * so the pages, the code samples, the mock and the export would show and send another number
 * than the one written, without a word. Only numbers past 2^53 are looked at (their written text
 * is read then), so that a file's checks stay as fast as they are.
 */
function inexact(ctx: CheckContext, file: string, at: Path, value: unknown, found: (at: Path, written: string, read: number) => void, depth = 0): void {
  if (depth > 64) return;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Number.isSafeInteger(value)) return;
    // The digits as written, or as read where the file was not read with positions.
    const written = ctx.written({ file, path: at })?.trim() ?? String(value);
    // A written integer whose digits are not the double's (`…890` and `…000` are both `…168`).
    if (/^[-+]?\d+$/.test(written) && BigInt(written) !== BigInt(value)) found(at, written, value);
    return;
  }
  if (Array.isArray(value)) value.forEach((v, i) => inexact(ctx, file, [...at, i], v, found, depth + 1));
  else if (isObj(value)) for (const [k, v] of Object.entries(value)) inexact(ctx, file, [...at, k], v, found, depth + 1);
}

export const inexactNumber: Check = {
  code: 'inexact-number',
  description: 'A whole number in an example or a default past 2^53 (9,007,199,254,740,992) that a JavaScript number does not hold exactly, so the pages, the code samples, the mock and the export would show and send the nearest double instead, without a word: write it as a string, or a number within ±2^53.',
  severity: 'warning',
  example: 'id: { type: integer, examples: [12345678901234567890] }',
  scope: 'file',
  run(ctx) {
    const report = (file: string, what: string) => (at: Path, written: string, read: number) =>
      ctx.report({ message: `The ${what} \`${written}\` is past 2^53: a JavaScript number (so the pages, the code samples, the mock and the export) holds only the nearest double, ${BigInt(read).toString()}, and the digits past the 16th may not be the ones meant; write it as a string, or a number within ±9007199254740991.`, at: { file, path: at } });
    for (const { shape, path, name, file } of allShapes(ctx)) {
      if (shape.default === undefined && shape.examples === undefined) continue;
      if (shape.default !== undefined) inexact(ctx, file, [...path, 'default'], statedData(shape.default), report(file, `default of ${name}`));
      (stated(shape.examples) ?? []).forEach((value, i) => inexact(ctx, file, [...path, 'examples', i], value, report(file, `example of ${name}`)));
    }
    for (const { file, path, body } of allBodies(ctx)) {
      if (body.example !== undefined) inexact(ctx, file, [...path, 'example'], body.example, report(file, 'number in the example of a body'));
      const content = stated(body.content);
      for (const [type, m] of Object.entries(isObj(content) ? content : {})) if (isObj(m) && m.example !== undefined) inexact(ctx, file, [...path, 'content', type, 'example'], m.example, report(file, `number in the \`${type}\` example of a body`));
    }
  },
};
