import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonSchemas, SCHEMA_DIR } from '../../lib/index.ts';
import { compareFile, makeFolder, writeFileAtomic } from '../files.ts';
import { EXIT, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { rerunCommand } from '../rerun.ts';

/** What `npm run schemas` runs (package.json). */
const NPM_SCHEMAS = { name: 'schemas', args: ['schemas', '--write', 'src/schemas'] };

/** `specbench schemas`: the JSON Schemas editors read, written to or checked against a folder. */
export async function schemasCommand(options: Options, io: Io): Promise<number> {
  const schemas = jsonSchemas();
  if (options.check !== undefined) {
    const dir = options.check;
    const present = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.schema.json'));
    const stale = [
      ...(await Promise.all(schemas.map(async (s) => ((await compareFile(join(dir, s.file), s.text)) === 'current' ? [] : [s.file])))).flat(),
      ...present.filter((f) => !schemas.some((s) => s.file === f)),
    ];
    if (stale.length === 0) {
      io.out(`${dir}: ${schemas.length} JSON Schemas are current.\n`);
      return EXIT.ok;
    }
    io.err(`${dir}: stale or extra JSON Schemas: ${stale.join(', ')}; run \`${rerunCommand(NPM_SCHEMAS, ['schemas', '--write', dir])}\` and commit them.\n`);
    return EXIT.problems;
  }
  const dir = options.write ?? SCHEMA_DIR;
  await makeFolder(dir);
  for (const s of schemas) await writeFileAtomic(join(dir, s.file), s.text);
  io.out(`Wrote ${schemas.length} JSON Schemas to ${dir}.\n`);
  return EXIT.ok;
}
