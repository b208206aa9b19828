import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AREA_KEYS, AREAS, isAreaKey, type AreaKey } from '../areas/index.ts';
import type { Check } from '../checks/types.ts';
import { CHECKS } from '../checks/index.ts';
import { runFileChecks, runSpecChecks, type CheckUnit, type CheckWorld, type Dependency, type Findings } from '../checks/run.ts';
import { patternMatcher } from '../checks/shapes.ts';
import { compareDiagnostics, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isGap, own } from '../facet/state.ts';
import { assessFile, type Locate } from '../gaps/assess.ts';
import type { Assessment, Coverage, FacetResult, FileAssessment, OwnerResult } from '../gaps/types.ts';
import { buildGraph, referenceEdges, type Edge, type LinkGraph } from '../link/graph.ts';
import { parseTarget } from '../link/prose.ts';
import type { Reference } from '../link/references.ts';
import { classify } from '../load/classify.ts';
import { sourceOf, sourceText } from '../load/parse-file.ts';
import type { SpecFile } from '../load/read-dir.ts';
import type { SourceFile } from '../load/source.ts';
import { readConfig } from '../model/config.ts';
import { AREA_FILE, CONFIG_FILE, findItem, itemKey, type Area, type Item, type Spec } from '../model/spec.ts';
import { analyzeFile, diagnosticSchema, fileResultSchema, type FileAnalysis, type FileResult, type FileSettings, type ProseFound } from './file-result.ts';

/** A spec with everything the core knows about it. */
export interface Analysis {
  spec: Spec;
  diagnostics: Diagnostic[];
  assessment: Assessment;
  references: Reference[];
  graph: LinkGraph;
  /** The facets and owners of one page's file, `area` or `area/id`, walked when first asked; undefined for no such file. */
  facetsOf(key: string): FileAssessment | undefined;
  /** What names a file's content and the settings it was read with (the same key, the same file); undefined for no such file. */
  fileKey(path: string): string | undefined;
}

/** What a file's checks reported, and the state of what they looked up when they ran. */
export interface CheckMemo {
  /** The file's result key and the settings' digest it ran with. */
  key: string;
  deps: Array<[Dependency, string]>;
  diagnostics: Diagnostic[];
}

/** A file's result and its checks' memo, as a store keeps them between runs. */
export interface Stored {
  result: FileResult;
  checks?: CheckMemo;
}

/**
 * Where results are kept between runs (the command line's cache on disk); looked up by `storeKey`.
 * What `get` gives is checked against the shape of `Stored` before it is used (it comes from
 * outside the process): anything else is read again.
 */
export interface ResultStore {
  get(key: string): unknown;
  set(key: string, value: Stored): void;
}

/** What the checks may look up, as a memo names it. */
const dependencySchema: z.ZodType<Dependency> = z.union([z.templateLiteral(['item:', z.string()]), z.templateLiteral(['area:', z.string()]), z.templateLiteral(['ids:', z.string()]), z.templateLiteral(['file:', z.string()]), z.literal('all')]);

/** The shape of a stored result and memo, every field of it and nothing else. */
const storedSchema: z.ZodType<Stored> = z.strictObject({
  result: fileResultSchema,
  checks: z.strictObject({ key: z.string(), deps: z.array(z.tuple([dependencySchema, z.string()])), diagnostics: z.array(diagnosticSchema) }).optional(),
});

/** Whether a value a store gave back has the shape of `Stored`: it is then used as it is (its keys in the order they were written). */
function isStored(value: unknown): value is Stored {
  return storedSchema.safeParse(value).success;
}

/** A file to analyse: where it is, its bytes, the key of its result, and the settings to read it with. */
export interface Job {
  path: string;
  bytes: Uint8Array;
  key: string;
  settings: FileSettings;
}

/** What one update changed: the files whose results are new (added, edited) or gone. */
export interface Update {
  analysis: Analysis;
  changed: ReadonlySet<string>;
  /** How many files were analysed (not found in memory or the store). */
  analysed: number;
}

interface FileState {
  path: string;
  bytes?: Uint8Array;
  problem?: SpecFile['problem'];
  /** Digest of the bytes. */
  hash?: string;
  result?: FileResult;
  source?: SourceFile;
  /** The decoded text, when it was asked for without parsing. */
  text?: string;
  walk?: FileAssessment;
  checks?: CheckMemo;
}

