// A stand-in for Specbench in the Action's tests: records each call's arguments (and whether the
// posting token reached it) as a JSON line in $RECORD_FILE, and answers `diff` with a tiny report.
import { appendFileSync } from 'node:fs';

const file = process.env.RECORD_FILE;
if (!file) throw new Error('RECORD_FILE is not set');
appendFileSync(file, `${JSON.stringify({ args: process.argv.slice(2), token: process.env.SPECBENCH_TOKEN ?? process.env.GH_TOKEN ?? null })}\n`);
if (process.argv[2] === 'diff') process.stdout.write('<!-- specbench-diff -->\n## Spec changes\n\nNo change to the spec.\n');
