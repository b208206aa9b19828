import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, countOpenApi, exportOpenApi, importDocument, importedFiles, readSpecDir, type Analysis, type ImportResult } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { OAS } from './helpers.ts';
import { inventory, silentlyLost } from './inventory.ts';

/**
 * Every OpenAPI 3.0 and 3.1 description of @readme/oas-examples (written by ReadMe to exercise
 * OpenAPI tools: HTML and Markdown descriptions, `default` and ranged errors, unions,
 * discriminators, callbacks, OAuth scopes, server variables, every parameter style, circular
 * schemas): each imports with a clean check, exports a valid document, and round-trips to the
 * same files; what the import does not carry is in its unmapped list; and the interchange guide's table of
 * figures is the one this test computes.
 */
const DOCUMENTS = ['3.0', '3.1'].flatMap((v) =>
  readdirSync(join(OAS, v, 'json'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `${OAS}/${v}/json/${f}`),
);

interface Outcome {
  name: string;
  file: string;
  first: { result: ImportResult; dir: string; analysis: Analysis; files: Map<string, string> };
  second: { result: ImportResult; analysis: Analysis; files: Map<string, string> };
  exportFile: string;
  exported: Record<string, unknown>;
}

async function importInto(file: string): Promise<{ result: ImportResult; dir: string; analysis: Analysis; files: Map<string, string> }> {
  const result = await importDocument(file);
  const dir = await mkdtemp(join(tmpdir(), 'specbench-corpus-'));
  const files = new Map<string, string>();
  for (const f of importedFiles(result, 'spec')) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true });
    await writeFile(join(dir, f.path), f.text);
    // The header names the source format, which differs on the way back by design.
    files.set(f.path, f.text.replace(/^# Imported from .*\n/m, ''));
  }
  return { result, dir, analysis: analyze(await readSpecDir(dir)), files };
}

const outcomes = new Map<string, Promise<Outcome>>();
function run(file: string): Promise<Outcome> {
  const known = outcomes.get(file);
  if (known) return known;
  const promise = (async () => {
    const first = await importInto(file);
    const exported = exportOpenApi(first.analysis);
    const exportFile = join(first.dir, 'exported.json');
    await writeFile(exportFile, JSON.stringify(exported));
    const second = await importInto(exportFile);
    return { name: `${file.split('/').at(-3)}/${basename(file)}`, file, first, second, exportFile, exported };
  })();
  outcomes.set(file, promise);
  return promise;
}

const errorsOf = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error');
const gapIds = (a: Analysis) => a.assessment.gaps.map((g) => `${g.id} ${g.state}`);

describe.each(DOCUMENTS.map((f) => [`${f.split('/').at(-3)}/${basename(f)}`, f]))('%s', (_name, file) => {
  it('imports with a clean check, exports a valid OpenAPI 3.1 document, and round-trips to the same files and gaps', async () => {
    const o = await run(file);
    expect(errorsOf(o.first.analysis)).toEqual([]);
    expect(await openApiProblems(o.exported)).toEqual([]);
    expect(errorsOf(o.second.analysis)).toEqual([]);
    expect(Object.fromEntries(o.second.files)).toEqual(Object.fromEntries(o.first.files));
    expect(gapIds(o.second.analysis)).toEqual(gapIds(o.first.analysis));
  });

  it('carries every element of the source, or lists it as unmapped at its pointer', async () => {
    const o = await run(file);
    const source = inventory(JSON.parse(await readFile(file, 'utf8')));
    expect(silentlyLost(source, inventory(o.exported), o.first.result.unmapped).map((e) => `${e.key} @ ${e.pointer}`)).toEqual([]);
  });
});

/** Errors `redocly lint` (recommended rules) reports per file, in one run for all of them. */
function lintErrors(files: string[]): number[] {
  const run = spawnSync('npx', ['redocly', 'lint', ...files, '--format=json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' } });
  const reports = run.stdout.replace(/\n\}\{\n/g, '\n}\u0000{\n').split('\u0000').map((t) => JSON.parse(t) as { totals: { errors: number } });
  if (reports.length !== files.length) throw new Error(`redocly lint gave ${reports.length} reports for ${files.length} files: ${run.stderr.slice(0, 500)}`);
  return reports.map((r) => r.totals.errors);
}

describe('the figures the interchange guide gives for these documents', () => {
  it('are the ones measured here: operations, schemas, properties carried, unmapped, round-trip differences, lint errors of the export against the source', async () => {
    const all = await Promise.all(DOCUMENTS.map(run));
    const lint = lintErrors(all.flatMap((o) => [o.file, o.exportFile]));
    const rows = all.map((o, i) => {
      const counts = countOpenApi(JSON.parse(readFileSync(o.file, 'utf8')) as Record<string, unknown>);
      const source = inventory(JSON.parse(readFileSync(o.file, 'utf8')));
      const exported = new Set(inventory(o.exported).map((e) => e.key));
      // A property's entry ends in `.name`; the contact, licence, tags, external docs and texts are not properties, whatever their values end in.
      const properties = [...new Set(source.filter((e) => /\.[^ .]+$/.test(e.key) && !e.key.includes(' required') && !/^(contact|license|tag) | externalDocs[= ]| (title|summary|description)=/.test(e.key)).map((e) => e.key))];
      const differences = [...o.first.files].filter(([path, text]) => o.second.files.get(path) !== text).length + [...o.second.files.keys()].filter((p) => !o.first.files.has(p)).length;
      return `| ${o.name} | ${counts.operations} | ${counts.schemas} | ${properties.filter((p) => exported.has(p)).length} of ${properties.length} | ${o.first.result.unmapped.length} | ${differences} | ${lint[2 * i + 1]} (source ${lint[2 * i]}) |`;
    });
    const table = ['| Document | Operations | Schemas | Properties carried | Unmapped | Round-trip differences | Lint errors of the export |', '| --- | --: | --: | --: | --: | --: | --: |', ...rows].join('\n');
    const readme = await readFile('src/site/guide/writing/interchange.md', 'utf8');
    const block = readme.match(/<!-- corpus:start -->\n([\s\S]*?)\n<!-- corpus:end -->/)?.[1];
    expect(block, `The interchange guide's table between <!-- corpus:start --> and <!-- corpus:end --> should be:\n${table}`).toBe(table);
    // No export lints worse than its source, but where the guide says why (named here).
    const explained = new Set(['3.0/server-path-level.json']);
    for (const [i, o] of all.entries()) if (!explained.has(o.name)) expect(lint[2 * i + 1], o.name).toBeLessThanOrEqual(lint[2 * i] ?? 0);
    expect([...explained].every((name) => readme.includes(`\`${name.split('/')[1]?.replace('.json', '')}\``))).toBe(true);
  });
});
