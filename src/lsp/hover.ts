import { MarkupKind, type Hover } from 'vscode-languageserver/node';
import { areaModule, areaOf, counted, facetOf, facetState, isGap, markdownCode, markdownLiteral, pageOf, type FacetResult, type FilePositions, type Target, type Workspace } from '../lib/index.ts';
import type { Meanings } from './completion.ts';
import { toRange } from './convert.ts';

/** The longest description a hover repeats; past it, the start and `…`. */
const SHOWN = 400;

const clip = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

/**
 * What the spec says at a place: for a reference or link, what it names (an item's title, its
 * line and description, its open gaps; a facet's question, owner and what it blocks; a scope's or
 * a state's description); for a facet of this file, its question, owner and what it blocks; for
 * a key, its meaning. Every word comes from the spec, the schemas or the guide, escaped for
 * Markdown; nothing is said where they say nothing.
 */
export function hover(workspace: Workspace, positions: FilePositions, line: number, column: number, meanings: Meanings): Hover | null {
  const mention = positions.mentionAt(line, column);
  if (mention) {
    const lines = describeTarget(workspace, mention.target);
    if (!mention.resolves) lines.unshift(`${markdownCode(targetName(mention.target))} is not in the spec.`);
    return lines.length === 0 ? null : { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: toRange(mention.span) };
  }
  const at = positions.nodeAt(line, column);
  if (!at) return null;
  const page = pageOf(positions.file);
  const facets = page === undefined ? [] : (workspace.analysis.facetsOf(page)?.facets ?? []);
  // The facet the place is in: the one whose key path is the longest start of the place's path.
  let facet: FacetResult | undefined;
  for (const f of facets) if (f.at.length <= at.path.length && f.at.every((p, i) => at.path[i] === p) && (!facet || f.at.length > facet.at.length)) facet = f;
  const lines: string[] = [];
  if (facet && (isGap(facet.state) || (at.key && facet.at.length === at.path.length))) lines.push(...describeFacet(facet));
  else if (at.key) {
    const key = String(at.path[at.path.length - 1]);
    const meaning = meanings.keys.describe(positions.file, at.path) ?? meanings.guide.get(key);
    if (meaning !== undefined) lines.push(`${markdownCode(key)}: ${markdownLiteral(meaning)}`);
  }
  return lines.length === 0 ? null : { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: toRange(at.span) };
}

/** A target as written: `resources/Order`, a gap id, `oauth2 orders:read`, a state's name. */
export function targetName(t: Target): string {
  switch (t.kind) {
    case 'item':
      return `${t.area}/${t.id}`;
    case 'area':
      return t.area;
    case 'facet':
      return t.id;
    case 'scope':
      return t.scope;
    case 'state':
      return t.state;
  }
}

function describeTarget(workspace: Workspace, t: Target): string[] {
  const { analysis } = workspace;
  switch (t.kind) {
    case 'item': {
      const summary = workspace.index.itemSummaries(t.area).find((s) => s.id === t.id);
      if (!summary) return [];
      const item = analysis.spec.areas.find((a) => a.key === t.area)?.items.find((i) => i.id === t.id);
      const description = item && typeof item.data.description === 'string' ? item.data.description : undefined;
      const listing = [summary.listing.badge, summary.listing.line].filter((s): s is string => s !== undefined).join(' ');
      return [
        `**${markdownLiteral(summary.title)}** (${markdownLiteral(areaModule(t.area).items?.noun ?? t.area)} ${markdownCode(t.id)})`,
        ...(listing !== '' ? [markdownCode(listing)] : []),
        ...(description !== undefined ? [markdownLiteral(clip(description))] : []),
        gapsLine(summary.gapCount, summary.coverage),
      ];
    }
    case 'area': {
      const module = areaModule(t.area);
      const gaps = analysis.assessment.gaps.filter((g) => g.area === t.area).length;
      return [`**${markdownLiteral(module.title)}**: ${markdownLiteral(module.covers)}`, gapsLine(gaps, analysis.assessment.byArea[t.area])];
    }
    case 'facet': {
      const facet = facetOf(analysis, t.id);
      return facet ? describeFacet(facet) : [];
    }
    case 'scope': {
      const allows = field(statedField(areaOf(analysis.spec, 'authentication').items.find((i) => i.id === t.scheme)?.data, 'scopes'), t.scope);
      return [`Scope ${markdownCode(t.scope)} of ${markdownCode(t.scheme)}${typeof allows === 'string' ? `: ${markdownLiteral(allows)}` : ''}`];
    }
    case 'state': {
      const state = field(statedField(areaOf(analysis.spec, 'states').items.find((i) => i.id === t.machine)?.data, 'states'), t.state);
      if (typeof state !== 'object' || state === null) return [];
      const s = state as { initial?: unknown; final?: unknown; description?: unknown };
      const marks = [s.initial === true ? 'initial' : undefined, s.final === true ? 'final' : undefined].filter((m) => m !== undefined);
      return [`State ${markdownCode(t.state)} of ${markdownCode(t.machine)}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}${typeof s.description === 'string' ? `: ${markdownLiteral(clip(s.description))}` : ''}`];
    }
  }
}

/** A mapping's own entry (names from the spec never reach a prototype). */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A facet's value when it is stated (not open, none or a placeholder). */
function statedField(data: unknown, key: string): unknown {
  const value = field(data, key);
  return facetState(value) === 'stated' ? value : undefined;
}

function gapsLine(count: number, coverage: { stated: number; total: number } | undefined): string {
  const of = coverage && coverage.total > 0 ? ` (${coverage.stated} of ${coverage.total} facets stated)` : '';
  return count === 0 ? `No open gaps${of}.` : `${counted(count, 'open gap')}${of}.`;
}

/** A facet: its label and state, its question, owner and what it blocks and waits for. */
function describeFacet(f: FacetResult): string[] {
  const lines = [`**${markdownLiteral(f.label)}** (${f.state}) ${markdownCode(f.id)}`];
  if (isGap(f.state)) lines.push(`Question: ${markdownLiteral(f.question)}`);
  else lines.push(`Answers: ${markdownLiteral(f.question)}`);
  if (f.owner !== undefined) lines.push(`Owner: ${markdownLiteral(f.owner)}`);
  if (f.blocks.length > 0) lines.push(`Blocks: ${f.blocks.map(markdownCode).join(', ')}`);
  if (f.blockedBy.length > 0) lines.push(`Blocked by: ${f.blockedBy.map(markdownCode).join(', ')}`);
  return lines;
}
