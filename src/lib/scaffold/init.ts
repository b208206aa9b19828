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
  /**
   * The project's folder from the root of the git repository around it (`api-spec`), when that root
   * is above it: GitHub runs only the root's `.github/workflows/`, so the workflows are written
   * there (`from: 'repository'`), named after the folder and working in it. A plain relative
   * folder (`isSpecFolder`), else `initFiles` throws.
   */
  within?: string;
}

/** A file `init` writes: its path from the project's folder, or from the repository's root (`from`). */
export interface InitFile {
  path: string;
  text: string;
  from?: 'repository';
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
export const ALLOW_SCRIPTS: Readonly<Record<string, boolean>> = { esbuild: true, '@scarf/scarf': false };

/** The site's icon (Starlight links `/favicon.svg`; without the file, every page asks for it in vain). */
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#3b4bdb"/><path d="M8 9h16M8 16h10M8 23h6" stroke="#fff" stroke-width="3" stroke-linecap="round"/><circle cx="23" cy="23" r="3" fill="none" stroke="#ffb020" stroke-width="2.5"/></svg>\n';

/**
 * The files of a new spec repository: the spec with its nine areas all open (the base address is
 * the placeholder `{base_url}`), SPEC_GAPS.md, a Starlight site with the Specbench plugin, editor
 * settings, workflows that check pull requests (with the Specbench action, which comments the gap
 * diff) and publish the site, and a short README. The same options, the same files.
 */
export function initFiles(options: InitOptions): InitFile[] {
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
  const within = options.within;
  if (within !== undefined) assertSpecFolder(within);
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
    ...(within === undefined
      ? [
          { path: '.github/workflows/spec.yml', text: specWorkflow(spec, branch) },
          { path: '.github/workflows/spec-preview.yml', text: previewWorkflow(spec) },
          { path: '.github/workflows/pages.yml', text: pagesWorkflow(spec, branch) },
        ]
      : subfolderWorkflows(spec, branch, within)),
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
  // Styles in files fetched once for the site, not inlined into each of its pages.
  build: { inlineStylesheets: 'never' },
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

/** The workflow name the preview workflow waits for (`workflow_run`). */
const SPEC_WORKFLOW_NAME = 'Spec';

/** The Pages branch: the site at its root, each pull request's preview in its `pr-<number>/` folder. */
export const PAGES_BRANCH = 'gh-pages';

/** The pinned version of the deploy action that publishes the site on the Pages branch. */
export const DEPLOY_ACTION = 'JamesIves/github-pages-deploy-action@v4.7.3';

/**
 * The script that removes a closed pull request's preview (`pr-<number>/` on the Pages branch) with
 * plain git, in a checkout of that branch: the folder's name is made from the number alone, checked
 * to be one; a push another workflow got in first is fetched and the removal redone.
 */
export const REMOVE_PREVIEW_SCRIPT = `case "$SPECBENCH_PR" in
  '' | 0* | *[!0-9]*) echo "Not a pull request's number: $SPECBENCH_PR" >&2; exit 2 ;;
esac
folder="pr-$SPECBENCH_PR"
git config user.name 'github-actions[bot]'
git config user.email '41898282+github-actions[bot]@users.noreply.github.com'
for attempt in 1 2 3 4 5; do
  git fetch --quiet --no-tags --depth=1 origin "+refs/heads/$SPECBENCH_PAGES_BRANCH:refs/remotes/origin/$SPECBENCH_PAGES_BRANCH"
  git reset --quiet --hard "refs/remotes/origin/$SPECBENCH_PAGES_BRANCH"
  if [ ! -e "$folder" ]; then
    echo "No preview of pull request #$SPECBENCH_PR to remove."
    exit 0
  fi
  git rm -r --quiet -- "$folder"
  git commit --quiet --no-verify -m "Remove the preview of pull request #$SPECBENCH_PR"
  if git push --quiet --no-verify origin "HEAD:refs/heads/$SPECBENCH_PAGES_BRANCH"; then
    echo "Removed the preview of pull request #$SPECBENCH_PR ($folder/ on $SPECBENCH_PAGES_BRANCH)."
    exit 0
  fi
done
echo "The preview was NOT removed: every push was refused." >&2
exit 1
`;

/** A script as a YAML block scalar under a key indented by `indent` spaces. */
const block = (script: string, indent: number) => `|\n${script.trimEnd().split('\n').map((l) => (l === '' ? '' : `${' '.repeat(indent + 2)}${l}`)).join('\n')}`;

function specWorkflow(spec: string, branch: string): string {
  return `# On every pull request, with a read-only token (a fork's code runs here): check the spec
# (annotations on the changed lines), fail on a stale SPEC_GAPS.md, and ask for the pull request's
# preview (its number, as an artifact). spec-preview.yml, which never runs the pull request's code,
# builds the preview (the site with a Changes page and every change marked, compared with the base)
# with ${branch}'s code from the pull request's spec files read as data, publishes it and posts the
# comment. On ${branch}: the same checks and the site's build.
name: ${SPEC_WORKFLOW_NAME}

on:
  pull_request:
  push:
    branches: [${yamlString(branch)}]

permissions:
  contents: read

jobs:
  check:
    runs-on: ubuntu-latest
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the diff compares with the merge base, the changelog reads the history
          persist-credentials: false
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - uses: ./node_modules/specbench/.github/actions/specbench
        with:
          spec: ${yamlString(spec)}
          comment: 'false' # posted by spec-preview.yml
          preview: 'true'
          pages-url: \${{ vars.SPECBENCH_PAGES_URL }}
      - name: The site builds
        if: github.event_name != 'pull_request'
        run: npm run build
`;
}

/**
 * The privileged half of a pull request's preview: when the workflow above has finished, a job with
 * a read-only token builds the preview with this repository's default branch (its package.json,
 * lockfile and site) from the pull request's spec files, taken from its head as data; a job with
 * write access publishes that build as \`pr-<number>/\` on the Pages branch and comments, with the
 * default branch's own Specbench. Nothing the pull request's code built is published; when the pull
 * request closes, the folder is removed.
 */
function previewWorkflow(spec: string): string {
  return `# The pull request's preview, built, published and commented from this repository's default
# branch: runs when the Spec workflow (spec.yml, read-only, the pull request's code) has finished,
# and never runs anything the pull request wrote. Its artifact gives only the pull request's
# number, checked against GitHub. The \`build\` job, with a read-only token, builds the preview with
# this branch's code from the pull request's spec files (${spec}/), taken from its head as data;
# the \`publish\` job, with write access, publishes that build (never the pull request's own) as
# pr-<number>/ on the ${PAGES_BRANCH} branch and posts the comment, written by the Specbench this branch
# installed, reading the pull request's commits. The folder is removed when the pull request closes.
name: Spec preview

on:
  workflow_run:
    workflows: [${yamlString(SPEC_WORKFLOW_NAME)}]
    types: [completed]
  pull_request_target:
    types: [closed]

permissions: {}

jobs:
  build:
    if: github.event_name == 'workflow_run' && github.event.workflow_run.event == 'pull_request' && github.event.workflow_run.conclusion != 'cancelled'
    runs-on: ubuntu-latest
    permissions:
      actions: read # the pull request's number, in its run's artifact
      contents: read # this branch, and the pull request's commits as data
      pull-requests: read # which pull request it is
    outputs:
      ok: \${{ steps.preview.outputs.ok }}
    steps:
      # This repository's default branch: its build and Specbench, never the pull request's.
      - uses: actions/checkout@v4
        with:
          ref: \${{ github.event.repository.default_branch }}
          fetch-depth: 0 # the base commit, and the dashboard's history
          persist-credentials: false
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - uses: actions/download-artifact@v4
        with:
          name: specbench-preview
          path: \${{ runner.temp }}/specbench-preview
          run-id: \${{ github.event.workflow_run.id }}
          github-token: \${{ github.token }}
      - id: preview
        uses: ./node_modules/specbench/.github/actions/specbench/preview/build
        with:
          request: \${{ runner.temp }}/specbench-preview
          head-sha: \${{ github.event.workflow_run.head_sha }}
          pages-url: \${{ vars.SPECBENCH_PAGES_URL }}
          spec: ${yamlString(spec)}

  publish:
    needs: build
    if: \${{ !cancelled() && github.event_name == 'workflow_run' && needs.build.outputs.ok == 'true' }}
    runs-on: ubuntu-latest
    permissions:
      contents: write # the Pages branch
      pull-requests: write # the comment
    # One run at a time per pull request branch, the newest waiting: an older build never lands after a newer one.
    concurrency:
      group: spec-preview-\${{ github.event.workflow_run.head_repository.full_name }}-\${{ github.event.workflow_run.head_branch }}
      cancel-in-progress: false
    steps:
      # This repository's default branch: its Specbench and scripts, never the pull request's.
      - uses: actions/checkout@v4
        with:
          ref: \${{ github.event.repository.default_branch }}
          fetch-depth: 0
      - uses: actions/checkout@v4
        with:
          ref: ${PAGES_BRANCH}
          path: .specbench-pages
          fetch-depth: 1
      # The site the build job made, in this run: never the pull request workflow's artifact.
      - uses: actions/download-artifact@v4
        with:
          name: specbench-preview-site
          path: \${{ runner.temp }}/specbench-preview-site
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - uses: ./node_modules/specbench/.github/actions/specbench/preview
        with:
          artifact: \${{ runner.temp }}/specbench-preview-site
          head-sha: \${{ github.event.workflow_run.head_sha }}
          pages: .specbench-pages
          pages-branch: ${PAGES_BRANCH}
          pages-url: \${{ vars.SPECBENCH_PAGES_URL }}
          spec: ${yamlString(spec)}

  remove:
    if: github.event_name == 'pull_request_target' && github.event.action == 'closed'
    runs-on: ubuntu-latest
    permissions:
      contents: write # the Pages branch
    steps:
      # The Pages branch only: never the pull request's code.
      - uses: actions/checkout@v4
        with:
          ref: ${PAGES_BRANCH}
          fetch-depth: 1
      - name: Remove the preview
        shell: bash
        env:
          SPECBENCH_PR: \${{ github.event.pull_request.number }}
          SPECBENCH_PAGES_BRANCH: ${PAGES_BRANCH}
        run: ${block(REMOVE_PREVIEW_SCRIPT, 8)}
`;
}

/**
 * The workflows of a project in a folder of a larger repository, written at its root (the only
 * `.github/workflows/` GitHub runs), named after the folder so they stand beside the repository's
 * own: the check (the spec, SPEC_GAPS.md, the site's build) and the site's publishing, each step
 * run in the folder. The pull requests' previews and comment are left out: the Action that makes
 * them runs at the root of a repository, where its package.json and SPEC_GAPS.md are.
 */
function subfolderWorkflows(spec: string, branch: string, within: string): InitFile[] {
  const name = within.replaceAll('/', '-');
  return [
    { path: `.github/workflows/${name}-spec.yml`, text: subfolderSpecWorkflow(branch, within), from: 'repository' },
    { path: `.github/workflows/${name}-pages.yml`, text: pagesWorkflow(spec, branch, within), from: 'repository' },
  ];
}

function subfolderSpecWorkflow(branch: string, within: string): string {
  return `# The spec in ${within}/ (a project of its own, with its package.json): on every pull request and
# every push to ${branch}, check the spec, fail on a stale SPEC_GAPS.md, and build the site, each step in
# ${within}/. Written here because GitHub runs only the workflows at the repository's root.
name: ${yamlString(`${SPEC_WORKFLOW_NAME} (${within})`)}

on:
  pull_request:
  push:
    branches: [${yamlString(branch)}]

permissions:
  contents: read

jobs:
  check:
    runs-on: ubuntu-latest
    permissions:
      contents: read
    defaults:
      run:
        working-directory: ${yamlString(within)}
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the changelog and the gap history read git
          persist-credentials: false
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - name: Check the spec
        run: npm run check
      - name: SPEC_GAPS.md is current
        run: npm run gaps:check
      - name: The site builds
        run: npm run build
`;
}

function pagesWorkflow(spec: string, branch: string, within?: string): string {
  // In a folder of the repository, every `run` step works there, and the site is that folder's `dist`.
  const inFolder = within === undefined ? '' : `    defaults:\n      run:\n        working-directory: ${yamlString(within)}\n`;
  const from = within === undefined ? '' : `${within}/`;
  return `# On every push to ${branch}: build the site${within === undefined ? '' : ` of ${within}/`} and publish it at the root of the ${PAGES_BRANCH} branch
# (Settings > Pages > Source: Deploy from a branch, ${PAGES_BRANCH}, / (root)), keeping ${within === undefined ? "the pull\n# requests' previews (its pr-<number>/ folders, published by spec-preview.yml)" : 'any pr-<number>/\n# folders there'}.
name: Publish the spec site

on:
  push:
    branches: [${yamlString(branch)}]
  workflow_dispatch:

permissions:
  contents: read

concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    permissions:
      contents: write # the ${PAGES_BRANCH} branch
${inFolder}    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the dashboard's gap history and the changelog read git
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm install --no-audit --no-fund
      - id: address
        name: The site's address
        run: node node_modules/specbench/.github/actions/specbench/pages-url.mjs >> "$GITHUB_OUTPUT"
        env:
          SPECBENCH_REPOSITORY: \${{ github.repository }}
          SPECBENCH_PAGES_URL: \${{ vars.SPECBENCH_PAGES_URL }}
      - name: Build
        run: npm run build && touch dist/.nojekyll
        env:
          SITE_URL: \${{ steps.address.outputs.site-url }}
          BASE_PATH: \${{ steps.address.outputs.base-path }}
          SPECBENCH_EDIT_URL: ${yamlString(`\${{ github.server_url }}/\${{ github.repository }}/edit/\${{ github.ref_name }}/${from}${spec}/`)}
      - uses: ${DEPLOY_ACTION}
        with:
          folder: ${within === undefined ? 'dist' : yamlString(`${within}/dist`)}
          branch: ${PAGES_BRANCH}
          clean-exclude: pr-*
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
