import type { Analysis } from '../analyze.ts';
import { shapeReferences } from '../areas/shape.ts';
import { facetId } from '../facet/ids.ts';
import { isObj, stated } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import type { SourceLinks } from '../render/site/source-links.ts';
import { areaOf } from '../model/spec.ts';

/** The area whose items bodies carry. */
const RESOURCES = 'resources';

/** A gap as a 501 answer names it: what to answer, who owns it, and the file (and line) that would state it. */
export interface NamedGap {
  id: string;
  state: string;
  question: string;
  owner?: string;
  link?: string;
  file: string;
  line?: number;
  /** The file in the repository's editor (or at its line), where the spec has an edit URL. */
  edit?: string;
}

/**
 * The gaps of one analysis, as the mock asks for them: by id, by item, and the resources a body
 * reaches (its own, and the resources their fields name, all the way down).
 */
export class Gaps {
  readonly #byId = new Map<string, FacetResult>();
  readonly #byItem = new Map<string, FacetResult[]>();
  readonly #resourceRefs = new Map<string, string[]>();
  readonly #links: SourceLinks | undefined;
  /** The state machines by the resource whose field holds their state. */
  readonly #machines = new Map<string, string[]>();

  constructor(analysis: Analysis, links: SourceLinks | undefined) {
    this.#links = links;
    for (const g of analysis.assessment.gaps) {
      this.#byId.set(g.id, g);
      const key = g.item === undefined ? g.area : `${g.area}/${g.item}`;
      const list = this.#byItem.get(key) ?? [];
      list.push(g);
      this.#byItem.set(key, list);
    }
    for (const item of areaOf(analysis.spec, 'states').items) {
      const resource = stated(item.data.resource);
      if (typeof resource === 'string') this.#machines.set(resource, [...(this.#machines.get(resource) ?? []), item.id]);
    }
    // What a resource's shape names (the link graph's edges between resources, prose links aside).
    const prefix = `${RESOURCES}/`;
    for (const [from, edges] of analysis.graph.outgoing) {
      if (!from.startsWith(prefix)) continue;
      const names = edges.filter((e) => e.via !== 'prose' && e.to.startsWith(prefix)).map((e) => e.to.slice(prefix.length));
      if (names.length > 0) this.#resourceRefs.set(from.slice(prefix.length), names);
    }
  }

  /** The gap with this id, when the facet is one. */
  gap(id: string): FacetResult | undefined {
    return this.#byId.get(id);
  }

  /** The gaps of an item (`area/id`) or of an area's own file (`area`). */
  of(key: string): readonly FacetResult[] {
    return this.#byItem.get(key) ?? [];
  }

  /** The gaps of an area's own facet and everything inside it (`errors/body`, `errors/body/schema`...). */
  under(id: string): FacetResult[] {
    const area = id.split('/')[0] ?? '';
    return this.of(area).filter((g) => g.id === id || g.id.startsWith(`${id}/`));
  }

  /** The resources a body reaches: those it names, and every resource their shapes name in turn. */
  resourcesOf(body: { resource?: unknown; schema?: unknown; content?: unknown }): string[] {
    const start: string[] = [];
    if (typeof body.resource === 'string') start.push(body.resource);
    shapeReferences(stated(body.schema), [], '', (r) => start.push(r.id));
    for (const media of Object.values(stated(body.content) ?? {})) {
      if (!isObj(media)) continue;
      if (typeof media.resource === 'string') start.push(media.resource);
      shapeReferences(stated(media.schema), [], '', (r) => start.push(r.id));
    }
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const id = queue.pop() ?? '';
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(this.#resourceRefs.get(id) ?? []));
    }
    return [...seen].sort();
  }

  /** The gap ids of the resources a body reaches (`resourcesOf`): what an answer or a request using the body depends on. */
  ofResources(body: { resource?: unknown; schema?: unknown; content?: unknown }): string[] {
    // A machine's gaps with its resource's: the value of the field it holds is one of its states.
    return this.resourcesOf(body).flatMap((r) => [...this.of(`${RESOURCES}/${r}`), ...(this.#machines.get(r) ?? []).flatMap((m) => this.of(`states/${m}`))].map((g) => g.id));
  }

  /** A gap as a 501 answer names it. */
  named(g: FacetResult): NamedGap {
    const edit = g.line !== undefined ? (this.#links?.view?.(g.file, g.line) ?? this.#links?.edit(g.file)) : this.#links?.edit(g.file);
    return {
      id: g.id,
      state: g.state,
      question: g.question,
      ...(g.owner !== undefined ? { owner: g.owner } : {}),
      ...(g.link !== undefined ? { link: g.link } : {}),
      file: g.file,
      ...(g.line !== undefined ? { line: g.line } : {}),
      ...(edit !== undefined ? { edit } : {}),
    };
  }
}

/** The gap ids of a body's shape that leave it open: nothing stated that a body could be made from. */
export function openShapeIds(prefix: string): string[] {
  return [prefix, `${prefix}/schema`, `${prefix}/schema/type`, `${prefix}/content`];
}

/** The gap ids that leave a resource's shape open: its fields (while it is no single value), its value's type. */
export function openResourceIds(id: string): string[] {
  return [facetId('resources', id, 'fields'), facetId('resources', id, 'value'), facetId('resources', id, 'value', 'type')];
}
