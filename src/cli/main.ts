import { didYouMean, escapeControls, GitError, SpecDirError } from '../lib/index.ts';
import { checkCommand } from './commands/check.ts';
import { diffCommand } from './commands/diff.ts';
import { exportCommand } from './commands/export.ts';
import { importCommand } from './commands/import.ts';
import { initCommand } from './commands/init.ts';
import { gapsCommand } from './commands/gaps.ts';
import { historyCommand } from './commands/history.ts';
import { modelinesCommand } from './commands/modelines.ts';
import { newCommand } from './commands/new.ts';
import { schemasCommand } from './commands/schemas.ts';
import { FileError } from './files.ts';
import { EXIT, UsageError, type Io } from './io.ts';
import { parseOptions, type Options } from './options.ts';

const USAGE = `Usage: specbench <command> [options]

Commands:
  init [dir]           start a spec repository: the spec with its nine areas open, the site, workflows
                       (--example: the complete example spec; --spec-only: only the spec folder, in a site)
  check                check the spec and print diagnostics (exit 1 on errors)
  gaps                 print the gap report, or write / verify SPEC_GAPS.md
  diff                 what a change does: gaps closed and opened, items, breaking changes
  history              open gaps per area at each commit that touched the spec
  new <area> [<id>]    create an item file (without an id: the area's file) with every facet open
  schemas              write (--write DIR) or verify (--check DIR) the JSON Schemas
  modelines            add the yaml-language-server schema line to every content file (--check DIR: verify DIR)
  import <file>        an OpenAPI 3.x, Swagger 2.0 or AsyncAPI 2.x/3.x description into the spec (--force replaces)
  export <target>      openapi (3.1), asyncapi (3.0) or markdown (the whole spec as one document); --write FILE
  lsp --stdio          the language server for editors (diagnostics, completion, go to definition, rename, quick fixes)
  mock                 a mock server that answers as the spec states and names every gap a call runs into

Options:
  --spec DIR                 the spec folder (default: $SPEC_DIR, else content)
  --format FORMAT            check: human | json | github; gaps: text | markdown | json
  --fail-on error|warning    check: the lowest severity that fails (default error)
  --target-level NAME        check: also exit 1 until the spec reaches level NAME
  --owner NAME               gaps: only the gaps owned by NAME
  --write FILE               gaps: write the Markdown report to FILE
  --check FILE               gaps: exit 1 when FILE is not the current Markdown report
  --base REV, --head REV     diff: the revisions (default: merge base with main, and the working tree)
  --fail-on-breaking         diff: exit 1 when the change breaks clients
  --budget BYTES             diff: summarise past BYTES of Markdown (a comment: 65536)
  --report-url URL           diff: where a summarised report links the full one
  --preview-url URL          diff: the change's preview site; links its Changes page and each page
  --limit N                  history: how many commits back (default 100)
  --kind KIND                new: the kind of a limit (quota, size or timeout)
  --allow-refs-outside       import: follow $refs to files outside the document's folder
  --allow-remote-refs        import: follow $refs to http(s) addresses (never done otherwise)
  --site-url URL             import: write links to paths from the root (/docs/x) as addresses on URL
  --force                    init: replace files that are in the way; import: replace the spec
  --yes                      init --force: also replace files with changes no commit keeps
  --spec-only                init: write only the spec folder (into an existing site) and say what to add
  --example                  init: the complete example spec (a small service using every key)
  --no-cache                 check, gaps, diff, export, lsp, mock: read every file afresh (no cache of results)
  --stdio                    lsp: speak the Language Server Protocol over stdin and stdout
  --port N, --host H         mock: where to listen (default 4010 on 127.0.0.1; --port 0 picks a free port)
  --no-auth, --no-limits     mock: let calls without credentials through; count no quotas or size bounds
  -h, --help                 this text (\`specbench help <command>\` or \`<command> --help\`: a command's own)
`;

/** What a command's own help adds to its lines of the usage: where to read on. */
const MORE: Record<string, string> = {
  mock: `Answers:
  Prefer: code=409, example=name   another stated status, or a named example (RFC 7240; a status or example
                                   the spec does not state is a 400 listing the stated ones)
  501 application/problem+json     the answer is open in the spec: its gaps, each with its question, owner and file
  Specbench-Gaps                   on every answer: the open gaps of the endpoint and of what the answer used
  /_specbench/hits                 the gaps clients ran into so far, as JSON
The guide's "Try it: the mock" page says the rest.
`,
};

