import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The axe rules whose outcome a theme can change: a theme here changes colours only (no element is
 * shown or hidden by theme: the site sets no light or dark variant of a logo or hero image, the only
 * places Starlight hides one by theme).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export type Theme = 'light' | 'dark';

/** Puts a loaded page in a theme, as the site's own theme switch does. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
}

/**
 * The serious and critical axe findings on a page (`theme: finding: nodes`): every rule in the
 * page's first theme, then, on the same load in the other theme, the rules that read colour (the
 * others see the same page twice). `include` narrows the scan to a part of the page; `each` runs a
 * test's own checks in each theme before its scan.
 */
export async function seriousFindings(
  page: Page,
  options: { themes?: readonly Theme[]; include?: string; disable?: string[]; nodes?: number; each?: (theme: Theme) => Promise<void> } = {},
): Promise<string[]> {
  const found: string[] = [];
  const themes = options.themes ?? (['light', 'dark'] as const);
  for (const [i, theme] of themes.entries()) {
    await setTheme(page, theme);
    await options.each?.(theme);
    // Only the violations are read: axe then keeps one node of each passed or inapplicable rule
    // instead of every one (a quarter of a scan's time on a long page such as /print/).
    let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (options.include) axe = axe.include(options.include);
    if (options.disable) axe = axe.disableRules(options.disable);
    if (i > 0) axe = axe.withRules(COLOUR_RULES.filter((r) => !options.disable?.includes(r)));
    const results = await axe.analyze();
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') found.push(`${theme}: ${v.id}: ${v.nodes.slice(0, options.nodes ?? Infinity).map((n) => n.target.join(' ')).join(' | ')}`);
    }
  }
  return found;
}
