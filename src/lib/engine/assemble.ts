import { createHash } from 'node:crypto';
import { AREA_KEYS, AREAS, isAreaKey, type AreaKey } from '../areas/index.ts';
import { runFileChecks, runSpecChecks, type CheckUnit, type CheckWorld, type Dependency, type Findings } from '../checks/run.ts';
import { patternMatcher } from '../checks/shapes.ts';
import type { Check } from '../checks/types.ts';
import { causesFirst, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isGap, own } from '../facet/state.ts';
import { coverageAcross, openAcross, walkAcross, type ResourceData } from '../gaps/across.ts';
import { assessFile, type Locate } from '../gaps/assess.ts';
import type { Assessment, Coverage, FacetResult, FileAssessment, OwnerResult } from '../gaps/types.ts';
import { buildGraph, referenceEdges, type Edge, type LinkGraph } from '../link/graph.ts';
import type { ProseFound } from '../link/markdown.ts';
import { parseTarget } from '../link/prose.ts';
import type { Reference } from '../link/references.ts';
import { classify } from '../load/classify.ts';
import { sourceOf, sourceText } from '../load/parse-file.ts';
import type { SpecFile } from '../load/read-dir.ts';
import type { SourceFile } from '../load/source.ts';
import { readConfig } from '../model/config.ts';
import { AREA_FILE, CONFIG_FILE, findItem, itemKey, type Area, type Item, type Spec, type SpecConfig, type SpecTexts } from '../model/spec.ts';
import type { FileResult } from './file-result.ts';

/*
 * Putting the spec together from its files' results, one named phase after another: the areas
 * and items, the area files' own walks (an inventory counts its items), what blocks what across
 * files, coverage, the link graph, the checks, the diagnostics. Each phase is a function of what
 * the phases before it made; the engine's property test (`test/lib/engine/incremental.test.ts`)
 * runs every one of them on every update it compares with a fresh analysis.
 */

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

