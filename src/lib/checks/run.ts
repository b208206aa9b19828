import type { AreaKey } from '../areas/index.ts';
import type { Diagnostic, Severity, Span } from '../diagnostics/diagnostic.ts';
import { isObj } from '../facet/state.ts';
import { patternProblem } from '../gaps/id-grammar.ts';
import type { FacetResult, Misplaced } from '../gaps/types.ts';
import type { LinkGraph } from '../link/graph.ts';
import type { ProseFound } from '../link/markdown.ts';
import type { Reference } from '../link/references.ts';
import type { SourceFile } from '../load/source.ts';
import { didYouMean } from '../load/suggest.ts';
import { PATTERN_LENGTH } from '../model/config.ts';
import { areaOf, findItem, type Area, type Item, type Spec, type Unreadable } from '../model/spec.ts';
import { CHECKS } from './index.ts';
import type { At, Check, CheckContext, Report, SpecCheckContext } from './types.ts';

/** What the checks find in one file of their own: its references, prose, gaps, and facets written twice or where they cannot apply. */
export interface Findings {
  references: readonly Reference[];
  prose: readonly ProseFound[];
  gaps: readonly FacetResult[];
  duplicates: readonly Misplaced[];
  ignored: readonly Misplaced[];
}

/** The spec as the checks see it, from the engine. */
export interface CheckWorld {
  spec: Spec;
  /** One file's findings; `all` are the whole spec's, in file order. */
  findings(file: string): Findings;
  all: Findings;
  graph: LinkGraph;
  facet(id: string): FacetResult | undefined;
  facetIds(): Iterable<string>;
  /** The parsed text of a file, for locating what a check reports. */
  source(file: string): SourceFile | undefined;
  /** The run's pattern matcher (`patternMatcher`), shared by every file's checks. */
  matches(pattern: string, text: string): boolean | undefined;
}

/** One file to check: an area's own file, or an item. */
export type CheckUnit = { area: Area; item?: undefined } | { area?: undefined; item: Item };

/**
 * What a file's checks looked up besides the file, each a key the engine can tell the current
 * state of: `item:area/id`, `area:key` (an area's own file), `ids:key` (an area's list of items),
 * `file:path` (a file's text, where a report is located) and `all` (anything at all).
 */
export type Dependency = `item:${string}` | `area:${string}` | `ids:${string}` | `file:${string}` | 'all';

const NO_ITEMS: readonly never[] = [];

/** Runs every file check on one file; returns what they report and what they looked up. */
export function runFileChecks(world: CheckWorld, unit: CheckUnit, checks: readonly Check[] = CHECKS): { diagnostics: Diagnostic[]; deps: Dependency[] } {
  const deps = new Set<Dependency>();
  const file = unit.item?.file ?? unit.area?.file ?? '';
  const base = lookups(world, (dep) => deps.add(dep));
  const own = world.findings(file);
  // The lists `items` gives, made once for the run (the checks ask of every area, thousands of times in a spec).
  const mine: readonly Item[] = unit.item ? [unit.item] : [];
  const ctx = {
    ...base,
    ...own,
    items: <K extends AreaKey>(key: K) => (unit.item?.area === key ? (mine as ReadonlyArray<Item<K>>) : NO_ITEMS),
    areaFile: <K extends AreaKey>(key: K) => (unit.area?.key === key ? (unit.area as Area<K>) : undefined),
  };
  const diagnostics = runAll(world, prepared(world.spec, checks).file, ctx, (at) => deps.add(`file:${at.file}`));
  deps.delete(`file:${file}`);
  return { diagnostics, deps: [...deps].sort() };
}

/** Runs the checks that compare items with each other, and reads the settings' own mistakes. */
export function runSpecChecks(world: CheckWorld, checks: readonly Check[] = CHECKS): Diagnostic[] {
  const ctx = {
    ...lookups(world, () => {}),
    ...world.all,
    graph: world.graph,
    items: <K extends AreaKey>(key: K) => areaOf(world.spec, key).items,
    areaFile: <K extends AreaKey>(key: K) => areaOf(world.spec, key),
  };
  return [...configDiagnostics(world, checks), ...runAll(world, prepared(world.spec, checks).spec, ctx, () => {})];
}

