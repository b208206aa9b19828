import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { parse } from 'yaml';
import { readSpecDir, type Unmapped } from '../../src/lib/index.ts';
import { compare, inventory, type Entry } from '../interchange/inventory.ts';
import { openApiProblems } from '../openapi-valid.ts';

/**
 * What the validators say of a property named `$id` or `$ref` (a name in `properties`, whose value
 * is a schema, not the keyword, whose value is a string): @seriousme/openapi-schema-validator reads
 * the first as an id defined twice, swagger-parser the second as a reference to an object.
 */
export const VALIDATOR_QUIRKS = [/^\$id : '\[object Object\]' defined more than once at #\/.+\/properties$/, /Can't resolve \[object Object\], only internal refs are supported\.$/];

/** What happened to one document of the corpus, end to end through the command line. */
export interface Outcome {
  /** The import's exit code and, when it refused, what it said. */
  code: number;
  refusal?: string;
  /** Errors `check` reports on the imported spec. */
  errors: string[];
  /** A step that printed no answer (the command crashed), with the end of what it wrote to stderr. */
  crashed?: string;
  /** What `export` said when it did not write a document (exit code and message). */
  exportFailure?: string;
  /** What the official validators say of the export. */
  invalid: string[];
  /** Whether export → import → export gives the same bytes, and which content files the second import changed. */
  sameExport: boolean;
  changedFiles: string[];
  facts: number;
  kept: Entry[];
  reported: Entry[];
  lost: Entry[];
  invented: Entry[];
  unmapped: Unmapped[];
}

/**
 * The command line as users run it: a process of its own (so that two documents go through it at
 * once on two cores), from the bundle `src/cli/launch.mjs` makes and keeps.
 */
export function cliProcess(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['src/cli/launch.mjs', ...args], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }, (error, out, err) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, out, err });
    });
  });
}

/** The content files of a spec folder, without the header line that names the source format. */
async function contentOf(dir: string): Promise<Map<string, string>> {
  const files = await readSpecDir(dir);
  return new Map(files.map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

type Diagnostic = { severity: string; file: string; line: number; code: string; message: string };

/** What a command printed as JSON; a command that printed none (it crashed) is an error that says so, with the end of what it wrote to stderr. */
function jsonOf<T>(what: string, run: { code: number; out: string; err: string }): T {
  try {
    return JSON.parse(run.out) as T;
  } catch {
    throw new Error(`${what} printed no JSON (exit ${run.code}): ${run.err.trim().split('\n').slice(-5).join(' | ')}`);
  }
}
const located = (d: Diagnostic) => `${d.file}:${d.line} ${d.code} ${d.message}`;

/**
 * One document through `specbench import` (exit 0 and a clean `check`), `specbench export` (a
 * valid document), and import and export again (the same bytes, the same content files); its
 * facts, counted by the independent inventory, compared with the export's and the unmapped list.
 */
export async function corpusOutcome(file: string): Promise<Outcome> {
  try {
    return await throughTheCommandLine(file);
  } catch (error) {
    const empty = { errors: [], invalid: [], sameExport: false, changedFiles: [], facts: 0, kept: [], reported: [], lost: [], invented: [], unmapped: [] };
    return { ...empty, code: -1, crashed: error instanceof Error ? error.message : String(error) };
  }
}

async function throughTheCommandLine(file: string): Promise<Outcome> {
  const work = await mkdtemp(join(tmpdir(), 'specbench-corpus-'));
  try {
    const text = await readFile(file, 'utf8');
    const source = parse(text, { maxAliasCount: -1 }) as Record<string, unknown>;
    const target = typeof source.asyncapi === 'string' ? 'asyncapi' : 'openapi';
    const first = join(work, 'first');
    const imported = await cliProcess(['import', file, '--spec', first, '--format', 'json']);
    const facts = inventory(source);
    const empty = { errors: [], invalid: [], sameExport: false, changedFiles: [], facts: facts.length, kept: [], reported: [], lost: [], invented: [], unmapped: [] };
    if (imported.code === 2) return { code: 2, refusal: imported.err.trim(), ...empty };
    const report = jsonOf<{ unmapped: Unmapped[]; diagnostics: Diagnostic[] }>(`import ${file}`, imported);
    const errors = report.diagnostics.filter((d) => d.severity === 'error').map(located);
    // Checked again by the command line, so that the spec it wrote is the one judged.
    if (errors.length === 0) {
      const checked = await cliProcess(['check', '--spec', first, '--format', 'json']);
      errors.push(...jsonOf<{ diagnostics: Diagnostic[] }>(`check of the import of ${file}`, checked).diagnostics.filter((d) => d.severity === 'error').map(located));
    }
    const exported = await cliProcess(['export', target, '--spec', first]);
    if (exported.code !== 0) return { ...empty, code: imported.code, errors, exportFailure: `exit ${exported.code}: ${exported.err.trim().split('\n').slice(-3).join(' ')}`, unmapped: report.unmapped };
    const exportFile = join(work, `export.json`);
    await writeFile(exportFile, exported.out);
    const doc = jsonOf<Record<string, unknown>>(`export of the import of ${file}`, exported);
    // The validators read a property named `$id` or `$ref` as the keyword (appwrite.io's, Akeneo's and Kubernetes' documents name fields so): not the export's fault.
    const invalid = (target === 'openapi' ? await openApiProblems(doc) : (await new Parser().parse(exported.out)).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`)).filter((p) => !VALIDATOR_QUIRKS.some((q) => q.test(p)));
    const second = join(work, 'second');
    const again = await cliProcess(['import', exportFile, '--spec', second, '--format', 'json']);
    const reexported = again.code === 2 ? { out: '' } : await cliProcess(['export', target, '--spec', second]);
    const [a, b] = [await contentOf(first), await contentOf(second)];
    const changedFiles = [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();
    const { kept, reported, lost, invented } = compare(facts, inventory(doc), report.unmapped);
    return { code: imported.code, errors, invalid, sameExport: reexported.out === exported.out, changedFiles, facts: facts.length, kept, reported, lost, invented, unmapped: report.unmapped };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
