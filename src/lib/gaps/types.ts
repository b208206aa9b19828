import type { Path } from '../load/source.ts';
import type { AreaKey } from '../model/facet-def.ts';
import type { FacetState } from './facet-state.ts';

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
  /** The value as written (stated value, `{ none }`, `{ open }` or placeholder). */
  value?: unknown;
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
  line: number;
  column: number;
}

/** How much of an area or item is stated: stated + none over all counted facets. */
export interface Coverage {
  stated: number;
  total: number;
}

/** Everything the gap engine found, in the nine-part order. */
export interface Assessment {
  facets: FacetResult[];
  /** The facets that are open, missing or placeholders. */
  gaps: FacetResult[];
  byArea: Record<AreaKey, Coverage>;
  /** Coverage per item, keyed `area/item`. */
  byItem: Record<string, Coverage>;
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
