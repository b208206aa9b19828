import type { AreaKey } from '../areas/index.ts';
import type { Path } from '../facet/path.ts';
import type { FacetState } from '../facet/state.ts';

/** One facet of the spec, at area or item level, with its state. */
export interface FacetResult {
  /** Stable id: `area/facet`, or `area/item/facet[/...]`, e.g. `resources/Order/fields/status/format`. */
  id: string;
  area: AreaKey;
  /** The item id, for item facets. */
  item?: string;
  /** Readable name: "field status: format". */
  label: string;
  state: FacetState;
  /** The value as written (stated value, `{ none }`, `{ open }`, placeholder or empty list). */
  value?: unknown;
  /** The stated value is Markdown prose. */
  prose?: true;
  /** The stated value in words, where its area's module gives them. */
  shown?: string;
  /** What must be answered to close it: the author's question, or the default one. */
  question: string;
  owner?: string;
  link?: string;
  /** Ids of gaps that must close first. */
  blockedBy: string[];
  /** Ids of facets this gap holds up. */
  blocks: string[];
  /** Where to write it: the facet's key if present, else its owner. */
  file: string;
  at: Path;
  /** Where `at` is in the file, 1-based: set on gaps, the facets whose place is shown. */
  line?: number;
  column?: number;
  /**
   * A gap in an `all_of`'s part that a part beside it naming a resource may answer (its file is
   * another): each resource, and where inside its shape the facet would be (`fields/kind/type`).
   * Only the walk of one file sets it; putting the spec together asks the resources and drops it
   * (`gaps/across.ts`).
   */
  answeredBy?: Array<{ resource: string; at: Path; data?: true }>;
}

/** Something that owns facets (an area, an item, a field, a parameter...) and the values it states that are not facets. */
export interface OwnerResult {
  /** The owner's id path: `endpoints/get-order`, `endpoints/get-order/parameters/path/order_id`. */
  id: string;
  area: AreaKey;
  item?: string;
  /** "path parameter order_id"; empty for an area or an item itself. */
  label: string;
  file: string;
  at: Path;
  /** Keys stated on the owner that are not facets (`style: form`, `initial: true`, `limits: [...]`), in the order written. */
  details: Array<[string, unknown]>;
}

/** A facet written where the gap engine could not take it, with where and why. */
export interface Misplaced {
  file: string;
  at: Path;
  id: string;
  message: string;
}

/** How much of an area or item is stated: stated + none over all counted facets. */
export interface Coverage {
  stated: number;
  total: number;
}

/** What the gap walk finds in one file (an area's own file, or one item). */
export interface FileAssessment {
  facets: FacetResult[];
  owners: OwnerResult[];
  duplicates: Misplaced[];
  ignored: Misplaced[];
  /** Facets whose stated value is held up by another gap (a payload by its resource's fields). */
  heldUp: Array<{ id: string; by: string }>;
}

/** Everything the gap engine found, in the nine-part order. */
export interface Assessment {
  facets: FacetResult[];
  /** The facets that are open, missing, placeholders or empty. */
  gaps: FacetResult[];
  byArea: Record<AreaKey, Coverage>;
  /** Coverage per item, keyed `area/item`. */
  byItem: Record<string, Coverage>;
  /** Every owner of facets, in the order walked, with the values it states besides its facets. */
  owners: OwnerResult[];
  /** Facets whose id another facet already has (two transitions `a->b`): only the first counts. */
  duplicates: Misplaced[];
  /** Facets written where they cannot apply (a format on a boolean): ignored, and said so. */
  ignored: Misplaced[];
}

/** The coverage of several areas or items together. */
export function sumCoverage(list: Iterable<Coverage>): Coverage {
  let stated = 0;
  let total = 0;
  for (const c of list) {
    stated += c.stated;
    total += c.total;
  }
  return { stated, total };
}
