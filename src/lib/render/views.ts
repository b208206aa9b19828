import type { FacetResult } from '../gaps/types.ts';

/** A link between pages: `area/item` (or `area`), what it is, and where it goes (relative to the site's base). */
export type LinkView = {
  key: string;
  label: string;
  via: string;
  path: string;
};

/** A gap id with where it is shown. */
export type GapLink = {
  id: string;
  path: string;
};

/** A structured stated value as a page shows it: every key and value, prose rendered. */
export type ValueView =
  | { kind: 'text'; text: string }
  | { kind: 'prose'; html: string }
  | { kind: 'list'; items: ValueView[] }
  | { kind: 'map'; entries: Array<{ key: string; value: ValueView }> };

/** A facet as a page shows it: state, a readable value, and for gaps the question. */
export type FacetView = {
  id: string;
  /** The facet's anchor on its page, and its page with that anchor. */
  anchor: string;
  path: string;
  label: string;
  state: FacetResult['state'];
  /** Stated value as text, the reason for none, or the placeholder. */
  text?: string;
  /** A stated structure (a body, a list of servers), key by key. */
  value?: ValueView;
  /** A stated list of plain values (allowed values, tags), one by one. */
  items?: string[];
  question?: string;
  /** The question as safe HTML (its `code` and links rendered). */
  questionHtml?: string;
  owner?: string;
  link?: string;
  blockedBy: GapLink[];
  blocks: GapLink[];
  /** Items the stated value names (a response's resource, a field's type). */
  links: LinkView[];
  /** Nesting below the item's own facets (a field's facets are at depth 1). */
  depth: number;
  /** Stated prose, rendered to safe HTML. */
  html?: string;
  /** A value its owner states besides its facets (a parameter's `required`): never a gap, not counted. */
  detail?: true;
  /**
   * Where a gap is closed, when the spec says where its repository is: the file in the spec folder
   * and the line; `create` when the file does not exist yet (an area without its `_area.yaml`).
   */
  source?: GapSource;
};

/** A gap's file and line, for the links to its repository (`sourceLinks`). */
export type GapSource = { file: string; line: number; create?: true };

/** What the pages need to link a gap to its file: the edit URL, and the spec folder's path from the repository root. */
export type SiteSources = { editUrl: string; specDir: string };

/** A facet's label without its owner's part (`response: media types` → `media types`), where the place already says whose it is. */
export const shortLabel = (label: string): string => label.slice(label.lastIndexOf(': ') + 1).trim();
