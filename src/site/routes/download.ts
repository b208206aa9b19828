import type { APIRoute, GetStaticPaths } from 'astro';
import { download } from '../../lib/index.ts';
import { downloads, specSite } from '../data.ts';

/** The exports and the Markdown document, published with the site at `downloads/<file>`, each made when it is asked for. */
export const getStaticPaths = (() => downloads.map((d) => ({ params: { file: d.file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const site = await specSite();
  const file = params.file ?? '';
  const text = site.download(file, (analysis) => download(analysis, file) ?? '');
  return new Response(text);
};
