import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { describe, expect, it } from 'vitest';
import { completeWith, siteViews } from '../../helpers.ts';

describe('the state diagram', () => {
  // Found by the fuzzer: a NUL in a condition ended Graphviz's quoted string and threw.
  it('draws a machine whose conditions hold control characters, quotes and backslashes', async () => {
    const graphviz = await Graphviz.load();
    const analysis = await completeWith({
      'states/order-status.yaml':
        'resource: Order\nfield: status\nstates:\n  draft: { initial: true }\n  placed: {}\n  shipped: {}\ntransitions:\n  - { from: draft, to: placed, trigger: { condition: "\\0wait\\x1b[31m\\r\\n" } }\n  - { from: placed, to: shipped, trigger: { condition: "\\u0085x\\t\\"y\\\\" } }\n',
    });
    const model = siteViews(analysis, { diagram: (dot) => graphviz.dot(dot) });
    const machine = model.areas.find((a) => a.key === 'states')?.items[0]?.machine;
    expect(machine?.svg).toContain('<svg');
    expect(machine?.svg).toContain('wait');
  });
});
