import { AREA_KEYS, areaFacetOwners } from '../areas/index.ts';
import type { Check } from './types.ts';

/**
 * An item named like a part of its area's own file that holds facets (an error named `body`):
 * `errors/body/schema/type` would name a facet of both, so gap ids, links and anchors could not
 * tell them apart.
 */
export const reservedItemId: Check = {
  code: 'reserved-item-id',
  description: 'An item is named like a part of its area’s own file (an error named `body`), so their gap ids would be the same.',
  severity: 'error',
  example: 'errors/body.yaml beside the errors area’s own body',
  scope: 'spec',
  run(ctx) {
    for (const area of AREA_KEYS) {
      const owners = areaFacetOwners(area);
      if (!owners || owners.size === 0) continue;
      for (const item of ctx.items(area)) {
        if (!owners.has(item.id)) continue;
        ctx.report({ message: `\`${area}/${item.id}\` has the name of the ${area} area’s own \`${item.id}\` (in \`${area}/_area.yaml\`), so their gap ids would be the same; rename the file.`, at: { file: item.file, path: [] } });
      }
    }
  },
};
