import { distance } from 'fastest-levenshtein';
import { RE2JS } from 're2js';
import { CONTROL } from '../checks/path-parameters.ts';
import { stated } from '../facet/state.ts';
import type { Item } from '../model/spec.ts';
import { firstServerAtDefaults, serverBasePath, type ServerAtDefaults } from '../render/server-url.ts';

/**
 * One segment of a path template: written as it is, or holding parameters (`{order_id}`,
 * `{name}.json`), matched by RE2 (`source` is its pattern, which tells two segments apart).
 */
type Segment = { literal: string } | { pattern: RE2JS; source: string; names: string[]; template: string; written: number };

/** An endpoint the mock can be called at: its stated path (and method, when stated). */
export interface Route {
  endpoint: Item<'endpoints'>;
  /** Undefined while the endpoint's method is open: any method not stated elsewhere on the path reaches it. */
  method: string | undefined;
  /** The path as stated, below the base path. */
  path: string;
  segments: Segment[];
}

/**
 * Where an endpoint that states servers of its own is served (T32u N-i): its first server's base
 * path, its variables at their defaults, from the root, not under the service's base path
 * (`https://hub.docker.com` → ``, `https://eu.example.com/v2/` → `/v2`); a variable that states no
 * default is a segment that matches any value (`https://auth.example.com/{tenant}` → `/{tenant}`,
 * r14 H5: it was routed at `/%7Btenant%7D`, which no request reaches). `why` where no request
 * reaches the address as written (a query, a `.`/`..` segment: `serverBasePath`): the endpoint is
 * not served, and the start's log and a 404 say why. Undefined where it states no server of its own.
 * The pages and the code samples read the server through the same joiner (render/server-url.ts).
 */
export function ownServer(endpoint: Item<'endpoints'>): ({ path: string; variables: string[] } | { why: string }) & { server: ServerAtDefaults } | undefined {
  const server = firstServerAtDefaults(endpoint.data.servers);
  return server === undefined ? undefined : { ...serverBasePath(server), server };
}

/** The base path an endpoint is served under where it is served on a server of its own (`ownServer`); undefined where it is not. */
export function ownBasePath(endpoint: Item<'endpoints'>): string | undefined {
  const own = ownServer(endpoint);
  return own !== undefined && 'path' in own ? own.path : undefined;
}

/** What a request's method and path reach. */
export type RouteMatch =
  | { kind: 'endpoint'; route: Route; params: Map<string, string> }
  /** The path is stated, the method is not: the methods stated for it, and the endpoints on it whose method is open. */
  | { kind: 'method'; allowed: string[]; open: Route[]; params: Map<string, string> }
  | { kind: 'none'; closest: Route[] };

/** Whether two routes have the same path shape (parameter names aside). */
const samePath = (a: Route, b: Route | undefined) => b !== undefined && a.segments.length === b.segments.length && a.segments.every((s, i) => {
  const t = b.segments[i];
  return t !== undefined && ('literal' in s ? 'literal' in t && t.literal === s.literal : 'pattern' in t && t.source === s.source);
});

/**
 * A path's template segments; parameters (`{name}`) match one segment's text or a part of it, the
 * shortest first. The pattern is run by RE2, in time linear in the text: JavaScript's backtracking
 * took cubic time on `{name}-{version}-{arch}.json` against 8,000 dashes (30 s, every other
 * client waiting) and n^7 on `{a}{b}{c}{d}{e}{f}{g}z`, and a spec's template is not to hold the server.
 */
function segmentsOf(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((segment) => {
      const names: string[] = [];
      const source = segment.split(/(\{[^{}]*\})/).map((part) => {
        const name = /^\{([^{}]*)\}$/.exec(part)?.[1];
        if (name === undefined) return part === '' ? '' : RE2JS.quote(unescaped(part));
        names.push(name);
        return '(.+?)';
      });
      // How many characters it writes out: `{id}.json` (5) is more specific than `{id}` (0).
      const written = segment.replace(/\{[^{}]*\}/g, '').length;
      const pattern = source.join('');
      return names.length === 0 ? { literal: unescaped(segment) } : { pattern: RE2JS.compile(pattern, RE2JS.DOTALL), source: pattern, names, template: segment, written };
    });
}

/**
 * A stated path's text with its percent-escapes read as the characters they encode, as a request's
 * segments are (T35u U10: `/x%20y` was reached only as `/x%2520y`); as written where they encode no UTF-8.
 */
