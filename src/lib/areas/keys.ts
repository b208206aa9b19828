import type { Path } from '../facet/path.ts';

/** The nine areas, in the order used everywhere. */
export const AREA_KEYS = ['purpose', 'resources', 'states', 'endpoints', 'authentication', 'events', 'errors', 'limits', 'versioning'] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

/** A mention of another item that an area module finds in its data: where, what, and as what. */
export interface ReferenceFound {
  path: Path;
  area: AreaKey;
  id: string;
  /** What the mention is, for messages: "request payload", "transition trigger". */
  via: string;
}

/** Where a module reports the references it finds. */
export type AddReference = (reference: ReferenceFound) => void;

