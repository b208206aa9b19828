import type { Span } from '../diagnostics/diagnostic.ts';
import type { Analysis } from '../engine/engine.ts';
import type { SpecFile } from '../load/read-dir.ts';
import { AREA_FILE, findItem } from '../model/spec.ts';
import { facetOf, fileOfPage, type FilePositions, type Mention, type Target } from './positions.ts';

/** What finding declarations and mentions needs of a workspace: its analysis, its files, and their positions. */
export interface Positioned {
  readonly analysis: Analysis;
  readonly files: readonly SpecFile[];
  positions(file: string): FilePositions | undefined;
}

/** A target as one string: `item:area/id`, `area:area`, `facet:id`, `scope:scheme/scope`, `state:machine/state`. */
export function targetKey(t: Target): string {
  switch (t.kind) {
    case 'item':
      return `item:${t.area}/${t.id}`;
    case 'area':
      return `area:${t.area}`;
    case 'facet':
      return `facet:${t.id}`;
    case 'scope':
      return `scope:${t.scheme}\u0000${t.scope}`;
    case 'state':
      return `state:${t.machine}\u0000${t.state}`;
  }
}

/** Whether two targets name the same thing. */
export function sameTarget(a: Target, b: Target): boolean {
  return targetKey(a) === targetKey(b);
}

/** Whether a mention names a target: itself, or (for an item) one of the item's facets. */
function names(m: Mention, target: Target): boolean {
  if (sameTarget(m.target, target)) return true;
  return target.kind === 'item' && m.target.kind === 'facet' && m.item?.area === target.area && m.item.id === target.id;
}

/** Where a target is declared: an item's or area's file (its top), a facet where its file states it, a scope or state by its key. */
export function declarationOf(ws: Positioned, target: Target): Span | undefined {
  const { spec } = ws.analysis;
  switch (target.kind) {
    case 'item': {
      const file = findItem(spec, target.area, target.id)?.file;
      return file === undefined ? undefined : { file, line: 1, column: 1 };
    }
    case 'area': {
      const area = spec.areas.find((a) => a.key === target.area);
      return area?.present ? { file: area.file, line: 1, column: 1 } : undefined;
    }
    case 'facet': {
      const facet = facetOf(ws.analysis, target.id);
      if (!facet) return undefined;
      return ws.positions(facet.file)?.declarations.find((d) => sameTarget(d.target, target))?.span ?? { file: facet.file, line: facet.line ?? 1, column: facet.column ?? 1 };
    }
    case 'scope':
    case 'state': {
      const file = target.kind === 'scope' ? findItem(spec, 'authentication', target.scheme)?.file : findItem(spec, 'states', target.machine)?.file;
      return file === undefined ? undefined : ws.positions(file)?.declarations.find((d) => sameTarget(d.target, target))?.span;
    }
  }
}

/** Every mention of a target (for an item, of its facets too), in file order, read from the files that may hold one. */
export function mentionsOf(ws: Positioned, target: Target): Mention[] {
  return [...filesMentioning(ws, target)].sort().flatMap((file) => (ws.positions(file)?.mentions ?? []).filter((m) => names(m, target)));
}

/** The files that may mention a target, from what the analysis knows without positions: references, the link graph's back-links, `blocked_by`. */
function filesMentioning(ws: Positioned, target: Target): Set<string> {
  const { analysis } = ws;
  const files = new Set<string>();
  const page = (key: string) => {
    const file = fileOfPage(analysis.spec, key);
    if (file !== undefined) files.add(file);
  };
  const backLinks = (key: string) => {
    for (const e of analysis.graph.incoming.get(key) ?? []) page(e.from);
  };
  const blockers = (prefix: string) => {
    for (const g of analysis.assessment.gaps) if (g.blockedBy.some((id) => id === prefix || id.startsWith(`${prefix}/`))) files.add(g.file);
  };
  // A link to an area or to an area's own facet is no edge of the graph: any file with text may hold one.
  const everyFile = () => {
    for (const f of ws.files) if (f.bytes) files.add(f.path);
  };
  switch (target.kind) {
    case 'item': {
      const key = `${target.area}/${target.id}`;
      for (const r of analysis.references) if (r.area === target.area && r.id === target.id) files.add(r.file);
      backLinks(key);
      blockers(key);
      break;
    }
    case 'scope':
      // The items that name the scheme (its back-links) name its scopes.
      page(`authentication/${target.scheme}`);
      backLinks(`authentication/${target.scheme}`);
      break;
    case 'state':
      page(`states/${target.machine}`);
      break;
    case 'facet': {
      blockers(target.id);
      const owner = facetOf(analysis, target.id);
      if (owner?.item !== undefined) backLinks(`${owner.area}/${owner.item}`);
      else everyFile();
      break;
    }
    case 'area':
      everyFile();
      files.delete(`${target.area}/${AREA_FILE}`);
      break;
  }
  return files;
}
