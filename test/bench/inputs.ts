// The benchmark's inputs, written once into the ignored .bench/ folder: GitHub's REST description
// imported through the importer, and synthetic specs of a given number of items.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importDocument, importedFiles } from '../../src/lib/index.ts';
import { classify } from '../../src/lib/load/classify.ts';
import { fetchGithubApi } from '../large/fetch-github.ts';
import { generateSpec } from './generate.ts';

/** One input: its name (`github`, `1k`), its spec folder and what is in it. */
export interface Input {
  name: string;
  dir: string;
  items: number;
  files: number;
  yamlMb: number;
  /** The spec's first endpoint file, which the check and dev measurements edit, and its last, which they do not. */
  endpoint: string;
  otherEndpoint: string;
}

/** The item count a size names: `1k` is 1,000 items, `250` is 250; undefined for `github` or a typo. */
export function itemCount(name: string): number | undefined {
  const m = /^(\d+)(k?)$/.exec(name);
  return m ? Number(m[1]) * (m[2] ? 1000 : 1) : undefined;
}

/** The input's spec folder under `out`, written the first time it is asked for. */
export async function prepare(name: string, out: string): Promise<Input> {
  const dir = join(out, 'specs', name);
  if (!existsSync(join(dir, '.ready'))) {
    rmSync(dir, { recursive: true, force: true });
    writeFiles(dir, await filesOf(name));
    writeFileSync(join(dir, '.ready'), '');
  }
  return { name, dir, ...census(dir) };
}

async function filesOf(name: string): Promise<Array<{ path: string; text: string }>> {
  if (name === 'github') return importedFiles(await importDocument(fetchGithubApi()), 'spec');
  const items = itemCount(name);
  if (items === undefined) throw new Error(`unknown input \`${name}\`: write github, or a number of items such as 1k or 250`);
  return generateSpec(items);
}

function writeFiles(dir: string, files: Array<{ path: string; text: string }>): void {
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
}

/** The spec's items (as the loader classifies its files), YAML files and bytes, and its first and last endpoints. */
function census(dir: string): Omit<Input, 'name' | 'dir'> {
  const paths = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => p.split('\\').join('/')).filter((p) => /\.ya?ml$/.test(p)).sort();
  const places = paths.map((p) => ({ p, place: classify(p) }));
  const items = places.filter(({ place }) => 'item' in place && place.item !== undefined);
  const endpoints = items.filter(({ place }) => 'area' in place && place.area === 'endpoints').map(({ p }) => p);
  const [endpoint, otherEndpoint] = [endpoints[0], endpoints[endpoints.length - 1]];
  if (!endpoint || !otherEndpoint || endpoints.length < 2) throw new Error(`${dir} has fewer than two endpoints`);
  const bytes = paths.reduce((n, p) => n + statSync(join(dir, p)).size, 0);
  return { items: items.length, files: paths.length, yamlMb: Math.round((bytes / 1024 / 1024) * 10) / 10, endpoint, otherEndpoint };
}
