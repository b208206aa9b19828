import { defineMiddleware } from 'astro:middleware';
import { specSite } from './data.ts';

/**
 * `astro dev` only: each page's response says how many views it built (`x-specbench-views-built`),
 * so what an edit rebuilds can be counted from outside. The page is rendered whole before the count.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const site = await specSite();
  const before = site.built;
  const response = await next();
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.set('x-specbench-views-built', String(site.built - before));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
});
