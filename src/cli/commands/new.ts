import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { AREA_FILE, AREA_KEYS, didYouMean, ID, isAreaKey, scaffoldFile, specDir } from '../../lib/index.ts';
import { makeFolder, writeFileAtomic } from '../files.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { schemaDir } from '../package-root.ts';

/** `specbench new <area> [<id>]`: an item file (or, without an id, the area's own file) with every facet open; never overwrites. */
export async function newCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [area, id, ...extra] = args;
  if (!area || extra.length > 0) throw new UsageError('usage: specbench new <area> [<id>]');
  if (!isAreaKey(area)) throw new UsageError(`\`${area}\` is not an area${didYouMean(area, AREA_KEYS) || '.'}`);
  if (id !== undefined && !ID.test(id)) throw new UsageError(`\`${id}\` is not a valid id: use letters, digits, \`_\`, \`.\` and \`-\`, starting with a letter or digit`);
  const name = id === undefined ? AREA_FILE : `${id}.yaml`;
  const folder = join(options.spec ?? specDir(io.env), area);
  const file = join(folder, name);
  const fromRoot = relative(process.cwd(), file).split(sep).join('/');
  const scaffold = scaffoldFile(fromRoot, area, id, { schemaDir: schemaDir(), ...(options.kind !== undefined ? { kind: options.kind } : {}) });
  if ('error' in scaffold) throw new UsageError(scaffold.error);
  const stem = name.replace(/\.yaml$/, '').toLowerCase();
  const taken = (await readdir(folder).catch(() => [])).find((f) => f.replace(/\.ya?ml$/, '').toLowerCase() === stem);
  if (taken) {
    io.err(`specbench: ${join(folder, taken)} already exists; not overwritten.\n`);
    return EXIT.problems;
  }
  await makeFolder(folder);
  await writeFileAtomic(file, scaffold.text, { exclusive: true });
  io.out(`Created ${fromRoot}: every facet open. Fill them in, or state { none: reason }.\n`);
  return EXIT.ok;
}
