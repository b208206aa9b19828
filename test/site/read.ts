import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';

/** A built page, parsed as a browser does (the markup inside `<pre>` is markup, not text). */
export async function page(outDir: string, path: string): Promise<HTMLElement> {
  return parse(await readFile(join(outDir, path, 'index.html'), 'utf8'), { blockTextElements: { script: true, style: true, noscript: true } });
}

/** The page's main content. */
export const main = (root: HTMLElement): HTMLElement => root.querySelector('main') ?? root;

/** Every HTML file of a built site, relative to it. */
export async function htmlFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name).slice(outDir.length + 1)).sort();
}
