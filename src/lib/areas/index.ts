import type { z } from 'zod';
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

export function isAreaKey(value: string): value is AreaKey {
  return (AREA_KEYS as readonly string[]).includes(value);
}

export { AREA_KEYS, type AreaKey, type AreaModule } from './area.ts';
