import { isObj, statedObj } from '../model/facet-def.ts';
import type { Item } from '../model/spec.ts';
import { safeSvg } from '../safety/svg.ts';
import { diagramTooLarge } from '../checks/diagram-too-large.ts';

/** One row of a state machine's transition table. */
export interface TransitionView {
  from: string[];
  to: string;
  /** What triggers it; `open`/`missing` when that is still a gap. */
  trigger: { kind: 'endpoint' | 'event' | 'condition' | 'open' | 'missing'; text: string };
}

export interface MachineView {
  states: Array<{ name: string; initial: boolean; final: boolean; description?: string }>;
  transitions: TransitionView[];
  /** Graphviz DOT of the machine, when its states are stated. */
  dot?: string;
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
const short = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

function trigger(value: unknown): TransitionView['trigger'] {
  if (value === undefined) return { kind: 'missing', text: 'not written' };
  const t = statedObj(value);
  if (!t) return { kind: 'open', text: isObj(value) && typeof value.open === 'string' ? value.open : 'open' };
  if (typeof t.endpoint === 'string') return { kind: 'endpoint', text: t.endpoint };
  if (typeof t.event === 'string') return { kind: 'event', text: t.event };
  return { kind: 'condition', text: String(t.condition ?? '') };
}

/** The states, transitions and diagram source of a state machine item, as far as they are stated. */
export function machineView(item: Item): MachineView {
  const states = Object.entries(statedObj(item.data.states) ?? {}).map(([name, s]) => ({
    name,
    initial: isObj(s) && s.initial === true,
    final: isObj(s) && s.final === true,
    ...(isObj(s) && typeof s.description === 'string' ? { description: s.description } : {}),
  }));
  const transitions = (Array.isArray(item.data.transitions) ? item.data.transitions : []).flatMap((t: unknown): TransitionView[] =>
    isObj(t) && typeof t.to === 'string'
      ? [{ from: (Array.isArray(t.from) ? t.from : [t.from]).map(String), to: t.to, trigger: trigger(t.trigger) }]
      : [],
  );
  const edges = transitions.reduce((n, t) => n + t.from.length, 0);
  if (states.length === 0 || diagramTooLarge(states.length, edges)) return { states, transitions };
  // Nodes are numbered, and names are only labels: no name can merge with another or with the start dot.
  const node = new Map(states.map((s, i) => [s.name, `s${i}`]));
  const ref = (name: string): string => {
    let id = node.get(name);
    if (id === undefined) node.set(name, (id = `s${node.size}`));
    return id;
  };
  const edgeLines = transitions.flatMap((t) => {
    const open = t.trigger.kind === 'open' || t.trigger.kind === 'missing';
    return t.from.map((f) => `  ${ref(f)} -> ${ref(t.to)} [label=${quote(open ? '?' : short(t.trigger.text))}${open ? ', style=dashed' : ''}];`);
  });
  const lines = [
    'digraph machine {',
    '  rankdir=LR; bgcolor="transparent"; pad=0.1;',
    '  node [shape=box, style=rounded, fontname="sans-serif", fontsize=12];',
    '  edge [fontname="sans-serif", fontsize=10];',
    '  start [shape=point, width=0.12, label=""];',
    ...[...node].map(([name, id]) => `  ${id} [label=${quote(name)}${states.find((s) => s.name === name)?.final ? ', peripheries=2' : ''}];`),
    ...states.filter((s) => s.initial).map((s) => `  start -> ${ref(s.name)};`),
    ...edgeLines,
    '}',
  ];
  return { states, transitions, dot: lines.join('\n') };
}

/**
 * Graphviz's SVG made fit for a page through the SVG sanitizer: no ids or tooltips (several
 * diagrams share a page), colours that follow the theme, a width that follows the column, and
 * a text alternative.
 */
export function cleanSvg(svg: string, label: string): string | undefined {
  return safeSvg(svg, { className: 'state-diagram', label, colors: { black: 'currentColor', white: 'none' }, textFill: 'currentColor', fluid: true });
}
