import type { MachineView } from '../../areas/area.ts';
import { idSegment } from '../../facet/ids.ts';
import { cleanSvg } from './diagram.ts';
import { facetView } from './facet-view.ts';
import { itemPath } from './paths.ts';
import type { ViewContext } from './site-index.ts';
import type { FacetView, MachinePageView } from './views.ts';

/** A machine's page: the diagram drawn, descriptions rendered, and each facet of it that is not stated (a gap, or none with its reason) to show in place. */
export function machinePage(ctx: ViewContext, machine: MachineView, id: string): MachinePageView {
  const draw = ctx.index.options.diagram;
  // Its prose belongs to the machine's page, wherever the machine is shown (a resource's lifecycle).
  const page = itemPath('states', id);
  const svg = machine.dot && draw ? cleanSvg(draw(machine.dot), `State diagram of ${id}: ${machine.states.map((s) => s.name).join(', ')}`) : undefined;
  const svgMinWidth = svg === undefined ? undefined : legibleWidth(svg);
  const gap = (facetId: string): FacetView | undefined => {
    const f = ctx.facet(facetId);
    return f ? facetView(ctx, f) : undefined;
  };
  const unstated = (facetId: string) => {
    const view = gap(facetId);
    return view && view.state !== 'stated' ? view : undefined;
  };
  const statesFacet = gap(machine.statesGap);
  const transitionsFacet = gap(machine.transitionsGap);
  return {
    states: machine.states.map((s) => {
      const descriptionUnstated = unstated(`${machine.statesGap}/${idSegment(s.name)}/description`);
      return { name: s.name, initial: s.initial, final: s.final, ...(s.description !== undefined ? { descriptionHtml: ctx.prose(s.description, page) } : {}), ...(descriptionUnstated ? { descriptionUnstated } : {}) };
    }),
    transitions: machine.transitions.map((t) => {
      const triggerUnstated = unstated(t.triggerId);
      const descriptionUnstated = unstated(t.triggerId.replace(/\/trigger$/, '/description'));
      return {
        from: t.from,
        to: t.to,
        trigger: { kind: t.trigger.kind, text: t.trigger.text, ...(t.trigger.target?.id !== undefined ? { path: itemPath(t.trigger.target.area, t.trigger.target.id) } : {}) },
        ...(triggerUnstated ? { triggerUnstated } : {}),
        ...(t.description !== undefined ? { descriptionHtml: ctx.prose(t.description, page) } : {}),
        ...(descriptionUnstated ? { descriptionUnstated } : {}),
      };
    }),
    ...(svg ? { svg } : {}),
    ...(svgMinWidth !== undefined ? { svgMinWidth } : {}),
    ...(statesFacet ? { statesFacet } : {}),
    ...(transitionsFacet ? { transitionsFacet } : {}),
  };
}

/** The smallest label a page must show, in CSS pixels. */
const LEGIBLE = 11;

/** The width at which a diagram drawn to its viewBox shows its smallest label at `LEGIBLE` pixels. */
function legibleWidth(svg: string): number | undefined {
  const width = Number(/viewBox="[\d.-]+ [\d.-]+ ([\d.]+) [\d.]+"/.exec(svg)?.[1]);
  const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])).filter((n) => n > 0);
  if (!(width > 0) || sizes.length === 0) return undefined;
  return Math.ceil((width * LEGIBLE) / Math.min(...sizes));
}
