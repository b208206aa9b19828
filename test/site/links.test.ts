import { describe, expect, inject, it } from 'vitest';
import { BASE } from './build.ts';
import { brokenLinks } from './read.ts';

describe('every internal link resolves, anchors included', () => {
  const sites = inject('sites');
  it.each(Object.entries(sites))('%s', async (name, outDir) => {
    expect(await brokenLinks(outDir, name === 'based' ? BASE : '/')).toEqual([]);
  });
});
