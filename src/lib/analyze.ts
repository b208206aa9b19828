import { runChecks } from './checks/run.ts';
import { compareDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts';
import { assess } from './gaps/assess.ts';
import type { Assessment, FacetResult } from './gaps/types.ts';
import { buildGraph, referenceEdges, type Edge, type LinkGraph } from './link/graph.ts';
import { inspectAll, type ProseFindings } from './link/markdown.ts';
import { collectProse, parseTarget, type Prose } from './link/prose.ts';
import { collectReferences, type Reference } from './link/references.ts';
import { loadSpec, type ParseCache } from './load/load-spec.ts';
import type { SpecFile } from './load/read-dir.ts';
import { findItem, type Spec } from './model/spec.ts';
import { isAreaKey } from './areas/index.ts';

/** A spec with everything the core knows about it. */
export interface Analysis {
  spec: Spec;
  diagnostics: Diagnostic[];
  assessment: Assessment;
  references: Reference[];
  prose: Array<Prose & ProseFindings>;
  graph: LinkGraph;
}

/**
 * Load, validate, assess, link and check a spec from its files. Pure: no file system, no
 * console. A `cache` kept between calls re-parses only files whose bytes changed.
 */
export function analyze(files: readonly SpecFile[], cache?: ParseCache): Analysis {
  const { spec, diagnostics } = loadSpec(files, cache);
  const assessment = assess(spec);
  const references = collectReferences(spec);
  const prose = inspectAll(collectProse(spec, assessment.facets));
  const facets = new Map(assessment.facets.map((f) => [f.id, f]));
  const exists = (area: string, id: string) => isAreaKey(area) && findItem(spec, area, id) !== undefined;
  const graph = buildGraph([...referenceEdges(references, exists), ...proseEdges(prose, facets, exists)]);
  const checked = runChecks({ spec, references, prose, assessment, graph });
  return { spec, diagnostics: [...diagnostics, ...checked].sort(compareDiagnostics), assessment, references, prose, graph };
}

/** Prose links to items and facets, as edges from the page the prose is on. */
function proseEdges(prose: ReadonlyArray<Prose & ProseFindings>, facets: ReadonlyMap<string, FacetResult>, exists: (area: string, id: string) => boolean): Edge[] {
  return prose.flatMap((p) =>
    p.links.flatMap((link): Edge[] => {
      const target = parseTarget(link.target);
      if (target?.kind === 'item' && exists(target.area, target.id)) return [{ from: p.source, to: `${target.area}/${target.id}`, via: 'prose' }];
      const facet = target?.kind === 'facet' ? facets.get(target.id) : undefined;
      if (facet?.item !== undefined) return [{ from: p.source, to: `${facet.area}/${facet.item}`, via: 'prose' }];
      return [];
    }),
  );
}
