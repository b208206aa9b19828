import type { z } from 'zod';
import type { Path } from '../load/source.ts';

/** Parsed YAML mapping. */
export type Obj = Record<string, unknown>;

/** Field refinements that are optional by default and that a spec may require. */
export type Refinement = 'format' | 'allowed';

/**
 * One facet the gap engine looks at: the key it lives under in its owner object, how to
 * name and ask for it, and when it cannot apply.
 */
export interface FacetDef {
  key: string;
  /** Short name, e.g. "path shape". */
  label: string;
  /** Asked when the facet is missing or open without a question of its own. */
  question: string;
  /** An optional refinement: missing is not a gap unless the spec's policy requires it. */
  refinement?: Refinement;
  /** An optional facet that overrides a default: counted only once it is written. */
  optional?: boolean;
  /** False when the facet cannot apply to this owner (no request body on GET). */
  applies?: (owner: Obj) => boolean;
  /** Sibling facet keys that must be closed before this one can be. */
  blockedBy?: (owner: Obj) => string[];
  /** The facets inside a stated value (fields of a resource, triggers of transitions). */
  children?: (value: unknown) => ChildOwner[];
  /** This facet is an inventory of items (of one kind, for limits). */
  inventory?: { noun: string; kind?: string };
  /** A stated value names a resource (a payload): an unstated resource blocks it. */
  namesResource?: boolean;
}

/** An object inside a stated facet value that carries facets of its own. */
export interface ChildOwner {
  /** Id segments from the parent facet to this owner, e.g. the field name. */
  id: string[];
  /** YAML path from the parent facet's value to this owner. */
  at: Path;
  /** Shown before the facet label, e.g. "field status". */
  label: string;
  owner: Obj;
  facets: FacetDef[];
}

/** The nine areas, in the order used everywhere. */
export const AREA_KEYS = [
  'purpose',
  'resources',
  'states',
  'endpoints',
  'authentication',
  'events',
  'errors',
  'limits',
  'versioning',
] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

/** What an area is made of. */
export interface AreaDef {
  key: AreaKey;
  title: string;
  /** What the area covers, in the seed's words: "Purpose, domain and users of the service". */
  covers: string;
  /** Schema of `<area>/_area.yaml`. */
  schema: z.ZodType;
  facets: FacetDef[];
  items?: {
    noun: string;
    plural: string;
    schema: z.ZodType;
    facets: (item: Obj) => FacetDef[];
  };
}

/** The value a mapping holds under its own key: names from the spec never reach a prototype. */
export function own(obj: Obj | undefined, key: string): unknown {
  return obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** True for a plain mapping. */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys an open facet may have; a mapping with others is a stated value (a field named `open`, say). */
const OPEN_KEYS: ReadonlySet<string> = new Set(['open', 'owner', 'link', 'blocked_by']);

/** `{ none: reason }` and nothing else. */
export function isNoneValue(value: unknown): value is { none: string } {
  return isObj(value) && typeof value.none === 'string' && Object.keys(value).length === 1;
}

/** `{ open: true | question, owner?, link?, blocked_by? }` and nothing else. */
export function isOpenValue(value: unknown): value is { open: true | string; owner?: string; link?: string; blocked_by?: string[] } {
  return isObj(value) && (value.open === true || typeof value.open === 'string') && Object.keys(value).every((k) => OPEN_KEYS.has(k));
}

/** The stated object at a facet, when it is one (not `{ none }` or `{ open }`). */
export function statedObj(value: unknown): Obj | undefined {
  return isObj(value) && !isNoneValue(value) && !isOpenValue(value) ? value : undefined;
}

/** An inventory facet over items of an area (optionally of one kind). */
export function inventory(key: string, noun: string, covers: string, kind?: string): FacetDef {
  return {
    key,
    label: `list of ${noun}`,
    question: `Which ${noun} are there, and is the list complete? For each: ${covers}.`,
    inventory: { noun, kind },
  };
}
