import { AREA_KEYS, isAreaKey } from '../areas/index.ts';
import { parseTarget } from '../link/prose.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check, CheckContext } from './types.ts';

/** The same words as `unresolved-reference` for a target whose file is there but has errors. */
const exists = (file: string) => `it names \`${file}\`, which exists but could not be read (see its own errors); fix that file first.`;

/** Why a prose link target does not resolve, or undefined when it does. */
export function linkProblem(ctx: CheckContext, raw: string): string | undefined {
  const target = parseTarget(raw);
  if (!target) return `\`${raw}\` is not a link target; write \`[[area]]\`, \`[[area/id]]\` or \`[[gap:id]]\`.`;
  if (target.kind === 'facet') {
    if (ctx.facet(target.id)) return undefined;
    // `area/item/...`: the item may be there, in a file that could not be read.
    const [area = '', id = ''] = target.id.split('/');
    const unreadable = isAreaKey(area) ? ctx.unreadable(area, id) : undefined;
    return unreadable ? exists(unreadable.file) : `there is no facet \`${target.id}\`${didYouMean(target.id, ctx.facetIds()) || '.'}`;
  }
  if (!isAreaKey(target.area)) return `\`${target.area}\` is not an area${didYouMean(target.area, AREA_KEYS) || '.'}`;
  if (target.kind === 'area' || ctx.item(target.area, target.id)) return undefined;
  const unreadable = ctx.unreadable(target.area, target.id);
  if (unreadable) return exists(unreadable.file);
  const ids = ctx.ids(target.area);
  return `there is no \`${target.id}\` in ${target.area}${didYouMean(target.id, ids) || '.'}`;
}

export const brokenLink: Check = {
  code: 'broken-link',
  description: 'A `[[...]]` link in prose names nothing in the spec, or is malformed (a labelled link in a table cell needs its bar escaped: `[[x\\|label]]`).',
  severity: 'error',
  example: 'description: See [[resources/Ordr]].',
  scope: 'file',
  run(ctx) {
    for (const p of ctx.prose) {
      for (const link of p.links) {
        const problem = linkProblem(ctx, link.target);
        if (problem) ctx.report({ message: `Broken link \`${link.raw}\`: ${problem}`, at: { file: p.file, path: p.path, text: link.raw } });
      }
      for (const bad of p.malformed) {
        ctx.report({ message: `\`${bad.trim()}\` looks like a link but is not one; write \`[[area/id]]\` or \`[[area/id|plain label]]\` (labels are plain text).`, at: { file: p.file, path: p.path, text: '[[' } });
      }
      for (const cut of p.cutByCell ?? []) {
        // Where it is written: its opening up to the bar, which is written as the reading has it.
        const opening = cut.slice(0, cut.indexOf('|'));
        ctx.report({ message: `\`${cut}\` is in a table cell, where \`|\` ends the cell, so the table cuts the link in two. Escape the bar, as on GitHub: \`${opening}\\|${cut.slice(opening.length + 1)}\`.`, at: { file: p.file, path: p.path, text: opening } });
      }
    }
  },
};