const digest = (data: Uint8Array | string) => createHash('sha256').update(data).digest('base64url').slice(0, 32);

/**
 * The analysis of one spec folder, kept up to date as its files change: each file is read on
 * its own (parse, validate, its facets, references and prose), keyed by the digest of its bytes
 * and the settings, and reused while both stay the same; what spans files (the spec, links,
 * coverage, checks across items) is put together from those results on every update, and a
 * file's checks run again only when the file or something they looked up changed. The same
 * files give the same analysis whatever came before.
 */
export class Engine {
  readonly #store: ResultStore | undefined;
  readonly #checks: readonly Check[];
  #files = new Map<string, FileState>();
  #analysis: Analysis | undefined;

  constructor(options: { store?: ResultStore; checks?: readonly Check[] } = {}) {
    this.#store = options.store;
    this.#checks = options.checks ?? CHECKS;
  }

  /** The latest analysis; undefined before the first update. */
  get analysis(): Analysis | undefined {
    return this.#analysis;
  }

  /** Takes the folder's files as they are now and analyses what changed, in this thread. */
  update(files: readonly SpecFile[]): Update {
    const { jobs, commit } = this.prepare(files);
    return commit(jobs.map((job) => analyzeFile(job.path, job.bytes, job.key, job.settings)));
  }

  /** The same, with the files that need reading handed to `run` (worker threads, say). */
  async updateWith(files: readonly SpecFile[], run: (jobs: readonly Job[]) => Promise<FileAnalysis[]>): Promise<Update> {
    const { jobs, commit } = this.prepare(files);
    return commit(jobs.length === 0 ? [] : await run(jobs));
  }

  /** Which files need reading, and how to take their results in. */
  prepare(files: readonly SpecFile[]): { jobs: Job[]; commit: (analysed: FileAnalysis[]) => Update } {
    const previous = this.#files;
    const next = new Map<string, FileState>();
    for (const file of [...files].sort((a, b) => compareStrings(a.path, b.path))) {
      const old = previous.get(file.path);
      // The same bytes as last time (a folder followed file by file) need no new digest.
      const hash = file.bytes ? (old?.bytes === file.bytes ? old.hash : digest(file.bytes)) : undefined;
      next.set(file.path, old && old.hash === hash && hash !== undefined ? old : { path: file.path, ...(file.bytes ? { bytes: file.bytes } : {}), ...(file.problem ? { problem: file.problem } : {}), ...(hash ? { hash } : {}) });
    }
    // The settings come first: every other file is read with them.
    const config = next.get(CONFIG_FILE);
    if (config) this.#read(config, { require: [] });
    const settings: FileSettings = { require: [...readConfig(undefined, config?.result?.data ?? {}).require].sort() };
    const settingsKey = digest(JSON.stringify(settings));
    const jobs: Job[] = [];
    for (const state of next.values()) {
      if (state === config || !state.bytes || !state.hash) continue;
      const place = classify(state.path);
      if (!('area' in place)) continue;
      const key = `${state.hash}.${settingsKey}`;
      if (state.result?.key === key) continue;
      const kept = this.#store?.get(storeKey(state.path, key));
      const stored = kept !== undefined && isStored(kept) ? kept : undefined;
      if (stored?.result.key === key && stored.result.path === state.path) {
        Object.assign(state, { result: stored.result, ...(stored.checks ? { checks: stored.checks } : {}) });
        delete state.walk;
        continue;
      }
      jobs.push({ path: state.path, bytes: state.bytes, key, settings });
    }
    const commit = (analysed: FileAnalysis[]): Update => {
      const fresh = new Set<FileState>();
      for (const { result, source } of analysed) {
        const state = next.get(result.path);
        if (!state) continue;
        state.result = result;
        if (source) state.source = source;
        delete state.walk;
        delete state.checks;
        fresh.add(state);
      }
      const changed = new Set<string>();
      for (const [path, state] of next) if (previous.get(path) !== state || fresh.has(state)) changed.add(path);
      for (const path of previous.keys()) if (!next.has(path)) changed.add(path);
      this.#files = next;
      const memos = new Map([...next.values()].map((state) => [state, state.checks]));
      this.#analysis = assemble(next, this.#checks);
      // What the store does not have yet: results read now, and checks that ran again.
      for (const state of next.values()) if (fresh.has(state) || memos.get(state) !== state.checks) this.#persist(state);
      // A file's parsed text (every node with its place) is many times its size: it is parsed again if a later check must locate something in it.
      for (const state of next.values()) delete state.source;
      return { analysis: this.#analysis, changed, analysed: analysed.length };
    };
    return { jobs, commit };
  }

  /** Reads a file in this thread when its result is not current (the settings file, before the others). */
  #read(state: FileState, settings: FileSettings): void {
    if (!state.bytes || !state.hash || state.result?.key === state.hash) return;
    const { result, source } = analyzeFile(state.path, state.bytes, state.hash, settings);
    state.result = result;
    if (source) state.source = source;
  }

