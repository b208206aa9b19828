import type { Check } from './types.ts';

export const rawHtml: Check = {
  code: 'raw-html',
  description: 'Prose contains raw HTML, which pages and documents show as literal text, never as markup.',
  severity: 'error',
  example: 'description: <script>alert(1)</script>',
  scope: 'file',
  run(ctx) {
    for (const p of ctx.prose) {
      for (const html of p.html) {
        ctx.report({ message: `Raw HTML \`${html.slice(0, 40)}\` is shown as text, not rendered; write Markdown instead.`, at: { file: p.file, path: p.path, text: html } });
      }
    }
  },
};
