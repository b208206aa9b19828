import type { AreaKey } from '../model/facet-def.ts';
import type { Check } from './types.ts';

/** Areas whose items exist to be referred to. */
const REFERRED: AreaKey[] = ['resources', 'errors', 'limits', 'authentication'];

export const unusedItem: Check = {
  code: 'unused-item',
  description: 'An item that nothing in the spec refers to (a resource no payload or field uses, an error no response names...).',
  severity: 'hint',
  example: 'errors/gone.yaml that no response names',
  run(ctx) {
    for (const area of REFERRED) {
      // Until some reference into the area is written, every item would be "unused": say nothing.
      if (!ctx.references.some((r) => r.area === area)) continue;
      for (const item of ctx.items(area)) {
        if ((ctx.graph.incoming.get(`${area}/${item.id}`) ?? []).length > 0) continue;
        ctx.report({ message: `Nothing refers to ${area} item \`${item.id}\`; reference it where it is used, or remove it.`, at: { file: item.file, path: [] } });
      }
    }
  },
};
