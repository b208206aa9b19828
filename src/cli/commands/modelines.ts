import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { modeline, readSpecDir, schemaForPath, specDir, withModeline } from '../../lib/index.ts';
import { EXIT, type Io } from '../io.ts';
import type { Options } from '../options.ts';

/** `specbench modelines`: every content file names its JSON Schema for the YAML language server. */
export async function modelinesCommand(options: Options, io: Io): Promise<number> {
  // `--check DIR` verifies DIR; otherwise the spec folder's files are updated.
  const check = options.check !== undefined;
  const dir = options.check ?? options.spec ?? specDir(io.env);
  const wrong: string[] = [];
  for (const { path } of await readSpecDir(dir)) {
    const schema = schemaForPath(path);
    if (!schema) continue;
    const file = join(dir, path);
    const line = modeline(relative(process.cwd(), file).split(sep).join('/'), schema);
    const text = await readFile(file, 'utf8');
    const next = withModeline(text, line);
    if (next === text) continue;
    wrong.push(path);
    if (!check) await writeFile(file, next);
  }
  if (check && wrong.length > 0) {
    io.err(`${wrong.length} content files lack their schema line: ${wrong.join(', ')}; run \`npm run modelines\`.\n`);
    return EXIT.problems;
  }
  io.out(check ? 'Every content file names its schema.\n' : `Set the schema line in ${wrong.length} files.\n`);
  return EXIT.ok;
}
