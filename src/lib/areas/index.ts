import type { z } from 'zod';
import { possibleFacetFields } from '../facet/define.ts';
import { AREA_KEYS, type AreaKey, type AreaModule } from './area.ts';
import { authentication } from './authentication/index.ts';
import { endpoints } from './endpoints/index.ts';
import { errors } from './errors/index.ts';
import { events } from './events/index.ts';
import { limits } from './limits/index.ts';
import { purpose } from './purpose/index.ts';
import { resources } from './resources/index.ts';
import { states } from './states/index.ts';
import { versioning } from './versioning/index.ts';

/** Each area's module, by key: the one place that lists them. */
const MODULES = { purpose, resources, states, endpoints, authentication, events, errors, limits, versioning } satisfies Record<AreaKey, AreaModule>;
type Modules = typeof MODULES;

/** The data of an area's own file, as its schema types it. */
export type AreaData<K extends AreaKey> = z.infer<Modules[K]['schema']>;
/** The data of one of an area's items, as its schema types it. */
export type ItemData<K extends AreaKey> = Modules[K] extends AreaModule<z.ZodType, infer IS> ? z.infer<IS> : never;
/** What an importer writes for an area's own file: the input its schema accepts. */
export type AreaInput<K extends AreaKey> = z.input<Modules[K]['schema']>;
/** What an importer writes for one item of an area. */
export type ItemInput<K extends AreaKey> = Modules[K] extends AreaModule<z.ZodType, infer IS> ? z.input<IS> : never;

/** The nine areas in the nine-part order, for the engines that loop over them. */
export const AREAS: readonly AreaModule[] = AREA_KEYS.map((key) => MODULES[key]);

export function areaModule(key: AreaKey): AreaModule {
  return MODULES[key];
}

/**
 * The title readers see for an item: its own `title`, else what its area makes of what it states
 * (`POST /orders`, `OAuth 2.0`), else its id. Display only: no output writes it back as a title.
 */
export function itemTitle(area: AreaKey, item: { id: string; data: { title?: string } }): string {
  return item.data.title ?? MODULES[area].untitled?.(item.data as never) ?? item.id;
}

const OWNERS = new Map(AREAS.map((m) => [m.key, m.items ? new Set(possibleFacetFields(m.schema).filter((f) => f.meta.children !== undefined).map((f) => f.key)) : null]));

/**
 * The keys of an area's own file whose values hold facets of their own (the errors area's body), or
 * null for an area without items (every id is its file's): `errors/body/schema/type` names a facet
 * of the area's file, not of an item `body`, so no item may take such a name (`reserved-item-id`).
 */
export function areaFacetOwners(area: AreaKey): ReadonlySet<string> | null {
  return OWNERS.get(area) ?? null;
}

export function isAreaKey(value: string): value is AreaKey {
  return (AREA_KEYS as readonly string[]).includes(value);
}

export { AREA_KEYS, type AreaKey, type AreaModule } from './area.ts';
