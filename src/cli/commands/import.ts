import { dirname, join, relative, sep } from 'node:path';
import { absoluteUrlSchema, analyze, AREA_KEYS, DocumentError, importDocument, importOnSite, importPlan, readSpecDir, safeJson, specDir, summary, unmappedKeywords, unmappedReasons, visible, type ImportResult } from '../../lib/index.ts';
import { makeFolder, removeFile, writeFileAtomic } from '../files.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { schemaDir } from '../package-root.ts';

/** `specbench import <file>`: an OpenAPI, Swagger 2.0 or AsyncAPI description into the spec folder. */
export async function importCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) throw new UsageError('usage: specbench import <openapi-or-asyncapi-file> [--force] [--allow-refs-outside] [--allow-remote-refs] [--site-url URL]');
  const format = options.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError('--format for import is text or json');
  const dir = options.spec ?? specDir(io.env);
  const siteUrl = options['site-url'];
  if (siteUrl !== undefined && !absoluteUrlSchema.safeParse(siteUrl).success) throw new UsageError(`--site-url \`${visible(siteUrl)}\` is not an absolute http or https URL; give the site the document's links are on, e.g. https://developer.example.com`);
  let result: ImportResult;
  try {
    result = await importDocument(file, { outside: options['allow-refs-outside'] === true, remote: options['allow-remote-refs'] === true });
  } catch (error) {
    if (error instanceof DocumentError) {
      io.err(`specbench: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  // Links to paths from the root of the document's own site, made whole addresses on it (`--site-url`).
  let onSite = 0;
  if (siteUrl !== undefined) ({ result, rewritten: onSite } = importOnSite(result, new URL(siteUrl)));
  const existing = await readSpecDir(dir).catch(() => []);
  const fromRoot = relative(process.cwd(), dir).split(sep).join('/') || '.';
  const plan = importPlan(analyze(existing), existing.map((f) => f.path), result, fromRoot, options.force === true, schemaDir());
  if ('refuse' in plan) {
    io.err(`specbench: ${plan.refuse}\n`);
    return EXIT.problems;
  }
  for (const path of plan.remove) await removeFile(join(dir, path));
  for (const f of plan.write) {
    await makeFolder(dirname(join(dir, f.path)));
    await writeFileAtomic(join(dir, f.path), f.text);
  }
  const after = analyze(await readSpecDir(dir));
  const counts = Object.fromEntries(AREA_KEYS.map((a) => [a, result.items.filter((i) => i.area === a).length]));
  if (format === 'json') {
    io.out(`${safeJson({ format: result.format, items: counts, gaps: after.assessment.gaps.length, unmapped: result.unmapped, diagnostics: after.diagnostics })}\n`);
  } else {
    // Why, in general words (names left out, numbers whole or left out whole), and what, by the keyword the document wrote: each with how many.
    const keywords = unmappedKeywords(result.unmapped).map(({ keyword, count }) => `${count} × ${keyword === '' ? 'the document itself' : `\`${clipped(visible(keyword))}\``}`);
    io.out(
      [
        `Imported ${result.format} into ${dir}: ${Object.entries(counts).filter(([, n]) => n > 0).map(([a, n]) => `${n} ${a}`).join(', ')}.`,
        `${after.assessment.gaps.length} facets the document did not state are open gaps (see SPEC_GAPS.md after \`npm run gaps\`).`,
        result.unmapped.length === 0 ? 'Every element was mapped.' : `${result.unmapped.length} elements could not be mapped (--format json lists each with its JSON pointer):`,
        ...(keywords.length > 0 ? [`  not kept as written, by keyword: ${keywords.join(', ')}`] : []),
        // A reason now names what it is about (the document's words): shown as the keywords are, never as terminal controls.
        ...unmappedReasons(result.unmapped).map(({ reason, count }) => `  ${count} × ${visible(reason)}`),
        ...(siteUrl !== undefined ? [`${onSite} ${onSite === 1 ? 'link' : 'links'} to paths from the root written as whole addresses on ${visible(siteUrl)}.`] : []),
        ...rootedHint(after.diagnostics.filter((d) => d.code === 'missing-page').length, siteUrl),
        `Check: ${summary(after.diagnostics)}.`,
        '',
      ].join('\n'),
    );
  }
  return after.diagnostics.some((d) => d.severity === 'error') ? EXIT.problems : EXIT.ok;
}

/** A keyword as the summary shows it: at most 60 characters. */
const clipped = (keyword: string) => (keyword.length > 60 ? `${keyword.slice(0, 59)}…` : keyword);

/** What to do about links to paths from the root that lead to no page of the spec (`missing-page`). */
function rootedHint(count: number, siteUrl: string | undefined): string[] {
  if (count === 0) return [];
  const links = `${count} ${count === 1 ? 'link' : 'links'} in the descriptions ${count === 1 ? 'leads' : 'lead'} to a path from the site's root that no page of the spec has (\`missing-page\`)`;
  return [siteUrl === undefined ? `${links}: import again with \`--site-url URL\`, the site the document was written for, to write them as whole addresses there.` : `${links}.`];
}
