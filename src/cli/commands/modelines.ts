import { join, relative, sep } from 'node:path';
import { modeline, readSpecDir, schemaForPath, specDir, withModeline } from '../../lib/index.ts';
import { writeFileAtomic } from '../files.ts';
import { EXIT, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { schemaDir } from '../package-root.ts';
import { rerunCommand } from '../rerun.ts';

/** What `npm run modelines` runs (package.json), spelt with the folder it reads by default. */
const NPM_MODELINES = { name: 'modelines', args: ['modelines', '--spec', 'content'] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `specbench modelines`: every content file names its JSON Schema for the YAML language server. */
export async function modelinesCommand(options: Options, io: Io): Promise<number> {
  // `--check DIR` verifies DIR; otherwise the spec folder's files are updated.
  const check = options.check !== undefined;
  const dir = options.check ?? options.spec ?? specDir(io.env);
  const wrong: string[] = [];
  const unread: string[] = [];
  const schemas = schemaDir();
  for (const { path, bytes } of await readSpecDir(dir)) {
    const schema = schemaForPath(path);
    if (!schema) continue;
    // The bytes the loader read: a pipe, a huge or unreadable file was never opened (check says why),
    // and a file that is not UTF-8 is left as it is rather than rewritten with its bad bytes replaced.
    let text: string | undefined;
    try {
      text = bytes && utf8.decode(bytes);
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      unread.push(path);
      continue;
    }
    const file = join(dir, path);
    const line = modeline(relative(process.cwd(), file).split(sep).join('/'), schema, schemas);
    const next = withModeline(text, line);
    if (next === text) continue;
    wrong.push(path);
    if (!check) await writeFileAtomic(file, next);
  }
  if (unread.length > 0) io.err(`${unread.length} content files could not be read and were left as they are (\`specbench check\` says why): ${unread.join(', ')}.\n`);
  if (check && wrong.length > 0) {
    const rewrite = rerunCommand(NPM_MODELINES, ['modelines', '--spec', relative(process.cwd(), dir).split(sep).join('/') || '.']);
    io.err(`${wrong.length} content files lack their schema line: ${wrong.join(', ')}; run \`${rewrite}\`.\n`);
    return EXIT.problems;
  }
  io.out(check ? 'Every content file names its schema.\n' : `Set the schema line in ${wrong.length} files.\n`);
  return EXIT.ok;
}
