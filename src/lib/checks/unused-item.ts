import { AREAS } from '../areas/index.ts';
import type { Check } from './types.ts';

export const unusedItem: Check = {
  code: 'unused-item',
  description: 'An item that nothing in the spec refers to (a resource no payload or field uses, an error no response names...).',
  severity: 'hint',
  example: 'errors/gone.yaml that no response names',
  scope: 'spec',
  run(ctx) {
    for (const module of AREAS.filter((m) => m.items?.referable)) {
      // Until some reference into the area is written, every item would be "unused": say nothing.
      if (!ctx.references.some((r) => r.area === module.key)) continue;
      for (const item of ctx.items(module.key)) {
        if ((ctx.graph.incoming.get(`${module.key}/${item.id}`) ?? []).length > 0) continue;
        ctx.report({ message: `Nothing refers to ${module.key} item \`${item.id}\`; reference it where it is used, or remove it.`, at: { file: item.file, path: [] } });
      }
    }
  },
};
