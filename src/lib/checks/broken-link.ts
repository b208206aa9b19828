import { AREA_KEYS, isAreaKey } from '../areas/index.ts';
import { parseTarget } from '../link/prose.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check, CheckContext } from './types.ts';

/** Why a prose link target does not resolve, or undefined when it does. */
export function linkProblem(ctx: CheckContext, raw: string): string | undefined {
  const target = parseTarget(raw);
  if (!target) return `\`${raw}\` is not a link target; write \`[[area]]\`, \`[[area/id]]\` or \`[[gap:id]]\`.`;
  if (target.kind === 'facet') return ctx.facets.has(target.id) ? undefined : `there is no facet \`${target.id}\`${didYouMean(target.id, ctx.facets.keys()) || '.'}`;
  if (!isAreaKey(target.area)) return `\`${target.area}\` is not an area${didYouMean(target.area, AREA_KEYS) || '.'}`;
  if (target.kind === 'area' || ctx.item(target.area, target.id)) return undefined;
  const ids = ctx.items(target.area).map((i) => i.id);
  return `there is no \`${target.id}\` in ${target.area}${didYouMean(target.id, ids) || '.'}`;
}

export const brokenLink: Check = {
  code: 'broken-link',
  description: 'A `[[...]]` link in prose names nothing in the spec, or is malformed.',
  severity: 'error',
  example: 'description: See [[resources/Ordr]].',
  run(ctx) {
    for (const p of ctx.prose) {
      for (const link of p.links) {
        const problem = linkProblem(ctx, link.target);
        if (problem) ctx.report({ message: `Broken link \`${link.raw}\`: ${problem}`, at: { file: p.file, path: p.path, text: link.raw } });
      }
      for (const bad of p.malformed) {
        ctx.report({ message: `\`${bad.trim()}\` looks like a link but is not one; write \`[[area/id]]\` or \`[[area/id|plain label]]\` (labels are plain text).`, at: { file: p.file, path: p.path, text: '[[' } });
      }
    }
  },
};
