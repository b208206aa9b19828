import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { AREA_KEYS, didYouMean, ID, isAreaKey, modeline, scaffoldItem, schemaFile, specDir } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';

/** `specbench new <area> <id>`: an item file with every facet open; never overwrites. */
export async function newCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [area, id, ...extra] = args;
  if (!area || !id || extra.length > 0) throw new UsageError('usage: specbench new <area> <id>');
  if (!isAreaKey(area)) throw new UsageError(`\`${area}\` is not an area${didYouMean(area, AREA_KEYS) || '.'}`);
  if (!ID.test(id)) throw new UsageError(`\`${id}\` is not a valid id: use letters, digits, \`_\`, \`.\` and \`-\`, starting with a letter or digit`);
  const scaffold = scaffoldItem(area, id, options.kind !== undefined ? { kind: options.kind } : {});
  if ('error' in scaffold) throw new UsageError(scaffold.error);
  const folder = join(options.spec ?? specDir(io.env), area);
  const taken = (await readdir(folder).catch(() => [])).find((f) => f.replace(/\.ya?ml$/, '').toLowerCase() === id.toLowerCase());
  if (taken) {
    io.err(`specbench: ${join(folder, taken)} already exists; not overwritten.\n`);
    return EXIT.problems;
  }
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${id}.yaml`);
  const fromRoot = relative(process.cwd(), file).split(sep).join('/');
  await writeFile(file, `${modeline(fromRoot, schemaFile(area, 'item'))}\n${scaffold.text}`, { flag: 'wx' });
  io.out(`Created ${fromRoot}: every facet open. Fill them in, or state { none: reason }.\n`);
  return EXIT.ok;
}
