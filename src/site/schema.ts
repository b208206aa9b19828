import { z } from 'astro/zod';
import {
  AREA_KEYS,
  type AreaSummary,
  type BlockView,
  type BodyView,
  type Changelog,
  type FacetView,
  type GapHistory,
  type ItemView,
  type PrintPart,
  type ReadinessView,
  type ShapeView,
  type SiteModel,
  type ValueView,
} from '../lib/index.ts';

/**
 * The schemas of the site's content collections: the core's view data as zod, so that every
 * entry is validated when the loader stores it and the pages get its type from the collection.
 * Objects are strict, so a key the core adds and this file does not know fails the build instead
 * of vanishing from the pages; the checks at the end keep each schema's type identical to the
 * core's, so a key this file misses does not compile.
 */

const area = z.enum(AREA_KEYS);
const coverage = z.strictObject({ stated: z.number(), total: z.number() });
const link = z.strictObject({ key: z.string(), label: z.string(), via: z.string(), path: z.string() });
const gapLink = z.strictObject({ id: z.string(), path: z.string() });

const valueView: z.ZodType<ValueView> = z.lazy(() => valueViewShape);
const valueViewShape = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), text: z.string() }),
  z.strictObject({ kind: z.literal('prose'), html: z.string() }),
  z.strictObject({ kind: z.literal('list'), items: z.array(valueView) }),
  z.strictObject({ kind: z.literal('map'), entries: z.array(z.strictObject({ key: z.string(), value: valueView })) }),
]);

const facetView = z.strictObject({
  id: z.string(),
  anchor: z.string(),
  path: z.string(),
  label: z.string(),
  state: z.enum(['stated', 'none', 'open', 'missing', 'placeholder', 'empty']),
  text: z.string().optional(),
  value: valueView.optional(),
  items: z.array(z.string()).optional(),
  question: z.string().optional(),
  questionHtml: z.string().optional(),
  owner: z.string().optional(),
  link: z.string().optional(),
  blockedBy: z.array(gapLink),
  blocks: z.array(gapLink),
  links: z.array(link),
  depth: z.number(),
  html: z.string().optional(),
  detail: z.literal(true).optional(),
  source: z.strictObject({ file: z.string(), line: z.number(), create: z.literal(true).optional() }).optional(),
});

const shapeView: z.ZodType<ShapeView> = z.lazy(() => shapeViewShape);
const shapeViewShape = z.strictObject({
  id: z.string(),
  anchor: z.string(),
  name: z.string().optional(),
  type: facetView.optional(),
  typeLink: link.optional(),
  required: facetView.optional(),
  description: facetView.optional(),
  format: facetView.optional(),
  flags: z.array(facetView),
  constraints: z.array(z.strictObject({ label: z.string(), facet: facetView })),
  allowed: facetView.optional(),
  default: facetView.optional(),
  examples: facetView.optional(),
  discriminator: facetView.optional(),
  children: z.array(z.strictObject({ kind: z.enum(['fields', 'items', 'values', 'variants']), facet: facetView, shapes: z.array(shapeView) })),
  extras: z.array(facetView),
});

const bodyView: z.ZodType<BodyView> = z.lazy(() => bodyViewShape);
const bodyViewShape = z.strictObject({
  facet: facetView,
  resource: link.optional(),
  list: z.boolean().optional(),
  error: link.optional(),
  mediaTypes: z.array(z.string()),
  description: facetView.optional(),
  shape: shapeView.optional(),
  media: z.array(z.strictObject({ type: z.string(), body: bodyView })),
  headers: z.strictObject({ facet: facetView, shapes: z.array(shapeView) }).optional(),
  example: z.strictObject({ facet: facetView, json: z.string() }).optional(),
  generated: z.string().optional(),
  extras: z.array(facetView),
});