  #persist(state: FileState): void {
    if (state.result) this.#store?.set(storeKey(state.path, state.result.key), { result: state.result, ...(state.checks ? { checks: state.checks } : {}) });
  }
}

/** A file's result in a store: its path and key (what the store keeps is only ever used for the same path, bytes and settings). */
export function storeKey(path: string, key: string): string {
  return digest(`${path}\u0000${key}`);
}

/** Puts the spec together from its files' results, runs the checks that are not current, and gives the analysis. */
function assemble(files: ReadonlyMap<string, FileState>, checks: readonly Check[]): Analysis {
  const diagnostics: Diagnostic[] = [];
  const configState = files.get(CONFIG_FILE);
  const config = readConfig(configState?.result ? CONFIG_FILE : undefined, configState?.result?.data ?? {});
  const areas = new Map<AreaKey, Area>(AREA_KEYS.map((key) => [key, { key, file: `${key}/${AREA_FILE}`, present: false, data: {}, status: 'valid', items: [], unreadable: [] }]));
  const seenIds = new Map<string, string>();
  const members = new Map<string, FileState>();
  for (const state of files.values()) {
    const located = { file: state.path, line: 1, column: 1 };
    if (state.problem) {
      diagnostics.push({ code: state.problem.code, severity: state.problem.severity, message: state.problem.message, ...located });
      // An item file that is there but cannot be read is still an item: references to it and its inventory say so.
      const at = classify(state.path);
      if ('area' in at && at.item !== undefined) areas.get(at.area)?.unreadable.push({ id: at.item, file: state.path });
      continue;
    }
    const place = classify(state.path);
    if ('ignore' in place) continue;
    if ('problem' in place) {
      diagnostics.push({ code: place.code, severity: place.severity, message: place.problem, ...located });
      continue;
    }
    const result = state.result;
    if (!result) continue;
    for (const d of result.diagnostics) diagnostics.push(d); // one at a time: a file may have 400,000
    if ('config' in place) continue;
    const area = areas.get(place.area);
    if (!area) continue;
    if (place.item === undefined) {
      Object.assign(area, { present: true, data: result.data ?? {}, status: result.status ?? 'partial' });
      members.set(area.key, state);
      continue;
    }
    const clash = claimId(seenIds, place.area, place.item, state.path);
    if (clash) {
      diagnostics.push(clash);
      continue;
    }
    // A file that could not be read is still there: references to it say that it has errors.
    if (!result.data || !result.status) area.unreadable.push({ id: place.item, file: state.path });
    else {
      // The data passed the item schema of its area, so it has that schema's type.
      area.items.push({ area: place.area, id: place.item, file: state.path, data: result.data, status: result.status } as Item);
      members.set(`${place.area}/${place.item}`, state);
    }
  }
  for (const area of areas.values()) {
    area.items.sort((a, b) => compareStrings(a.id, b.id));
    area.unreadable.sort((a, b) => compareStrings(a.id, b.id));
  }
  // A file's text for showing it (a code frame); its parsed form for locating what is said of it.
  const texts = {
    get(file: string): { text: string } | undefined {
      const state = files.get(file);
      if (!state?.bytes) return undefined;
      if (state.source) return state.source;
      state.text ??= sourceText(state.path, state.bytes, []);
      return state.text === undefined ? undefined : { text: state.text };
    },
    size: (file: string) => files.get(file)?.bytes?.length ?? 0,
  };
  const sources = {
    get(file: string): SourceFile | undefined {
      const state = files.get(file);
      if (!state?.bytes) return undefined;
      return (state.source ??= sourceOf(state.path, state.bytes));
    },
  };
  const spec: Spec = { areas: [...areas.values()], sources: texts, config };
  const required = new Set(config.require);
  // The areas' own files are walked here: an inventory's question counts the area's items.
  const areaWalks = new Map<AreaKey, FileAssessment>(
    spec.areas.map((area) => {
      const count = (kind: string | undefined) => area.items.filter((i) => kind === undefined || own(i.data, 'kind') === kind).length;
      const source = area.present ? sources.get(area.file) : undefined;
      // A missing area file's gaps are written at its top, once it exists.
      const locate: Locate = source ? (at, key) => source.locate(at, key) : () => ({ line: 1, column: 1 });
      return [area.key, assessFile({ area: area.key, file: area.file, data: area.data }, { required, count, locate })];
    }),
  );
  // Every page's file in the nine-part order: an area's own, then its items by id.
  const units: Unit[] = spec.areas.flatMap((area): Unit[] => [{ key: area.key, file: area.file, area }, ...area.items.map((item) => ({ key: itemKey(item), file: item.file, item }))]);
  const resultOf = (key: string) => members.get(key)?.result;

  // What blocks what, across files: the facets each facet holds up.
  const blocked = new Map<string, string[]>();
  const block = (id: string, by: string) => {
    const list = blocked.get(by);
    if (list) list.push(id);
    else blocked.set(by, [id]);
  };
  const gapIds = new Set<string>();
  for (const u of units) for (const g of u.item ? (resultOf(u.key)?.gaps ?? []) : (areaWalks.get(u.area.key)?.facets.filter((f) => isGap(f.state)) ?? [])) gapIds.add(g.id);
  const blockedLists = units.flatMap((u) => (u.item ? (resultOf(u.key)?.blocked ?? []) : (areaWalks.get(u.area.key)?.facets.filter((f) => f.blockedBy.length > 0) ?? [])));
  const heldUp = units.flatMap((u) => (u.item ? (resultOf(u.key)?.heldUp ?? []) : (areaWalks.get(u.area.key)?.heldUp ?? [])));

  const walkOf = (key: string): FileAssessment | undefined => {
    const [area = '', id] = key.split('/');
    if (!isAreaKey(area)) return undefined;
    if (id === undefined) return areaWalks.get(area);
    const state = members.get(key);
    const item = findItem(spec, area, id);
    if (!state?.result || !item) return undefined;
    if (!state.walk) {
      const walk = assessFile({ area, item: id, file: item.file, data: item.data }, { required });
      // The gaps keep the places the file's own reading found.
      const located = new Map(state.result.gaps.map((g) => [g.id, g]));
      state.walk = { ...walk, facets: walk.facets.map((f) => located.get(f.id) ?? f) };
    }
    return state.walk;
  };
  const facetIndex = new Map<string, Map<string, FacetResult>>();
  const facet = (id: string): FacetResult | undefined => {
    const segments = id.split('/');
    const owners = segments.length > 2 ? [`${segments[0]}/${segments[1]}`, segments[0] ?? ''] : [segments[0] ?? ''];
    for (const owner of owners) {
      let index = facetIndex.get(owner);
      if (!index) {
        index = new Map((walkOf(owner)?.facets ?? []).map((f) => [f.id, f]));
        facetIndex.set(owner, index);
      }
      const hit = index.get(id);
      if (hit) return hit;
    }
    return undefined;
  };
  for (const b of blockedLists) for (const by of b.blockedBy) if (facet(by)) block(b.id, by);
  for (const { id, by } of heldUp) if (gapIds.has(by)) block(id, by);
  const withBlocks = (f: FacetResult): FacetResult => {
    const blocks = blocked.get(f.id);
    return blocks ? { ...f, blocks } : f;
  };

  const gaps: FacetResult[] = [];
  const byItem: Record<string, Coverage> = {};
  const byArea = Object.fromEntries(AREA_KEYS.map((k) => [k, { stated: 0, total: 0 }])) as Record<AreaKey, Coverage>;
  const findings = new Map<string, Findings>();
  const none: Findings = { references: [], prose: [], gaps: [], duplicates: [], ignored: [] };
  for (const u of units) {
    const areaKey = u.item ? u.item.area : u.area.key;
    const sum = byArea[areaKey];
    let found: Findings;
    if (u.item) {
      const result = resultOf(u.key);
      if (!result) continue;
      const own = result.gaps.map(withBlocks);
      for (const g of own) gaps.push(g);
      if (result.coverage.total > 0) byItem[u.key] = result.coverage;
      sum.stated += result.coverage.stated;
      sum.total += result.coverage.total;
      found = { references: result.references, prose: result.prose, gaps: own, duplicates: result.duplicates, ignored: result.ignored };
    } else {
      const walk = areaWalks.get(u.area.key);
      const result = resultOf(u.key);
      const facets = walk?.facets ?? [];
      const own = facets.filter((f) => isGap(f.state)).map(withBlocks);
      for (const g of own) gaps.push(g);
      sum.stated += facets.filter((f) => f.state === 'stated' || f.state === 'none').length;
      sum.total += facets.length;
      found = { references: result?.references ?? [], prose: result?.prose ?? [], gaps: own, duplicates: walk?.duplicates ?? [], ignored: walk?.ignored ?? [] };
    }
    findings.set(u.file, found);
  }
  const ordered = units.flatMap((u) => findings.get(u.file) ?? []);
  const all = {
    references: ordered.flatMap((f) => f.references),
    prose: ordered.flatMap((f) => f.prose),
    gaps,
    duplicates: ordered.flatMap((f) => f.duplicates),
    ignored: ordered.flatMap((f) => f.ignored),
  };
  const exists = (area: string, id: string) => isAreaKey(area) && findItem(spec, area, id) !== undefined;
  const graph = buildGraph([...referenceEdges(all.references, exists), ...proseEdges(all.prose, facet, exists)]);

  const facetIds = function* () {
    for (const u of units) for (const f of walkOf(u.key)?.facets ?? []) yield f.id;
  };
  const world: CheckWorld = { spec, findings: (file) => findings.get(file) ?? none, all, graph, facet, facetIds, source: (file) => sources.get(file), matches: patternMatcher() };
  const versions = versionsOf(files, spec, members);
  const configKey = configState?.hash ?? '-';
  for (const u of units) {
    if (u.area && !u.area.present) continue;
    const state = members.get(u.key);
    if (!state?.result) continue;
    const key = `${state.result.key}.${configKey}`;
    const memo = state.checks;
    if (memo && memo.key === key && memo.deps.every(([dep, version]) => versions(dep) === version)) {
      for (const d of memo.diagnostics) diagnostics.push(d);
      continue;
    }
    const unit: CheckUnit = u.item ? { item: u.item } : { area: u.area };
    const ran = runFileChecks(world, unit, checks);
    state.checks = { key, deps: ran.deps.map((dep) => [dep, versions(dep)]), diagnostics: ran.diagnostics };
    for (const d of ran.diagnostics) diagnostics.push(d);
  }
  for (const d of [...runSpecChecks(world, checks), ...collisions(spec, areaWalks)]) diagnostics.push(d);

  let facets: FacetResult[] | undefined;
  let owners: OwnerResult[] | undefined;
  // Each page's facets with what they block, walked once per analysis.
  const blockedWalks = new Map<string, FileAssessment>();
  const everyWalk = () => units.map((u) => walkOf(u.key)).filter((w): w is FileAssessment => w !== undefined);
  const assessment: Assessment = {
    gaps,
    byArea,
    byItem,
    duplicates: all.duplicates,
    ignored: all.ignored,
    get facets() {
      return (facets ??= everyWalk().flatMap((w) => w.facets.map(withBlocks)));
    },
    get owners() {
      return (owners ??= everyWalk().flatMap((w) => w.owners));
    },
  };
  return {
    spec,
    diagnostics: diagnostics.sort(compareDiagnostics),
    assessment,
    references: all.references,
    graph,
    facetsOf: (key) => {
      let found = blockedWalks.get(key);
      if (!found) {
        const walk = walkOf(key);
        if (!walk) return undefined;
        found = { ...walk, facets: walk.facets.map(withBlocks) };
        blockedWalks.set(key, found);
      }
      return found;
    },
    fileKey: (path) => {
      const state = files.get(path);
      return state?.result?.key ?? state?.hash;
    },
  };
}

