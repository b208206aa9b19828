import { misplacedConstraints } from './shapes.ts';
import type { Check } from './types.ts';

export const ignoredFacet: Check = {
  code: 'ignored-facet',
  description: 'A facet written where it cannot apply (a format on a boolean, a token lifetime on an API key, a body on GET): it is ignored. A constraint on the wrong type is a `constraint-type` error instead.',
  severity: 'hint',
  example: 'request: { resource: Order } on a GET endpoint',
  scope: 'file',
  run(ctx) {
    // Said once: a misplaced constraint is an error of its own (unless a spec turns that check off).
    const own = ctx.config.checks.get('constraint-type') !== 'off';
    const constraints = new Set(own ? misplacedConstraints(ctx).map((m) => JSON.stringify([m.file, m.path])) : []);
    for (const d of ctx.ignored) {
      if (constraints.has(JSON.stringify([d.file, d.at]))) continue;
      ctx.report({ message: `${d.message[0]?.toUpperCase() ?? ''}${d.message.slice(1)} Remove it, or change what makes it not apply.`, at: { file: d.file, path: d.at, key: true } });
    }
  },
};
