// @ts-check
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { AREAS } from './src/lib/areas/index.ts';

const base = process.env.BASE_PATH || undefined;

export default defineConfig({
  // Static files (the favicon) live under src/, keeping the top level to what the project promises.
  publicDir: './src/public',
  site: process.env.SITE_URL || undefined,
  base,
  // Astro's dev toolbar covers content at the bottom of the page; the site has no use for it.
  devToolbar: { enabled: false },
  integrations: [
    starlight({
      title: 'Specbench',
      description: 'The service interface specification, with every open gap in place.',
      customCss: ['./src/styles/reference.css', './src/styles/print.css'],
      routeMiddleware: './src/site/route-data.ts',
      // Feed readers find the changelog's Atom feed from any page.
      head: [{ tag: 'link', attrs: { rel: 'alternate', type: 'application/atom+xml', title: 'Changelog', href: `${(base ?? '/').replace(/\/?$/, '/')}changelog.xml` } }],
      // In `npm run dev`, a spec with errors shows them on every page; the header shows the logo `specbench.yaml` names.
      components: { Banner: './src/components/Banner.astro', SiteTitle: './src/components/SiteTitle.astro' },
      sidebar: [
        { label: 'Dashboard', link: '/' },
        { label: 'Areas', items: AREAS.map((a, i) => ({ label: `${i + 1}. ${a.title}`, link: `/${a.key}/` })) },
        { label: 'All gaps', link: '/gaps/' },
        { label: 'Changelog', link: '/changelog/' },
        { label: 'The whole spec (print)', link: '/print/' },
        { label: 'Reading this spec', link: '/guide/' },
      ],
    }),
  ],
});
