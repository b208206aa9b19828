import type { Check } from './types.ts';

export const unsafeLink: Check = {
  code: 'unsafe-link',
  description: 'A prose link uses a URL scheme other than http, https or mailto; the site drops it.',
  severity: 'error',
  example: 'description: "[click](javascript:alert(1))"',
  run(ctx) {
    for (const p of ctx.prose) {
      for (const url of p.unsafeUrls) {
        ctx.report({ message: `Link to \`${url.slice(0, 40)}\` is dropped: only http, https, mailto and relative links are kept.`, at: { file: p.file, path: p.path, text: url } });
      }
    }
  },
};
