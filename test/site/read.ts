import { statSync } from 'node:fs';
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

/** Every same-site link of every page, checked against the built files and their anchors; all must stay below `base`. */
export async function brokenLinks(outDir: string, base = '/'): Promise<string[]> {
  const files = await htmlFiles(outDir);
  const ids = new Map<string, Set<string>>();
  const pages = new Map<string, ReturnType<typeof parse>>();
  for (const file of files) {
    const root = parse(await readFile(join(outDir, file), 'utf8'));
    pages.set(file, root);
    ids.set(file, new Set(root.querySelectorAll('[id]').map((e) => e.getAttribute('id') ?? '')));
  }
  const broken: string[] = [];
  for (const [file, root] of pages) {
    for (const a of root.querySelectorAll('a[href]')) {
      const href = a.getAttribute('href') ?? '';
      if (/^[a-z]+:/i.test(href) || href.startsWith('//')) continue;
      const url = new URL(href, `http://site${base}${file.replace(/index\.html$/, '')}`);
      if (!url.pathname.startsWith(base)) {
        broken.push(`${file}: ${href} (outside ${base})`);
        continue;
      }
      const path = decodeURIComponent(url.pathname).slice(base.length);
      const target = path === '' || path.endsWith('/') ? `${path}index.html` : path;
      // A file: a folder named like the page (`x.html/`) is not what a static host serves for `x.html`.
      if (!statSync(join(outDir, target), { throwIfNoEntry: false })?.isFile()) {
        broken.push(`${file}: ${href} (no ${target})`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && target.endsWith('.html') && !ids.get(target)?.has(anchor)) broken.push(`${file}: ${href} (no #${anchor})`);
    }
  }
  return broken;
}
