import { areaModule } from '../areas/index.ts';
import { COMPOSITIONS, PRIMITIVE_TYPES } from '../areas/shape.ts';
import { isOpenValue } from '../facet/state.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check } from './types.ts';

export const unresolvedReference: Check = {
  code: 'unresolved-reference',
  description: 'A reference names an item that does not exist (a resource, error, endpoint, event, scheme, limit or gap id).',
  severity: 'error',
  example: 'responses: { "200": { resource: Ordr } }',
  scope: 'file',
  run(ctx) {
    for (const r of ctx.references) {
      const unreadable = ctx.unreadable(r.area, r.id);
      if (unreadable) {
        ctx.report({ message: `\`${r.id}\` in ${r.via} names \`${unreadable.file}\`, which exists but could not be read (see its own errors); fix that file first.`, at: { file: r.file, path: r.path } });
        continue;
      }
      if (ctx.item(r.area, r.id)) continue;
      const noun = areaModule(r.area).items?.noun ?? r.area;
      const ids = ctx.ids(r.area);
      const isType = /^(type|items|values|variant) of/.test(r.via);
      const candidates = isType ? [...ids, ...PRIMITIVE_TYPES, ...COMPOSITIONS] : ids;
      const hint = didYouMean(r.id, candidates) || `. Add \`${r.area}/${r.id}.yaml\`${isType ? ` or use one of ${PRIMITIVE_TYPES.join(', ')}` : ''}.`;
      ctx.report({ message: `Unknown ${isType ? 'type or resource' : noun} \`${r.id}\` in ${r.via}${hint}`, at: { file: r.file, path: r.path } });
    }
    // Open facets are gaps: the file's gaps hold every `blocked_by` it writes.
    for (const f of ctx.gaps) {
      if (f.state !== 'open' || !isOpenValue(f.value)) continue;
      (f.value.blocked_by ?? []).forEach((id, i) => {
        if (!ctx.facet(id)) {
          ctx.report({ message: `\`blocked_by\` names \`${id}\`, which is no facet of this spec${didYouMean(id, ctx.facetIds()) || '.'} Use a gap id as SPEC_GAPS.md lists them.`, at: { file: f.file, path: [...f.at, 'blocked_by', i] } });
        }
      });
    }
  },
};