/** The look-ups every check may make, each noted as a dependency. */
function lookups(world: CheckWorld, note: (dep: Dependency) => void) {
  const { spec } = world;
  const unreadable = unreadableOf(spec);
  return {
    config: spec.config,
    matches: world.matches,
    area: <K extends AreaKey>(key: K) => {
      note(`area:${key}`);
      return areaOf(spec, key);
    },
    item: <K extends AreaKey>(key: K, id: string) => {
      note(`item:${key}/${id}`);
      return findItem(spec, key, id);
    },
    ids: (key: AreaKey) => {
      note(`ids:${key}`);
      return areaOf(spec, key).items.map((i) => i.id);
    },
    unreadable: (key: AreaKey, id: string) => {
      note(`item:${key}/${id}`);
      return unreadable.get(`${key}/${id}`);
    },
    facet: (id: string) => {
      for (const dep of facetDependencies(id)) note(dep);
      return world.facet(id);
    },
    facetIds: () => {
      note('all');
      return world.facetIds();
    },
    written: (at: At) => {
      note(`file:${at.file}`);
      return world.source(at.file)?.textAt(at.path);
    },
  };
}

/** Each spec's unreadable items by `area/id`, made once for all its files' checks. */
const UNREADABLE = new WeakMap<Spec, ReadonlyMap<string, Unreadable>>();

function unreadableOf(spec: Spec): ReadonlyMap<string, Unreadable> {
  let found = UNREADABLE.get(spec);
  if (!found) UNREADABLE.set(spec, (found = new Map(spec.areas.flatMap((a) => a.unreadable.map((u) => [`${a.key}/${u.id}`, u] as const)))));
  return found;
}

/** What a facet's existence depends on: its area's own file, and the item its id names (`resources/Order/fields`). */
export function facetDependencies(id: string): Dependency[] {
  const [area = '', item] = id.split('/');
  return id.split('/').length > 2 && item !== undefined ? [`area:${area}`, `item:${area}/${item}`] : [`area:${area}`];
}

/** A check to run, with its severity under the spec's settings. */
interface Running {
  check: Check;
  code: string;
  severity: Severity;
}

/** The checks of each scope that run, with their severities: one list per spec and list of checks, for every file's run. */
const PREPARED = new WeakMap<Spec, WeakMap<readonly Check[], { file: readonly Running[]; spec: readonly Running[] }>>();

function prepared(spec: Spec, checks: readonly Check[]): { file: readonly Running[]; spec: readonly Running[] } {
  let bySpec = PREPARED.get(spec);
  if (!bySpec) PREPARED.set(spec, (bySpec = new WeakMap()));
  let found = bySpec.get(checks);
  if (!found) {
    const running = (scope: Check['scope']) =>
      checks.flatMap((check): Running[] => {
        const severity = check.scope === scope ? severityOf(spec, check) : 'off';
        return severity === 'off' ? [] : [{ check, code: check.code, severity }];
      });
    bySpec.set(checks, (found = { file: running('file'), spec: running('spec') }));
  }
  return found;
}

/** Runs checks with the spec's severities; a check that throws becomes a diagnostic, never a crash. */
function runAll<C extends CheckContext>(world: CheckWorld, checks: readonly Running[], base: Omit<C, 'report'>, located: (at: At) => void): Diagnostic[] {
  const out: Diagnostic[] = [];
  const locate = (at: At): Span => {
    located(at);
    const source = world.source(at.file);
    if (!source) return { file: at.file, line: 1, column: 1 };
    return at.text !== undefined ? source.locateText(at.path, at.text) : source.locate(at.path, at.key);
  };
  // One context for every check of the run, its `report` the running check's (a file's checks run thousands of times in a spec).
  let running: Running | undefined;
  const report = ({ message, at, related }: Report) =>
    out.push({ code: running?.code ?? '', severity: running?.severity ?? 'error', message, ...locate(at), ...(related ? { related: related.map((r) => ({ ...locate(r.at), message: r.message })) } : {}) });
  const ctx = { ...base, report } as unknown as SpecCheckContext;
  for (const check of checks) {
    running = check;
    try {
      check.check.run(ctx);
    } catch (error) {
      out.push({ code: 'internal-error', severity: 'error', message: `Check ${check.code} failed: ${error instanceof Error ? error.message : String(error)}. Please report this with the content that caused it.`, file: world.spec.config.file ?? '.', line: 1, column: 1 });
    }
  }
  return out;
}

/** A check's severity under the spec's settings; a locked check keeps its own. */
function severityOf(spec: Spec, check: Check): Severity | 'off' {
  return check.locked ? check.severity : (spec.config.checks.get(check.code) ?? check.severity);
}

function configDiagnostics(world: CheckWorld, checks: readonly Check[]): Diagnostic[] {
  const { file } = world.spec.config;
  const source = file ? world.source(file) : undefined;
  if (!file || !source) return [];
  const levels = levelDiagnostics(source);
  const codes = checks.map((c) => c.code);
  const locked = new Map(checks.filter((c) => c.locked).map((c) => [c.code, c.severity]));
  const severities = [...world.spec.config.checks].flatMap(([code, severity]): Diagnostic[] => {
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