/** One page's file: an area's own (`key` is the area) or an item's (`area/id`). */
type Unit = { key: string; file: string; area: Area; item?: undefined } | { key: string; file: string; area?: undefined; item: Item };

/** The current state of each thing a file's checks may look up (see `Dependency`). */
function versionsOf(files: ReadonlyMap<string, FileState>, spec: Spec, members: ReadonlyMap<string, FileState>): (dep: Dependency) => string {
  const known = new Map<Dependency, string>();
  let all: string | undefined;
  return (dep) => {
    const hit = known.get(dep);
    if (hit !== undefined) return hit;
    let version: string;
    const [kind = '', name = ''] = dep.split(/:(.*)/s);
    if (dep === 'all') version = all ??= digest([...files.values()].map((s) => `${s.path}\u0000${s.result?.key ?? s.hash ?? s.problem?.code ?? ''}`).join('\n'));
    else if (kind === 'item') {
      const [area = '', id = ''] = name.split('/');
      const member = members.get(name);
      const unreadable = isAreaKey(area) ? spec.areas.find((a) => a.key === area)?.unreadable.find((u) => u.id === id) : undefined;
      version = member ? `item ${member.result?.key}` : unreadable ? `unreadable ${files.get(unreadable.file)?.hash}` : 'none';
    } else if (kind === 'area') version = members.get(name)?.result?.key ?? 'none';
    else if (kind === 'ids') version = digest((spec.areas.find((a) => a.key === name)?.items ?? []).map((i) => i.id).join('\n'));
    else version = files.get(name)?.hash ?? 'none';
    known.set(dep, version);
    return version;
  };
}

