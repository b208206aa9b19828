import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Assessment } from '../gaps/types.ts';
import type { LinkGraph } from '../link/graph.ts';
import type { ProseFindings } from '../link/markdown.ts';
import type { Prose } from '../link/prose.ts';
import type { Reference } from '../link/references.ts';
import { patternProblem } from '../gaps/id-grammar.ts';
import { PATTERN_LENGTH } from '../model/config.ts';
import { isObj } from '../facet/state.ts';
import type { SourceFile } from '../load/source.ts';
import { didYouMean } from '../load/suggest.ts';
import { areaOf, findItem, type Spec } from '../model/spec.ts';
import { CHECKS } from './index.ts';
import type { At, Check, CheckContext } from './types.ts';

export interface CheckInput {
  spec: Spec;
  references: readonly Reference[];
  prose: ReadonlyArray<Prose & ProseFindings>;
  assessment: Assessment;
  graph: LinkGraph;
}

/** Runs every check with the spec's severities; a check that throws becomes a diagnostic, never a crash. */
export function runChecks(input: CheckInput, checks: readonly Check[] = CHECKS): Diagnostic[] {
  const { spec } = input;
  const out: Diagnostic[] = [...configDiagnostics(spec, checks)];
  const locate = (at: At) => {
    const source = spec.sources.get(at.file);
    if (!source) return { file: at.file, line: 1, column: 1 };
    return at.text !== undefined ? source.locateText(at.path, at.text) : source.locate(at.path, at.key);
  };
  const unreadable = new Map(spec.areas.flatMap((a) => a.unreadable.map((u) => [`${a.key}/${u.id}`, u] as const)));
  const facets = new Map(input.assessment.facets.map((f) => [f.id, f]));
  for (const check of checks) {
    const severity = check.locked ? check.severity : (spec.config.checks.get(check.code) ?? check.severity);
    if (severity === 'off') continue;
    const ctx: CheckContext = {
      ...input,
      facets,
      area: (key) => areaOf(spec, key),
      items: (key) => areaOf(spec, key).items,
      item: (key, id) => findItem(spec, key, id),
      unreadable: (key, id) => unreadable.get(`${key}/${id}`),
      written: (at) => spec.sources.get(at.file)?.textAt(at.path),
      report: ({ message, at, related }) =>
        out.push({
          code: check.code,
          severity,
          message,
          ...locate(at),
          ...(related ? { related: related.map((r) => ({ ...locate(r.at), message: r.message })) } : {}),
        }),
    };
    try {
      check.run(ctx);
    } catch (error) {
      out.push({ code: 'internal-error', severity: 'error', message: `Check ${check.code} failed: ${error instanceof Error ? error.message : String(error)}. Please report this with the content that caused it.`, file: spec.config.file ?? '.', line: 1, column: 1 });
    }
  }
  return out;
}

function configDiagnostics(spec: Spec, checks: readonly Check[]): Diagnostic[] {
  const { file } = spec.config;
  const source = file ? spec.sources.get(file) : undefined;
  if (!file || !source) return [];
  const levels = levelDiagnostics(source);
  const codes = checks.map((c) => c.code);
  const locked = new Map(checks.filter((c) => c.locked).map((c) => [c.code, c.severity]));
  const severities = [...spec.config.checks].flatMap(([code, severity]): Diagnostic[] => {
    if (!codes.includes(code)) {
      return [{ code: 'unknown-check', severity: 'error', message: `\`${code}\` is not a check${didYouMean(code, codes) || '.'} Checks: ${codes.join(', ')}.`, ...source.locate(['checks', code], true) }];
    }
    const fixed = locked.get(code);
    if (fixed !== undefined && fixed !== severity) {
      return [{ code: 'unknown-check', severity: 'error', message: `\`${code}\` keeps the site safe to build; it is always an ${fixed} and cannot be set to ${severity}. Remove this line.`, ...source.locate(['checks', code]) }];
    }
    return [];
  });
  return [...severities, ...levels];
}

/** Level patterns that can never match a gap id, read from the file as written (so every one is reported, even while another key has an error). */
function levelDiagnostics(source: SourceFile): Diagnostic[] {
  let raw: unknown;
  try {
    raw = source.doc.toJS({ maxAliasCount: 100 })?.levels;
  } catch {
    // The loader has reported what makes the file unreadable.
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((level: unknown, i) => {
    const close: unknown = isObj(level) ? level.close : undefined;
    if (!Array.isArray(close)) return [];
    return close.flatMap((pattern: unknown, j): Diagnostic[] => {
      // Empty and overlong patterns are the schema's to report.
      const problem = typeof pattern === 'string' && pattern !== '' && pattern.length <= PATTERN_LENGTH ? patternProblem(pattern) : undefined;
      return problem ? [{ code: 'unknown-gap-pattern', severity: 'error', message: problem, ...source.locate(['levels', i, 'close', j]) }] : [];
    });
  });
}
