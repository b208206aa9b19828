import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

/** A credential's or a header's name: one word, without blanks, brackets or commas (an HTTP header name is a token). */
const NAME = /^[^\s()[\]{}<>,;"]+$/;

/** The lists of a scheme that hold names, and an example of each. */
const LISTS = { credentials: '[client_id, client_secret]', headers: '[Authorization]' } as const;

export const notAName: Check = {
  code: 'not-a-name',
  description:
    'An entry of an authentication scheme\'s `credentials` or `headers` that is no name (it has blanks or brackets): these lists hold names only. Often a `,` inside `[ ]` cut one entry in two, as a `,` starts a new entry there. Say what the credentials are in `description`.',
  severity: 'warning',
  example: 'credentials: [client_secret (from the dashboard, one per shop)]',
  scope: 'file',
  run(ctx) {
    for (const scheme of ctx.items('authentication')) {
      for (const key of ['credentials', 'headers'] as const) {
        const names = stated(scheme.data[key]);
        if (!Array.isArray(names)) continue;
        // Written as `[a, b]`: a comma there starts a new entry, whatever the author meant by it.
        const flow = ctx.written({ file: scheme.file, path: [key] })?.trimStart().startsWith('[') === true;
        for (let i = 0; i < names.length; i++) {
          const name = names[i] ?? '';
          if (NAME.test(name)) continue;
          const next = names[i + 1];
          const cut = flow && next !== undefined && !NAME.test(next);
          const whole = cut ? `${name}, ${next}` : name;
          ctx.report({
            message: `\`${whole}\` in \`${key}\` is not a name: \`${key}\` lists names only, e.g. \`${key}: ${LISTS[key]}\`${
              cut ? `; a \`,\` inside \`[ ]\` starts a new entry, so this was read as two, \`${name}\` and \`${next}\`` : ''
            }. Keep the names here, and say what they are in \`description\`.`,
            at: { file: scheme.file, path: [key, i] },
          });
          if (cut) i++;
        }
      }
    }
  },
};
