import { relative, resolve, sep } from 'node:path';
import { absoluteUrlSchema, defaultBase, DIFF_LINK_MAX, DIFF_MIN_BUDGET, diffJson, diffMarkdown, diffSpecs, gitRoot, hasErrors, notLoadedJson, notLoadedMarkdown, readSpecAt, readSpecDir, resolveRevision, specDir } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { commandEngine } from '../load.ts';
import type { Options } from '../options.ts';

/** `specbench diff`: the spec at `--base` (default: merge base with main) against `--head` (default: the working tree). */
export async function diffCommand(options: Options, io: Io): Promise<number> {
  const format = options.format ?? 'markdown';
  if (format !== 'markdown' && format !== 'json') throw new UsageError('--format for diff is markdown or json');
  const fit = markdownFit(options, format);
  const dir = options.spec ?? specDir(io.env);
  const root = await gitRoot(resolve(dir));
  if (!root) throw new UsageError(`\`${dir}\` is not in a git repository; diff compares revisions.`);
  const rel = relative(root, resolve(dir)).split(sep).join('/');
  const base = options.base !== undefined ? await resolveRevision(root, options.base) : await defaultBase(root);
  const head = options.head !== undefined ? await resolveRevision(root, options.head) : undefined;
  // One engine for both sides: what the change leaves as it was is read once (or taken from the cache).
  const engine = commandEngine(options);
  const before = await engine.analyse(await readSpecAt(root, base, rel));
  const after = await engine.analyse(head ? await readSpecAt(root, head, rel) : await readSpecDir(dir));
  engine.done();
  const range = { base: base.slice(0, 12), head: head ? head.slice(0, 12) : 'working tree' };
  // A head that does not load is not counted: a file with a YAML error would read as an item removed, a refused value as a gap closed.
  if (hasErrors(after.diagnostics)) {
    io.out(format === 'json' ? notLoadedJson(after.diagnostics, range) : notLoadedMarkdown(after.diagnostics, head ? `\`${range.head}\`` : 'the working tree'));
    io.err(`The spec at ${head ? range.head : 'the working tree'} does not load (run \`specbench check\`): the change is not counted.\n`);
    return EXIT.problems;
  }
  const diff = diffSpecs(before, after);
  io.out(format === 'json' ? diffJson(diff, range) : diffMarkdown(diff, `\`${range.base}\` with ${head ? `\`${range.head}\`` : 'the working tree'}`, fit));
  return options['fail-on-breaking'] && diff.breaking.length > 0 ? EXIT.problems : EXIT.ok;
}

/** `--budget`, `--report-url` and `--preview-url`, checked before any work: a whole number of bytes, absolute http(s) URLs (the preview's with or without its final `/`). */
function markdownFit(options: Options, format: string): { budget?: number; fullReport?: string; preview?: string } {
  const { budget, 'report-url': url, 'preview-url': preview } = options;
  if ((budget !== undefined || url !== undefined || preview !== undefined) && format !== 'markdown') throw new UsageError('--budget, --report-url and --preview-url shape the Markdown report; --format json is never cut');
  if (preview !== undefined && (preview.length > DIFF_LINK_MAX || /[\s<>?#]/.test(preview) || !absoluteUrlSchema.safeParse(preview).success)) throw new UsageError(`--preview-url is the preview site's absolute http or https address (its pages are below it: no query or fragment), of at most ${DIFF_LINK_MAX} characters; got \`${preview.slice(0, 200)}\``);
  if (budget !== undefined && !(/^\d+$/.test(budget) && Number(budget) >= DIFF_MIN_BUDGET)) throw new UsageError(`--budget is a number of bytes, at least ${DIFF_MIN_BUDGET}; got \`${budget}\``);
  if (url !== undefined && (url.length > DIFF_LINK_MAX || !absoluteUrlSchema.safeParse(url).success)) throw new UsageError(`--report-url is an absolute http or https URL of at most ${DIFF_LINK_MAX} characters; got \`${url.slice(0, 200)}\``);
  return { ...(budget !== undefined ? { budget: Number(budget) } : {}), ...(url !== undefined ? { fullReport: url } : {}), ...(preview !== undefined ? { preview } : {}) };
}
