import type { AreaKey } from '../../areas/index.ts';
import type { MachineView } from '../../areas/area.ts';
import type { Coverage, FacetResult } from '../../gaps/types.ts';
import type { SampleView } from '../sample-view.ts';

export type { SampleView };

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
  /** Not written, but so by a rule of the format (a path parameter is required): the rule, in words. */
  byRule?: string;
  /**
   * Where a gap is closed, when the spec says where its repository is: the file in the spec folder
   * and the line; `create` when the file does not exist yet (an area without its `_area.yaml`);
   * and the links there, made with the view.
   */
  source?: GapSource & { links: GapLinks };
  /** What a compared change (`compare`) did to this facet, marked where it is shown; none without `compare` or where nothing changed. */
  change?: FacetChange;
};

/**
 * What a change did to one facet, against the revision the site is compared with: a gap it closed
 * (`stated`: the value now stated; `closed`: none stated, for `reason`), a gap it opened, a stated
 * value it changed (`before` -> `after`, in `form`; a structure key by key in `parts`); `breaking`
 * says why clients written against the revision break here. `anchor` is the mark's id on its page;
 * a mark shown again on the same page (a second place showing the facet) has none.
 */
export type FacetChange = {
  id: string;
  /** `removed`: a field the change removed (its type `before`), shown struck where it stood, after the row `follows` (none: first). */
  kind: 'stated' | 'opened' | 'changed' | 'closed' | 'removed';
  label: string;
  before?: string;
  after?: string;
  /** How `before` and `after` read: code (a structure, as JSON), Markdown prose (shown as `beforeHtml` and `afterHtml`, rendered safely with the page), or words. */
  form?: 'code' | 'prose';
  beforeHtml?: string;
  afterHtml?: string;
  /** A structure whose keys changed: only those keys, each before -> after. */
  parts?: ValuePart[];
  /** Why a gap closed with nothing stated: `specbench.yaml` no longer asks for it, what held it was removed, or it no longer applies. */
  reason?: 'settings' | 'removed' | 'inapplicable';
  breaking?: string[];
  /** What else the change says here that breaks no client (a path parameter renamed, the address keeping its shape), Markdown code spans for values. */
  notes?: string[];
  follows?: string;
  anchor?: string;
};

/** One key of a structure a change changed (a token's lifetime, a retry count), with its own anchor, where a page shows the key apart. */
export type ValuePart = { key: string; before?: string; after?: string; form?: 'code'; breaking?: string[]; anchor: string };

/** A change that breaks clients, with its reason (Markdown code spans for values) and where it is shown: beside the facet it concerns (`facet`), else in the page's list of changes. */
export type BreakingMark = { message: string; anchor: string; facet?: string };

/**
 * What a change did to one page (an item's or an area's): whether the item was added, removed or
 * renamed (`from`: its old id) or changed, its facets' marks and its breaking changes.
 */
export type PageChange = {
  /** The page, relative to the site's base (`endpoints/get-order/`). */
  path: string;
  /** `area/item`, or the area's key for an area's own page. */
  key: string;
  title: string;
  status: 'added' | 'removed' | 'renamed' | 'changed';
  /** A renamed item's old `area/item`. */
  from?: string;
  marks: FacetChange[];
  /** The gaps a removed item had (closed by its removal), by id and label. */
  closedWith?: Array<{ id: string; label: string }>;
  /** A removed item's links to items renamed since, old page to new page: its last content links where they are now. */
  relinked?: Array<{ from: string; to: string }>;
  /** A removed item's links to gaps this change closed on other pages: their marks are where those gaps were (`change-f-…`). */
  closedElsewhere?: string[];
  breaking: BreakingMark[];
};

/** An item page's changes as the page shows them: the page's changes, and the ids of the marks that are shown in place (the rest are shown in the page's list of changes). */
export type PageChangeView = PageChange & { inPlace: string[] };

/** A gap's file and line, for the links to its repository (`sourceLinks`). */
export type GapSource = { file: string; line: number; create?: true };

/** The links a gap shows: its file at its line and in the editor, or the host's page that creates it; each only where the host's URLs are known. */
export type GapLinks = { view?: string; edit?: string; create?: string };

/** What the pages need to link a gap to its file: the edit URL, and the spec folder's path from the repository root. */
export type SiteSources = { editUrl: string; specDir: string };

