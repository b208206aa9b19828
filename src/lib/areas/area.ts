import type { z } from 'zod';
import type { Path } from '../facet/path.ts';
import type { Obj } from '../facet/state.ts';
import type { AddReference, AreaKey } from './keys.ts';
import type { ShapeAt } from './shape.ts';

export { AREA_KEYS, type AddReference, type AreaKey, type ReferenceFound } from './keys.ts';
export type { ShapeAt } from './shape.ts';

/** Another page a view links to: an item (or an area), turned into a URL by the site. */
export interface Target {
  area: AreaKey;
  id?: string;
}

/** A state machine as its page shows it. */
export interface MachineView {
  states: Array<{ name: string; initial: boolean; final: boolean; description?: string }>;
  transitions: Array<{ from: string[]; to: string; trigger: { kind: 'endpoint' | 'event' | 'condition' | 'none' | 'open' | 'missing'; text: string; target?: Target }; description?: string; triggerId: string }>;
  /** Graphviz DOT of the machine, when its states are stated and it is small enough to draw. */
  dot?: string;
  /** The gap ids of the state list and the transitions, for the notes shown while they are open. */
  statesGap: string;
  transitionsGap: string;
}

/**
 * How an item's reference page lays out what the item states, block by block, by the keys of its
 * file. The site fills each block with the stated values and the gaps in place; whatever no block
 * takes is listed after them, so nothing is ever left out.
 */
export type LayoutBlock =
  /** The item's line under its title: a method and a path, a status, a direction and a channel; `relative` puts the base address before the last. */
  | { kind: 'signature'; keys: readonly string[]; relative?: boolean }
  /** Short values under their labels: a method, a status, dates, a scheme's kind. */
  | { kind: 'facts'; keys: readonly string[]; title?: string }
  /** A tree of shapes: a resource's `fields`, or its single `value`. */
  | { kind: 'shape'; key: string; title: string }
  /** Parameters by location, a table per location. */
  | { kind: 'parameters'; key: string }
  /** One body (a request, a payload, an error body). */
  | { kind: 'body'; key: string; title: string; mode?: 'request' | 'response' }
  /** Responses by status, each a body with its headers. */
  | { kind: 'responses'; key: string }
  /** Security alternatives, in words, linking to the schemes. */
  | { kind: 'security'; key: string }
  /** A map whose entries are each a value (scopes, token lifetimes, token endpoints). */
  | { kind: 'entries'; key: string; title: string }
  /** Code samples of the request in several languages, made from what an endpoint states. */
  | { kind: 'samples' }
  /** Headers by name, each a shape. */
  | { kind: 'headers'; key: string; title: string }
  /** The item's state machine: diagram, states, transitions. */
  | { kind: 'machine' };

/** What an item's page shows beyond its facets. */
export interface ItemExtras {
  machine?: MachineView;
  /**
   * The item in its area's list and the sidebar: a badge (a method, a direction, a status), a line
   * (a path, a channel), the groups it is listed under (its tags) and a short note (`15 fields`).
   */
  listing?: { badge?: string; line?: string; groups?: readonly string[]; note?: string };
}

/** The items of an area: one file each. */
export interface ItemsDef<IS extends z.ZodType> {
  noun: string;
  plural: string;
  schema: IS;
  /** Items that exist to be referred to (resources, errors...): one nothing refers to is worth a hint. */
  referable?: boolean;
  /** What a new item's file holds besides its open facets (a limit's `kind`), or why it cannot be made. */
  scaffold?(options: { kind?: string }): Obj | { error: string };
}

/**
 * One area of the spec, in one module: its file's schema, its items' schema (whose facets carry
 * their metadata), and everything the engines ask of the area. The engines loop over the areas
 * and call these; none of them switches on an area key.
 */
export interface AreaModule<AS extends z.ZodType = z.ZodType, IS extends z.ZodType = z.ZodType, Area = z.infer<AS>, Item = z.infer<IS>> {
  key: AreaKey;
  title: string;
  /** What the area covers, in the seed's words: "Purpose, domain and users of the service". */
  covers: string;
  /** Schema of `<area>/_area.yaml`. */
  schema: AS;
  items?: ItemsDef<IS>;
  /** What a new area file states from the start instead of an open facet (the purpose's placeholder base address). */
  areaScaffold?: Obj;
  /** What the area's own file says at its top, as comments, when it is first written (`specbench new <area>`, `specbench init`): where its items go and what closes its list. */
  guide?: readonly string[];
  /** References in the area's own file. */
  areaReferences?(area: Area, add: AddReference): void;
  references?(item: Item, add: AddReference): void;
  /** The shapes an item holds (fields, parameters, bodies, headers), for checks that look at every shape. */
  shapes?(item: Item): ShapeAt[];
  /** The shapes the area's own file holds. */
  areaShapes?(area: Area): ShapeAt[];
  /**
   * What breaks a client between two versions of an item; `after` undefined means removed. `id` is
   * the item's id as the spec has it after the change (as it was, for an item removed), and
   * `renamedFrom` its id before when it was renamed (see `identity`): the words name the item as
   * its page, its facets and its gaps do. `say` takes, beside the
   * reason, the path in the item of the facet it concerns (`['quota']`), where the page flags it.
   */
  breaking?(before: Item, after: Item | undefined, say: (message: string, at?: Path) => void, id: string, renamedFrom?: string): void;
  /**
   * What makes an item the same item under another id (an endpoint's method and path): an item
   * removed and one added with the same identity were renamed. Undefined when it cannot be told.
   */
  identity?(item: Item): string | undefined;
  /** What the item's page shows beyond its facets. */
  view?(item: Item, id: string): ItemExtras;
  /**
   * What the area's own file says of an item beside the item's file, shown on its page: the
   * summary and description of an endpoint's path, which every method on that path shares.
   */
  aside?(item: Item, area: Area): { label: string; summary?: string; description?: string } | undefined;
  /** The groups the area's file declares for its items' `tags`, in order, with what it says of each (a description, where to read more). */
  groups?(area: Area): ReadonlyArray<{ name: string; description?: string | undefined; external_docs?: { url: string; description?: string | undefined } | undefined }>;
  /**
   * A reader's title for an item that states none, made only of what it states (an endpoint's
   * method and path, a scheme's kind); undefined leaves its id. Read through `itemTitle`.
   */
  untitled?(item: Item): string | undefined;
  /** How the item's reference page lays out its facets; without it, they are listed in order. */
  layout?(item: Item): readonly LayoutBlock[];
  /** Entries of other items this item uses, by id (`authentication/oauth2/scopes/orders:read`), so that their pages can list it. */
  uses?(item: Item): string[];
  /** Lines the single Markdown document puts before the area's facets; `purpose` is the purpose area's data. */
  intro?(context: { items: number; purpose: Obj }): string[];
  /** Lines the single Markdown document puts after an item's facets. */
  markdown?(item: Item, id: string): string[];
}

/** Keeps a module's own schema types while checking it against the interface. */
export function defineArea<AS extends z.ZodType, IS extends z.ZodType = z.ZodNever>(module: AreaModule<AS, IS>): AreaModule<AS, IS> {
  return module;
}
