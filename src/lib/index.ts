/** The Specbench core: load, validate, assess, link, check and render a spec. Knows nothing of Astro. */
export { analyze, type Analysis } from './analyze.ts';
export { Engine, storeKey, type Job, type ResultStore, type Stored, type Update } from './engine/engine.ts';
export { analyzeFile, isFileResult, type FileAnalysis, type FileResult } from './engine/file-result.ts';
export { threadedReader } from './engine/pool.ts';
export { Workspace, type WorkspaceListener, type WorkspaceOptions } from './workspace/workspace.ts';
export { sameTarget } from './workspace/back-links.ts';
export { serveBodyThread } from './mock/thread.ts';
export { Mock, MOCK_PATH, gapIdEntry, gapsHeader, readGapsHeader, type GapHits, type HitsSummary, type MockOptions, type MockOutcome, type MockRequest, type MockResponse } from './mock/mock.ts';
export { contains, facetOf, fileOfPage, pageOf, type Declaration, type FilePositions, type Mention, type MentionForm, type Target } from './workspace/positions.ts';
export { suggestionsAt, type Suggestion, type Suggestions } from './workspace/suggest.ts';
export { facetKeys, type FacetKey } from './workspace/keys.ts';
export { offsetOf } from './workspace/yaml-at.ts';
export { parseSummary, specKey, summarize, type Summary } from './engine/summary.ts';
export { AREAS, AREA_KEYS, areaModule, isAreaKey, type AreaData, type AreaKey, type AreaModule, type ItemData } from './areas/index.ts';
export type { ItemExtras, MachineView } from './areas/area.ts';
export { compareDiagnostics, hasErrors, type Diagnostic, type Severity } from './diagnostics/diagnostic.ts';
export { formatGithub, formatHuman, formatJson, summary } from './diagnostics/format.ts';
export { refuseOnErrors } from './diagnostics/refusal.ts';
export { ID } from './facet/values.ts';
export { facetState, GAP_STATES, isGap, type FacetState } from './facet/state.ts';
export { sumCoverage, type Assessment, type Coverage, type FacetResult } from './gaps/types.ts';
export { DEFAULT_LEVELS, levelsOf, readiness, type Level, type LevelStatus, type Readiness } from './gaps/levels.ts';
export { BLOCKING_SHOWN, blockingWords, capped, levelsSummary, reachedWords, readinessSentence } from './render/readiness.ts';
export { readSpecDir, readSpecPath, specDir, SpecDirError, type SpecFile } from './load/read-dir.ts';
export { didYouMean } from './load/suggest.ts';
export { sourceText } from './load/parse-file.ts';
export { defaultBase, GitError, gitRoot, readSpecAt, resolveRevision } from './load/read-git.ts';
export { readApiDocument, DocumentError, type ApiDocument } from './load/read-document.ts';
export { AREA_FILE, areaOf, CONFIG_FILE, itemKey, type Area, type Item, type Spec } from './model/spec.ts';
export { gapsMarkdown } from './render/text/gaps-markdown.ts';
export { gapsJson, gapsText } from './render/text/gaps-text.ts';
export { coverageSentence, gapReport, percent, showCoverage, showState, type AreaReport, type GapReport } from './render/report.ts';
export { counted } from './facet/words.ts';
export { areaRows, groupPath, itemGroups, navigation, readerOrder, type AreaRow, type NavEntry } from './render/site/navigation.ts';
export { childrenHeading, COMBINATION_WORDS, headSaysCombination, namedTypeWords, requiredWords } from './render/site/shape-words.ts';
export { errorWords } from './render/site/error-words.ts';
export { gapPages, gapsAreaPath, LIST_ROWS, listPages, listPath, type GapSection } from './render/site/list-pages.ts';
export { SiteIndex, type SiteOptions, type ViewContext, type ViewDependency } from './render/site/site-index.ts';
export { itemPrintSize, itemView } from './render/site/item-view.ts';
export { areaView } from './render/site/area-view.ts';
export { CUT_CHIP_BYTES, cutChips } from './render/site/shape-tree.ts';
export { HOME_OPERATIONS, homeOperations, homeView } from './render/site/home-view.ts';
export { shortLabel, type AreaSummary, type ExampleView, type FacetView, type DiscriminatorView, type InlineView, type NamedExampleView, type ShapeChildren, type ContinuedView, type SampleView, type GapLink, type GapLinks, type GapSource, type HomeOperations, type HomeView, type ItemSummary, type ItemView, type LinkView, type MachinePageView, type ReadinessView, type ServiceView, type SiteSources, type ValueView } from './render/site/views.ts';
export { blockHeading } from './render/site/blocks/index.ts';
export type { BlockView, BodyView, ParameterGroupView, ResponseView, SecurityView, ShapeView } from './render/site/views.ts';
export type { BreakingMark, FacetChange, PageChange, PageChangeView, ValuePart } from './render/site/views.ts';
export { areaPath, continuedPath, facetAnchor, facetPath, gapsAnchor, gapsPath, groupAnchor, itemPath, itemScope, printPath } from './render/site/paths.ts';
export { headingsBelow, PRINT_BYTES, PRINT_ITEMS, printParts, printPlace, type PrintPart } from './render/site/print.ts';
export { jsonSchemas, schemaFile, SCHEMA_DIR, CONFIG_SCHEMA_FILE } from './render/json-schema.ts';
export { specMarkdown } from './render/text/spec-markdown.ts';
export { CHECKS } from './checks/index.ts';
export { diffSpecs, type ClosedReason, type SpecDiff } from './diff/diff.ts';
export { CLOSED_REASON, diffJson, diffMarkdown, DIFF_LINK_MAX, DIFF_MARKER, DIFF_MIN_BUDGET } from './diff/render.ts';
export { notLoadedJson, notLoadedMarkdown } from './diff/not-loaded.ts';
export type { BreakingChange } from './diff/breaking.ts';
export { changeModel, CHANGES_ANCHOR, markAnchor, pageChanges, type ChangeModel, type GapChange } from './compare/model.ts';
export { isStruck, markAreaView, markItemView } from './compare/mark-view.ts';
export { SharedResults } from './compare/shared-results.ts';
export { markWord, valueWords } from './compare/words.ts';
export { modeline, schemaForPath, withModeline } from './scaffold/modeline.ts';
export { newFileText, scaffoldArea, scaffoldFile, scaffoldItem } from './scaffold/new-item.ts';
export { ALLOW_SCRIPTS, ASTRO as ASTRO_RANGE, initFiles, NODE_ENGINES, STARLIGHT as STARLIGHT_RANGE, type InitOptions } from './scaffold/init.ts';
export { isSpecFolder, SPEC_FOLDER_RULE } from './scaffold/spec-folder.ts';
export { specOutOfGit } from './scaffold/spec-out-of-git.ts';
export { gapLinks, sourceLinks, type SourceLinks } from './render/site/source-links.ts';
export { historyPoint, type GapHistory, type HistoryPoint, type HistoryStep, type SpecBefore } from './history/history.ts';
export { historyChartSvg, historyLegend } from './history/chart.ts';
export { readGapHistory, readSpecHistory, walkSpecHistory } from './history/read-history.ts';
export {
  CHANGELOG_LIST_LIMIT,
  changelogAnchor,
  changelogChanges,
  changelogEntry,
  changelogLists,
  changelogPath,
  changeSummary,
  type Capped,
  type Changelog,
  type ChangelogChanges,
  type ChangelogEntry,
  type ChangelogGap,
  type ChangelogList,
} from './history/changelog.ts';
export { changelogAtom, changelogEntryId, changelogFeedPath, type ChangelogFeedOptions } from './history/atom.ts';
export { importOpenApi, countOpenApi, type OpenApiCounts } from './interchange/openapi/import.ts';
export { importAsyncApi, countAsyncApi, type AsyncApiCounts } from './interchange/asyncapi/import.ts';
export { exportOpenApi } from './interchange/openapi/export.ts';
export { exportAsyncApi } from './interchange/asyncapi/export.ts';
export { ERROR_EXTENSION, GAPS_EXTENSION, UNEXPORTED_EXTENSION } from './interchange/export-common.ts';
export { download, DOWNLOADS, EXPORT_TARGETS, exported, type ExportTarget } from './interchange/exported.ts';
export { importDocument, markdownDescriptions } from './interchange/import-document.ts';
export { importPlan, type ImportPlan } from './interchange/plan.ts';
export { importedFiles } from './interchange/write.ts';
export { importOnSite, rootedLinksOnSite } from './interchange/site-links.ts';
export type { ImportResult, Unmapped } from './interchange/result.ts';
export { unmappedKeywords, unmappedReasons } from './interchange/result.ts';
export { escapeControls, safeJson, visible } from './safety/terminal.ts';
export { markdownCode, markdownLiteral } from './safety/markdown.ts';
export { absoluteUrlSchema } from './safety/url.ts';
