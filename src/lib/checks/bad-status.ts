import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

const STATUS_KEY = /^([1-5]\d\d|[1-5]XX|default)$/;

export const badStatus: Check = {
  code: 'bad-status',
  description: 'An HTTP status code outside 100–599 (responses also take `4XX` ranges and `default`).',
  severity: 'error',
  example: 'responses: { "600": { resource: Order } }',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('endpoints')) {
      for (const status of Object.keys(stated(item.data.responses) ?? {})) {
        if (!STATUS_KEY.test(status)) {
          ctx.report({ message: `\`${status}\` is not an HTTP status code; use 100–599, a range such as \`4XX\`, or \`default\`.`, at: { file: item.file, path: ['responses', status], key: true } });
        }
      }
    }
    for (const item of ctx.items('errors')) {
      const status = stated(item.data.status);
      if (status !== undefined && (status < 100 || status > 599)) {
        ctx.report({ message: `Status ${status} is not an HTTP status code; use 100–599 (errors are usually 4xx or 5xx).`, at: { file: item.file, path: ['status'] } });
      }
    }
  },
};
