import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, inject, it } from 'vitest';
import { BASE } from './build.ts';
import { htmlFiles } from './read.ts';

/** Every same-site link of every page, checked against the built files and their anchors; all must stay below `base`. */
async function brokenLinks(outDir: string, base = '/'): Promise<string[]> {
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
      if (!existsSync(join(outDir, target))) {
        broken.push(`${file}: ${href} (no ${target})`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && target.endsWith('.html') && !ids.get(target)?.has(anchor)) broken.push(`${file}: ${href} (no #${anchor})`);
    }
  }
  return broken;
}

describe('every internal link resolves, anchors included', () => {
  const sites = inject('sites');
  it.each(Object.entries(sites))('%s', async (name, outDir) => {
    expect(await brokenLinks(outDir, name === 'based' ? BASE : '/')).toEqual([]);
  });
});
