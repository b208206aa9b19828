import { parseArgs } from 'node:util';

/** Every option of every command; each command reads the ones it takes. */
const OPTIONS = {
  spec: { type: 'string' },
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  'target-level': { type: 'string' },
  owner: { type: 'string' },
  write: { type: 'string' },
  check: { type: 'string' },
  base: { type: 'string' },
  head: { type: 'string' },
  'fail-on-breaking': { type: 'boolean' },
  budget: { type: 'string' },
  'report-url': { type: 'string' },
  'preview-url': { type: 'string' },
  limit: { type: 'string' },
  kind: { type: 'string' },
  force: { type: 'boolean' },
  yes: { type: 'boolean' },
  'allow-refs-outside': { type: 'boolean' },
  'allow-remote-refs': { type: 'boolean' },
  cache: { type: 'boolean', default: true },
  stdio: { type: 'boolean' },
  'spec-only': { type: 'boolean' },
  example: { type: 'boolean' },
  'site-url': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  auth: { type: 'boolean', default: true },
  limits: { type: 'boolean', default: true },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line parsed: options and positional arguments; throws on unknown options. */
export function parseOptions(args: string[]) {
  return parseArgs({ args, options: OPTIONS, allowPositionals: true, allowNegative: true, strict: true });
}

/** The options every command receives. */
export type Options = ReturnType<typeof parseOptions>['values'];
