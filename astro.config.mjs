// @ts-check
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import specbench from './src/site/plugin.ts';

export default defineConfig({
  // Static files (the favicon) live under src/, keeping the top level to what the project promises.
  publicDir: './src/public',
  site: process.env.SITE_URL || undefined,
  base: process.env.BASE_PATH || undefined,
  // Astro's dev toolbar covers content at the bottom of the page; the site has no use for it.
  devToolbar: { enabled: false },
  // Every page's styles are files the browser fetches once for the whole site, not about 3.5 KB
  // inlined into each of thousands of pages (issue 32: GitHub's median endpoint page 61.5 -> under 60 KB).
  build: { inlineStylesheets: 'never' },
  integrations: [
    starlight({
      title: 'Specbench',
      description: 'The service interface specification, with every open gap in place.',
      // The 404 page is src/content/docs/404.md, rendered like any page of the site.
      disable404Route: true,
      // The spec folder is `$SPEC_DIR`, else `content/`; the spec is the whole site. With `$SPEC_COMPARE`
      // (a git revision: `main`, `HEAD~1`), the site marks what the working tree changes against it.
      plugins: [specbench()],
    }),
  ],
});
