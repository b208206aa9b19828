/**
 * The layering of the code, enforced by dependency-cruiser in `npm test` (`npm run layers`).
 *
 *   safety/, facet/        the ground floor: escaping, URLs, facet states and metadata
 *   areas/                 one module per area: schemas with facet metadata, references, view data
 *   model/, load/          the loaded spec, and the only code that reads files or git
 *   gaps/, link/, checks/, diff/, render/, history/, interchange/, scaffold/   the engines
 *   index.ts               the public entry, the only door the command line and the site use
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that import each other in a loop cannot be read, tested or moved apart.',
      from: { path: '^src' },
      to: { circular: true },
    },
    {
      name: 'core-knows-no-astro',
      severity: 'error',
      comment: 'The core is plain TypeScript: the site and the command line are thin layers over it.',
      from: { path: '^src/lib' },
      to: { path: '^(src/(site|pages|components|cli)|node_modules/(astro|@astrojs)/)' },
    },
    {
      name: 'io-only-in-load',
      severity: 'error',
      comment: 'The core reads files and git only in load/; everything else works on what it is given.',
      from: { path: '^src/lib', pathNot: '^src/lib/load/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|child_process)$' },
    },
    {
      name: 'cli-through-the-public-entry',
      severity: 'error',
      comment: 'The command line asks the core only through src/lib/index.ts.',
      from: { path: '^src/cli' },
      to: { path: '^src/lib/', pathNot: '^src/lib/index\\.ts$' },
    },
    {
      name: 'site-through-the-public-entry',
      severity: 'error',
      comment: 'The site (the plugin, its routes and components) asks the core only through src/lib/index.ts.',
      from: { path: '^src/(site|components|content\\.config)' },
      to: { path: '^src/lib/', pathNot: '^src/lib/index\\.ts$' },
    },
    {
      name: 'ground-floor-stands-alone',
      severity: 'error',
      comment: 'safety/ and facet/ are the ground floor: they import nothing of the core above them.',
      from: { path: '^src/lib/(safety|facet)/' },
      to: { path: '^src/lib/', pathNot: '^src/lib/(safety|facet)/' },
    },
    {
      name: 'model-knows-no-loader',
      severity: 'error',
      comment: 'The loaded spec is plain data: model/ imports nothing of load/, which reads files into it.',
      from: { path: '^src/lib/model/' },
      to: { path: '^src/lib/load/' },
    },
    {
      name: 'render-stands-below-what-uses-it',
      severity: 'error',
      comment: 'render/ turns an analysis into documents and views; the rooms that use it (scaffold, interchange, history, diff) stand above it.',
      from: { path: '^src/lib/render/' },
      to: { path: '^src/lib/(scaffold|interchange|history|diff)/' },
    },
    {
      name: 'areas-know-no-engines',
      severity: 'error',
      comment: 'An area module owns its schemas and rules; the engines call it, never the other way round.',
      from: { path: '^src/lib/areas/' },
      to: { path: '^src/lib/(gaps|link|checks|render|diff|history|interchange|scaffold|load|model|analyze|index)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(node_modules|dist|\\.astro)' },
  },
};
