import type { Check } from './types.ts';

export const ignoredFacet: Check = {
  code: 'ignored-facet',
  description: 'A facet written where it cannot apply (a format on a boolean, a token lifetime on an API key, a body on GET): it is ignored.',
  severity: 'hint',
  example: 'request: { resource: Order } on a GET endpoint',
  run(ctx) {
    for (const d of ctx.assessment.ignored) ctx.report({ message: `${d.message[0]?.toUpperCase() ?? ''}${d.message.slice(1)} Remove it, or change what makes it not apply.`, at: { file: d.file, path: d.at, key: true } });
  },
};
