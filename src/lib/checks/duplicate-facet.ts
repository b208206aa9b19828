import type { Check } from './types.ts';

export const duplicateFacet: Check = {
  code: 'duplicate-facet',
  description: 'Two places that would have one gap id (two transitions with the same from and to): only the first counts, so gaps and diffs stay exact.',
  severity: 'error',
  example: 'transitions: [{ from: draft, to: placed }, { from: draft, to: placed }]',
  scope: 'file',
  run(ctx) {
    for (const d of ctx.duplicates) ctx.report({ message: d.message, at: { file: d.file, path: d.at } });
  },
};
