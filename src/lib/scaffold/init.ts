import { posix } from 'node:path';
import { analyze } from '../analyze.ts';
import { AREAS } from '../areas/index.ts';
import { levelsOf } from '../gaps/levels.ts';
import { AREA_FILE } from '../model/spec.ts';
import { gapsMarkdown } from '../render/text/gaps-markdown.ts';
import { CONFIG_SCHEMA_FILE, schemaFile } from '../render/json-schema.ts';
import { gapReport } from '../render/report.ts';
import { scaffoldFile } from './new-item.ts';
import { EXAMPLE_SPEC } from '../docs/example-spec.ts';
import { modeline, schemaForPath, withModeline } from './modeline.ts';
import { assertSpecFolder, scriptWord, yamlString } from './spec-folder.ts';

/** What `specbench init` is told: the repository's name, where its spec goes, and where the package's JSON Schemas will be. */
export interface InitOptions {
  /** The package name of the new repository (`orders-spec`). */
  name: string;
  /** The spec folder from the repository's root (`content`): a plain relative folder (`isSpecFolder`), else `initFiles` throws. */
  spec: string;
  /** The version of Specbench the repository depends on. */
  version: string;
  /** The spec is the complete example spec (a small service using every key), not the nine areas open. */
  example?: boolean;
  /** Only the spec folder, for a site that has its files already (`init --spec-only`). */
  specOnly?: boolean;
  /** The branch the workflows run on: the one the repository is on, when it is in one; default `main`. */
  branch?: string;
}

/** Where an installed Specbench keeps its JSON Schemas, from the repository's root. */
const SCHEMAS = 'node_modules/specbench/src/schemas';

/** The versions of Astro and Starlight the plugin is made for. */
export const ASTRO = '^7.3.5';
export const STARLIGHT = '^0.42.4';

/** The Node.js a repository asks for: Astro 7 needs 22.12 or later (`engines`); `.nvmrc` makes nvm and fnm pick the newest 22. */
export const NODE_ENGINES = '>=22.12.0';
const NVMRC = '22';

/**
 * The packages whose install scripts npm 11 asks about (found in the lockfile of Astro, Starlight
 * and Specbench: `hasInstallScript`): esbuild's fetches its binary, which Astro's bundler needs;
 * @scarf/scarf's only reports the install (an analytics beacon of a dependency of the AsyncAPI parser).
 */
const ALLOW_SCRIPTS = { esbuild: true, '@scarf/scarf': false };

/** The site's icon (Starlight links `/favicon.svg`; without the file, every page asks for it in vain). */
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#3b4bdb"/><path d="M8 9h16M8 16h10M8 23h6" stroke="#fff" stroke-width="3" stroke-linecap="round"/><circle cx="23" cy="23" r="3" fill="none" stroke="#ffb020" stroke-width="2.5"/></svg>\n';

/**
 * The files of a new spec repository: the spec with its nine areas all open (the base address is
 * the placeholder `{base_url}`), SPEC_GAPS.md, a Starlight site with the Specbench plugin, editor
 * settings, workflows that check pull requests (with the Specbench action, which comments the gap
 * diff) and publish the site, and a short README. The same options, the same files.
 */
export function initFiles(options: InitOptions): Array<{ path: string; text: string }> {
  const spec = options.spec;
  assertSpecFolder(spec);
  const areaFiles = options.example ? exampleFiles(spec) : AREAS.map((module) => {
    const path = posix.join(spec, module.key, AREA_FILE);
    const made = scaffoldFile(path, module.key, undefined, { schemaDir: SCHEMAS });
    return { path, text: 'text' in made ? made.text : '' };
  });
  if (options.specOnly) return areaFiles;
  const analysis = analyze(areaFiles.map((f) => ({ path: f.path.slice(spec.length + 1), bytes: new TextEncoder().encode(f.text) })));
  const branch = options.branch ?? 'main';
  return [
    { path: 'package.json', text: packageJson(options, spec) },
    { path: 'astro.config.mjs', text: astroConfig(options, spec) },
    { path: 'src/content.config.ts', text: CONTENT_CONFIG },
    { path: 'src/content/docs/404.md', text: NOT_FOUND },
    { path: 'src/content/i18n/en.json', text: '{\n  "editLink.text": "Edit this file"\n}\n' },
    ...areaFiles,
    { path: 'SPEC_GAPS.md', text: gapsMarkdown(gapReport(analysis.assessment, levelsOf(analysis.spec)), spec) },
    { path: '.vscode/settings.json', text: editorSettings() },
    { path: '.vscode/extensions.json', text: '{\n  "recommendations": ["redhat.vscode-yaml"]\n}\n' },
    { path: '.github/workflows/spec.yml', text: specWorkflow(spec, branch) },
    { path: '.github/workflows/pages.yml', text: pagesWorkflow(spec, branch) },
    { path: '.gitignore', text: 'node_modules/\ndist/\n.astro/\n# What `npm pack` makes.\n*.tgz\n' },
    { path: '.nvmrc', text: `${NVMRC}\n` },
    { path: 'public/favicon.svg', text: FAVICON },
    { path: 'README.md', text: readme(options, spec) },
  ];
}

/** The example spec's files in the spec folder, each with the schema line of an installed Specbench. */
function exampleFiles(spec: string): Array<{ path: string; text: string }> {
  return EXAMPLE_SPEC.map((file) => {
    const path = posix.join(spec, file.path);
    const schema = schemaForPath(file.path);
    return { path, text: schema ? withModeline(file.text, modeline(path, schema, SCHEMAS)) : file.text };
  });
}

