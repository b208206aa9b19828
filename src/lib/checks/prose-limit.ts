import type { Check } from './types.ts';

export const proseLimit: Check = {
  code: 'prose-limit',
  description: 'Prose too long or too deeply nested to render safely (see README, Security); it is not parsed, and the site is not built.',
  severity: 'error',
  locked: true,
  example: 'description: a text of 20,000 characters, or `> ` nested 30 times',
  run(ctx) {
    for (const p of ctx.prose) if (p.limit) ctx.report({ message: p.limit, at: { file: p.file, path: p.path } });
  },
};
