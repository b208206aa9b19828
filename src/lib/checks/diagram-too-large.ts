import { machines } from './machines.ts';
import type { Check } from './types.ts';

/** The largest machine drawn as a diagram; Graphviz's layout time grows much faster than the machine. */
export const MAX_DIAGRAM = { states: 50, edges: 100 };

/** Why a machine is not drawn although its states are stated, or undefined when it is drawn. */
export function diagramTooLarge(states: number, edges: number): string | undefined {
  if (states <= MAX_DIAGRAM.states && edges <= MAX_DIAGRAM.edges) return undefined;
  return `${states} states and ${edges} transitions are more than a diagram shows legibly (at most ${MAX_DIAGRAM.states} states and ${MAX_DIAGRAM.edges} transitions, counting each source state); the page shows the transition table alone.`;
}

export const diagramTooLargeCheck: Check = {
  code: 'diagram-too-large',
  description: 'A state machine too large to draw; its page shows the transition table without a diagram.',
  severity: 'warning',
  example: 'a state machine with 60 states',
  run(ctx) {
    for (const m of machines(ctx.items('states'))) {
      if (!m.states) continue;
      const why = diagramTooLarge(Object.keys(m.states).length, m.transitions.reduce((n, t) => n + t.from.length, 0));
      if (why) ctx.report({ message: `No diagram for \`${m.item.id}\`: ${why} Split the machine, or leave it as a table.`, at: { file: m.item.file, path: ['states'], key: true } });
    }
  },
};
