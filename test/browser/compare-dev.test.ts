// The comparison mode under `npm run dev` (issue 34): with SPEC_COMPARE set, the marks and the
// Changes page follow each edit of the working tree, as an author sees their branch before pushing.
import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFixture, EXPECTED } from '../compare/fixture.ts';
import { dev, launch } from './browser.ts';

let fixture: Awaited<ReturnType<typeof compareFixture>>;
let browser: Browser;
let server: Awaited<ReturnType<typeof dev>> | undefined;

beforeAll(async () => {
  fixture = await compareFixture();
  browser = await launch();
  // The dev server takes the test's environment: SPEC_COMPARE for it alone.
  process.env.SPEC_COMPARE = 'HEAD~1';
  try {
    server = await dev(fixture.spec);
  } finally {
    delete process.env.SPEC_COMPARE;
  }
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await fixture?.done();
});

/** Replaces a file whole, as editors save, and waits until the dev server's log says it has taken the change in. */
async function edited(file: string, text: string): Promise<void> {
  const seen = server?.output().length ?? 0;
  const temporary = join(await mkdtemp(join(tmpdir(), 'specbench-edit-')), 'file.yaml');
  await writeFile(temporary, text);
  await rename(temporary, file);
  await expect.poll(() => (server?.output() ?? '').slice(seen), { timeout: 120_000, interval: 100 }).toMatch(/changed: \d+ pages? to reload/);
}

const html = async (path: string) => (await fetch(`${server?.url}${path}`, { signal: AbortSignal.timeout(60_000) })).text();

describe('npm run dev with SPEC_COMPARE', () => {
  it('marks the change, and follows an edit: the gap closed is no longer opened, its value is marked before -> after, the open Changes page reloads', async () => {
    const opened = `data-change-facet="${EXPECTED.opened[0]}"`;
    expect(await html('/resources/Order/')).toMatch(new RegExp(`data-change="opened" ${opened}`));
    expect(await html(`/${EXPECTED.untouched}`)).not.toContain('data-change=');
    const page = await browser.newPage();
    await page.goto(`${server?.url}/changes/`);
    expect(await page.locator('[data-gap="opened"]').count()).toBe(1);
    const file = join(fixture.spec, 'resources/Order.yaml');
    await edited(file, (await readFile(file, 'utf8')).replace('description: { open: "Which value is the most urgent?" } }', 'description: 3 is the most urgent. }'));
    // The open Changes page is reloaded by the server: no gap opened any more.
    await expect.poll(() => page.locator('[data-gap="opened"]').count(), { timeout: 120_000 }).toBe(0);
    const order = await html('/resources/Order/');
    expect(order).toMatch(new RegExp(`data-change="changed" ${opened}`));
    // The value before, as the page renders prose.
    expect(order).toContain('<del><bdi><span class="change-prose">1 is the most urgent.</span></bdi></del>');
    await page.close();
  }, 300_000);
});
