import type { Reference } from './references.ts';

/** One resolved link between two pages of the spec (`area/item`, or `area` for an area file). */
export interface Edge {
  from: string;
  to: string;
  /** What the link is: "request payload", "prose". */
  via: string;
}

/** The link graph in both directions: every item knows what it points at and what points at it. */
export interface LinkGraph {
  outgoing: ReadonlyMap<string, Edge[]>;
  incoming: ReadonlyMap<string, Edge[]>;
}

/** Builds the graph from resolved references and prose links; duplicates collapse. */
export function buildGraph(edges: readonly Edge[]): LinkGraph {
  const outgoing = new Map<string, Edge[]>();
  const incoming = new Map<string, Edge[]>();
  const seen = new Set<string>();
  for (const e of edges) {
    const key = `${e.from}\u0000${e.to}\u0000${e.via}`;
    if (seen.has(key) || e.from === e.to) continue;
    seen.add(key);
    add(outgoing, e.from, e);
    add(incoming, e.to, e);
  }
  return { outgoing, incoming };
}

function add(map: Map<string, Edge[]>, key: string, edge: Edge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

/** The edges of resolved references. */
export function referenceEdges(refs: readonly Reference[], exists: (area: string, id: string) => boolean): Edge[] {
  return refs.filter((r) => exists(r.area, r.id)).map((r) => ({ from: r.source, to: `${r.area}/${r.id}`, via: r.via }));
}