/** One file of the folder as the engine keeps it between updates. */
export interface FileState {
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

export const digest = (data: Uint8Array | string) => createHash('sha256').update(data).digest('base64url').slice(0, 32);

/** One page's file: an area's own (`key` is the area) or an item's (`area/id`). */
type Unit = { key: string; file: string; area: Area; item?: undefined } | { key: string; file: string; area?: undefined; item: Item };

/** The files that are read as pages, by page key (`area`, `area/id`). */
type Members = ReadonlyMap<string, FileState>;

/** Puts the spec together from its files' results, runs the checks that are not current, and gives the analysis. */
export function assemble(files: ReadonlyMap<string, FileState>, checks: readonly Check[]): Analysis {
  const diagnostics: Diagnostic[] = [];
  const configState = files.get(CONFIG_FILE);
  const config = readConfig(configState?.result ? CONFIG_FILE : undefined, configState?.result?.data ?? {});
  const { spec, members } = areasAndItems(files, config, diagnostics);
  const sources = positions(files);
  const required = new Set(config.require);
  // An all_of's part naming a resource answers, here, what the walk of one file could not ask it (`gaps/across.ts`).
  const resource: ResourceData = (id) => findItem(spec, 'resources', id)?.data;
  const areaWalks = new Map([...inventories(spec, sources, required)].map(([k, w]) => [k, walkAcross(w, resource)]));
  // Every page's file in the nine-part order: an area's own, then its items by id.
  const units: Unit[] = spec.areas.flatMap((area): Unit[] => [{ key: area.key, file: area.file, area }, ...area.items.map((item) => ({ key: itemKey(item), file: item.file, item }))]);
  const walks = facetWalks(spec, members, areaWalks, required, resource);
  const withBlocks = blockedBy(units, members, areaWalks, walks.facet, resource);
  const covered = coverage(units, members, areaWalks, withBlocks, resource);
  const graph = linkGraph(spec, covered.all, walks.facet);
  const world: CheckWorld = {
    spec,
    findings: (file) => covered.findings.get(file) ?? NO_FINDINGS,
    all: covered.all,
    graph,
    facet: walks.facet,
    facetIds: function* () {
      for (const u of units) for (const f of walks.walkOf(u.key)?.facets ?? []) yield f.id;
    },
    source: (file) => sources.get(file),
    matches: patternMatcher(),
  };
  for (const d of checkDiagnostics(world, units, files, members, checks, areaWalks)) diagnostics.push(d); // one at a time: a spec may have 400,000
  // A file that could not be read first: the errors elsewhere that name it only follow from its own.
  const causes = new Set(spec.areas.flatMap((a) => a.unreadable.map((u) => u.file)));
  return analysisOf(spec, diagnostics.sort(causesFirst(causes)), covered, graph, units, walks.walkOf, withBlocks, files);
}

/**
 * Phase 1, the areas and items: each file where its path puts it, what could not be read said
 * (and still an item, so references to it say it has errors), ids told apart beyond letter case.
 * The diagnostics of reading each file are gathered here, in file order.
 */
function areasAndItems(files: ReadonlyMap<string, FileState>, config: SpecConfig, diagnostics: Diagnostic[]): { spec: Spec; members: Members } {
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
  return { spec: { areas: [...areas.values()], sources: texts(files), config }, members };
}

/** A file's text for showing it (a code frame): its parsed form when it is at hand, else its bytes decoded once. */
function texts(files: ReadonlyMap<string, FileState>): SpecTexts {
  return {
    get(file: string): { text: string } | undefined {
      const state = files.get(file);
      if (!state?.bytes) return undefined;
      if (state.source) return state.source;
      state.text ??= sourceText(state.path, state.bytes, []);
      return state.text === undefined ? undefined : { text: state.text };
    },
    size: (file: string) => files.get(file)?.bytes?.length ?? 0,
  };
}

/** A file's parsed form with positions, for locating what is said of it: parsed when first asked (a file read on the fast path has none). */
function positions(files: ReadonlyMap<string, FileState>): { get(file: string): SourceFile | undefined } {
  return {
    get(file: string): SourceFile | undefined {
      const state = files.get(file);
      if (!state?.bytes) return undefined;
      return (state.source ??= sourceOf(state.path, state.bytes));
    },
  };
}

/** Phase 2, the inventories: the areas' own files are walked here, with the spec, since an inventory's question counts the area's items. */
function inventories(spec: Spec, sources: ReturnType<typeof positions>, required: ReadonlySet<string>): Map<AreaKey, FileAssessment> {
  return new Map<AreaKey, FileAssessment>(
    spec.areas.map((area) => {
      const count = (kind: string | undefined) => area.items.filter((i) => kind === undefined || own(i.data, 'kind') === kind).length;
      // Gaps are located only in an area file that is there; parsed lazily, on the first gap.
      let source: SourceFile | undefined;
      // A missing area file's gaps are written at its top, once it exists.
      const locate: Locate = area.present
        ? (at, key) => {
            source ??= sources.get(area.file);
            return source ? source.locate(at, key) : { line: 1, column: 1 };
          }
        : () => ({ line: 1, column: 1 });
      return [area.key, assessFile({ area: area.key, file: area.file, data: area.data }, { required, count, locate })];
    }),
  );
}

/** Every page's facets, walked when first asked (an item's keep the places its reading found), and any facet by id. */
function facetWalks(spec: Spec, members: Members, areaWalks: ReadonlyMap<AreaKey, FileAssessment>, required: ReadonlySet<string>, resource: ResourceData) {
  // A file's walk is kept with the file; what the resources answer of it, for this spec only.
  const answered = new Map<string, FileAssessment>();
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
    let open = answered.get(key);
    if (!open) answered.set(key, (open = walkAcross(state.walk, resource)));
    return open;
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
  return { walkOf, facet };
}

/** A page's own gaps, blocked-by lists and held-up values: an item's from its result, an area's from its walk. */
function pageFacts(u: Unit, members: Members, areaWalks: ReadonlyMap<AreaKey, FileAssessment>, resource: ResourceData) {
  if (u.item) {
    const result = members.get(u.key)?.result;
    return { gaps: openAcross(result?.gaps ?? [], resource).facets, blocked: result?.blocked ?? [], heldUp: result?.heldUp ?? [] };
  }
  const walk = areaWalks.get(u.area.key);
  const facets = walk?.facets ?? [];
  return { gaps: facets.filter((f) => isGap(f.state)), blocked: facets.filter((f) => f.blockedBy.length > 0), heldUp: walk?.heldUp ?? [] };
}

/** Phase 3, blocked-by across files: what each facet holds up (facets that name it, values waiting on its gap); gives a facet with its `blocks`. */
function blockedBy(units: readonly Unit[], members: Members, areaWalks: ReadonlyMap<AreaKey, FileAssessment>, facet: (id: string) => FacetResult | undefined, resource: ResourceData): (f: FacetResult) => FacetResult {
  const blocked = new Map<string, string[]>();
  const block = (id: string, by: string) => {
    const list = blocked.get(by);
    if (list) list.push(id);
    else blocked.set(by, [id]);
  };
  const facts = units.map((u) => pageFacts(u, members, areaWalks, resource));
  const gapIds = new Set<string>();
  for (const f of facts) for (const g of f.gaps) gapIds.add(g.id);
  for (const f of facts) for (const b of f.blocked) for (const by of b.blockedBy) if (facet(by)) block(b.id, by);
  for (const f of facts) for (const { id, by } of f.heldUp) if (gapIds.has(by)) block(id, by);
  return (f) => {
    const blocks = blocked.get(f.id);
    return blocks ? { ...f, blocks } : f;
  };
}

const NO_FINDINGS: Findings = { references: [], prose: [], gaps: [], duplicates: [], ignored: [] };

/** Every file's findings together, in file order. */
type AllFindings = { [K in keyof Findings]: Array<Findings[K][number]> };

/** What phase 4 gives: the gaps with what they block, coverage by item and by area, and each file's findings and all of them in file order. */
interface Covered {
  gaps: FacetResult[];
  byItem: Record<string, Coverage>;
  byArea: Record<AreaKey, Coverage>;
  findings: Map<string, Findings>;
  all: AllFindings;
}

/** Phase 4, coverage: each page's gaps (with what they block) and how much of it is stated, summed by area; and what each file gives the checks. */
function coverage(units: readonly Unit[], members: Members, areaWalks: ReadonlyMap<AreaKey, FileAssessment>, withBlocks: (f: FacetResult) => FacetResult, resource: ResourceData): Covered {
  const gaps: FacetResult[] = [];
  const byItem: Record<string, Coverage> = {};
  const byArea = Object.fromEntries(AREA_KEYS.map((k) => [k, { stated: 0, total: 0 }])) as Record<AreaKey, Coverage>;
  const findings = new Map<string, Findings>();
  for (const u of units) {
    const sum = byArea[u.item ? u.item.area : u.area.key];
    const result = members.get(u.key)?.result;
    let found: Findings;
    if (u.item) {
      if (!result) continue;
      const open = openAcross(result.gaps, resource);
      const own = open.facets.map(withBlocks);
      const stated = coverageAcross(result.coverage, open.dropped);
      for (const g of own) gaps.push(g);
      if (stated.total > 0) byItem[u.key] = stated;
      sum.stated += stated.stated;
      sum.total += stated.total;
      found = { references: result.references, prose: result.prose, gaps: own, duplicates: result.duplicates, ignored: result.ignored };
    } else {
      const walk = areaWalks.get(u.area.key);
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
  const all: AllFindings = {
    references: ordered.flatMap((f) => f.references),
    prose: ordered.flatMap((f) => f.prose),
    gaps,
    duplicates: ordered.flatMap((f) => f.duplicates),
    ignored: ordered.flatMap((f) => f.ignored),
  };
  return { gaps, byItem, byArea, findings, all };
}

/** Phase 5, the link graph: references and prose links between pages, to items that exist. */
function linkGraph(spec: Spec, all: AllFindings, facet: (id: string) => FacetResult | undefined): LinkGraph {
  const exists = (area: string, id: string) => isAreaKey(area) && findItem(spec, area, id) !== undefined;
  return buildGraph([...referenceEdges(all.references, exists), ...proseEdges(all.prose, facet, exists)]);
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

/**
 * Phase 6, the checks: each file's, taken from its memo while the file and everything its checks
 * looked up are as they were (else run again and noted), then those that compare items with each
 * other, which run every time.
 */
function checkDiagnostics(world: CheckWorld, units: readonly Unit[], files: ReadonlyMap<string, FileState>, members: Members, checks: readonly Check[], areaWalks: ReadonlyMap<AreaKey, FileAssessment>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const versions = versionsOf(files, world.spec, members);
  const configKey = files.get(CONFIG_FILE)?.hash ?? '-';
  for (const u of units) {
    if (u.area && !u.area.present) continue;
    const state = members.get(u.key);
    if (!state?.result) continue;
    const key = `${state.result.key}.${configKey}`;
    const memo = state.checks;
    if (memo && memo.key === key && memo.deps.every(([dep, version]) => versions(dep) === version)) {
      for (const d of memo.diagnostics) out.push(d);
      continue;
    }
    const unit: CheckUnit = u.item ? { item: u.item } : { area: u.area };
    const ran = runFileChecks(world, unit, checks);
    state.checks = { key, deps: ran.deps.map((dep) => [dep, versions(dep)]), diagnostics: ran.diagnostics };
    for (const d of ran.diagnostics) out.push(d);
  }
  for (const d of [...runSpecChecks(world, checks), ...collisions(world.spec, areaWalks)]) out.push(d);
  return out;
}

/** The current state of each thing a file's checks may look up (see `Dependency`). */
function versionsOf(files: ReadonlyMap<string, FileState>, spec: Spec, members: Members): (dep: Dependency) => string {
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

/**
 * Phase 7, the analysis: the diagnostics in their order, the assessment (every facet and owner
 * walked only when asked), and each page's facets with what they block.
 */
function analysisOf(spec: Spec, diagnostics: Diagnostic[], covered: Covered, graph: LinkGraph, units: readonly Unit[], walkOf: (key: string) => FileAssessment | undefined, withBlocks: (f: FacetResult) => FacetResult, files: ReadonlyMap<string, FileState>): Analysis {
  let facets: FacetResult[] | undefined;
  let owners: OwnerResult[] | undefined;
  // Each page's facets with what they block, walked once per analysis.
  const blockedWalks = new Map<string, FileAssessment>();
  const everyWalk = () => units.map((u) => walkOf(u.key)).filter((w): w is FileAssessment => w !== undefined);
  const assessment: Assessment = {
    gaps: covered.gaps,
    byArea: covered.byArea,
    byItem: covered.byItem,
    duplicates: covered.all.duplicates,
    ignored: covered.all.ignored,
    get facets() {
      return (facets ??= everyWalk().flatMap((w) => w.facets.map(withBlocks)));
    },
    get owners() {
      return (owners ??= everyWalk().flatMap((w) => w.owners));
    },
  };
  return {
    spec,
    diagnostics,
    assessment,
    references: covered.all.references,
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