/**
 * \`specbench <command> --help\`: the command's line of the usage, the options that name it (and
 * \`--spec\`, which every command takes), and what \`MORE\` adds; the usage's own words, so that the
 * two never disagree.
 */
function commandHelp(command: string): string {
  const lines = USAGE.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^  ${command}\\b`).test(l));
  const own: string[] = [];
  for (let i = start; i >= 0 && i < lines.length && (i === start || /^ {20,}\S/.test(lines[i] ?? '')); i++) own.push(lines[i] ?? '');
  const options = lines.filter((l) => /^ {2}-/.test(l) && (/^ {2}--spec /.test(l) || /^ {2}-h, --help/.test(l) || new RegExp(`^ {2}\\S.*?\\s{2,}(?:.*[;,] )?${command}(?: [^:;,]*)?[,:]`).test(l)));
  return `Usage: specbench ${command} [options]\n\n${own.join('\n')}\n\nOptions:\n${options.join('\n')}\n${MORE[command] !== undefined ? `\n${MORE[command]}` : ''}`;
}

/** A command: options, the world, and its positional arguments; returns the exit code. */
type Command = (options: Options, io: Io, args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  init: initCommand,
  check: checkCommand,
  gaps: gapsCommand,
  diff: diffCommand,
  history: historyCommand,
  new: newCommand,
  schemas: schemasCommand,
  modelines: modelinesCommand,
  import: importCommand,
  export: exportCommand,
  // Loaded when run: the language server's protocol library and the mock's server cost every other command start-up time.
  lsp: async (options, io) => (await import('./commands/lsp.ts')).lspCommand(options, io),
  mock: async (options, io) => (await import('./commands/mock.ts')).mockCommand(options, io),
};

/** Commands that take positional arguments. */
const WITH_ARGUMENTS = new Set(['init', 'new', 'import', 'export']);


/** Runs one command line; returns the exit code. Never throws. */
export async function main(args: string[], world: Io): Promise<number> {
  // Whatever a command prints passes through here: no control character from the spec reaches the terminal.
  const io: Io = { env: world.env, out: (s) => world.out(escapeControls(s)), err: (s) => world.err(escapeControls(s)) };
  try {
    const { values, positionals } = parseOptions(args);
    const [command, ...rest] = positionals;
    if (values.help && command !== undefined && Object.hasOwn(COMMANDS, command)) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    if (values.help || command === undefined) {
      io.out(USAGE);
      return command === undefined && !values.help ? EXIT.usage : EXIT.ok;
    }
    // `specbench help import`, as `specbench import --help`; `specbench help` alone, as `--help`.
    if (command === 'help') {
      const [asked, ...more] = rest;
      if (asked === undefined) {
        io.out(USAGE);
        return EXIT.ok;
      }
      if (more.length > 0) throw new UsageError(`unexpected argument \`${more[0]}\``);
      if (!Object.hasOwn(COMMANDS, asked)) throw new UsageError(`unknown command \`${asked}\`${didYouMean(asked, Object.keys(COMMANDS)) || '.'}`);
      io.out(commandHelp(asked));
      return EXIT.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) throw new UsageError(`unknown command \`${command}\`${didYouMean(command, Object.keys(COMMANDS)) || '.'}`);
    if (!WITH_ARGUMENTS.has(command) && rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
    return await handler(values, io, rest);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      // A command named on the line: its own usage (its options), not every command's.
      const named = args.find((a) => Object.hasOwn(COMMANDS, a));
      io.err(`specbench: ${error.message}\n\n${named !== undefined ? commandHelp(named) : USAGE}`);
      return EXIT.usage;
    }
    if (error instanceof SpecDirError || error instanceof GitError || error instanceof FileError) {
      io.err(`specbench: ${error.message}\n`);
      return EXIT.usage;
    }
    io.err(`specbench: internal error: ${error instanceof Error ? error.message : String(error)}\nPlease report this with the content that caused it.\n`);
    return EXIT.usage;
  }
}
