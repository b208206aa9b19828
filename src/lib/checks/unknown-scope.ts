import { stated } from '../facet/state.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check } from './types.ts';

export const unknownScope: Check = {
  code: 'unknown-scope',
  description: 'An endpoint needs a scope its authentication scheme does not define.',
  severity: 'error',
  example: 'security: [{ scheme: oauth2, scopes: ["orders:delete"] }]',
  run(ctx) {
    for (const item of ctx.items('endpoints')) {
      (stated(item.data.security) ?? []).forEach((req, i) => {
        const scheme = ctx.item('authentication', req.scheme);
        const defined = stated(scheme?.data.scopes);
        if (!scheme || !defined || !req.scopes) return;
        req.scopes.forEach((scope, j) => {
          if (Object.hasOwn(defined, scope)) return;
          const names = Object.keys(defined);
          ctx.report({
            message: `Scope \`${scope}\` is not a scope of \`${req.scheme}\`${didYouMean(scope, names) || '.'} Its scopes: ${names.join(', ') || 'none'}.`,
            at: { file: item.file, path: ['security', i, 'scopes', j] },
            related: [{ at: { file: scheme.file, path: ['scopes'], key: true }, message: `scopes of \`${req.scheme}\`` }],
          });
        });
      });
    }
  },
};
