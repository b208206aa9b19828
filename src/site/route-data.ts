import { defineRouteMiddleware } from '@astrojs/starlight/route-data';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Starlight writes each head entry's content as raw HTML, and the `<title>` entry is built from
 * the page title, which comes from the spec: it is escaped here, so a title can never close the
 * tag and start a script.
 */
export const onRequest = defineRouteMiddleware((context) => {
  for (const entry of context.locals.starlightRoute.head) {
    if (entry.tag === 'title' && typeof entry.content === 'string') entry.content = escapeText(entry.content);
  }
});
