import { AREAS } from '../areas/index.ts';
import { requirements, type SecurityAlternative } from '../areas/security.ts';
import { own, stated } from '../facet/state.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check } from './types.ts';

export const unknownScope: Check = {
  code: 'unknown-scope',
  description: 'An endpoint or event needs a scope its authentication scheme does not define.',
  severity: 'error',
  example: 'security: [{ scheme: oauth2, scopes: ["orders:delete"] }]',
  scope: 'file',
  run(ctx) {
    for (const module of AREAS) {
      for (const item of ctx.items(module.key)) {
        const alternatives = stated(own(item.data, 'security'));
        if (!Array.isArray(alternatives)) continue;
        for (const { requirement, path } of requirements(alternatives as SecurityAlternative[])) {
          const scheme = ctx.item('authentication', requirement.scheme);
          const defined = stated(scheme?.data.scopes);
          if (!scheme || !defined || !requirement.scopes) continue;
          requirement.scopes.forEach((scope, j) => {
            if (Object.hasOwn(defined, scope)) return;
            const names = Object.keys(defined);
            ctx.report({
              message: `Scope \`${scope}\` is not a scope of \`${requirement.scheme}\`${didYouMean(scope, names) || '.'} Its scopes: ${names.join(', ') || 'none'}.`,
              at: { file: item.file, path: ['security', ...path, 'scopes', j] },
              related: [{ at: { file: scheme.file, path: ['scopes'], key: true }, message: `scopes of \`${requirement.scheme}\`` }],
            });
          });
        }
      }
    }
  },
};
