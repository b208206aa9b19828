import type { Path } from '../facet/path.ts';
import { closedAs, isObj, own, stated } from '../facet/state.ts';
import type { Coverage, FacetResult, FileAssessment } from './types.ts';

/*
 * What an `all_of`'s part that names a resource answers for the parts beside it. The gap walk reads
 * one file at a time: a part that narrows a field (`kind: { allowed: [a, b] }`) beside a part
 * written in the same file leaves the field's type to it there (`answeredByAnotherPart`), but beside
 * a part that names a resource (`Pet`, in its own file) it cannot know, so it keeps the gap and
 * notes where the resource would answer it (`FacetResult.answeredBy`). Putting the spec together,
 * the engine asks the resources here: a gap one of them answers is no gap, and counts for nothing
 * (as the in-file case, which the walk never counts); the others stay open, the note dropped.
 */

/** How deep a resource's own `all_of`s, and resources named as their parts, are followed. */
const DEPTH = 16;

/** One question to the resources: how deep it is, and the resources asked so far (each once: a cycle of `all_of`s, or a diamond, is asked no further). */
type Asking = { depth: number; asked: Set<string> };

/** A resource's data by id (its file's content), when the spec has it. */
export type ResourceData = (id: string) => unknown;

/** Whether a resource states, at `at` inside its shape (`fields/kind/type`), a value that closes the facet there. */
function answers(resource: string, at: Path, isData: boolean, data: ResourceData, asking: Asking): boolean {
  if (asking.depth > DEPTH || asking.asked.has(resource)) return false;
  asking.asked.add(resource);
  const item = data(resource);
  if (!isObj(item)) return false;
  // A resource of fields is the object its fields make; else it is the shape it states as `value`.
  return isObj(stated(item.fields)) ? inShape(item, at, isData, data, asking) : inShape(stated(item.value), at, isData, data, asking);
}

/** Whether a shape (a part, or a resource's value) states the facet at `at`: itself, or through its own `all_of`'s parts and the resources they name. */
function inShape(shape: unknown, at: Path, isData: boolean, data: ResourceData, asking: Asking): boolean {
  const deeper = { ...asking, depth: asking.depth + 1 };
  if (typeof shape === 'string') return answers(shape, at, isData, data, deeper);
  if (!isObj(shape)) return false;
  const key = at[at.length - 1];
  const holder = statedAt(shape, at.slice(0, -1));
  const value = key === undefined ? undefined : own(holder, String(key));
  if (closedAs(value, isData)) return true;
  const type = stated(shape.type);
  if (type === 'all_of') {
    const of = stated(shape.of);
    return Array.isArray(of) && of.some((part) => inShape(part, at, isData, data, deeper));
  }
  // A part written as `type: Pet` is the resource.
  return typeof type === 'string' && shape.fields === undefined && shape.of === undefined && answers(type, at, isData, data, deeper);
}

/** What a value states at a path inside it, through stated values only (an open `fields` states no field). */
export function statedAt(value: unknown, path: Path): unknown {
  let at: unknown = value;
  for (const segment of path) {
    const here = stated(at);
    at = Array.isArray(here) ? (typeof segment === 'number' ? here[segment] : undefined) : own(here, String(segment));
  }
  return at;
}

/** Whether a resource a part names answers the gap (see `FacetResult.answeredBy`). */
export function answeredAcross(gap: FacetResult, data: ResourceData): boolean {
  return (gap.answeredBy ?? []).some((a) => answers(a.resource, a.at, a.data === true, data, { depth: 0, asked: new Set() }));
}

/** A gap as the spec shows it: without the note of where another file might answer it. */
const plain = (gap: FacetResult): FacetResult => {
  if (gap.answeredBy === undefined) return gap;
  const { answeredBy: _, ...rest } = gap;
  return rest;
};

/**
 * A file's facets with the resources asked: those a resource answers dropped, the others without
 * their note; `dropped` says how many went (each was counted as a facet not stated). The same
 * list where no facet has a note.
 */
export function openAcross(facets: readonly FacetResult[], data: ResourceData): { facets: FacetResult[]; dropped: number } {
  if (!facets.some((f) => f.answeredBy !== undefined)) return { facets: facets as FacetResult[], dropped: 0 };
  const kept = facets.filter((f) => !answeredAcross(f, data));
  return { facets: kept.map(plain), dropped: facets.length - kept.length };
}

/** A walk of one file with the resources asked (see `openAcross`). */
export function walkAcross(walk: FileAssessment, data: ResourceData): FileAssessment {
  const { facets, dropped } = openAcross(walk.facets, data);
  return dropped === 0 && facets === walk.facets ? walk : { ...walk, facets };
}

/** A file's coverage less the facets a resource answered: they were counted as not stated. */
export const coverageAcross = (coverage: Coverage, dropped: number): Coverage => (dropped === 0 ? coverage : { stated: coverage.stated, total: coverage.total - dropped });
