// @ts-check
// This repository's site as a new project's first `npm run dev` starts it: Vite's cache of
// pre-bundled dependencies and Astro's content store in folders of their own, empty
// (`SPECBENCH_VITE_CACHE`, `SPECBENCH_ASTRO_CACHE`). A test plugin answers a ping on the page's own
// HMR connection, so a test knows the page has received everything the server sent it on connecting.
import config from '../../astro.config.mjs';

/** @type {import('vite').Plugin} */
const echo = {
  name: 'specbench-test-echo',
  configureServer(server) {
    server.ws.on('specbench:test-ping', (_data, client) => client.send('specbench:test-pong', {}));
  },
};

export default {
  ...config,
  cacheDir: process.env.SPECBENCH_ASTRO_CACHE,
  vite: { ...config.vite, cacheDir: process.env.SPECBENCH_VITE_CACHE, plugins: [...(config.vite?.plugins ?? []), echo] },
};
