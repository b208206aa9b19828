import type { APIRoute } from 'astro';
import { changelogAtom } from '../../lib/index.ts';
import { absoluteBase, loadChangelog, loadMeta } from '../data.ts';

/** The changelog as an Atom feed, so people can follow the spec without watching the repository. */
export const GET: APIRoute = async ({ site }) => {
  const [changelog, { service }] = await Promise.all([loadChangelog(), loadMeta()]);
  const name = service.name ?? 'The spec';
  const siteUrl = absoluteBase(site);
  const xml = changelogAtom(changelog, {
    title: `${name}: changelog`,
    author: service.name === undefined ? 'The authors of the spec' : `The authors of ${service.name}`,
    ...(siteUrl !== undefined ? { siteUrl } : {}),
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
