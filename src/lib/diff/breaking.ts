import { parse as parseDuration } from 'tinyduration';
import { isObj, own, statedObj, type Obj } from '../model/facet-def.ts';
import type { Item } from '../model/spec.ts';
import { transitionId } from '../model/areas/states.ts';

/** A change that can break a client written against the earlier spec. */
export interface BreakingChange {
  /** `area/item`. */
  item: string;
  message: string;
}

/** Seconds in an ISO 8601 duration (months as 30 days, years as 365), or undefined. */
export function seconds(iso: unknown): number | undefined {
  if (typeof iso !== 'string') return undefined;
  try {
    const d = parseDuration(iso);
    return ((((d.years ?? 0) * 365 + (d.months ?? 0) * 30 + (d.weeks ?? 0) * 7 + (d.days ?? 0)) * 24 + (d.hours ?? 0)) * 60 + (d.minutes ?? 0)) * 60 + (d.seconds ?? 0);
  } catch {
    return undefined;
  }
}

const stated = (v: unknown) => statedObj(v) ?? {};
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** What breaks clients between two versions of one item; `after` undefined means removed. */
export function breakingChanges(before: Item, after: Item | undefined): BreakingChange[] {
  const key = `${before.area}/${before.id}`;
  const out: BreakingChange[] = [];
  const say = (message: string) => out.push({ item: key, message });
  const b = before.data;
  const a = after?.data;
  if (!a) {
    if (before.area === 'endpoints') say(`Endpoint \`${before.id}\`${str(b.method) && str(b.path) ? ` (\`${str(b.method)} ${str(b.path)}\`)` : ''} removed.`);
    else if (['resources', 'states', 'events', 'errors', 'authentication'].includes(before.area)) say(`${before.area} item \`${before.id}\` removed.`);
    return out;
  }
  switch (before.area) {
    case 'endpoints':
      for (const k of ['method', 'path'] as const) {
        if (str(b[k]) && str(a[k]) && b[k] !== a[k]) say(`Endpoint \`${before.id}\` ${k} changed from \`${str(b[k])}\` to \`${str(a[k])}\`.`);
      }
      break;
    case 'resources':
      fieldChanges(before.id, stated(b.fields), stated(a.fields), say);
      break;
    case 'states': {
      const bs = Object.keys(stated(b.states));
      const as = new Set(Object.keys(stated(a.states)));
      for (const s of bs) if (!as.has(s)) say(`State \`${s}\` of \`${before.id}\` removed.`);
      const ids = (v: unknown) => new Set((Array.isArray(v) ? v : []).flatMap((t: unknown) => (isObj(t) ? [transitionId(t)] : [])));
      const at = ids(a.transitions);
      for (const t of ids(b.transitions)) if (!at.has(t)) say(`Transition \`${t}\` of \`${before.id}\` removed.`);
      break;
    }
    case 'authentication':
      for (const [token, life] of Object.entries(stated(b.token_lifetimes))) {
        const was = seconds(life);
        const now = seconds(own(stated(a.token_lifetimes), token));
        if (was !== undefined && now !== undefined && now < was) say(`Token lifetime \`${token}\` of \`${before.id}\` shortened from ${String(life)} to ${String(own(stated(a.token_lifetimes), token))}.`);
      }
      break;
    case 'limits':
      limitChanges(before.id, b, a, say);
      break;
    default:
      break;
  }
  return out;
}

function fieldChanges(resource: string, before: Obj, after: Obj, say: (m: string) => void): void {
  for (const [name, bf] of Object.entries(before)) {
    const af = own(after, name);
    if (!isObj(bf)) continue;
    if (!isObj(af)) {
      say(`Field \`${name}\` of \`${resource}\` removed.`);
      continue;
    }
    if (bf.required !== true && af.required === true) say(`Field \`${name}\` of \`${resource}\` made required.`);
    if (str(bf.type) && str(af.type) && bf.type !== af.type) say(`Field \`${name}\` of \`${resource}\` changed type from \`${str(bf.type)}\` to \`${str(af.type)}\`.`);
    const was = Array.isArray(bf.allowed) ? bf.allowed.map(String) : undefined;
    const now = Array.isArray(af.allowed) ? af.allowed.map(String) : undefined;
    const dropped = now ? (was ?? []).filter((v) => !now.includes(v)) : [];
    if (now && (!was || dropped.length > 0)) {
      say(`Allowed values of \`${resource}.${name}\` narrowed${was ? `: ${dropped.map((v) => `\`${v}\``).join(', ')} no longer allowed` : ` to ${now.map((v) => `\`${v}\``).join(', ')}`}.`);
    }
  }
}

function limitChanges(id: string, b: Obj, a: Obj, say: (m: string) => void): void {
  const rate = (l: Obj) => {
    const window = seconds(l.window);
    return typeof l.quota === 'number' && window ? l.quota / window : undefined;
  };
  const [rb, ra] = [rate(b), rate(a)];
  if (rb !== undefined && ra !== undefined && ra < rb) say(`Quota \`${id}\` lowered from ${String(b.quota)} per ${String(b.window)} to ${String(a.quota)} per ${String(a.window)}.`);
  if (typeof b.max_bytes === 'number' && typeof a.max_bytes === 'number' && a.max_bytes < b.max_bytes) say(`Size bound \`${id}\` lowered from ${b.max_bytes} to ${a.max_bytes} bytes.`);
  const [tb, ta] = [seconds(b.duration), seconds(a.duration)];
  if (tb !== undefined && ta !== undefined && ta < tb) say(`Time-out \`${id}\` shortened from ${String(b.duration)} to ${String(a.duration)}.`);
}
