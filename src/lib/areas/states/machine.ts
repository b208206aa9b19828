import { facetId, transitionSegment } from '../../facet/ids.ts';
import { isNoneValue, isObj, stated } from '../../facet/state.ts';
import type { MachineView } from '../area.ts';
import type { StateMachineItem, Transition } from './schema.ts';

/** The largest machine drawn as a diagram; Graphviz's layout time grows much faster than the machine. */
export const MAX_DIAGRAM = { states: 50, edges: 100 };

/** Why a machine is not drawn although its states are stated, or undefined when it is drawn. */
export function diagramTooLarge(states: number, edges: number): string | undefined {
  if (states <= MAX_DIAGRAM.states && edges <= MAX_DIAGRAM.edges) return undefined;
  return `${states} states and ${edges} transitions are more than a diagram shows legibly (at most ${MAX_DIAGRAM.states} states and ${MAX_DIAGRAM.edges} transitions, counting each source state); the page shows the transition table alone.`;
}

type Trigger = MachineView['transitions'][number]['trigger'];

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')}"`;
const short = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

function trigger(value: unknown): Trigger {
  if (value === undefined) return { kind: 'missing', text: 'not written' };
  if (isNoneValue(value)) return { kind: 'none', text: value.none };
  const t = stated(value);
  if (!isObj(t)) return { kind: 'open', text: isObj(value) && typeof value.open === 'string' ? value.open : 'open' };
  if (typeof t.endpoint === 'string') return { kind: 'endpoint', text: t.endpoint, target: { area: 'endpoints', id: t.endpoint } };
  if (typeof t.event === 'string') return { kind: 'event', text: t.event, target: { area: 'events', id: t.event } };
  return { kind: 'condition', text: String(t.condition ?? '') };
}

/** The transitions of a machine as written, each with its source states as a list. */
export function transitionsOf(machine: StateMachineItem): Array<{ index: number; from: string[]; to: string; trigger: Transition['trigger']; description: Transition['description']; fromIsList: boolean }> {
  const list = stated(machine.transitions) ?? [];
  return list.map((t, index) => ({ index, from: Array.isArray(t.from) ? t.from : [t.from], to: t.to, trigger: t.trigger, description: t.description, fromIsList: Array.isArray(t.from) }));
}

/** The states, transitions and diagram source of a state machine, as far as they are stated. */
export function machineView(machine: StateMachineItem, id: string): MachineView {
  const states = Object.entries(stated(machine.states) ?? {}).map(([name, s]) => ({
    name,
    initial: s.initial === true,
    final: s.final === true,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
  const transitions = transitionsOf(machine).map((t) => {
    const description = stated(t.description);
    return { from: t.from, to: t.to, trigger: trigger(t.trigger), ...(typeof description === 'string' ? { description } : {}), triggerId: `${facetId('states', id, 'transitions')}/${transitionSegment(t.from, t.to)}/trigger` };
  });
  const gaps = { statesGap: facetId('states', id, 'states'), transitionsGap: facetId('states', id, 'transitions') };
  const edges = transitions.reduce((n, t) => n + t.from.length, 0);
  if (states.length === 0 || diagramTooLarge(states.length, edges)) return { states, transitions, ...gaps };
  // Nodes are numbered, and names are only labels: no name can merge with another or with the start dot.
  const node = new Map(states.map((s, i) => [s.name, `s${i}`]));
  const ref = (name: string): string => {
    let nodeId = node.get(name);
    if (nodeId === undefined) node.set(name, (nodeId = `s${node.size}`));
    return nodeId;
  };
  const edgeLines = transitions.flatMap((t) => {
    const open = t.trigger.kind === 'open' || t.trigger.kind === 'missing';
    return t.from.map((f) => `  ${ref(f)} -> ${ref(t.to)} [label=${quote(open ? '?' : short(t.trigger.text))}${open ? ', style=dashed' : ''}];`);
  });
  const finals = new Set(states.filter((s) => s.final).map((s) => s.name));
  const lines = [
    'digraph machine {',
    '  rankdir=LR; bgcolor="transparent"; pad=0.1;',
    '  node [shape=box, style=rounded, fontname="sans-serif", fontsize=12];',
    '  edge [fontname="sans-serif", fontsize=10];',
    '  start [shape=point, width=0.12, label=""];',
    ...[...node].map(([name, nodeId]) => `  ${nodeId} [label=${quote(name)}${finals.has(name) ? ', peripheries=2' : ''}];`),
    ...states.filter((s) => s.initial).map((s) => `  start -> ${ref(s.name)};`),
    ...edgeLines,
    '}',
  ];
  return { states, transitions, ...gaps, dot: lines.join('\n') };
}
