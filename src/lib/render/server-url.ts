import { isObj, stated } from '../facet/state.ts';

/**
 * The one joiner of a server's URL with a path: the pages' signature and own-server note, the code
 * samples and the mock all read a server through it (r14 H5, M4, L1: the mock kept an unfilled
 * `{tenant}` percent-encoded as a path no request reaches, the samples called
 * `…/%7Btenant%7D/login`, and the two filled and normalised defaults by different rules).
 *
 * A variable is filled with its stated default; one that states no default (no `variables` entry,
 * or an entry without `default`) stays `{name}` and is listed in `unfilled`: it is never sent as if
 * `{name}` were its value. The samples put a placeholder for the whole address and name the
 * variable; the mock matches any value in its place.
 */
export interface ServerAtDefaults {
  /** The server's URL as written. */
  written: string;
  /** The URL with every variable that states a default at it; the others kept as `{name}`. */
  url: string;
  /** The defaults put in, in the order the URL names them. */
  defaults: Array<{ name: string; value: string }>;
  /** The variables the URL names that state no default, in the order named (each once). */
  unfilled: string[];
}

/** A variable named in a server URL: `{name}`. */
const VARIABLE = /\{([^{}]*)\}/g;

/** The first server of a list, its variables at their defaults; undefined where the list holds no server with a URL. */
export function firstServerAtDefaults(servers: unknown): ServerAtDefaults | undefined {
  const list = stated(servers);
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return serverWithDefaults(first);
}

/** A server (`{ url, variables }`), its variables at their defaults; undefined where it has no URL. */
export function serverWithDefaults(server: unknown): ServerAtDefaults | undefined {
  if (!isObj(server) || typeof server.url !== 'string') return undefined;
  const written = server.url;
  const variables = stated(server.variables);
  const defaultOf = (name: string): string | undefined => {
    const v: unknown = isObj(variables) && Object.hasOwn(variables, name) ? variables[name] : undefined;
    const d = isObj(v) ? stated(v.default) : undefined;
    return typeof d === 'string' ? d : undefined;
  };
  const defaults: ServerAtDefaults['defaults'] = [];
  const unfilled: string[] = [];
  const url = written.replace(VARIABLE, (whole, name: string) => {
    const value = defaultOf(name);
    if (value === undefined) {
      if (!unfilled.includes(name)) unfilled.push(name);
      return whole;
    }
    defaults.push({ name, value });
    return value;
  });
  return { written, url, defaults, unfilled };
}

/** A path segment that some clients resolve (`.`, `..`, written with `%2e` too) and others send as it is. */
export const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The base path a server's address puts before an endpoint's path, as the mock serves it: each
 * segment percent-decoded, an unfilled variable kept as `{name}` (a segment that matches any
 * value), no trailing `/`: `https://eu.example.com/v2/` → `/v2`, `https://auth.example.com/{tenant}`
 * → `/{tenant}`, `https://hub.docker.com` → ``. `why` says why there is none a request reaches as
 * the address states it: a query or fragment (written, or from a default), a `.`/`..` segment (some
 * clients resolve it, others send it), a percent-escape that is no UTF-8 or that reads as a `/` or a
 * brace, a default that holds a brace, or an address that is neither absolute nor a path from the root.
 */
export function serverBasePath(server: ServerAtDefaults): { path: string; variables: string[] } | { why: string } {
  // Variables replaced by markers while the address is read, so that no default is read as a variable.
  const marks: string[] = [];
  const marked = server.url.replace(VARIABLE, (_, name: string) => `\u0000${marks.push(name) - 1}\u0000`);
  if (/[{}]/.test(marked)) return { why: `a default of its variables (${server.defaults.map((d) => `${d.name} = ${d.value}`).join(', ')}) holds a brace` };
  const parts = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)([?#].*)?$/s.exec(marked);
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(marked);
  if (!parts) return { why: 'it cannot be read as an address' };
  const [, rawPath = '', rest] = parts;
  if (rest !== undefined) return { why: `its address${server.defaults.length > 0 ? ' at its defaults' : ''} holds a ${rest.startsWith('?') ? 'query' : 'fragment'}, which a request's path would follow` };
  if (!absolute && !rawPath.startsWith('/')) return { why: 'it is neither an absolute address nor a path from the root' };
  const segments: string[] = [];
  const variables: string[] = [];
  for (const segment of rawPath.replace(/\/+$/, '').split('/').slice(1)) {
    if (DOT_SEGMENT.test(segment)) return { why: 'its path holds a `.` or `..` segment, which some HTTP clients resolve and others send as it is' };
    let text = '';
    for (const piece of segment.split(/(\u0000\d+\u0000)/)) {
      const mark = /^\u0000(\d+)\u0000$/.exec(piece)?.[1];
      if (mark !== undefined) {
        const name = marks[Number(mark)] ?? '';
        if (!variables.includes(name)) variables.push(name);
        text += `{${name}}`;
        continue;
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(piece);
      } catch {
        return { why: 'its path holds a percent-escape that is no UTF-8' };
      }
      if (/[/{}]/.test(decoded)) return { why: 'its path holds a percent-escape of a `/` or a brace, which the mock cannot tell from the path itself or a variable' };
      text += decoded;
    }
    segments.push(text);
  }
  return { path: segments.map((s) => `/${s}`).join(''), variables };
}

/** A `{name}` of an address, for words: `{tenant}`. */
export const variableWords = (names: readonly string[]): string => names.map((n) => `{${n}}`).join(', ');
