import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { analyze, gapReport, gapsMarkdown, siteModel, type SpecFile } from '../../src/lib/index.ts';

/** The valid fixtures' files, as the seeds every mutation starts from. */
export function seeds(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (const fixture of ['complete', 'half-written']) {
    const root = join('test', 'fixtures', fixture);
    for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !e.name.endsWith('.yaml')) continue;
      const full = join(e.parentPath, e.name);
      out.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  }
  return out;
}

/** Text that YAML and the schemas find interesting. */
const nasty = fc.oneof(
  fc.constantFrom(':', ' ', '\n', '\t', '{', '}', '[', ']', '&a', '*a', '!!binary', '|', '>', '"', "'", '#', '- ', '? ', '%YAML 1.1\n', '---\n', '...', '\uFEFF', '\r\n', '<script>', '[[', ']]', '{base_url}', 'none:', 'open:', '~', 'null', '-1', '1e999', '0x1F', '\u0000', '\uD800'),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('resources/../x', 'Ordr', 'GETT', 'P1H', '2025-02-30', 'javascript:alert(1)', '9999'),
);

/** One edit to a file's text. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: nasty }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), other: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function apply(text: string, e: Edit): string {
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  if (e.kind === 'insert') return text.slice(0, at) + e.text + text.slice(at);
  if (e.kind === 'delete') return text.slice(0, at) + text.slice(at + e.length);
  const lines = text.split('\n');
  const i = e.at % lines.length;
  if (e.kind === 'duplicate-line') lines.splice(i, 0, lines[i] ?? '');
  else {
    const j = e.other % lines.length;
    [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
  }
  return lines.join('\n');
}

/** A mutated spec: one seed spec with a few files edited a few times. */
export function mutatedSpec(all = seeds()) {
  const complete = all.slice();
  return fc
    .array(fc.record({ file: fc.nat(), edits: fc.array(edit, { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 3 })
    .map((changes) => {
      const files = new Map(complete.map((f) => [f.path, f.text]));
      const paths = [...files.keys()];
      for (const change of changes) {
        const path = paths[change.file % paths.length] ?? '';
        files.set(path, change.edits.reduce(apply, files.get(path) ?? ''));
      }
      return files;
    });
}

/** Runs everything the core does on a spec; returns problems that would be crashes or lies. */
export function exercise(files: Map<string, string>): string[] {
  const encoder = new TextEncoder();
  const list: SpecFile[] = [...files].map(([path, text]) => ({ path, bytes: encoder.encode(text) }));
  const analysis = analyze(list);
  gapsMarkdown(gapReport(analysis.assessment), 'fuzz');
  siteModel(analysis);
  const problems: string[] = [];
  for (const d of analysis.diagnostics) {
    if (!(d.line >= 1 && d.column >= 1)) problems.push(`unlocated diagnostic ${JSON.stringify(d)}`);
    if (!files.has(d.file)) problems.push(`diagnostic for an unknown file ${d.file}`);
    if (d.code === 'internal-error') problems.push(d.message);
  }
  return problems;
}
