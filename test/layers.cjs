/**
 * The layering of the code, enforced by dependency-cruiser in `npm test` (`npm run layers`).
 *
 * The core (src/lib/) is one ordered list of layers, the ground floor first. A module may import
 * modules of its own room and of the layers below its own, nothing else: no layer above, and no
 * other room of its own layer (rooms that stand side by side know nothing of each other). A new
 * import that points up the list fails `npm run layers`; so does a room of src/lib/ that is in no
 * layer, once it imports the core or the core imports it (place it in the list first).
 */
const LAYERS = [
  // Escaping, URLs, terminal and Markdown escapes; facet states and metadata; a diagnostic's shape.
  ['safety'],
  ['facet', 'diagnostics'],
  // One module per area: its schemas with facet metadata, references, rules, view data.
  ['areas'],
  // The loaded spec and its settings, plain data.
  ['model'],
  // What a key means, in words (the guide's and the messages' examples).
  ['docs'],
  // The only code that reads files or runs git: bytes to validated data and located diagnostics.
  ['load'],
  // The gap walk; references, prose and the link graph; the checks.
  ['gaps'],
  ['link'],
  ['checks'],
  // The incremental analysis, and the one-shot analysis over it.
  ['engine'],
  ['analyze.ts'],
  // What render/'s two readers share (coverage, readiness, examples, samples), then the readers:
  // the site's view model and the text outputs (SPEC_GAPS.md, the single document).
  ['render'],
  ['render/site', 'render/text'],
  // What a change does, new files and specs; the history; OpenAPI and AsyncAPI in and out; a change placed on the site's pages.
  ['diff', 'scaffold'],
  ['history', 'interchange', 'compare'],
  // The folder followed for an editor (the language server), then the mock server.
  ['workspace'],
  ['mock'],
  // The public entry: the command line, the site and the language server use nothing else.
  ['index.ts'],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The paths of a room: a folder (`load` is src/lib/load/), a file (`analyze.ts`), or a folder's own files without its subfolders (`render`, whose subfolders are rooms of their own). */
function roomPath(room) {
  if (room.endsWith('.ts')) return `^src/lib/${escape(room)}$`;
  const inner = LAYERS.flat().some((other) => other.startsWith(`${room}/`));
  return inner ? `^src/lib/${escape(room)}/[^/]+$` : `^src/lib/${escape(room)}/`;
}

const any = (rooms) => `(${rooms.map(roomPath).join('|')})`;

/** For each room, what it may not import: every room of a layer above, and the other rooms of its own layer. */
const layerRules = LAYERS.flatMap((layer, i) =>
  layer.flatMap((room) => {
    const above = LAYERS.slice(i + 1).flat();
    const beside = layer.filter((other) => other !== room);
    // The top of the list may import every layer.
    if (above.length + beside.length === 0) return [];
    return {
      name: `layer-${room.replace(/[/.]/g, '-')}`,
      severity: 'error',
      comment: `${room} (layer ${i + 1} of ${LAYERS.length}) imports only the layers below it${beside.length > 0 ? `, not ${beside.join(', ')} beside it` : ''}.`,
      from: { path: roomPath(room) },
      to: { path: any([...beside, ...above]) },
    };
  }),
);

const PLACED = any(LAYERS.flat());

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
    ...layerRules,
    {
      name: 'every-room-has-a-layer',
      severity: 'error',
      comment: 'A room of the core that imports it is placed in the list of layers above (test/layers.cjs), so its imports are checked.',
      from: { path: '^src/lib/', pathNot: PLACED },
      to: { path: '^src/lib/' },
    },
    {
      name: 'every-room-used-has-a-layer',
      severity: 'error',
      comment: 'A room of the core that the core imports is placed in the list of layers above (test/layers.cjs), so its imports are checked.',
      from: { path: '^src/lib/' },
      to: { path: '^src/lib/', pathNot: PLACED },
    },
    {
      name: 'core-knows-no-astro',
      severity: 'error',
      comment: 'The core is plain TypeScript: the site, the command line and the language server are thin layers over it.',
      from: { path: '^src/lib/' },
      to: { path: '^(src/(?!lib/)|node_modules/(astro|@astrojs)/)' },
    },
    {
      name: 'io-only-in-load',
      severity: 'error',
      comment: 'The core reads files and git only in load/; everything else works on what it is given.',
      from: { path: '^src/lib', pathNot: '^src/lib/load/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|child_process)$' },
    },
    {
      name: 'outside-through-the-public-entry',
      severity: 'error',
      comment: 'The command line, the site (the plugin, its routes and components), the language server and the editor ask the core only through src/lib/index.ts.',
      from: { path: '^src/(?!lib/)' },
      to: { path: '^src/lib/', pathNot: '^src/lib/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(node_modules|dist|\\.astro)' },
  },
};
