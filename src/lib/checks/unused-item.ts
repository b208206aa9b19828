import { AREAS } from '../areas/index.ts';
import type { Check } from './types.ts';

export const unusedItem: Check = {
  code: 'unused-item',
  description: 'An item that nothing in the spec refers to (a resource no payload or field uses, an error no response names...). An item whose id a file that could not be read names is not called unused.',
  severity: 'hint',
  example: 'errors/gone.yaml that no response names',
  scope: 'spec',
  run(ctx) {
    // What a file that could not be read whole refers to is not known: an item its text names may be
    // used there, so it is not called unused (the file's own errors come first).
    const unread = AREAS.flatMap((m) => {
      const area = ctx.area(m.key);
      return [...(area.present && area.status !== 'valid' ? [area.file] : []), ...area.unreadable.map((u) => u.file), ...area.items.filter((i) => i.status !== 'valid').map((i) => i.file)];
    }).map((file) => ctx.written({ file, path: [] }));
    const perhapsUsed = (id: string) => unread.some((text) => text === undefined || text.includes(id));
    for (const module of AREAS.filter((m) => m.items?.referable)) {
      // Until some reference into the area is written, every item would be "unused": say nothing.
      if (!ctx.references.some((r) => r.area === module.key)) continue;
      for (const item of ctx.items(module.key)) {
        if ((ctx.graph.incoming.get(`${module.key}/${item.id}`) ?? []).length > 0) continue;
        if (perhapsUsed(item.id)) continue;
        ctx.report({ message: `Nothing refers to ${module.key} item \`${item.id}\`; reference it where it is used, or remove it.`, at: { file: item.file, path: [] } });
      }
    }
  },
};