/** A facet's label without its owner's part (`response: media types` → `media types`), where the place already says whose it is. */
export const shortLabel = (label: string): string => label.slice(label.lastIndexOf(': ') + 1).trim();

/** A state machine as its page shows it, with the diagram drawn and every target a path. */
export type MachinePageView = {
  states: Array<{ name: string; initial: boolean; final: boolean; descriptionHtml?: string; descriptionUnstated?: FacetView }>;
  transitions: Array<{
    from: string[];
    to: string;
    trigger: { kind: MachineView['transitions'][number]['trigger']['kind']; text: string; path?: string };
    /** The trigger while it is a gap. */
    triggerUnstated?: FacetView;
    descriptionHtml?: string;
    descriptionUnstated?: FacetView;
  }>;
  svg?: string;
  /** The width, in CSS pixels, below which the diagram's smallest label would be under 11 px: it goes beside its table only where that fits. */
  svgMinWidth?: number;
  /** The state list and the transitions as facets: stated, or gaps shown as chips. */
  statesFacet?: FacetView;
  transitionsFacet?: FacetView;
};

/** An item's page: its reference blocks, its state machine or lifecycles, what else it states, and links both ways. */
export type ItemView = {
  area: AreaKey;
  id: string;
  /** Its heading: its title's first line, bounded (`boundedTitle`). */
  title: string;
  /** A long title whole, where its heading is cut: shown under the signature as the page's first words. */
  titleWhole?: string;
  /** The item in its area's list and the sidebar: a badge (a method), a line (a path), its groups (tags), a note (`15 fields`). */
  listing: ItemListing;
  /** The item's page, relative to the site's base. */
  path: string;
  /** Where to edit the item's file, when the spec says where its repository is. */
  editUrl?: string;
  /** The reference page's blocks, in the area's layout. */
  blocks: BlockView[];
  /** What its trees cut, on the item's continued pages of the print version (from page 2), each under the page's budget. */
  continued?: readonly ContinuedView[][];
  /** What the print version writes of it, in estimated bytes of HTML (`printBytes`): the print version's parts are counted in it. */
  printBytes: number;
  machine?: MachinePageView;
  /** The state machines of this item (a resource's lifecycle), each linking to its page. */
  lifecycles?: Array<{ link: LinkView; machine: MachinePageView }>;
  description?: string;
  descriptionHtml?: string;
  file: string;
  /** The description while it is a gap, shown where the description would be. */
  descriptionUnstated?: FacetView;
  /** Where to read more about it (an `external_docs`): the address, and what is there as inline HTML. */
  externalDocs?: ExternalDocsView;
  /** What the area's file says of the item, shown under its signature under `label`: the summary and description (as safe HTML) of an endpoint's path. */
  aside?: { label: string; summary?: string; descriptionHtml?: string };
  /** What the blocks leave out as saying nothing to a reader (parameters stated as none, a parameter's default style): shown with the authoring facts. */
  quiet: FacetView[];
  coverage: Coverage;
  gapCount: number;
  /** What the blocks do not show (none, for areas whose layout covers every key), in order. */
  facets: FacetView[];
  /** What this item refers to, and what refers to it. */
  linksTo: LinkView[];
  linkedFrom: LinkView[];
  /** What a compared change did to this item (`compare`): none without it, or where the change does not touch the item. */
  changes?: PageChangeView;
};

/** Where to read more (an `external_docs`): the address as the site links it, and what is there as inline HTML. */
export type ExternalDocsView = { url: string; descriptionHtml?: string };

/** What an area's file says of one group its items are listed under (a tag): its description as safe HTML, and where to read more. */
export type GroupNoteView = { name: string; descriptionHtml?: string; externalDocs?: ExternalDocsView };

/** How an item is listed: a badge (a method), a line (a path), its groups (tags), a note (`15 fields`). */
export type ItemListing = { badge?: string; line?: string; groups?: readonly string[]; note?: string };

/** An item as its area's list and the sidebar show it. */
export type ItemSummary = {
  id: string;
  title: string;
  /** The title only repeats its line (an endpoint that states no title: `GET /apps/{name}`): a list says it once. */
  titleIsLine?: true;
  /** The item's file in the spec folder. */
  file: string;
  listing: ItemListing;
  path: string;
  coverage: Coverage;
  gapCount: number;
};

