import { describe, expect, it } from 'vitest';
import { AREA_KEYS, PRINT_ITEMS, printParts, printPath } from '../../../src/lib/index.ts';

const areas = (counts: number[]) => AREA_KEYS.map((key, i) => ({ key, items: Array.from({ length: counts[i] ?? 0 }, (_, n) => n) }));

describe('the print version', () => {
  it('is one page while the spec has at most PRINT_ITEMS items', () => {
    expect(printParts(areas([0, PRINT_ITEMS]))).toEqual([]);
    expect(printParts(areas([0, 2, 2]), 4)).toEqual([]);
  });

  it('above it, is a page per area, and a large area in parts of at most that many, each covering its items once', () => {
    const parts = printParts(areas([0, 9, 1]), 4);
    expect(parts.map((p) => [p.area, p.part, p.parts, p.from, p.to, p.path])).toEqual([
      ['purpose', 1, 1, 0, 0, 'print/purpose/'],
      ['resources', 1, 3, 0, 4, 'print/resources/'],
      ['resources', 2, 3, 4, 8, 'print/resources/2/'],
      ['resources', 3, 3, 8, 9, 'print/resources/3/'],
      ['states', 1, 1, 0, 1, 'print/states/'],
      ...AREA_KEYS.slice(3).map((key) => [key, 1, 1, 0, 0, `print/${key}/`]),
    ]);
  });

  it('also parts a large area by the size of its items, so a few huge items never make a huge page', () => {
    const sized = AREA_KEYS.map((key, i) => ({ key, items: i === 2 ? [10, 50, 50, 200, 5, 5] : [] }));
    const parts = printParts(sized, 100, (s) => s, 100);
    expect(parts.filter((p) => p.area === 'states').map((p) => [p.from, p.to])).toEqual([
      [0, 2],
      [2, 3],
      [3, 4],
      [4, 6],
    ]);
    // Within both bounds the whole spec stays on one page.
    expect(printParts(sized.map((a) => ({ ...a, items: a.items.slice(0, 2) })), 100, (s) => s, 100)).toEqual([]);
  });

  it('has its URLs from paths.ts', () => {
    expect([printPath(), printPath('events'), printPath('events', 1), printPath('events', 2)]).toEqual(['print/', 'print/events/', 'print/events/', 'print/events/2/']);
  });
});
