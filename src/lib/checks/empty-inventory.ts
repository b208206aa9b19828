import { AREAS } from '../areas/index.ts';
import { possibleFacetFields } from '../facet/define.ts';
import { own } from '../facet/state.ts';
import type { Check } from './types.ts';

/**
 * An inventory stated `complete` over no item files closes its gap and counts as stated, but says
 * that the list is whole while it is empty: either the files are still to be written, or there are
 * none, which `{ none: reason }` says (and lets the area's other facets fall away).
 */
export const emptyInventory: Check = {
  code: 'empty-inventory',
  description: 'An inventory says `complete` but lists nothing: no item file of its area (or of its kind of limit). If there are none, say so with `{ none: reason }`.',
  severity: 'warning',
  example: 'endpoints/_area.yaml: inventory: complete, with no endpoint file',
  scope: 'spec',
  run(ctx) {
    for (const module of AREAS) {
      if (!module.items) continue;
      const area = ctx.area(module.key);
      for (const { key, meta } of possibleFacetFields(module.schema)) {
        const inventory = meta.inventory;
        if (!inventory || own(area.data, key) !== 'complete') continue;
        const listed = area.items.filter((i) => inventory.kind === undefined || own(i.data, 'kind') === inventory.kind).length;
        // A file with errors is still a file of the list (of any kind, as far as can be told): it is reported on its own.
        if (listed + area.unreadable.length > 0) continue;
        const folder = `${module.key}/`;
        ctx.report({
          message: `\`${key}: complete\` says the list of ${inventory.noun} is whole, but it lists none (no ${inventory.kind !== undefined ? `\`kind: ${inventory.kind}\` file` : 'file'} in \`${folder}\`). If there are none, write \`${key}: { none: "why there are none" }\`; else add their files.`,
          at: { file: area.file, path: [key] },
        });
      }
    }
  },
};