function unescaped(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A request path's segments, each percent-decoded; undefined when one cannot be decoded. */
export function requestSegments(path: string): string[] | undefined {
  try {
    return path.split('/').slice(1).map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/** How many characters of a path tell the closest stated endpoints. */
const NEAR = 256;

/** A node of the path tree: written segments by text, segments with parameters in order, and the routes whose path ends here. */
interface Node {
  literal: Map<string, Node>;
  templated: Array<{ segment: Extract<Segment, { names: string[] }>; node: Node }>;
  routes: Route[];
}

const node = (): Node => ({ literal: new Map(), templated: [], routes: [] });

/**
 * The endpoints of a spec that can be called: those whose path is stated, under the base path.
 * A request is matched by its path first (the most specific stated path that fits: a written
 * segment before one with parameters, OpenAPI's rule, `/orders/mine` before `/orders/{id}`), then
 * its method; an endpoint whose method is open answers on its path for any method no other
 * endpoint there states. Paths are kept as a tree of segments, so a match reads each segment once
 * per branch it could take.
 */
export class Routes {
  readonly routes: readonly Route[];
  /** The endpoints not served: their path holds a control character, which `check` refuses (no URL carries one as itself). */
  readonly refused: ReadonlyArray<{ endpoint: Item<'endpoints'>; path: string }>;
  readonly #root = node();

  /** `prefix`: what goes before an endpoint's stated path (its own server's base path: `ownBasePath`). */
  constructor(endpoints: ReadonlyArray<Item<'endpoints'>>, prefix: (endpoint: Item<'endpoints'>) => string = () => '') {
    const routes: Route[] = [];
    const refused: Array<{ endpoint: Item<'endpoints'>; path: string }> = [];
    for (const endpoint of endpoints) {
      const statedPath = stated(endpoint.data.path);
      const path = typeof statedPath === 'string' ? `${prefix(endpoint)}${statedPath}` : statedPath;
      if (typeof path !== 'string') continue;
      if (CONTROL.test(path)) {
        refused.push({ endpoint, path });
        continue;
      }
      const method = stated(endpoint.data.method);
      routes.push({ endpoint, method: typeof method === 'string' ? method : undefined, path, segments: segmentsOf(path) });
    }
    this.routes = routes;
    this.refused = refused;
    // Two endpoints of one method whose paths differ only in their parameters' names or a trailing
    // slash are one endpoint twice, as `check` reads them (duplicate-endpoint): the first stated
    // answers at both paths (`/items/{id}` and `/items/{id}/`), the other is never reached, and the
    // start's log names both.
    const first = new Map<string, Route>();
    const tree: Route[] = [];
    for (const route of routes) {
      const key = route.method === undefined ? undefined : `${route.method} ${route.path.replace(/\{[^{}]*\}/g, '{}').replace(/\/+$/, '')}`;
      const earlier = key === undefined ? undefined : first.get(key);
      if (key !== undefined && earlier === undefined) first.set(key, route);
      if (earlier === undefined) {
        tree.push(route);
        continue;
      }
      // The first one's path, with the other's trailing slash: the first one answers there, its parameters by its own names.
      const alias = `${earlier.path.replace(/\/+$/, '')}${/\/+$/.exec(route.path)?.[0] ?? ''}`;
      if (alias !== earlier.path && !tree.some((t) => t.method === route.method && t.path === alias)) tree.push({ ...earlier, path: alias, segments: segmentsOf(alias) });
    }
    for (const route of tree) {
      let at = this.#root;
      for (const segment of route.segments) {
        if ('literal' in segment) {
          let next = at.literal.get(segment.literal);
          if (!next) at.literal.set(segment.literal, (next = node()));
          at = next;
        } else {
          let next = at.templated.find((t) => t.segment.source === segment.source)?.node;
          if (!next) at.templated.push({ segment, node: (next = node()) });
          at = next;
        }
      }
      at.routes.push(route);
    }
    // Segments with parameters tried the most written first (OpenAPI's rule, concrete before
    // templated, within a segment: `/items/{id}.json` before `/items/{id}`, which would take
    // `7.json` as its id and leave the other never reached); ties in the order stated.
    const order = (at: Node) => {
      at.templated.sort((a, b) => b.segment.written - a.segment.written);
      for (const next of [...at.literal.values(), ...at.templated.map((t) => t.node)]) order(next);
    };
    order(this.#root);
  }

  /**
   * The routes no request reaches: another route (of the same method, or of an open one) takes
   * every path that fits them. Told by calling each route at its own path with its parameters
   * filled in a few ways: none reaching it, it is named.
   */
  unreachable(): Route[] {
    const fills = ['1', 'specbench', 'x-1.y'];
    return this.routes.filter((route) =>
      fills.every((fill) => {
        const parts = route.segments.map((s) => ('literal' in s ? s.literal : s.template.replace(/\{[^{}]*\}/g, fill)));
        const hit = this.match(route.method ?? '', parts);
        return !(hit.kind === 'endpoint' ? hit.route === route : hit.kind === 'method' && hit.open.includes(route));
      }),
    );
  }

  /** Every route whose path fits the segments, the most specific first, with the parameters each takes (by its own names). */
  #fitting(parts: readonly string[]): Array<{ route: Route; params: Map<string, string> }> {
    const out: Array<{ route: Route; params: Map<string, string> }> = [];
    const walk = (at: Node, i: number, captured: ReadonlyArray<readonly string[]>) => {
      if (i === parts.length) {
        for (const route of at.routes) {
          const params = new Map<string, string>();
          const templated = route.segments.filter((segment) => 'names' in segment);
          templated.forEach((segment, k) => segment.names.forEach((name, j) => params.set(name, captured[k]?.[j] ?? '')));
          out.push({ route, params });
        }
        return;
      }
      const part = parts[i] ?? '';
      const literal = at.literal.get(part);
      if (literal) walk(literal, i + 1, captured);
      for (const { segment, node: next } of at.templated) {
        const m = segment.pattern.matcher(part);
        if (m.matches()) walk(next, i + 1, [...captured, segment.names.map((_, j) => m.group(j + 1) ?? '')]);
      }
    };
    walk(this.#root, 0, []);
    return out;
  }

  /** What a method and a path (below the base path, its segments decoded) reach. */
  match(method: string, parts: readonly string[]): RouteMatch {
    const fitting = this.#fitting(parts);
    if (fitting.length === 0) return { kind: 'none', closest: this.closest(method, parts) };
    // The most specific path that states the method; HEAD is answered by GET where no HEAD is stated.
    for (const wanted of method === 'HEAD' ? ['HEAD', 'GET'] : [method]) {
      const at = fitting.findIndex((f) => f.route.method === wanted);
      const hit = fitting[at];
      if (!hit) continue;
      // A more specific path whose endpoint's method is open may state this method itself: the
      // call waits on that question rather than go to a template (t35t D7: `GET /users/me` was
      // answered by `GET /users/{id}` while get-me's method was open, and by get-me once stated).
      const before = fitting.slice(0, at).find((f) => f.route.method === undefined && !samePath(f.route, hit.route));
      if (before) {
        const same = fitting.filter((f) => samePath(f.route, before.route));
        const allowed = [...new Set(same.flatMap((f) => (f.route.method === undefined ? [] : [f.route.method])))].sort();
        return { kind: 'method', allowed, open: same.filter((f) => f.route.method === undefined).map((f) => f.route), params: before.params };
      }
      return { kind: 'endpoint', ...hit };
    }
    const first = fitting[0];
    const same = fitting.filter((f) => samePath(f.route, first?.route));
    const open = same.filter((f) => f.route.method === undefined).map((f) => f.route);
    const allowed = [...new Set(fitting.flatMap((f) => (f.route.method === undefined ? [] : [f.route.method])))].sort();
    return { kind: 'method', allowed, open, params: first?.params ?? new Map() };
  }

  /** The routes whose path fits a request's (its segments decoded), whatever their method. */
  onPath(parts: readonly string[]): Route[] {
    return this.#fitting(parts).map((f) => f.route);
  }

  /** The stated endpoints nearest to a request: by the distance between the paths (a parameter fits any text), then the method. */
  closest(method: string, parts: readonly string[], count = 3): Route[] {
    return this.closestScored(method, parts, count).map((s) => s.route);
  }

  /**
   * `closest` with each one's distance, to merge the lists of two tables: `prefix` is what goes
   * before every route's path in the request (the service's base path's segments), `parts` the
   * request's segments from the root then.
   */
  closestScored(method: string, parts: readonly string[], count = 3, prefix: readonly string[] = []): Array<{ route: Route; score: number }> {
    const asked = `/${parts.join('/')}`;
    const score = (r: Route) => {
      const filled = [...prefix, ...r.segments.map((s, i) => ('literal' in s ? s.literal : (parts[prefix.length + i] ?? `{${s.names.join('}{')}}`)))].join('/');
      // Compared on their first characters only: a 16 KB request path against every route would cost seconds.
      return distance(asked.slice(0, NEAR), `/${filled}`.slice(0, NEAR)) * 2 + (r.method === method ? 0 : 1);
    };
    return [...this.routes]
      .map((route) => ({ route, score: score(route) }))
      .sort((a, b) => a.score - b.score || (a.route.path < b.route.path ? -1 : a.route.path > b.route.path ? 1 : 0))
      .slice(0, count);
  }
}
