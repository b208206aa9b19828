import { parseArgs } from 'node:util';
import { SpecDirError } from '../lib/index.ts';
import { checkCommand } from './commands/check.ts';
import { gapsCommand } from './commands/gaps.ts';
import { EXIT, UsageError, type Io } from './io.ts';

const USAGE = `Usage: specbench <command> [options]

Commands:
  check   check the spec and print diagnostics (exit 1 on errors)
  gaps    print the gap report, or write / verify SPEC_GAPS.md

Options:
  --spec DIR                 the spec folder (default: $SPEC_DIR, else content)
  --format FORMAT            check: human | json | github; gaps: text | markdown | json
  --fail-on error|warning    check: the lowest severity that fails (default error)
  --owner NAME               gaps: only the gaps owned by NAME
  --write FILE               gaps: write the Markdown report to FILE
  --check FILE               gaps: exit 1 when FILE is not the current Markdown report
  -h, --help                 this text
`;

const OPTIONS = {
  spec: { type: 'string' },
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  owner: { type: 'string' },
  write: { type: 'string' },
  check: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Options = ReturnType<typeof parse>['values'];

function parse(args: string[]) {
  return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
}

/** Runs one command line; returns the exit code. Never throws. */
export async function main(args: string[], io: Io): Promise<number> {
  try {
    const { values, positionals } = parse(args);
    const [command, ...rest] = positionals;
    if (values.help || command === undefined) {
      io.out(USAGE);
      return command === undefined && !values.help ? EXIT.usage : EXIT.ok;
    }
    if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
    if (command === 'check') return await checkCommand(values, io);
    if (command === 'gaps') return await gapsCommand(values, io);
    throw new UsageError(`unknown command \`${command}\``);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`specbench: ${error.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    if (error instanceof SpecDirError) {
      io.err(`specbench: ${error.message}\n`);
      return EXIT.usage;
    }
    io.err(`specbench: internal error: ${error instanceof Error ? error.message : String(error)}\nPlease report this with the content that caused it.\n`);
    return EXIT.usage;
  }
}