/** An area as its page, the dashboard, the gaps page and the sidebar show it: its items summed up. */
export type AreaSummary = {
  number: number;
  key: AreaKey;
  title: string;
  path: string;
  editUrl?: string;
  covers: string;
  noun?: string;
  plural?: string;
  file: string;
  description?: string;
  descriptionHtml?: string;
  /** Where to read more about what the area's file covers (the purpose's `external_docs`: the service's). */
  externalDocs?: ExternalDocsView;
  /** The groups the area's file declares for its items (`tags`), in its order, with what it says of each. */
  groups?: GroupNoteView[];
  coverage: Coverage;
  gapCount: number;
  facets: FacetView[];
  items: ItemSummary[];
  /** Every gap of the area and its items (table cells included), in order, for the gaps page. */
  gaps: FacetView[];
  /** What a compared change did to the area's own file (`compare`): none without it, or where the change does not touch it. */
  changes?: PageChangeView;
};

/** The spec's readiness as the dashboard shows it: every level, and the gaps before the next one, each a link to where it is. */
export type ReadinessView = {
  reached?: string;
  levels: Array<{ name: string; reached: boolean; open: number }>;
  /** The first level not reached; `blocking` lists the first of its gaps, `count` says how many there are. */
  next?: { name: string; count: number; blocking: GapLink[] };
};

/** The home page's account of the API, before the workbench's dashboard: its name, summary, purpose and description (as safe HTML), servers and base address. */
export type HomeView = {
  name?: string;
  summary?: string;
  purposeHtml?: string;
  descriptionHtml?: string;
  servers: Array<{ url: string; name?: string; descriptionHtml?: string; variables?: Array<{ name: string; default?: string; allowed?: string[] }> }>;
  baseUrl?: string;
  /** Where to read more about the service (the purpose's `external_docs`). */
  externalDocs?: ExternalDocsView;
};

/** The API's operations on the home page, by area and group; `items` where there are few enough to list one by one. */
export type HomeOperations = Array<{
  area: AreaKey;
  title: string;
  path: string;
  count: number;
  /** `title` is left out where it only repeats the method (`badge`) and path (`line`): an endpoint that states none. */
  groups: Array<{ name: string; path: string; count: number; note?: GroupNoteView; items?: Array<{ title?: string; path: string; badge?: string; line?: string }> }>;
}>;

/** The service as every page shows it: its name and base address (the placeholder as written), and the logo `specbench.yaml` names. */
/** `baseFrom`: no address is stated, so `baseUrl` is the first server's (`server`, as written) with its variables at their defaults. */
export type ServiceView = { name?: string; baseUrl?: string; baseFrom?: { server: string; defaults: Array<{ name: string; value: string }> }; logo?: string };

/** A shape as a reference shows it: a name, its type, whether it is required and its flags on one line, then what refines it and what nests in it. */
export type ShapeView = {
  /** The owner's id: `resources/Order/fields/status`. */
  id: string;
  /** How many of its allowed values another item's shape leaves out here (t32h #1: a 600-value enum at 120 fields), and the shape on its own page (`path`, with its anchor), which lists them all; `continued`: a parameter's own list, on its endpoint's continued pages (`path`), whole. */
  allowedMore?: { count: number; path: string; continued?: true };
  anchor: string;
  /** A field's, parameter's or header's name. */
  name?: string;
  /** The title it states (a variant's "Log normal", a body's `OrderQuery`): its name for a reader. */
  title?: string;
  /** Where a field an `all_of` merges comes from: the resource that states it (none for the combination's own). */
  origin?: LinkView;
  /** Which of the combination's own parts states a field an `all_of` merges, where it has several parts (the part's label). */
  part?: string;
  /**
   * Every part of an `all_of` that states this field, where later ones state it exactly as the
   * first (intellifi's `kv_value`): one row, "from KeyValuePairUpdate and its own part" (t32r N1).
   */
  from?: Array<LinkView | string>;
  /**
   * The same field as later parts of an `all_of` state it again (a part that narrows a resource's
   * `status` to an example): every one holds, so the merged view shows them in one row, in order.
   */
  also?: ShapeView[];
  /** Such a later part that gives the field a type no value of the earlier's is (an object, then an integer): said, as the example leaves the field out (t32t S12). */
  conflict?: string;
  type?: FacetView;
  /** The resource a type names. */
  typeLink?: LinkView;
  /** The resource a type names, shown in place (its fields), or where the page shows it already. */
  inline?: InlineView;
  required?: FacetView;
  description?: FacetView;
  format?: FacetView;
  /** `nullable`, `read_only`, `write_only`, `deprecated`: shown as badges when true. */
  flags: FacetView[];
  /** Bounds, lengths, pattern, item counts, each with a short label. */
  constraints: Array<{ label: string; facet: FacetView }>;
  allowed?: FacetView;
  default?: FacetView;
  examples?: FacetView;
  /** A parameter's or header's examples by name, each with its summary. */
  named?: NamedExampleView[];
  discriminator?: DiscriminatorView;
  /** What nests in it: an object's fields, an array's items, a map's values, a union's variants. */
  children: ShapeChildren[];
  /** Anything else it states (a title, a parameter's `style`). */
  extras: FacetView[];
};

