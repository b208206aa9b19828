import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

export const statusMismatch: Check = {
  code: 'status-mismatch',
  description: 'A response names an error code whose own status code is a different one.',
  severity: 'warning',
  example: '"404": { error: invalid_order } where invalid_order has status 400',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('endpoints')) {
      for (const [status, response] of Object.entries(stated(item.data.responses) ?? {})) {
        const r = stated(response);
        const code = r && 'error' in r ? r.error : undefined;
        const error = code !== undefined ? ctx.item('errors', code) : undefined;
        const own = stated(error?.data.status);
        if (!error || own === undefined || !/^\d+$/.test(status) || Number(status) === own) continue;
        ctx.report({
          message: `The ${status} response names error \`${code}\`, whose status is ${own}; use the error under ${own} or fix its status.`,
          at: { file: item.file, path: ['responses', status, 'error'] },
          related: [{ at: { file: error.file, path: ['status'] }, message: `status of \`${code}\`` }],
        });
      }
    }
  },
};
