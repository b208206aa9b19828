import { stated } from '../../facet/state.ts';
import { markdownCell, markdownCode } from '../../safety/markdown.ts';
import { defineArea } from '../area.ts';
import { machineView, transitionsOf } from './machine.ts';
import { stateMachineItem, statesArea, transitionId } from './schema.ts';

export const states = defineArea({
  key: 'states',
  title: 'States',
  covers: 'States and transitions',
  guide: [
    'States: one file per state machine (states/<id>.yaml): the resource field holding the',
    'state, the states and the transitions. Write `inventory: complete` once all are listed,',
    'or `inventory: { none: reason }` if no resource has a lifecycle.',
  ],
  schema: statesArea,
  items: { noun: 'state machine', plural: 'state machines', schema: stateMachineItem },
  layout: () => [{ kind: 'facts', keys: ['resource', 'field'] }, { kind: 'machine' }],
  references(machine, add) {
    const resource = stated(machine.resource);
    if (typeof resource === 'string') add({ path: ['resource'], area: 'resources', id: resource, via: 'state machine resource' });
    for (const t of transitionsOf(machine)) {
      const trigger = stated(t.trigger);
      if (trigger && 'endpoint' in trigger) add({ path: ['transitions', t.index, 'trigger', 'endpoint'], area: 'endpoints', id: trigger.endpoint, via: 'transition trigger' });
      if (trigger && 'event' in trigger) add({ path: ['transitions', t.index, 'trigger', 'event'], area: 'events', id: trigger.event, via: 'transition trigger' });
    }
  },
  breaking(before, after, say, id) {
    if (!after) return say(`State machine ${markdownCode(id)} removed.`);
    const now = new Set(Object.keys(stated(after.states) ?? {}));
    for (const s of Object.keys(stated(before.states) ?? {})) if (!now.has(s)) say(`State ${markdownCode(s)} of ${markdownCode(id)} removed.`, ['states']);
    const ids = (m: typeof before) => new Set((stated(m.transitions) ?? []).map(transitionId));
    const kept = ids(after);
    for (const t of ids(before)) if (!kept.has(t)) say(`Transition ${markdownCode(t)} of ${markdownCode(id)} removed.`, ['transitions']);
  },
  view: (machine, id) => ({ machine: machineView(machine, id) }),
  intro: ({ items }) => (items === 0 ? ['No state list and no transition between states is stated, so no transition table can be written.'] : []),
  markdown(machine, id) {
    const m = machineView(machine, id);
    if (m.transitions.length === 0) return ['No transition table can be written yet.'];
    const cell = (t: (typeof m.transitions)[number]) => (t.trigger.kind === 'open' || t.trigger.kind === 'missing' ? '**open**' : `${t.trigger.kind === 'condition' ? '' : t.trigger.kind === 'none' ? 'none: ' : `${t.trigger.kind} `}${t.trigger.text}`);
    return ['| From | To | Trigger |', '|---|---|---|', ...m.transitions.map((t) => `| ${markdownCell(t.from.join(', '))} | ${markdownCell(t.to)} | ${markdownCell(cell(t))} |`)];
  },
});
