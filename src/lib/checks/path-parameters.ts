import { facetState, stated } from '../facet/state.ts';
import type { Check } from './types.ts';

/** `{name}` segments of a path shape. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? '');
}

export const pathParametersCheck: Check = {
  code: 'path-parameters',
  description: 'The `{parameters}` of a path and the path parameters an endpoint declares disagree.',
  severity: 'error',
  example: 'path: /orders/{order_id} with parameters that do not declare order_id',
  run(ctx) {
    for (const item of ctx.items('endpoints')) {
      const path = stated(item.data.path);
      const state = facetState(item.data.parameters);
      if (path === undefined || (state !== 'stated' && state !== 'none')) continue;
      const declared = Object.entries(stated(item.data.parameters) ?? {}).filter(([, p]) => p.in === 'path');
      const inPath = pathParameters(path);
      for (const name of inPath) {
        if (declared.some(([n]) => n === name)) continue;
        ctx.report({
          message: `Path parameter \`{${name}}\` of \`${path}\` is not declared; add \`${name}: { in: path, type: string, required: true }\` to parameters.`,
          at: { file: item.file, path: state === 'none' ? ['parameters'] : ['path'] },
        });
      }
      for (const [name, p] of declared) {
        if (!inPath.includes(name)) {
          ctx.report({ message: `Parameter \`${name}\` is declared \`in: path\` but \`${path}\` has no \`{${name}}\`; fix the name or the path.`, at: { file: item.file, path: ['parameters', name], key: true } });
        } else if (p.required === false) {
          ctx.report({ message: `Path parameter \`${name}\` is marked \`required: false\`; a path parameter is always required.`, at: { file: item.file, path: ['parameters', name, 'required'] } });
        }
      }
    }
  },
};
