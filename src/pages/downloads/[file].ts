import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { loadDownloads } from '../../site/data.ts';

/** The exports and the Markdown document, published with the site at `/downloads/<file>`. */
export const getStaticPaths = (async () => (await loadDownloads()).map((d) => ({ params: { file: d.file }, props: { text: d.text } }))) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => new Response(props.text);
