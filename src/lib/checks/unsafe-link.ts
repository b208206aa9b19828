import { visible } from '../safety/terminal.ts';
import type { Check } from './types.ts';

export const unsafeLink: Check = {
  code: 'unsafe-link',
  description: 'A prose link a browser would read with a scheme other than http, https or mailto (`javascript:`, also when blanks or `&#x09;` hide it); the site drops it.',
  severity: 'error',
  example: 'description: "[click](javascript:alert(1))"',
  scope: 'file',
  run(ctx) {
    for (const p of ctx.prose) {
      for (const u of p.unsafeUrls) {
        const shown = visible(u.text.length > 40 ? `${u.text.slice(0, 40)}…` : u.text);
        ctx.report({
          message: u.hidden
            ? `\`${shown}\` hides the scheme \`${u.scheme}\` behind blanks; only http, https, mailto and relative links are kept. Remove it, or write a plain https link.`
            : `Link to \`${shown}\` is dropped: a browser reads it as a \`${u.scheme}\` link, and only http, https, mailto and relative links are kept.`,
          at: { file: p.file, path: p.path, text: u.text },
        });
      }
    }
  },
};
