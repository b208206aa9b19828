import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

const ORDER = ['released', 'deprecated', 'sunset'] as const;

export const versionDates: Check = {
  code: 'version-dates',
  description: 'A version is deprecated before it is released, or retired before it is deprecated.',
  severity: 'error',
  example: 'released: 2025-06-01, deprecated: 2025-01-01',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('versioning')) {
      const dates = ORDER.flatMap((key) => {
        const date = stated(item.data[key]);
        return date !== undefined ? [{ key, date }] : [];
      });
      for (let i = 1; i < dates.length; i++) {
        const before = dates[i - 1];
        const after = dates[i];
        if (!before || !after || after.date >= before.date) continue;
        ctx.report({
          message: `\`${after.key}: ${after.date}\` comes before \`${before.key}: ${before.date}\`; a version is released, then deprecated, then sunset.`,
          at: { file: item.file, path: [after.key] },
          related: [{ at: { file: item.file, path: [before.key] }, message: before.key }],
        });
      }
    }
  },
};
