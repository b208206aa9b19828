import { parametersOf } from '../areas/endpoints/index.ts';
import { facetState, stated } from '../facet/state.ts';
import { escapeControls } from '../safety/terminal.ts';
import type { Check } from './types.ts';

/** A control character (C0, DEL, C1): no path holds one as itself. */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** `{name}` segments of a path shape. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? '');
}

export const pathParametersCheck: Check = {
  code: 'path-parameters',
  description: 'The `{parameters}` of a path and the path parameters an endpoint declares disagree, or the path holds a control character (ESC, BEL, a line break...), which no URL carries as itself.',
  severity: 'error',
  example: 'path: /orders/{order_id} with parameters that do not declare order_id',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('endpoints')) {
      const path = stated(item.data.path);
      // A control character in a path is no part of a URL (a client sends it percent-encoded) and
      // reaches terminals and logs as a command (ESC starts one): refused where it is written.
      const control = path === undefined ? null : CONTROL.exec(path);
      if (control) {
        const code = `U+${(control[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
        ctx.report({ message: `The path \`${escapeControls(path ?? '')}\` holds the control character ${code}, which no URL carries as itself; remove it (a path is written as a client sends it, its characters printable).`, at: { file: item.file, path: ['path'] } });
      }
      const state = facetState(item.data.parameters);
      const pathState = facetState(stated(item.data.parameters)?.path);
      if (path === undefined || (state !== 'stated' && state !== 'none')) continue;
      const declared = parametersOf(item.data).filter((p) => p.location === 'path');
      const inPath = pathParameters(path);
      for (const name of inPath) {
        // A path parameter list still open is a gap, not a mistake.
        if (declared.some((p) => p.name === name) || pathState === 'open') continue;
        ctx.report({
          message: `Path parameter \`{${name}}\` of \`${path}\` is not declared; add \`path: { ${name}: { type: string } }\` to parameters.`,
          at: { file: item.file, path: state === 'none' ? ['parameters'] : ['path'] },
        });
      }
      for (const { name, parameter } of declared) {
        if (!inPath.includes(name)) {
          ctx.report({ message: `Parameter \`${name}\` is declared under \`path\` but \`${path}\` has no \`{${name}}\`; fix the name or the path.`, at: { file: item.file, path: ['parameters', 'path', name], key: true } });
        } else if (parameter.required === false) {
          ctx.report({ message: `Path parameter \`${name}\` is marked \`required: false\`; a path parameter is always required.`, at: { file: item.file, path: ['parameters', 'path', name, 'required'] } });
        }
      }
    }
  },
};