const blockView = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('signature'), cells: z.array(facetView), base: z.string().optional(), deprecated: z.literal(true).optional() }),
  z.strictObject({ kind: z.literal('facts'), title: z.string().optional(), rows: z.array(facetView) }),
  z.strictObject({ kind: z.literal('shape'), title: z.string(), facet: facetView, shape: shapeView.optional(), fields: z.array(shapeView) }),
  z.strictObject({ kind: z.literal('parameters'), facet: facetView, groups: z.array(z.strictObject({ location: z.string(), facet: facetView, rows: z.array(shapeView) })) }),
  z.strictObject({ kind: z.literal('body'), title: z.string(), body: bodyView, inherited: z.strictObject({ area: z.string(), path: z.string() }).optional() }),
  z.strictObject({ kind: z.literal('responses'), facet: facetView, responses: z.array(z.strictObject({ status: z.string(), statusClass: z.string(), body: bodyView })) }),
  z.strictObject({
    kind: z.literal('security'),
    security: z.strictObject({
      facet: facetView,
      alternatives: z.array(
        z.strictObject({
          anonymous: z.boolean(),
          requirements: z.array(z.strictObject({ scheme: z.string(), link: link.optional(), scopes: z.array(z.strictObject({ name: z.string(), path: z.string().optional() })) })),
        }),
      ),
    }),
  }),
  z.strictObject({ kind: z.literal('entries'), title: z.string(), facet: facetView, rows: z.array(z.strictObject({ key: z.string(), facet: facetView, usedBy: z.array(link) })) }),
  z.strictObject({ kind: z.literal('headers'), title: z.string(), facet: facetView, shapes: z.array(shapeView) }),
  z.strictObject({ kind: z.literal('machine') }),
  z.strictObject({ kind: z.literal('curl'), command: z.string(), notes: z.array(z.string()) }),
]);

const machinePage = z.strictObject({
  states: z.array(z.strictObject({ name: z.string(), initial: z.boolean(), final: z.boolean(), descriptionHtml: z.string().optional(), descriptionUnstated: facetView.optional() })),
  transitions: z.array(
    z.strictObject({
      from: z.array(z.string()),
      to: z.string(),
      trigger: z.strictObject({ kind: z.enum(['endpoint', 'event', 'condition', 'none', 'open', 'missing']), text: z.string(), path: z.string().optional() }),
      triggerUnstated: facetView.optional(),
      descriptionHtml: z.string().optional(),
      descriptionUnstated: facetView.optional(),
    }),
  ),
  svg: z.string().optional(),
  statesFacet: facetView.optional(),
  transitionsFacet: facetView.optional(),
});

const listing = z.strictObject({ badge: z.string().optional(), line: z.string().optional(), groups: z.array(z.string()).readonly().optional(), note: z.string().optional() });

