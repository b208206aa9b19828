import { describe, expect, inject, it } from 'vitest';
import { main, page } from './read.ts';

const { complete } = inject('sites');

describe('the guide’s pull-request page (issue 32)', () => {
  it('says its first paragraph once and links to the readiness levels instead of printing a broken link', async () => {
    const root = main(await page(complete, 'guide/writing/pull-requests'));
    const paragraphs = root.querySelectorAll('p').map((p) => p.text.replace(/\s+/g, ' ').trim());
    expect(paragraphs.filter((p) => p.startsWith('The spec is edited through pull requests'))).toHaveLength(1);
    expect(root.text).not.toContain('](');
    const link = root.querySelectorAll('a').find((a) => a.text.replace(/\s+/g, ' ').trim() === 'Readiness levels');
    expect(link?.getAttribute('href')).toBe('../gaps/#readiness-levels');
  });
});
