import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { facetState, stated } from '../../facet/state.ts';
import { durationSchema, prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';
import { seconds } from '../authentication/index.ts';
import { markdownCode } from '../../safety/markdown.ts';

const quota = facetObject(
  {
    ...itemCommon,
    kind: z.literal('quota'),
    /** How many requests the window allows. */
    quota: facet(z.int().positive()),
    /** The window, as an ISO 8601 duration. */
    /** A window of no time counts no calls: `PT0S` is refused where it is written (t35s N9: the mock let every call through, and said nothing). */
    window: facet(durationSchema.refine((d) => (seconds(d) ?? 1) > 0, { error: 'expected a window longer than zero, such as PT1S or PT1M (a quota over no time counts no calls)' })),
    /** Who the quota counts for, e.g. `per client`. */
    per: z.string().min(1).optional(),
  },
  {
    ...itemCommonMetas,
    quota: { label: 'request quota', question: 'How many requests does the window allow?' },
    window: { label: 'window', question: 'Over what window is the quota counted?' },
  },
);
const size = facetObject(
  {
    ...itemCommon,
    kind: z.literal('size'),
    /** The largest body, in bytes. */
    max_bytes: facet(z.int().positive()),
    applies_to: z.enum(['request', 'response']).optional(),
  },
  { ...itemCommonMetas, max_bytes: { label: 'size bound', question: 'What is the largest body, in bytes?' } },
);
const timeout = facetObject(
  {
    ...itemCommon,
    kind: z.literal('timeout'),
    /** How long the service waits before it gives up, as an ISO 8601 duration. */
    duration: facet(durationSchema),
  },
  { ...itemCommonMetas, duration: { label: 'time-out', question: 'How long does the service wait before it gives up?' } },
);

export const LIMIT_KINDS = ['quota', 'size', 'timeout'] as const;

/** `limits/<limit>.yaml`: a request quota, a size bound or a time-out. */
export const limitItem = z.discriminatedUnion('kind', [quota, size, timeout], {
  error: 'expected `kind: quota`, `kind: size` or `kind: timeout`',
});
export type LimitItem = z.infer<typeof limitItem>;

/** `limits/_area.yaml`: one inventory per kind of limit, and the rate-limit headers. */
export const limitsArea = facetObject(
  {
    quotas: inventorySchema,
    size_bounds: inventorySchema,
    timeouts: inventorySchema,
    /** Response headers that report the limits, e.g. `RateLimit`, `Retry-After`. */
    headers: facet(z.array(z.string().min(1))),
    description: prose.optional(),
  },
  {
    quotas: inventoryMeta('request quotas', 'how many requests, over which window', 'quota'),
    size_bounds: inventoryMeta('size bounds', 'the largest body in bytes', 'size'),
    timeouts: inventoryMeta('time-outs', 'how long the service waits', 'timeout'),
    headers: {
      label: 'rate-limit headers',
      question: 'Which response headers report the limits?',
      notApplicable: (area) => (facetState(area.quotas) === 'none' ? 'the service has no request quotas to report' : undefined),
    },
  },
);

/** Requests per second a quota allows, where it is stated. */
function rate(limit: LimitItem): number | undefined {
  if (limit.kind !== 'quota') return undefined;
  const count = stated(limit.quota);
  const window = seconds(stated(limit.window));
  return typeof count === 'number' && window ? count / window : undefined;
}

export const limits = defineArea({
  key: 'limits',
  title: 'Limits',
  covers: 'Limits (request quotas, windows, size bounds, time-outs, rate-limit headers)',
  guide: [
    'Limits: one file per limit (limits/<id>.yaml) with `kind: quota`, `size` or `timeout`.',
    'Each kind has its own inventory; `headers` are the rate-limit response headers.',
  ],
  schema: limitsArea,
  items: {
    noun: 'limit',
    plural: 'limits',
    schema: limitItem,
    referable: true,
    scaffold: ({ kind = 'quota' }) => ((LIMIT_KINDS as readonly string[]).includes(kind) ? { kind } : { error: `Unknown limit kind ${markdownCode(kind)}; use ${LIMIT_KINDS.join(', ')}.` }),
  },
  view: (limit) => {
    const note =
      limit.kind === 'quota' ? [stated(limit.quota), stated(limit.window)].every((x) => x !== undefined) ? `${String(stated(limit.quota))} per ${String(stated(limit.window))}` : undefined
      : limit.kind === 'size' ? typeof stated(limit.max_bytes) === 'number' ? `${String(stated(limit.max_bytes))} bytes` : undefined
      : typeof stated(limit.duration) === 'string' ? String(stated(limit.duration)) : undefined;
    return { listing: { badge: limit.kind, ...(note !== undefined ? { note } : {}) } };
  },
  layout: () => [{ kind: 'facts', keys: ['kind', 'quota', 'window', 'per', 'max_bytes', 'applies_to', 'duration'] }],
  breaking(before, after, say, id) {
    if (!after) return;
    const [was, is] = [rate(before), rate(after)];
    if (was !== undefined && is !== undefined && is < was && before.kind === 'quota' && after.kind === 'quota') {
      say(`Quota ${markdownCode(id)} lowered from ${String(before.quota)} per ${String(before.window)} to ${String(after.quota)} per ${String(after.window)}.`, [before.quota === after.quota ? 'window' : 'quota']);
    }
    if (before.kind === 'size' && after.kind === 'size') {
      const [b, a] = [stated(before.max_bytes), stated(after.max_bytes)];
      if (typeof b === 'number' && typeof a === 'number' && a < b) say(`Size bound ${markdownCode(id)} lowered from ${b} to ${a} bytes.`, ['max_bytes']);
    }
    if (before.kind === 'timeout' && after.kind === 'timeout') {
      const [b, a] = [seconds(stated(before.duration)), seconds(stated(after.duration))];
      if (b !== undefined && a !== undefined && a < b) say(`Time-out ${markdownCode(id)} shortened from ${String(before.duration)} to ${String(after.duration)}.`, ['duration']);
    }
  },
});
