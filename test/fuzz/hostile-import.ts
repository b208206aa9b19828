import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyze, DocumentError, importDocument, importedFiles, type SpecFile } from '../../src/lib/index.ts';

/**
 * Adversarial documents for `import`: aliases inside aliases, mappings with very many keys (and a
 * key written twice), values nested very deep (JSON, YAML flow and YAML blocks), long strings, each
 * around the bounds of READ_LIMITS. Every one must end in a clean import or a refusal located in
 * the file; the work an accepted one causes is bounded by counts (the values it stands for), never
 * by a clock.
 */

const HEAD = "openapi: 3.0.0\ninfo: { title: fuzz, version: '1' }\npaths: {}\n";

/** Anchors `l0`…`lN`, each repeating the one before `width` times. */
const aliases = fc.record({ levels: fc.integer({ min: 1, max: 12 }), width: fc.integer({ min: 1, max: 12 }), inSchemas: fc.boolean() }).map(({ levels, width, inSchemas }) => {
  const lines = [HEAD, inSchemas ? 'components:\n  schemas:' : 'x-aliases:'];
  const pad = inSchemas ? '    ' : '  ';
  lines.push(`${pad}l0: &l0 { type: string }`);
  for (let i = 1; i <= levels; i++) lines.push(`${pad}l${i}: &l${i} { type: object, properties: { ${Array.from({ length: width }, (_, k) => `p${k}: *l${i - 1}`).join(', ')} } }`);
  return { name: `aliases ${levels}×${width}`, ext: 'yaml', text: `${lines.join('\n')}\n` };
});

/** One mapping with many keys, sometimes one written twice. */
const keys = fc.record({ count: fc.integer({ min: 1, max: 60_000 }), twice: fc.option(fc.nat(), { nil: undefined }), where: fc.constantFrom('x-keys', 'properties') }).map(({ count: wanted, twice, where }) => {
  // Keys that become fields are written into the spec, whose loader the fuzzer of content files covers: fewer of them.
  const count = where === 'properties' ? Math.min(wanted, 2_000) : wanted;
  const names = Array.from({ length: count }, (_, i) => `k${i}`);
  if (twice !== undefined) names.push(`k${twice % count}`);
  const body = where === 'properties' ? `components:\n  schemas:\n    Big:\n      type: object\n      properties:\n${names.map((n) => `        ${n}: { type: string }`).join('\n')}` : `x-keys:\n${names.map((n, i) => `  ${n}: ${i}`).join('\n')}`;
  return { name: `${count} keys${twice !== undefined ? ', one twice' : ''} in ${where}`, ext: 'yaml', text: `${HEAD}${body}\n` };
});

/** Values nested `depth` levels, written as JSON, YAML flow or YAML blocks, in a schema or an extension. */
const nesting = fc.record({ depth: fc.integer({ min: 1, max: 3000 }), style: fc.constantFrom('json', 'flow', 'block'), inSchema: fc.boolean() }).map(({ depth, style, inSchema }) => {
  const name = `${depth} levels of ${style}${inSchema ? ' in a schema' : ''}`;
  if (style === 'json') {
    const inner = inSchema ? `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const doc = inSchema ? `{"openapi":"3.0.0","info":{"title":"f","version":"1"},"paths":{},"components":{"schemas":{"S":${inner}}}}` : `{"openapi":"3.0.0","info":{"title":"f","version":"1"},"paths":{},"x-deep":${inner}}`;
    return { name, ext: 'json', text: doc };
  }
  if (style === 'flow') return { name, ext: 'yaml', text: `${HEAD}x-deep: ${'['.repeat(depth)}1${']'.repeat(depth)}\n` };
  // Blocks: each level indented one more space, so that the text stays small.
  const lines = Array.from({ length: Math.min(depth, 600) }, (_, i) => `${' '.repeat(i + 1)}a:`);
  return { name: `${Math.min(depth, 600)} levels of block`, ext: 'yaml', text: `${HEAD}x-deep:\n${lines.join('\n')} 1\n` };
});

/** Long strings and many of them: a description of `length` characters, `count` times. */
const sizes = fc.record({ length: fc.integer({ min: 0, max: 200_000 }), count: fc.integer({ min: 1, max: 40 }) }).map(({ length, count }) => ({
  name: `${count} descriptions of ${length} characters`,
  ext: 'yaml',
  text: `${HEAD}components:\n  schemas:\n${Array.from({ length: count }, (_, i) => `    S${i}: { type: string, description: "${'x'.repeat(length)}" }`).join('\n')}\n`,
}));

export const hostileDocument = fc.oneof(aliases, keys, nesting, sizes);
export type HostileDocument = { name: string; ext: string; text: string };

/**
 * What went wrong importing one document, or nothing: a refusal must be a DocumentError located
 * in the file (`file:line:column:`), an import must check without errors.
 */
export async function hostileImport(doc: HostileDocument): Promise<string | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-fuzz-import-'));
  const file = join(dir, `doc.${doc.ext}`);
  try {
    await writeFile(file, doc.text);
    let result;
    try {
      result = await importDocument(file);
    } catch (error) {
      if (!(error instanceof DocumentError)) return `${doc.name}: not a DocumentError: ${error instanceof Error ? error.stack : String(error)}`;
      return error.message.startsWith(`${file}:`) && /^:\d+:\d+: /.test(error.message.slice(file.length)) ? undefined : `${doc.name}: a refusal without a location: ${error.message.slice(0, 200)}`;
    }
    const files: SpecFile[] = importedFiles(result, 'spec').map((f) => ({ path: f.path, bytes: new TextEncoder().encode(f.text) }));
    const errors = analyze(files).diagnostics.filter((d) => d.severity === 'error');
    return errors.length === 0 ? undefined : `${doc.name}: the import does not check clean: ${errors.slice(0, 3).map((d) => `${d.file}:${d.line} ${d.message}`).join('; ')}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

