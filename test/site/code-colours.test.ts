import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONGEST_LINE } from '../../src/site/ec-config.mjs';
import { fixture, scratchCopy } from '../helpers.ts';
import { buildSite } from './build.ts';

/**
 * The code samples take the site's Expressive Code options (src/site/ec-config.mjs) through the
 * components' path, as the guide's Markdown does through the integration's (starlight-site.test.ts):
 * no time limit per line, so the same spec gives the same colours on a busy machine, and a line
 * longer than LONGEST_LINE is left as one plain run.
 */
describe("the samples' colours", () => {
  let site = '';
  let spec = '';
  beforeAll(async () => {
    spec = await scratchCopy(fixture('complete'));
    const file = join(spec, 'endpoints', 'create-order.yaml');
    const text = await readFile(file, 'utf8');
    // Within the length up to which a sample is highlighted at all (Samples.astro's HIGHLIGHT_LIMIT, 3,000).
    const long = Array.from({ length: 420 }, () => 'word').join(' ');
    await writeFile(file, text.replace('example: { status: draft, total: 1999,', `example: { legacy_ref: "${long}", status: draft, total: 1999,`));
    const built = await buildSite(spec);
    expect(built.code, built.output).toBe(0);
    site = built.outDir;
  });
  afterAll(async () => {
    await rm(site, { recursive: true, force: true });
    await rm(spec, { recursive: true, force: true });
  });

  it('leave a line longer than LONGEST_LINE as one plain run and colour the lines within it', async () => {
    const html = await readFile(join(site, 'endpoints', 'create-order', 'index.html'), 'utf8');
    const blocks = html.match(/<pre class="sample-code[^"]*"[^>]*><code>[\s\S]*?<\/code><\/pre>/g) ?? [];
    const lines = blocks.flatMap((b) => b.split('\n')).filter((l) => l.includes('legacy_ref'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.length).toBeGreaterThan(LONGEST_LINE);
      // One run: the line's text with at most the one element of its colour around it.
      expect(line.replace(/^.*?<code>/, '').match(/<span/g)?.length ?? 0, line.slice(0, 200)).toBeLessThanOrEqual(1);
    }
    // Lines within the bound are coloured: in some language of the samples, a line of the same body holds several colours.
    const short = blocks.filter((b) => b.includes('legacy_ref')).flatMap((b) => b.split('\n')).filter((l) => l.includes('total'));
    expect(short.some((line) => (line.match(/<span class=c\d+>/g)?.length ?? 0) > 1)).toBe(true);
  });
});
