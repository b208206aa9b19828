import { limitItem, limitsArea } from '../../schema/limit.ts';
import { facetState } from '../../gaps/facet-state.ts';
import { inventory, type AreaDef, type FacetDef } from '../facet-def.ts';

const BY_KIND: Record<string, FacetDef[]> = {
  quota: [
    { key: 'quota', label: 'request quota', question: 'How many requests does the window allow?' },
    { key: 'window', label: 'window', question: 'Over what window is the quota counted?' },
  ],
  size: [{ key: 'max_bytes', label: 'size bound', question: 'What is the largest body, in bytes?' }],
  timeout: [{ key: 'duration', label: 'time-out', question: 'How long does the service wait before it gives up?' }],
};

export const limits: AreaDef = {
  key: 'limits',
  title: 'Limits',
  covers: 'Limits (request quotas, windows, size bounds, time-outs, rate-limit headers)',
  schema: limitsArea,
  facets: [
    inventory('quotas', 'request quotas', 'how many requests, over which window', 'quota'),
    inventory('size_bounds', 'size bounds', 'the largest body in bytes', 'size'),
    inventory('timeouts', 'time-outs', 'how long the service waits', 'timeout'),
    {
      key: 'headers',
      label: 'rate-limit headers',
      question: 'Which response headers report the limits?',
      // No quotas, nothing to report.
      applies: (area) => facetState(area.quotas) !== 'none',
    },
  ],
  items: {
    noun: 'limit',
    plural: 'limits',
    schema: limitItem,
    facets: (item) => BY_KIND[String(item.kind)] ?? [],
  },
};
