import type { Check } from './types.ts';

export const proseLimit: Check = {
  code: 'prose-limit',
  description: 'Prose too long, too deeply nested or with too much markup to render safely, or more prose in one file than its budget (see the guide, Checks: Limits); it is not parsed, and the site is not built.',
  severity: 'error',
  locked: true,
  example: 'description: a text of 20,000 characters, `> ` nested 30 times, or `*a_` repeated 600 times',
  scope: 'file',
  run(ctx) {
    for (const p of ctx.prose) if (p.limit) ctx.report({ message: p.limit, at: { file: p.file, path: p.path } });
  },
};
