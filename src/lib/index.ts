/** The Specbench core: load, validate, assess and render a spec. Knows nothing of Astro. */
export { analyze, type Analysis } from './analyze.ts';
export { compareDiagnostics, hasErrors, type Diagnostic, type Severity } from './diagnostics/diagnostic.ts';
export { formatGithub, formatHuman, formatJson, summary } from './diagnostics/format.ts';
export { facetState, GAP_STATES, type FacetState } from './gaps/facet-state.ts';
export type { Assessment, Coverage, FacetResult } from './gaps/types.ts';
export { readSpecDir, specDir, SpecDirError, type SpecFile } from './load/read-dir.ts';
export { AREAS, areaDef } from './model/areas/index.ts';
export { AREA_KEYS, type AreaDef, type AreaKey } from './model/facet-def.ts';
export { AREA_FILE, getArea, type Area, type Item, type Spec } from './model/spec.ts';
export { gapsMarkdown } from './render/gaps-markdown.ts';
export { gapsJson, gapsText } from './render/gaps-text.ts';
export { gapReport, percent, showCoverage, showState, type AreaReport, type GapReport } from './render/report.ts';
export { siteModel, type AreaView, type FacetView, type ItemView, type LinkView, type SiteModel, type SiteOptions } from './render/site-model.ts';
export type { MachineView, TransitionView } from './render/state-diagram.ts';
export { areaPath, facetAnchor, facetPath, itemPath } from './render/paths.ts';
export { CHECKS } from './checks/index.ts';
