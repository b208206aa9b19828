import { describe, expect, inject, it } from 'vitest';
import { droppedValues } from '../invariant/reach.ts';
import { contentFiles } from '../invariant/stated.ts';
import { specAt } from '../helpers.ts';

const sites = inject('sites');
const specs = inject('specs');

describe('nothing stated is dropped', () => {
  it.each(['complete', 'halfWritten', 'hostile', 'content', 'imported'] as const)(
    'every value of every content file of %s reaches its page, the print page and the Markdown document',
    async (name) => {
      const files = await contentFiles(specs[name]);
      expect(files.length).toBeGreaterThan(8);
      expect(await droppedValues(files, await specAt(specs[name]), sites[name])).toEqual([]);
    },
  );
});