/** One item's page: its entry is `area/id`. */
export const itemSchema = z.strictObject({
  area,
  id: z.string(),
  title: z.string(),
  listing,
  path: z.string(),
  editUrl: z.string().optional(),
  blocks: z.array(blockView),
  machine: machinePage.optional(),
  lifecycles: z.array(z.strictObject({ link, machine: machinePage })).optional(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  file: z.string(),
  descriptionUnstated: facetView.optional(),
  coverage,
  gapCount: z.number(),
  facets: z.array(facetView),
  linksTo: z.array(link),
  linkedFrom: z.array(link),
});

/** One area, its items summed up: its entry is the area's key. */
export const areaSchema = z.strictObject({
  number: z.number(),
  key: area,
  title: z.string(),
  path: z.string(),
  editUrl: z.string().optional(),
  covers: z.string(),
  noun: z.string().optional(),
  plural: z.string().optional(),
  file: z.string(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  coverage,
  gapCount: z.number(),
  facets: z.array(facetView),
  items: z.array(z.strictObject({ id: z.string(), title: z.string(), listing, path: z.string(), coverage, gapCount: z.number() })),
  gaps: z.array(facetView),
});

/** The site's own entry: the service, how the print version is split, the downloads, and the problems `npm run dev` shows. */
export const siteSchema = z.strictObject({
  service: z.strictObject({ name: z.string().optional(), baseUrl: z.string().optional(), logo: z.string().optional() }),
  print: z.array(z.strictObject({ area, part: z.number(), parts: z.number(), from: z.number(), to: z.number(), path: z.string() })),
  /** The files a build publishes (none in `npm run dev`); their text is in the `downloads` collection. */
  downloads: z.array(z.strictObject({ file: z.string(), title: z.string() })),
  problems: z.strictObject({ count: z.number(), text: z.string() }).optional(),
  /** Where the spec is edited, when it says so: the links of every gap to its file. */
  sources: z.strictObject({ editUrl: z.string(), specDir: z.string() }).optional(),
  /** The spec's readiness levels (none before the first good analysis in `npm run dev`). */
  readiness: z
    .strictObject({
      reached: z.string().optional(),
      levels: z.array(z.strictObject({ name: z.string(), reached: z.boolean(), open: z.number() })),
      next: z.strictObject({ name: z.string(), count: z.number(), blocking: z.array(gapLink) }).optional(),
    })
    .optional(),
});

/** A file published for download: its entry is the file's name. */
export const downloadSchema = z.strictObject({ title: z.string(), text: z.string() });

/** The gap history and its chart. */
export const historySchema = z.strictObject({
  points: z.array(z.strictObject({ sha: z.string(), date: z.string(), subject: z.string(), gaps: z.record(area, z.number()), total: z.number(), errors: z.number() })),
  note: z.string(),
  svg: z.string().optional(),
});

const capped = <T extends z.ZodType>(of: T) => z.strictObject({ shown: z.array(of), total: z.number() });
const changelogGap = z.strictObject({ id: z.string(), area, item: z.string().optional(), label: z.string() });

/** What each commit that touched the spec changed, newest first. */
export const changelogSchema = z.strictObject({
  entries: z.array(
    z.strictObject({
      sha: z.string(),
      date: z.string(),
      subject: z.string(),
      base: z.enum(['previous', 'empty', 'unknown']),
      gaps: z.number(),
      errors: z.number(),
      changes: z
        .strictObject({
          gapsBefore: z.number(),
          gapsClosed: capped(changelogGap),
          gapsOpened: capped(changelogGap),
          itemsAdded: capped(z.string()),
          itemsRemoved: capped(z.string()),
          itemsChanged: capped(z.string()),
          areasChanged: z.array(area),
          breaking: capped(z.strictObject({ item: z.string(), message: z.string() })),
        })
        .optional(),
    }),
  ),
  note: z.string(),
});

/** What the site knows besides the areas: the service, the print version's pages, and the spec's problems while `npm run dev` shows them. */
export type SiteMeta = z.output<typeof siteSchema>;
/** A file the build publishes for download. */
export type Download = z.output<typeof downloadSchema>;
/** The gap history from git, and its chart. */
export type History = z.output<typeof historySchema>;
/** What each commit that touched the spec changed. */
export type ChangelogData = z.output<typeof changelogSchema>;

/** Whether two types are the same, not merely assignable (a missing optional key makes them differ). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

true satisfies Same<z.output<typeof valueViewShape>, ValueView>;
true satisfies Same<z.output<typeof facetView>, FacetView>;
true satisfies Same<z.output<typeof shapeViewShape>, ShapeView>;
true satisfies Same<z.output<typeof bodyViewShape>, BodyView>;
true satisfies Same<z.output<typeof blockView>, BlockView>;
true satisfies Same<z.output<typeof itemSchema>, ItemView>;
true satisfies Same<z.output<typeof areaSchema>, AreaSummary>;
true satisfies Same<z.output<typeof siteSchema>['service'], SiteModel['service']>;
true satisfies Same<z.output<typeof siteSchema>['print'], PrintPart[]>;
true satisfies Same<NonNullable<z.output<typeof siteSchema>['readiness']>, ReadinessView>;
true satisfies Same<z.output<typeof historySchema>['points'], GapHistory['points']>;
true satisfies Same<ChangelogData, Changelog>;
