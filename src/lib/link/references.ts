import type { Path } from '../load/source.ts';
import { isObj, statedObj, type AreaKey, type Obj } from '../model/facet-def.ts';
import type { Item, Spec } from '../model/spec.ts';
import { PRIMITIVE_TYPES } from '../schema/resource.ts';

/** A mention of another item, where it is written and what it names. */
export interface Reference {
  /** The file and data path of the mention. */
  file: string;
  path: Path;
  /** `area/item` of the mentioning item, or `area` for an area file. */
  source: string;
  /** The area the named item must be in, and its id. */
  area: AreaKey;
  id: string;
  /** What the mention is, for messages: "request payload", "transition trigger". */
  via: string;
}

const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPES);

/** Every item-to-item reference that MODEL.md lists, in file order. */
export function collectReferences(spec: Spec): Reference[] {
  const refs: Reference[] = [];
  for (const area of spec.areas) {
    if (area.status !== 'broken') areaRefs(area.key, area.file, area.data, refs);
    for (const item of area.items) if (item.status !== 'broken') itemRefs(item, refs);
  }
  return refs;
}

function areaRefs(area: AreaKey, file: string, data: Obj, refs: Reference[]): void {
  if (area === 'errors') payload(data.body, ['body'], { file, source: area }, 'error body shape', refs);
}

interface From {
  file: string;
  source: string;
}

function push(refs: Reference[], from: From, path: Path, area: AreaKey, id: unknown, via: string): void {
  if (typeof id === 'string') refs.push({ ...from, path, area, id, via });
}

function payload(value: unknown, path: Path, from: From, via: string, refs: Reference[]): void {
  const p = statedObj(value);
  if (!p) return;
  push(refs, from, [...path, 'resource'], 'resources', p.resource, via);
  push(refs, from, [...path, 'error'], 'errors', p.error, via);
}

function typeRef(type: unknown, path: Path, from: From, via: string, refs: Reference[]): void {
  if (typeof type === 'string' && !PRIMITIVES.has(type)) push(refs, from, path, 'resources', type, via);
}

function itemRefs(item: Item, refs: Reference[]): void {
  const from = { file: item.file, source: `${item.area}/${item.id}` };
  const d = item.data;
  switch (item.area) {
    case 'resources':
      for (const [name, field] of entries(statedObj(d.fields))) {
        typeRef(field.type, ['fields', name, 'type'], from, `type of field ${name}`, refs);
        typeRef(field.items, ['fields', name, 'items'], from, `items of field ${name}`, refs);
      }
      if (isObj(d.value)) {
        typeRef(d.value.type, ['value', 'type'], from, 'type of value', refs);
        typeRef(d.value.items, ['value', 'items'], from, 'items of value', refs);
      }
      break;
    case 'states':
      push(refs, from, ['resource'], 'resources', d.resource, 'state machine resource');
      (Array.isArray(d.transitions) ? d.transitions : []).forEach((t: unknown, i) => {
        const trigger = isObj(t) ? statedObj(t.trigger) : undefined;
        push(refs, from, ['transitions', i, 'trigger', 'endpoint'], 'endpoints', trigger?.endpoint, 'transition trigger');
        push(refs, from, ['transitions', i, 'trigger', 'event'], 'events', trigger?.event, 'transition trigger');
      });
      break;
    case 'endpoints':
      for (const [name, p] of entries(statedObj(d.parameters))) typeRef(p.type, ['parameters', name, 'type'], from, `type of parameter ${name}`, refs);
      payload(d.request, ['request'], from, 'request payload', refs);
      for (const [status, r] of entries(statedObj(d.responses))) payload(r, ['responses', status], from, `${status} response`, refs);
      (Array.isArray(d.security) ? d.security : []).forEach((s: unknown, i) => {
        if (isObj(s)) push(refs, from, ['security', i, 'scheme'], 'authentication', s.scheme, 'security scheme');
      });
      (Array.isArray(d.limits) ? d.limits : []).forEach((l: unknown, i) => push(refs, from, ['limits', i], 'limits', l, 'limit'));
      break;
    case 'events':
      payload(d.payload, ['payload'], from, 'event payload', refs);
      break;
    default:
      break;
  }
}

function entries(value: Obj | undefined): Array<[string, Obj]> {
  return Object.entries(value ?? {}).filter((e): e is [string, Obj] => isObj(e[1]));
}
