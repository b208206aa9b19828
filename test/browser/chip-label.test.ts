import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, preview } from './browser.ts';

const sites = inject('sites');
let browser: Browser;
let server: { url: string; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  browser = await launch();
  server = await preview(sites.halfWritten);
});

afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** The words of every gap chip's label that a line break cuts (a chip label "trans-/itions" in a narrow cell). */
function chipWordsBroken(): string[] {
  const broken: string[] = [];
  for (const label of document.querySelectorAll('main .chip-label')) {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index ?? 0);
        range.setEnd(node, (m.index ?? 0) + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}

describe('gap chips (issue 32)', () => {
  it.each([1280, 390])('keep the label "transitions" whole at %ipx, in the state machine’s table and on its resource’s page', async (width) => {
    for (const path of ['/states/loan-status/', '/resources/Loan/']) {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await page.goto(`${server?.url}${path}`);
      const labels = await page.locator('main .chip-label').allTextContents();
      expect(labels, path).toContain('transitions');
      expect(await page.evaluate(chipWordsBroken), `${path} at ${width}px`).toEqual([]);
      await page.close();
    }
  });

  it('the check does catch a label broken inside the word', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    await page.goto(`${server?.url}/states/loan-status/`);
    await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<div style="width: 3rem"><details class="chip"><summary style="overflow-wrap: anywhere"><span class="chip-label">transitions</span></summary></details></div>'));
    expect(await page.evaluate(chipWordsBroken)).toEqual(['transitions']);
    await page.close();
  });
});
