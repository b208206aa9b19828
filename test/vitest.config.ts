import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    testTimeout: 30_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/site/**', 'test/browser/**', 'test/large/**'] },
      },
      {
        // The built sites: made once by the global setup, read back and opened in Chromium.
        extends: true,
        test: {
          name: 'site',
          include: ['test/site/**/*.test.ts', 'test/browser/**/*.test.ts'],
          globalSetup: ['test/site/global-setup.ts'],
          fileParallelism: false,
        },
      },
      {
        // GitHub's REST description, fetched by `npm run test:large`; not part of `npm test`.
        extends: true,
        test: { name: 'large', include: ['test/large/**/*.test.ts'], testTimeout: 600_000 },
      },
    ],
  },
});
