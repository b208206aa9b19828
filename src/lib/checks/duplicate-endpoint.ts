import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

export const duplicateEndpoint: Check = {
  code: 'duplicate-endpoint',
  description: 'Two endpoints have the same method and path (parameter names aside).',
  severity: 'error',
  example: 'GET /orders/{id} in two files',
  scope: 'spec',
  run(ctx) {
    const first = new Map<string, { file: string; id: string }>();
    for (const item of ctx.items('endpoints')) {
      const [method, path] = [stated(item.data.method), stated(item.data.path)];
      if (method === undefined || path === undefined) continue;
      const key = `${method} ${path.replace(/\{[^{}]*\}/g, '{}').replace(/\/+$/, '')}`;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, { file: item.file, id: item.id });
        continue;
      }
      ctx.report({
        message: `\`${method} ${path}\` is also endpoint \`${earlier.id}\`; one method on one path is one endpoint. Merge them or change one path.`,
        at: { file: item.file, path: ['path'] },
        related: [{ at: { file: earlier.file, path: ['path'] }, message: `endpoint \`${earlier.id}\`` }],
      });
    }
  },
};
