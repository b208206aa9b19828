import { stated } from '../facet/state.ts';
import { parametersOf } from '../areas/parameters.ts';
import type { Check, CheckContext } from './types.ts';

export const duplicateFacet: Check = {
  code: 'duplicate-facet',
  description:
    'Two places that would have one gap id (two transitions with the same from and to): only the first counts, so gaps and diffs stay exact. Also one HTTP header written twice in different letter case (`X-Id` and `x-id` among one request\'s header parameters or one response\'s headers): HTTP field names are case-insensitive, so the two are one header.',
  severity: 'error',
  example: 'transitions: [{ from: draft, to: placed }, { from: draft, to: placed }]',
  scope: 'file',
  run(ctx) {
    for (const d of ctx.duplicates) ctx.report({ message: d.message, at: { file: d.file, path: d.at } });
    for (const item of [...ctx.items('endpoints'), ...ctx.items('events')]) {
      headersTwice(ctx, item.file, ['parameters', 'header'], parametersOf(item.data).filter((p) => p.location === 'header').map((p) => p.name), 'header parameter');
    }
    for (const item of ctx.items('endpoints')) {
      for (const [status, response] of Object.entries(stated(item.data.responses) ?? {})) {
        const headers = stated(stated(response)?.headers);
        if (headers !== undefined) headersTwice(ctx, item.file, ['responses', status, 'headers'], Object.keys(headers), `header of response ${status}`);
      }
    }
  },
};

/** Reports each header name that an earlier one of the same list matches in any letter case. */
function headersTwice(ctx: CheckContext, file: string, at: string[], names: readonly string[], what: string): void {
  const first = new Map<string, string>();
  for (const name of names) {
    const earlier = first.get(name.toLowerCase());
    if (earlier === undefined) {
      first.set(name.toLowerCase(), name);
      continue;
    }
    ctx.report({
      message: `The ${what} \`${name}\` is also written as \`${earlier}\`: HTTP header names are case-insensitive, so the two are one header stated twice. Keep one.`,
      at: { file, path: [...at, name] },
      related: [{ at: { file, path: [...at, earlier] }, message: `${what} \`${earlier}\`` }],
    });
  }
}