/** Prose links to items and facets, as edges from the page the prose is on. */
function proseEdges(prose: readonly ProseFound[], facet: (id: string) => FacetResult | undefined, exists: (area: string, id: string) => boolean): Edge[] {
  return prose.flatMap((p) =>
    p.links.flatMap((link): Edge[] => {
      const target = parseTarget(link.target);
      if (target?.kind === 'item' && exists(target.area, target.id)) return [{ from: p.source, to: `${target.area}/${target.id}`, via: 'prose' }];
      const found = target?.kind === 'facet' ? facet(target.id) : undefined;
      if (found?.item !== undefined) return [{ from: p.source, to: `${found.area}/${found.item}`, via: 'prose' }];
      return [];
    }),
  );
}

/** Ids must differ in more than letter case: they become file names and URLs on any system. */
function claimId(seen: Map<string, string>, area: AreaKey, id: string, path: string): Diagnostic | undefined {
  const key = `${area}/${id.toLowerCase()}`;
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, path);
    return undefined;
  }
  return {
    code: 'duplicate-id',
    severity: 'error',
    message: `Item id \`${id}\` is already used by \`${first}\` (ids must differ in more than letter case); rename one file.`,
    file: path,
    line: 1,
    column: 1,
    related: [{ file: first, line: 1, column: 1, message: 'first defined here' }],
  };
}

/**
 * An item named like a facet of its area's own file that has facets inside it (`errors/body.yaml`
 * beside the errors area's `body`) would give two facets one id: said, so the gap ids stay exact.
 */
function collisions(spec: Spec, areaWalks: ReadonlyMap<AreaKey, FileAssessment>): Diagnostic[] {
  return AREAS.flatMap((module) => {
    const nested = new Set((areaWalks.get(module.key)?.facets ?? []).map((f) => f.id.split('/')).filter((s) => s.length > 2).map((s) => s[1] ?? ''));
    const area = spec.areas.find((a) => a.key === module.key);
    return (area?.items ?? [])
      .filter((item) => nested.has(item.id))
      .map((item): Diagnostic => ({ code: 'duplicate-id', severity: 'error', message: `Item id \`${item.id}\` is also the name of the ${module.key} area's own facet \`${item.id}\` in \`${area?.file}\`, so their facets would share gap ids; rename the file.`, file: item.file, line: 1, column: 1 }));
  });
}
