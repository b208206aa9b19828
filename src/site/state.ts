import { lstat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import {
  changeModel,
  diffSpecs,
  Engine,
  escapeControls,
  formatHuman,
  gitRoot,
  GitError,
  pageChanges,
  readSpecAt,
  resolveRevision,
  hasErrors,
  newFileText,
  readSpecDir,
  readSpecHistory,
  readSpecPath,
  SharedResults,
  SiteIndex,
  SpecDirError,
  summary,
  type Analysis,
  type ChangeModel,
  type Changelog,
  type GapHistory,
  type PageChange,
  type SpecFile,
  type ViewContext,
  type ViewDependency,
} from '../lib/index.ts';

/** How the site is set up, from the plugin's options and Astro's config; the same settings, the same site. */
export interface SiteSettings {
  /** The spec folder, absolute. */
  spec: string;
  /** The spec folder as the repository names it (`content`), for the files a gap offers to create. */
  specFromRoot: string;
  /** The package's JSON Schemas as the repository names them, for the schema line of a file a gap offers to create. */
  schemaDir: string;
  /** Where the spec's pages live below the site's base: `` at its root, or `api/`. */
  route: string;
  /** The site's base path, with a final slash (`/`, `/spec/`). */
  base: string;
  /** Where the spec folder is edited, when given outside the spec (`SPECBENCH_EDIT_URL`). */
  editUrl?: string;
  /** How many items the print version puts on one page. */
  printItems: number;
  /** Whether the site serves the guide pages. */
  guide: boolean;
  /** The git revision the site is compared with (`compare`), and what named it, for messages. */
  compare?: { revision: string; named: string };
}

/** The spec at the revision the site is compared with: analysed once per process, its site index made when a removed item's page asks for it. */
interface Base {
  analysis: Analysis;
  revision: { name: string; commit: string };
  index?: SiteIndex;
}

/** The spec's problems while it has errors (`npm run dev`): every page shows them above the last good content. */
export interface Problems {
  count: number;
  text: string;
}

interface Memo {
  value: unknown;
  deps: Array<[ViewDependency, string]>;
  /** The page the view belongs to, relative to the spec's pages (`endpoints/get-order/`). */
  page: string;
}

const REGISTRY = Symbol.for('specbench.sites');

/**
 * How many derived entries (facet indexes, shared views, rendered prose) a build lets the site's
 * index hold before it lets them go: on GitHub's description, holding all of them doubles the
 * heap (440 MB against 210 MB) and saves no time, since pages share little beyond their area.
 */
const HELD_LIMIT = 20_000;

type Registry = Map<string, Promise<SpecSite>>;

/**
 * The site of one spec folder in one process: one engine that follows the folder, the last
 * analysis without errors and the views built from it, each page's view built when the page
 * renders and kept, with what it read, until an edit changes something it read. The plugin's
 * hooks and the pages reach the same object through `specSite`, whichever copy of this module
 * they were bundled with.
 */
export class SpecSite {
  readonly settings: SiteSettings;
  /**
   * The engine that follows the folder, and the files as last read; with `compare`, the compared
   * revision's files that are as they are now are read once, for both analyses. A build lets them
   * go once its pages render (`#releaseEngine`): made again, reading the whole folder, if asked.
   */
  #results: SharedResults | undefined;
  #engine: Engine | undefined;
  readonly #graphviz: Graphviz;
  #files = new Map<string, SpecFile>();
  #index: SiteIndex | undefined;
  #problems: Problems | undefined;
  #views = new Map<string, Memo>();
  #history: Promise<{ history: GapHistory; changelog: Changelog }> | undefined;
  #base: Promise<Base> | undefined;
  #changes: ChangeModel | undefined;
  #pageChanges: ReadonlyMap<string, PageChange> = new Map();
  #downloads = new Map<string, string>();
  /** The size and time of each changed file when it was last read. */
  #seen = new Map<string, string>();
  #following = false;
  /** How many views were built, for the dev server's count of what an edit rebuilt. */
  built = 0;

  private constructor(settings: SiteSettings, graphviz: Graphviz) {
    this.settings = settings;
    this.#graphviz = graphviz;
  }

  /** The site for these settings, analysed once per process. */
  static for(settings: SiteSettings): Promise<SpecSite> {
    const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Registry;
    const key = JSON.stringify(settings);
    let site = registry.get(key);
    if (!site) {
      site = Graphviz.load().then(async (graphviz) => {
        const made = new SpecSite(settings, graphviz);
        await made.refresh();
        return made;
      });
      registry.set(key, site);
      site.catch(() => registry.delete(key));
    }
    return site;
  }

  /** The latest analysis without errors; undefined until the spec first loads without them. */
  get analysis(): Analysis | undefined {
    return this.#index?.analysis;
  }

  get index(): SiteIndex {
    if (!this.#index) throw located(`The spec in ${this.settings.spec} has errors; the site has nothing to show yet.\n\n${this.#problems?.text ?? ''}`);
    return this.#index;
  }

  /** The spec's problems while it has errors. */
  get problems(): Problems | undefined {
    return this.#problems;
  }

  /**
   * Reads the spec folder again (only `changed` files, when given; the whole folder otherwise) and
   * analyses what changed. Returns the pages whose views changed, to reload where they are open;
   * `all` when every page changed (the spec gained or lost errors).
   */
  async refresh(changed?: readonly string[]): Promise<{ pages: string[]; all: boolean }> {
    const files = await (changed && this.#engine ? this.#reread(changed) : readSpecDir(this.settings.spec)).catch((error: unknown) => {
      // The options were checked when the site started (the folder was there): it has been moved or removed since.
      if (error instanceof SpecDirError) throw located(`The spec folder \`${this.settings.specFromRoot}\` is not there any more (${this.settings.spec}); it is read again when it is back.`);
      throw error;
    });
    this.#files = new Map(files.map((f) => [f.path, f]));
    const { analysis } = (this.#engine ??= new Engine({ store: this.#store() })).update(files);
    const shown = analysis.diagnostics.filter((d) => d.severity !== 'hint');
    const hadProblems = this.#problems !== undefined;
    if (hasErrors(analysis.diagnostics)) {
      this.#problems = { count: shown.length, text: `${formatHuman(shown, (f) => analysis.spec.sources.get(f)?.text, `${this.settings.specFromRoot}/`)}\n${summary(shown)}` };
      return { pages: [], all: true };
    }
    this.#problems = undefined;
    // The comparison first: a revision that cannot be read fails before anything is shown.
    const marked = await this.#compare(analysis);
    this.#index = this.#siteIndex(analysis);
    this.#downloads.clear();
    return { pages: [...new Set([...this.#stale(), ...marked])], all: hadProblems };
  }

  #store(): SharedResults {
    return (this.#results ??= new SharedResults());
  }

  #siteIndex(analysis: Analysis): SiteIndex {
    return new SiteIndex(analysis, {
      base: `${this.settings.base}${this.settings.route}`,
      diagram: (dot) => this.#graphviz.dot(dot),
      specDir: this.settings.specFromRoot,
      newFile: (dir, file) => newFileText(dir, file, this.settings.schemaDir),
      ...(this.settings.editUrl ? { editUrl: this.settings.editUrl } : {}),
    });
  }

  /**
   * With `compare`: the change model of the spec as it is now against the revision (read from git
   * once per process), and the pages whose changes are not what they were (their views are dropped,
   * so the marks follow each edit). None without `compare`.
   */
  async #compare(analysis: Analysis): Promise<string[]> {
    const compare = this.settings.compare;
    if (!compare) return [];
    const base = await (this.#base ??= readBase(this.settings.spec, this.settings.specFromRoot, compare, this.#store()));
    const model = changeModel(diffSpecs(base.analysis, analysis), base.analysis, analysis, base.revision);
    const now = pageChanges(model);
    const was = this.#pageChanges;
    const changed = new Set([...new Set([...was.keys(), ...now.keys()])].filter((path) => JSON.stringify(was.get(path)) !== JSON.stringify(now.get(path))));
    // The Changes page shows every page's changes and the gap counts: it changes with either.
    if (changed.size > 0 || JSON.stringify(model.gapCount) !== JSON.stringify(this.#changes?.gapCount)) changed.add('changes/');
    this.#changes = model;
    this.#pageChanges = now;
    for (const [key, memo] of this.#views) if (changed.has(memo.page)) this.#views.delete(key);
    return [...changed];
  }

  /** The change model (`compare`): what the spec changes against the revision; undefined without `compare`. */
  get changes(): ChangeModel | undefined {
    return this.#changes;
  }

  /** What the compared change did to a page (relative to the spec's pages): a lookup, never a walk. */
  pageChange(path: string): PageChange | undefined {
    return this.#pageChanges.get(path);
  }

  /**
   * A view built from the spec at the compared revision (a removed item's last content), kept
   * like the others; its page's changes changing drop it.
   */
  async baseView<T>(key: string, page: string, build: (ctx: ViewContext) => T, options: { transient?: boolean } = {}): Promise<T | undefined> {
    if (!this.#base) return undefined;
    const kept = this.#views.get(key);
    if (kept) return kept.value as T;
    const base = await this.#base;
    const index = (base.index ??= this.#siteIndex(base.analysis));
    const value = build(index.context(() => undefined));
    this.built++;
    if (this.#following || options.transient !== true) this.#views.set(key, { value, page, deps: [] });
    return value;
  }

  /** The files as they were, with the changed ones read again (gone ones dropped); the whole folder when a change is not a plain file. */
  async #reread(changed: readonly string[]): Promise<SpecFile[]> {
    const files = new Map(this.#files);
    for (const path of changed) {
      this.#seen.set(path, await stamp(path));
      const rel = relative(this.settings.spec, path).split(sep).join('/');
      const read = await readSpecPath(this.settings.spec, rel);
      if (read === undefined) return readSpecDir(this.settings.spec);
      files.delete(rel);
      for (const f of read) files.set(f.path, f);
    }
    return [...files.values()];
  }

  /**
   * The changed files that changed again since they were read: a file is often written in two
   * steps (emptied, then filled) with one change event for both, so what was read may be the
   * first step. The dev server reads these again.
   */
  async unsettled(changed: readonly string[]): Promise<string[]> {
    const again: string[] = [];
    for (const path of changed) {
      const seen = this.#seen.get(path);
      if (seen !== undefined && (await stamp(path)) !== seen) again.push(path);
    }
    return again;
  }

  /** Drops the views whose reads changed; returns their pages. */
  #stale(): string[] {
    const index = this.index;
    const pages = new Set<string>();
    for (const [key, memo] of this.#views) {
      if (memo.deps.every(([dep, version]) => index.version(dep) === version)) continue;
      this.#views.delete(key);
      pages.add(memo.page);
    }
    return [...pages];
  }

  /**
   * A page's view: kept from before while nothing it read has changed, else built now. A
   * `transient` view (an item's) is not kept in a build: an item's view is used by a print page
   * and later by its own page, and the print pages render first, so keeping them would hold every
   * item's view in memory at once; a build makes it again instead. A dev server keeps every view.
   */
  view<T>(key: string, page: string, build: (ctx: ViewContext) => T, options: { transient?: boolean } = {}): T {
    const keep = this.#following || options.transient !== true;
    this.#releaseBase();
    this.#releaseEngine();
    const kept = this.#views.get(key);
    if (kept) return kept.value as T;
    const index = this.index;
    const deps = new Set<ViewDependency>();
    const value = build(index.context((dep) => deps.add(dep)));
    this.built++;
    if (keep) this.#views.set(key, { value, page, deps: [...deps].map((dep) => [dep, index.version(dep)]) });
    else if (index.held > HELD_LIMIT) index.forget();
    return value;
  }

  /**
   * A build (pages render, nothing is followed) lets the compared revision's analysis go once the
   * change model is made, unless a removed item's page still needs it: holding two analyses of a
   * large spec through the build would cost as much memory again. A dev server keeps it, to compare
   * each edit with it.
   */
  #releaseBase(): void {
    if (!this.#following && this.#base && this.#changes && this.#changes.removed.length === 0) this.#base = undefined;
  }

  /**
   * A build (pages render, nothing is followed) lets the engine go, with each file's result and
   * the files' bytes: the analysis is made, and nothing reads the folder again. On GitHub's
   * description they are over 100 MB of the build's live heap (about a quarter), which V8 lets
   * grow some fourfold before it collects. A dev server keeps them, to read only what an edit changed.
   */
  #releaseEngine(): void {
    if (this.#following || !this.#engine) return;
    this.#engine = undefined;
    this.#results = undefined;
    this.#files = new Map();
  }

  /** The dev server follows the folder: every view is kept for the next request. */
  follow(): void {
    this.#following = true;
  }

  /**
   * A file the site publishes for download, made when it is asked for: once per analysis in a dev
   * server; a build asks for each file once, and keeping them would hold them through every page
   * after (GitHub's three: 36 MB).
   */
  download(file: string, make: (analysis: Analysis) => string): string {
    let text = this.#downloads.get(file);
    if (text === undefined) {
      text = make(this.index.analysis);
      if (this.#following) this.#downloads.set(file, text);
    }
    return text;
  }

  /** The gap history and the changelog, read from git once per process: they change with commits, not edits. */
  history(): Promise<{ history: GapHistory; changelog: Changelog }> {
    // History is an extra: when git cannot tell it, the dashboard and the changelog say so instead of failing the build.
    return (this.#history ??= readSpecHistory(this.settings.spec).catch((error: unknown) => {
      const note = `No history: ${error instanceof Error ? error.message : String(error)}`;
      return { history: { points: [], note }, changelog: { entries: [], note } };
    }));
  }
}

/**
 * The spec at the revision `compare` names, read through git as `specbench diff` reads it and
 * analysed by an engine of its own (the site's follows the working tree). An unknown revision or a
 * folder outside git is a located error naming the setting.
 */
async function readBase(spec: string, specFromRoot: string, compare: { revision: string; named: string }, results: SharedResults): Promise<Base> {
  const root = await gitRoot(spec);
  // Paths come from the file system: shown with their control characters escaped, as every message shows them.
  if (!root) throw located(`${compare.named}: the spec folder \`${escapeControls(specFromRoot)}\` (${escapeControls(spec)}) is not in a git repository, so there is no revision \`${compare.revision}\` to compare it with.`);
  try {
    const commit = await resolveRevision(root, compare.revision);
    const files = await readSpecAt(root, commit, relative(root, spec).split(sep).join('/'));
    return { analysis: new Engine({ store: results }).update(files).analysis, revision: { name: compare.revision, commit } };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    const where = `in the repository at ${escapeControls(root)}`;
    // An unknown name asks for another; any other reason (a shallow clone that lacks the commit) says what to do itself.
    if (!error.message.startsWith('unknown revision')) throw located(`${compare.named}: ${escapeControls(error.message)} (${where}).`);
    throw located(`${compare.named}: ${escapeControls(error.message)} ${where}; name a branch, a tag or a commit it has (e.g. \`main\` or \`HEAD~1\`).`);
  }
}

/** A file's size and times, or that it is not there: what tells that it changed again. */
async function stamp(path: string): Promise<string> {
  const info = await lstat(path).catch(() => undefined);
  return info ? `${info.size} ${info.mtimeMs} ${info.ctimeMs}` : 'gone';
}

/** An error whose message is the whole story: the diagnostics already say where, so no stack. */
export function located(message: string): Error {
  const error = new Error(message);
  error.stack = '';
  return error;
}

/** The spec folder as the repository names it, from the folder the site is built in. */
export function fromRoot(spec: string, root: string = process.cwd()): string {
  return relative(root, resolve(spec)).split(sep).join('/') || '.';
}
