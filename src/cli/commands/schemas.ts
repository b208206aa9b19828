import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonSchemas, SCHEMA_DIR } from '../../lib/index.ts';
import { EXIT, type Io } from '../io.ts';
import type { Options } from '../options.ts';

/** `specbench schemas`: the JSON Schemas editors read, written to or checked against a folder. */
export async function schemasCommand(options: Options, io: Io): Promise<number> {
  const schemas = jsonSchemas();
  if (options.check !== undefined) {
    const dir = options.check;
    const present = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.schema.json'));
    const stale = [
      ...(await Promise.all(schemas.map(async (s) => ((await readFile(join(dir, s.file), 'utf8').catch(() => '')) === s.text ? [] : [s.file])))).flat(),
      ...present.filter((f) => !schemas.some((s) => s.file === f)),
    ];
    if (stale.length === 0) {
      io.out(`${dir}: ${schemas.length} JSON Schemas are current.\n`);
      return EXIT.ok;
    }
    io.err(`${dir}: stale or extra JSON Schemas: ${stale.join(', ')}; run \`npm run schemas\` and commit them.\n`);
    return EXIT.problems;
  }
  const dir = options.write ?? SCHEMA_DIR;
  await mkdir(dir, { recursive: true });
  for (const s of schemas) await writeFile(join(dir, s.file), s.text);
  io.out(`Wrote ${schemas.length} JSON Schemas to ${dir}.\n`);
  return EXIT.ok;
}