/**
 * What nests in a shape: an object's fields, an array's items, a map's values, a union's variants;
 * `folded` when it sits deeper than a page shows open. `combine` says how variants combine (one
 * of them, any of them, all of them); an `all_of` of objects is shown as the `fields` it merges,
 * `parts` naming where they come from (a resource, or `null` for the combination's own fields).
 * `leftOut` names the fields a request leaves out (read-only) or a response (write-only); the page's
 * own are there too, to show folded.
 */
export type ShapeChildren = {
  kind: 'fields' | 'items' | 'values' | 'variants';
  facet: FacetView;
  shapes: ShapeView[];
  folded?: true;
  combine?: 'one_of' | 'any_of' | 'all_of';
  parts?: Array<LinkView | PartView>;
  /** An `all_of` written in place among the parts, opened into them: its description, labelled by the parts it became ("part 1 + part 2"). */
  partGroups?: PartView[];
  /** The resources an `all_of` names that say something of themselves: shown with their fields merged in (a subtype's page, an operation's body). */
  bases?: BaseView[];
  /** The unions among an `all_of`'s parts (`allOf [Base, oneOf […]]`), after its merged fields, each holding as well (t32r N1); named in `parts` ("one of (9)"). */
  unions?: ShapeView[];
  leftOut?: { flag: 'read-only' | 'write-only'; names: string[]; shapes?: ShapeView[] };
  /**
   * The kinds a base type's discriminator tells apart by `field`, where `base` is shown in place
   * (t32s R9): each variant is a kind with the fields it adds to the base's, shown above.
   */
  kinds?: { field: string; base: string };
  /**
   * What the unions among an `all_of`'s parts require of the merged fields (t32s R6): the fields
   * every variant requires that no row marks required (`always`), and for each union the fields
   * that differ from variant to variant, a list per variant (`choices`). See `requiredWords`.
   */
  unionsRequire?: { always: string[]; choices: string[][][] };
  /**
   * Past the page's budget of trees in place (`TREE_BYTES`, the page's own item's shapes and other
   * items' alike): the page says so here and shows none of `shapes` (the print version shows them
   * whole), only `gaps`, the open gaps of the page's own item below, each keeping its anchor, and
   * `at`, where the item's continued page of the print version shows them (`anchor` there).
   */
  cut?: {
    gaps: FacetView[];
    at: { path: string; anchor: string };
    /**
     * Shown in parts (a place larger than a page: t32h, a resource's 9,000 fields): the first
     * `shown` of `shapes` are shown here, the `rest` after them (and the fields left out) where
     * `at` says, `gaps` being theirs.
     */
    shown?: number;
    rest?: number;
  };
};

/**
 * What a page cuts, as one of the item's continued pages of the print version shows it: the
 * shape's head line and the cut children whole (`shape`), at `anchor`.
 */
export type ContinuedView = { anchor: string; shape: ShapeView };

/**
 * One of an `all_of`'s own parts (written in place, not a resource): its label (its title, or
 * "part N" by its place), and what it states besides its fields (its description, an open type,
 * anything else), said once as that part's.
 */
export type PartView = { own: true; label: string; description?: FacetView; extras: FacetView[] };

/** A resource that is a part of an `all_of`, where its fields are merged: its description, and the discriminator that tells its subtypes apart. */
export type BaseView = { link: LinkView; descriptionHtml?: string; discriminator?: DiscriminatorView };

