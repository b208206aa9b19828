import type { LayoutBlock } from '../../../areas/area.ts';
import { isRequiredParameter, LOCATIONS, type Location } from '../../../areas/parameters.ts';
import { idSegment } from '../../../facet/ids.ts';
import { isObj, stated } from '../../../facet/state.ts';
import { facetAnchor, facetPath } from '../paths.ts';
import { top } from '../shape-tree.ts';
import type { FacetView, ParametersBlock, ShapeView } from '../views.ts';
import type { BlockContext } from './context.ts';

export type ParametersInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'parameters' }> };

/**
 * Parameters by location, a table per location that states them. A parameter the rule makes
 * required (a path parameter) reads required where it does not say so itself, as every output
 * writes it.
 */
export function parametersBlock(c: BlockContext, { itemId, data, block }: ParametersInput): ParametersBlock | undefined {
  const id = `${itemId}/${idSegment(block.key)}`;
  const self = c.facet(id);
  if (!self) return undefined;
  // "None" says nothing a reader needs: no section at all; the reason stays with the authoring facts.
  if (self.state === 'none') {
    c.quiet.push(self);
    return undefined;
  }
  const v = stated(data[block.key]);
  const groups = LOCATIONS.flatMap((location) => {
    const g = c.facet(`${id}/${location}`);
    if (!g) return [];
    if (g.state === 'none') {
      c.quiet.push(g);
      return [];
    }
    const named = isObj(v) ? stated(v[location]) : undefined;
    // The rows are a place of the page's budget: past it, shown in parts, each part on a continued page (its block says where).
    const rows = c.trees.rows(g, 1, Object.entries(isObj(named) ? named : {}).map(([n, p]) => () => quietDefaults(c, byRule(c.trees.shape(`${id}/${location}/${idSegment(n)}`, p, n, { ...top(), level: 1, ownValues: true }), location, p), location)));
    return [{ location, facet: g, rows }];
  });
  // Every location stated as none: nothing for a reader either.
  if (groups.length === 0 && c.quiet.length > 0 && self.state === 'stated') return undefined;
  return { kind: 'parameters', facet: self, groups };
}

/** How each location writes a value when a parameter does not say (OpenAPI's defaults): its style, and whether a list is one parameter per value. */
const DEFAULTS: Record<Location, { style: string; explode: boolean }> = {
  path: { style: 'simple', explode: false },
  query: { style: 'form', explode: true },
  header: { style: 'simple', explode: false },
  cookie: { style: 'form', explode: true },
};

/** A parameter's `style` and `explode` where they only repeat the location's default (`style: form` on a query parameter): moved to the authoring facts. */
function quietDefaults(c: BlockContext, row: ShapeView, location: Location): ShapeView {
  const defaults = DEFAULTS[location];
  const isDefault = (f: FacetView) => f.detail === true && ((f.id === `${row.id}/style` && f.text === defaults.style) || (f.id === `${row.id}/explode` && f.text === String(defaults.explode)));
  const quiet = row.extras.filter(isDefault);
  if (quiet.length === 0) return row;
  c.quiet.push(...quiet);
  return { ...row, extras: row.extras.filter((f) => !isDefault(f)) };
}

/** A parameter whose `required` is not written, marked as the rule says. */
function byRule(row: ShapeView, location: Location, parameter: unknown): ShapeView {
  if (row.required !== undefined || !isRequiredParameter(location, isObj(parameter) ? parameter : {})) return row;
  const rid = `${row.id}/required`;
  const required: FacetView = { id: rid, anchor: facetAnchor(rid), path: facetPath(rid), label: 'required', state: 'stated', text: 'true', blockedBy: [], blocks: [], links: [], depth: 0, detail: true, byRule: `a ${location} parameter always is` };
  return { ...row, required };
}
