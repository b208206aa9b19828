import { diagramTooLarge } from '../areas/states/machine.ts';
import { transitionsOf } from '../areas/states/machine.ts';
import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

export const diagramTooLargeCheck: Check = {
  code: 'diagram-too-large',
  description: 'A state machine too large to draw; its page shows the transition table without a diagram.',
  severity: 'warning',
  example: 'a state machine with 60 states',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const states = stated(item.data.states);
      if (!states) continue;
      const why = diagramTooLarge(Object.keys(states).length, transitionsOf(item.data).reduce((n, t) => n + t.from.length, 0));
      if (why) ctx.report({ message: `No diagram for \`${item.id}\`: ${why} Split the machine, or leave it as a table.`, at: { file: item.file, path: ['states'], key: true } });
    }
  },
};