/** The field that tells a union's variants (or a base type's subtypes) apart, and which value means which type; `facet` while it is a gap, or where it is a facet. */
/** `implicit`: the spec states no mapping and no variant fixes the field to one value, so the values are the variants' names by OpenAPI's rule (the resources that are `all_of` the base); a row's `implicit`: that row's alone is (its variant fixes no value where others do). */
/** A mapping is listed once per page (t32h #2: Microsoft Graph's 653 rows ten times on one page): `anchor` where it is, `shownAt` (with its `count` of values) where another place of the page lists it. */
/** A row's `forbidden`: the mapping states a value its type's own field does not allow; these are the values it allows (the example sends one of them). */
/** `folded`: a base's long mapping where a subtype's page merges its fields, shown folded so that the page's own content comes first. */
/** `more`: a mapping too long for a page (t32l #1: 20,000 values), cut after its first rows: how many more, and where they are whole (`continued`: the item's own, on its continued pages). */
/** `absent`: no variant it tells apart has the field (t32s R13), so the document's discriminator cannot tell them apart. */
/** `noKinds`: the document names no type it tells apart (no mapping, no type built on it: t32t S5), said beside it. */
export type DiscriminatorView = { facet?: FacetView; field: string; absent?: true; noKinds?: true; mapping: Array<{ value: string; type: string; link?: LinkView; implicit?: true; forbidden?: string[] }>; implicit?: true; anchor?: string; shownAt?: { anchor: string; count: number }; folded?: true; more?: { count: number; path: string; continued?: true } };

/**
 * A resource shown inside another item's tree (a response's `Order`, a field of type `Payment`):
 * its own shape at one place of the page; everywhere else the page names it, a link to that place
 * (or, for a recursive shape, to the place around it); past what one page shows, a link to its
 * page. Everything in `tree` is the resource's, shown without anchors of its own (its page has them).
 * Its description comes with it wherever it is named; a resource that is a single scalar value is
 * shown in place everywhere (`scalar`: its type, constraints and description).
 */
export type InlineView = {
  link: LinkView;
  /** The resource's description, where the type is used. */
  descriptionHtml?: string;
  /** A resource that is a single scalar value (a string with a pattern): that value's shape. */
  scalar?: ShapeView;
  /**
   * A resource that is a single value of another kind (a list, an object, a union): what that value
   * states on its own head line, its type and its flags, shown on the head line of the shape that
   * uses it (`tags array Tags nullable`), as a scalar's are (t32 D8). Another item's facets.
   */
  head?: { type?: FacetView; flags: FacetView[] };
  /** Its tree: the resource's fields (or the single value it is), at the one place of the page that shows it. */
  tree?: { anchor: string; shape: ShapeView };
  /** Shown at another place of this page, `anchor` (none: on its own page, which is this one); `recursive` when this place is inside it. */
  repeat?: { anchor?: string; recursive: boolean };
  /** Not shown here: the page already shows as much as it can; its own page has it. */
  bounded?: true;
};

/** An example with a name, as stated (a body's, a parameter's or a header's `named_examples`). */
export type NamedExampleView = {
  name: string;
  summary?: string;
  descriptionHtml?: string;
  text?: string;
  external?: string;
  /**
   * The names of the later examples that state the same value and nothing else, shown with it once
   * (t32t R11: datamigration's shared parameters name 23 examples of one value, on each of 26 pages).
   */
  alike?: string[];
};

/**
 * One example of a body: a stated one (named or not) as written, or one made from the body's shape
 * (`generated`), written in one media type. `of` names the stated example another media type
 * shows again in its own form.
 */
export type ExampleView = {
  name?: string;
  summary?: string;
  descriptionHtml?: string;
  /** The media type it is written in; none where the body states none (it is read as JSON). */
  mediaType?: string;
  /** Other media types that write it exactly so (`text/json` beside `application/json`). */
  alsoAs?: string[];
  /** The language of `text` for highlighting: `json`, `xml`, `text`. */
  lang: string;
  text?: string;
  /** A named example kept elsewhere: its address. */
  external?: string;
  generated?: true;
  /** What a generated example leaves out of what its shapes require, and why (a cycle, the budget): one sentence each. */
  cutWords?: string[];
  /** How it writes what the document states no encoding for (t32s R7: a form's object fields as JSON text), one sentence. */
  encoding?: string;
  of?: string;
  /** The id of the stated value this example shows, for its `data-facet`. */
  facetId?: string;
  /** Past the page's budget of examples (`boundExamples`): not written here, its length (`bytes`) said and `at` the page where it is whole. */
  cut?: { bytes: number; at: LinkView };
};