function packageJson(options: InitOptions, spec: string): string {
  // The folder is quoted for the shell, though the rule leaves nothing in it that a shell would read.
  const specbench = (args: string) => `specbench ${args}${spec === 'content' ? '' : ` --spec ${scriptWord(spec)}`}`;
  const json = {
    name: options.name,
    private: true,
    type: 'module',
    description: 'The interface specification of a service, written with Specbench.',
    engines: { node: NODE_ENGINES },
    // Every command the guide names, as \`npm run <name>\` (\`npm run import -- openapi.yaml\`).
    scripts: {
      dev: 'astro dev',
      build: 'astro build',
      preview: 'astro preview',
      check: specbench('check'),
      gaps: `${specbench('gaps')} --write SPEC_GAPS.md`,
      'gaps:check': `${specbench('gaps')} --check SPEC_GAPS.md`,
      diff: specbench('diff'),
      history: specbench('history'),
      new: specbench('new'),
      import: specbench('import'),
      export: specbench('export'),
      doc: specbench('export markdown'),
      modelines: specbench('modelines'),
      mock: specbench('mock'),
      lsp: specbench('lsp --stdio'),
      specbench: 'specbench',
      test: `${specbench('check')} && ${specbench('gaps')} --check SPEC_GAPS.md && astro build`,
    },
    dependencies: { '@astrojs/starlight': STARLIGHT, astro: ASTRO, specbench: `^${options.version}` },
    allowScripts: ALLOW_SCRIPTS,
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

function astroConfig(options: InitOptions, spec: string): string {
  return `// @ts-check
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import specbench from 'specbench/starlight';

export default defineConfig({
  site: process.env.SITE_URL || undefined,
  base: process.env.BASE_PATH || undefined,
  integrations: [
    starlight({
      title: ${JSON.stringify(options.name)},
      // The 404 page is src/content/docs/404.md.
      disable404Route: true,
      // The spec's pages, from ${spec}/: the dashboard, the nine areas, every item, all gaps, the changelog.
      plugins: [specbench({ spec: ${JSON.stringify(spec)} })],
    }),
  ],
});
`;
}

const CONTENT_CONFIG = `import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';

// The site's own pages (src/content/docs/) and Starlight's words for it; the spec's pages come from the specbench plugin.
export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
`;

const NOT_FOUND = `---
title: Page not found
description: There is no page at this address.
editUrl: false
pagefind: false
sidebar:
  hidden: true
---

There is no page at this address; the sidebar lists the pages of the spec, and search finds items by name, path, field, error code and event name.
`;

/** VS Code's YAML extension: each content file's JSON Schema (the files also name theirs on their first line). */
function editorSettings(): string {
  const schemas: Record<string, string[]> = {};
  for (const module of AREAS) {
    schemas[`./${SCHEMAS}/${schemaFile(module.key, 'area')}`] = [`**/${module.key}/${AREA_FILE}`];
    if (module.items) schemas[`./${SCHEMAS}/${schemaFile(module.key, 'item')}`] = [`**/${module.key}/[!_]*.yaml`];
  }
  schemas[`./${SCHEMAS}/${CONFIG_SCHEMA_FILE}`] = ['**/specbench.yaml'];
  return `${JSON.stringify({ 'yaml.schemas': schemas, 'yaml.validate': true, 'yaml.completion': true }, null, 2)}\n`;
}

function specWorkflow(spec: string, branch: string): string {
  return `# On every pull request: check the spec (annotations on the changed lines), fail on a stale
# SPEC_GAPS.md, comment the gaps the change closes and opens and what it breaks (one comment, updated
# by later pushes), and build the site. On ${branch}: the same checks.
name: Spec

on:
  pull_request:
  push:
    branches: [${yamlString(branch)}]

permissions:
  contents: read
  pull-requests: write

jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the diff compares with the merge base, the changelog reads the history
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - uses: ./node_modules/specbench/.github/actions/specbench
        with:
          spec: ${yamlString(spec)}
      - name: The site builds
        run: npm run build
`;
}

function pagesWorkflow(spec: string, branch: string): string {
  return `# On every push to ${branch}: build the site and publish it on GitHub Pages (Settings > Pages > Source: GitHub Actions).
name: Publish the spec site

on:
  push:
    branches: [${yamlString(branch)}]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: true

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the dashboard's gap history and the changelog read git
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - id: pages
        uses: actions/configure-pages@v5
      - name: Build
        run: npm run build
        env:
          SITE_URL: \${{ steps.pages.outputs.origin }}
          BASE_PATH: \${{ steps.pages.outputs.base_path }}/
          SPECBENCH_EDIT_URL: ${yamlString(`\${{ github.server_url }}/\${{ github.repository }}/edit/\${{ github.ref_name }}/${spec}/`)}
      - uses: actions/upload-pages-artifact@v3
        with:
          path: dist

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}

function readme(options: InitOptions, spec: string): string {
  return `# ${options.name}

The interface specification of a service, written with [Specbench](https://www.npmjs.com/package/specbench): one YAML
file per item in \`${spec}/\`, one folder for each of the nine areas (purpose, resources, states, endpoints,
authentication, events, errors, limits, versioning). Every facet not stated yet is an open gap, listed in
[\`SPEC_GAPS.md\`](SPEC_GAPS.md) and shown in place on the site; pull requests close them.

\`\`\`sh
npm install && npm run dev     # install, then open the site at http://localhost:4321
npm install && npm test        # install, then check the spec, SPEC_GAPS.md and the site build
\`\`\`

Node.js 22.12 or later (\`.nvmrc\` names it: \`nvm install && nvm use\`, or \`fnm use --install-if-missing\`).
\`npm run new -- endpoints create-order\` starts a file with every facet open;
\`npm run gaps\` rewrites \`SPEC_GAPS.md\`; \`npm run diff\` says what a change closes, opens and breaks.
The site's guide, "Writing this spec", explains the files, the gaps and the checks.
`;
}
