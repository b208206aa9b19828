import { AREA_KEYS, type AreaDef, type AreaKey } from '../facet-def.ts';
import { authentication } from './authentication.ts';
import { endpoints } from './endpoints.ts';
import { errors } from './errors.ts';
import { events } from './events.ts';
import { limits } from './limits.ts';
import { purpose } from './purpose.ts';
import { resources } from './resources.ts';
import { states } from './states.ts';
import { versioning } from './versioning.ts';

const BY_KEY: Record<AreaKey, AreaDef> = { purpose, resources, states, endpoints, authentication, events, errors, limits, versioning };

/** The nine areas in the nine-part order. */
export const AREAS: readonly AreaDef[] = AREA_KEYS.map((key) => BY_KEY[key]);

export function areaDef(key: AreaKey): AreaDef {
  return BY_KEY[key];
}

export function isAreaKey(value: string): value is AreaKey {
  return (AREA_KEYS as readonly string[]).includes(value);
}
