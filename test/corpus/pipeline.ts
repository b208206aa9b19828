import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { parse } from 'yaml';
import { analyze, readSpecDir, type Unmapped } from '../../src/lib/index.ts';
import { cli } from '../helpers.ts';
import { compare, inventory, type Entry } from '../interchange/inventory.ts';
import { openApiProblems } from '../openapi-valid.ts';

/** What @seriousme/openapi-schema-validator says of a property named `$id` (a name, not the keyword). */
export const VALIDATOR_QUIRK = /^\$id : '\[object Object\]' defined more than once at #\/components\/schemas\/[^/]+\/properties$/;

/** What happened to one document of the corpus, end to end through the command line. */
export interface Outcome {
  /** The import's exit code and, when it refused, what it said. */
  code: number;
  refusal?: string;
  /** Errors `check` reports on the imported spec. */
  errors: string[];
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

/** The content files of a spec folder, without the header line that names the source format. */
async function contentOf(dir: string): Promise<Map<string, string>> {
  const files = await readSpecDir(dir);
  return new Map(files.map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

/**
 * One document through `specbench import` (exit 0 and a clean `check`), `specbench export` (a
 * valid document), and import and export again (the same bytes, the same content files); its
 * facts, counted by the independent inventory, compared with the export's and the unmapped list.
 */
export async function corpusOutcome(file: string): Promise<Outcome> {
  const work = await mkdtemp(join(tmpdir(), 'specbench-corpus-'));
  try {
    const text = await readFile(file, 'utf8');
    const source = parse(text, { maxAliasCount: -1 }) as Record<string, unknown>;
    const target = typeof source.asyncapi === 'string' ? 'asyncapi' : 'openapi';
    const first = join(work, 'first');
    const imported = await cli(['import', file, '--spec', first, '--format', 'json']);
    const empty = { errors: [], invalid: [], sameExport: false, changedFiles: [], facts: 0, kept: [], reported: [], lost: [], invented: [], unmapped: [] };
    if (imported.code === 2) return { code: 2, refusal: imported.err.trim(), ...empty };
    const report = JSON.parse(imported.out) as { unmapped: Unmapped[]; diagnostics: Array<{ severity: string; file: string; line: number; code: string; message: string }> };
    const errors = report.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
    const exported = await cli(['export', target, '--spec', first]);
    const exportFile = join(work, `export.json`);
    await writeFile(exportFile, exported.out);
    const doc = JSON.parse(exported.out) as Record<string, unknown>;
    // The schema validator reads a property named `$id` as the keyword (appwrite.io's documents name fields so): not the export's fault.
    const invalid = (target === 'openapi' ? await openApiProblems(doc) : (await new Parser().parse(exported.out)).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`)).filter((p) => !VALIDATOR_QUIRK.test(p));
    const second = join(work, 'second');
    const again = await cli(['import', exportFile, '--spec', second, '--format', 'json']);
    const reexported = again.code === 2 ? { out: '' } : await cli(['export', target, '--spec', second]);
    const [a, b] = [await contentOf(first), await contentOf(second)];
    const changedFiles = [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();
    const facts = inventory(source);
    const { kept, reported, lost, invented } = compare(facts, inventory(doc), report.unmapped);
    // Loaded again, so that a spec the command line wrote is the one judged.
    if (errors.length === 0) errors.push(...analyze(await readSpecDir(first)).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`));
    return { code: imported.code, errors, invalid, sameExport: reexported.out === exported.out, changedFiles, facts: facts.length, kept, reported, lost, invented, unmapped: report.unmapped };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
