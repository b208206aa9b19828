import type { Gaps } from './gaps.ts';

/** One gap as the summary counts it: how many answers named it, how many it left open (501), and from which endpoints. */
export interface GapHits {
  id: string;
  hits: number;
  unanswered: number;
  endpoints: string[];
  /** Its question, while it is still open; absent once the spec closed it. */
  question?: string;
  owner?: string;
}

/** What `/_specbench/hits` answers: requests by status, and the gaps clients ran into, the most hit first. */
export interface HitsSummary {
  requests: number;
  statuses: Record<string, number>;
  gaps: GapHits[];
}

/**
 * The gaps clients run into, counted while the server runs (across edits of the spec: a gap keeps
 * its count by its id): each answer counts the gaps it named, and apart the ones it left open.
 */
export class Hits {
  #requests = 0;
  readonly #statuses = new Map<number, number>();
  readonly #gaps = new Map<string, { hits: number; unanswered: number; endpoints: Set<string> }>();

  record(status: number, named: readonly string[], unanswered: readonly string[], endpoint: string | undefined): void {
    this.#requests++;
    this.#statuses.set(status, (this.#statuses.get(status) ?? 0) + 1);
    const open = new Set(unanswered);
    for (const id of new Set(named)) {
      let g = this.#gaps.get(id);
      if (!g) {
        g = { hits: 0, unanswered: 0, endpoints: new Set() };
        this.#gaps.set(id, g);
      }
      g.hits++;
      if (open.has(id)) g.unanswered++;
      if (endpoint !== undefined) g.endpoints.add(endpoint);
    }
  }

  summary(gaps: Gaps): HitsSummary {
    const list = [...this.#gaps].map(([id, g]): GapHits => {
      const now = gaps.gap(id);
      return { id, hits: g.hits, unanswered: g.unanswered, endpoints: [...g.endpoints].sort(), ...(now ? { question: now.question } : {}), ...(now?.owner !== undefined ? { owner: now.owner } : {}) };
    });
    list.sort((a, b) => b.hits - a.hits || b.unanswered - a.unanswered || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const statuses = Object.fromEntries([...this.#statuses].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n]));
    return { requests: this.#requests, statuses, gaps: list };
  }
}