/** A body: what it carries (a resource, a shape of its own, or one per media type), its media types, headers and examples. */
export type BodyView = {
  facet: FacetView;
  /** The resource it carries, and whether it is a list of it. */
  resource?: LinkView;
  list?: boolean;
  /** The resource it carries, shown in place. */
  inline?: InlineView;
  /** An error code it is (a response), linking to the error. */
  error?: LinkView;
  /** A response without words of its own: its error's words the page's name for the error leaves out (its description, or a title of sentences), as HTML. */
  errorSaid?: string;
  /** The body the error carries, shown in place: the error's own, or the errors area's (`from`). */
  errorBody?: { from: 'error' | 'area'; body: BodyView };
  /** A request that must carry its body. */
  required?: true;
  /**
   * The type it carries is one the document marks read-only (a request) or write-only (a
   * response), which the OpenAPI rules say is not sent that way: the flag, and the sentence that says so.
   */
  against?: { flag: 'read-only' | 'write-only'; word: string };
  mediaTypes: string[];
  description?: FacetView;
  shape?: ShapeView;
  /** One body per media type. */
  media: Array<{ type: string; body: BodyView }>;
  headers?: { facet: FacetView; shapes: ShapeView[] };
  /** Stated examples first (named ones, then the one without a name), else generated ones; one per media type that can be written. */
  examples: ExampleView[];
  /** Why a media type has no example: `text/csv: …`. */
  noExample: string[];
  extras: FacetView[];
};

export type ResponseView = { status: string; statusClass: string; body: BodyView };

/** `cut`: past the page's budget, the rows from `cut.shown` on are on the item's continued pages. */
export type ParameterGroupView = { location: string; facet: FacetView; rows: ShapeView[]; cut?: ShapeChildren['cut'] };

/** Security alternatives: any one will do; each is requirements that must all hold, or none at all. */
export type SecurityView = {
  facet: FacetView;
  /** Each scope with where its scheme's page says what it allows, when the scheme states it. */
  alternatives: Array<{ anonymous: boolean; requirements: Array<{ scheme: string; link?: LinkView; scopes: Array<{ name: string; path?: string }> }> }>;
};

/** The item's line under its title: a method and a path (after the base address, where `relative`), a status... */
/** `repeatsTitle`: the item states no title, so its title is this line (`GET /apps/{name}`), which the page says once. */
export type SignatureBlock = { kind: 'signature'; cells: FacetView[]; base?: string; deprecated?: true; repeatsTitle?: true };
/** Short values under their labels. */
export type FactsBlock = { kind: 'facts'; title?: string; rows: FacetView[] };
/** A resource's `fields`, or the single `value` it is. */
/** `cut`: the fields are a place of the page's budget; where they are more than a page holds, the first `cut.shown` of them are shown, the rest where `cut.at` says. */
export type ShapeBlock = { kind: 'shape'; title: string; facet: FacetView; shape?: ShapeView; fields: ShapeView[]; cut?: ShapeChildren['cut'] };
export type ParametersBlock = { kind: 'parameters'; facet: FacetView; groups: ParameterGroupView[] };
/** `inherited`: the item states no body of its own, so its area's (where that area states it) applies. */
export type BodyBlock = { kind: 'body'; title: string; body: BodyView; inherited?: { area: string; path: string } };
export type ResponsesBlock = { kind: 'responses'; facet: FacetView; responses: ResponseView[] };
export type SecurityBlock = { kind: 'security'; security: SecurityView };
/** A map whose entries are each a value (scopes, token lifetimes), with the items that use each. */
export type EntriesBlock = { kind: 'entries'; title: string; facet: FacetView; rows: Array<{ key: string; facet: FacetView; usedBy: LinkView[] }> };
export type HeadersBlock = { kind: 'headers'; title: string; facet: FacetView; shapes: ShapeView[] };
/** The item's state machine, which the page draws from `ItemView.machine`. */
export type MachineBlock = { kind: 'machine' };
/** Code samples of an endpoint's request, one per language, made at build time; what they leave as placeholders is noted. */
/** `withheld`: the samples longer than a page should repeat (t32h: a 225 KB stated example written in each of 8 samples), left out and said, with the body block's heading `anchor` that shows the example they send. */
export type SamplesBlock = { kind: 'samples'; samples: SampleView[]; notes: string[]; withheld?: { labels: string[]; bytes: number; anchor?: string } };

/** One block of an item's reference page. */
export type BlockView = SignatureBlock | FactsBlock | ShapeBlock | ParametersBlock | BodyBlock | ResponsesBlock | SecurityBlock | EntriesBlock | HeadersBlock | MachineBlock | SamplesBlock;


