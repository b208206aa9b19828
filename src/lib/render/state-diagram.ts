import { isObj, statedObj } from '../model/facet-def.ts';
import type { Item } from '../model/spec.ts';

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
  if (states.length === 0) return { states, transitions };
  const lines = [
    'digraph machine {',
    '  rankdir=LR; bgcolor="transparent"; pad=0.1;',
    '  node [shape=box, style=rounded, fontname="sans-serif", fontsize=12];',
    '  edge [fontname="sans-serif", fontsize=10];',
    '  start [shape=point, width=0.12, label=""];',
    ...states.map((s) => `  ${quote(s.name)}${s.final ? ' [peripheries=2]' : ''};`),
    ...states.filter((s) => s.initial).map((s) => `  start -> ${quote(s.name)};`),
    ...transitions.flatMap((t) =>
      t.from.map((f) => `  ${quote(f)} -> ${quote(t.to)} [label=${quote(t.trigger.kind === 'open' || t.trigger.kind === 'missing' ? '?' : short(t.trigger.text))}${t.trigger.kind === 'open' || t.trigger.kind === 'missing' ? ', style=dashed' : ''}];`),
    ),
    '}',
  ];
  return { states, transitions, dot: lines.join('\n') };
}

/**
 * Graphviz's SVG made fit for a page: no XML prolog or comments, no ids (several diagrams share
 * a page), colours that follow the theme, a size that follows the column, and a text alternative.
 */
export function cleanSvg(svg: string, label: string): string {
  const body = svg
    .replace(/<\?xml[^>]*>\s*/g, '')
    .replace(/<!DOCTYPE[^>]*>\s*/g, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/\sid="[^"]*"/g, '')
    .replace(/(stroke|fill)="black"/g, '$1="currentColor"')
    .replace(/fill="white"/g, 'fill="none"')
    .replace(/<svg width="([\d.]+)pt" height="([\d.]+)pt"/, '<svg class="state-diagram" style="max-width: min(100%, $1pt)" width="100%"')
    .replace(/<svg /, `<svg role="img" aria-label="${label.replace(/"/g, '&quot;')}" `)
    .replace(/<title>[^<]*<\/title>\s*/g, '');
  return body.trim();
}
