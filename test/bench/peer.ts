// The peer of the site build (issue 22): a minimal Starlight project with starlight-openapi, built
// from the same GitHub JSON. Set up once in the ignored .bench/ folder (`npm install`, the only
// step that uses the network), then built by the benchmark like ours.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { astroBuild, pageSizes, type Build } from './site.ts';

/** The peer's packages, at the versions issue 22 compares with (the same Astro and Starlight as ours). */
export const PEER_PACKAGES = { 'starlight-openapi': '0.26.1', astro: '7.3.5', '@astrojs/starlight': '0.42.4' } as const;

/** The project's files, for an OpenAPI document at `schema` (relative to the project). */
function projectFiles(schema: string): Record<string, string> {
  return {
    'package.json': `${JSON.stringify({ name: 'specbench-bench-peer', private: true, type: 'module', scripts: { build: 'astro build' }, dependencies: PEER_PACKAGES }, null, 2)}\n`,
    'astro.config.mjs': `import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightOpenAPI, { openAPISidebarGroups } from 'starlight-openapi';

export default defineConfig({
  integrations: [
    starlight({
      title: 'GitHub REST API',
      plugins: [starlightOpenAPI([{ base: 'api', schema: ${JSON.stringify(schema)} }])],
      sidebar: [{ label: 'Start', items: [{ label: 'Home', link: '/' }] }, ...openAPISidebarGroups],
    }),
  ],
});
`,
    'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
`,
    'src/content/docs/index.md': '---\ntitle: GitHub REST API\n---\n\nThe API reference is in the sidebar.\n',
  };
}

/** The peer project in `out/peer`, set up (files written, packages installed) unless it already is for the same document. */
export function setUpPeer(out: string, document: string): string {
  const dir = join(out, 'peer');
  const files = projectFiles(relative(resolve(dir), resolve(document)).split('\\').join('/'));
  const stamp = JSON.stringify(files);
  const ready = join(dir, '.ready');
  if (existsSync(ready) && readFileSync(ready, 'utf8') === stamp) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  console.error(`bench: installing the peer (${Object.entries(PEER_PACKAGES).map(([n, v]) => `${n}@${v}`).join(', ')}) into ${dir} (once)...`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(ready, stamp);
  return dir;
}

/** The peer's site built: the build's figures and its operation pages. */
export async function peerBuild(dir: string): Promise<Build & { pageKb: number }> {
  const outDir = join(dir, 'dist');
  const build = await astroBuild(dir, outDir, {});
  const operations = pageSizes(outDir, (p) => p.startsWith('api/operations/'));
  rmSync(outDir, { recursive: true, force: true });
  return { ...build, pageKb: operations.medianKb };
}
