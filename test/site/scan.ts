import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { htmlFiles } from './read.ts';

/** Whether a browser would follow a URL with a scheme a page may link to or load (relative ones are http). */
function safeUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url, 'https://site.invalid/').protocol);
  } catch {
    return true; // a URL a browser cannot parse is never followed
  }
}

/**
 * What in one parsed page could run content: a script or style that holds `marker`, an event
 * handler attribute, a URL with another scheme. Empty when the page is safe.
 */
export function unsafeParts(root: HTMLElement, marker: RegExp): string[] {
  const found: string[] = [];
  for (const s of root.querySelectorAll('script, style')) if (marker.test(s.text)) found.push(`<${s.tagName.toLowerCase()}> ${s.text.slice(0, 60)}`);
  for (const e of root.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(e.attributes)) {
      if (/^on/i.test(name)) found.push(`${e.tagName.toLowerCase()} ${name}="${value.slice(0, 40)}"`);
      if (/^(href|src|action|formaction|xlink:href)$/i.test(name) && !safeUrl(value)) found.push(`${name}="${value.slice(0, 40)}"`);
    }
  }
  return found;
}

/** `unsafeParts` of every page of a built site, prefixed with the page. */
export async function unsafeSite(outDir: string, marker: RegExp): Promise<string[]> {
  const found: string[] = [];
  for (const file of await htmlFiles(outDir)) {
    for (const part of unsafeParts(parse(await readFile(join(outDir, file), 'utf8')), marker)) found.push(`${file}: ${part}`);
  }
  return found;
}
