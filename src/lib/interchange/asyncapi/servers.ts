import type { z } from 'zod';
import type { AreaData } from '../../areas/index.ts';
import { serverSchema } from '../../areas/purpose/index.ts';
import { isObj, stated, type Obj } from '../../facet/state.ts';
import { isRelativeServerUrl, serverUrlSchema } from '../../safety/url.ts';
import { seg, type Unmapped } from '../result.ts';
import { defaultAllowed } from '../server-variable.ts';
import { follow, toolKey } from './raw.ts';

type Server = z.input<typeof serverSchema>;
type Variables = NonNullable<Server['variables']>;

const obj = (v: unknown): Obj => (isObj(v) ? v : {});
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Where an AsyncAPI 3 export writes a server address's scheme that is not its protocol (`tcp` beside `SMF`): AsyncAPI 3 has no place for it. */
const SCHEME_EXTENSION = 'x-specbench-scheme';

/** An address as AsyncAPI 3 states a server: protocol, host (with any port) and path; no query or fragment. */
const PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)([^?#]*)$/i;

/** The same, its scheme a variable (`{scheme}://kafka.example.com:{port}`). */
const VARIABLE_SCHEME = /^(\{[^{}/]+\}):\/\/([^/?#]+)([^?#]*)$/;

/** A server's address with each `{variable}` at its default: an address, or undefined where that is none. */
export function filled(server: { url: string; variables?: Record<string, { default: string }> | undefined }): string | undefined {
  const url = server.url.replace(/\{([^}]+)\}/g, (m, v: string) => (server.variables && Object.hasOwn(server.variables, v) ? (server.variables[v]?.default ?? m) : m));
  return !/[{}]/.test(url) && serverUrlSchema.safeParse(url).success ? url : undefined;
}

/** A server's `{variables}`: each with its default, allowed values and description; one without a default is said, not kept. */
function variablesOf(raw: Obj, written: Obj, at: string, unmapped: Unmapped[]): Variables | undefined {
  const rawVariables = follow(raw, written.variables, `${at}/variables`);
  const out: Variables = {};
  for (const [name, v] of Object.entries(obj(written.variables))) {
    const where = follow(raw, obj(rawVariables.value)[name], `${rawVariables.pointer}/${seg(name)}`).pointer;
    const o = follow(raw, v, where).value;
    if (typeof o.default !== 'string') {
      unmapped.push({ pointer: where, reason: `a server variable without a default is not kept: the spec gives each one a default (the address keeps \`{${name}}\`)` });
      continue;
    }
    const allowed = defaultAllowed(o.default, Array.isArray(o.enum) ? o.enum.filter((x): x is string => typeof x === 'string') : [], where, unmapped);
    for (const key of Object.keys(o)) if (!['default', 'enum', 'description'].includes(key) && !toolKey(key)) unmapped.push({ pointer: `${where}/${seg(key)}`, reason: `a server variable's \`${key}\` has no place in the spec` });
    out[name] = { default: o.default, ...(allowed.length > 0 ? { allowed } : {}), ...(text(o.description) !== undefined ? { description: String(o.description) } : {}) };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The keys of a server the spec keeps (its security is kept on the events), by AsyncAPI version. */
const KEPT = { 2: ['url', 'protocol', 'description', 'variables', 'security'], 3: ['host', 'protocol', 'pathname', 'description', 'variables', 'security'] } as const;

/**
 * An AsyncAPI 2.x/3.x document's servers as the purpose area's: each by its name, with its address
 * (protocol, host and path; a 2.x address without a scheme, as 2.x allows, has its protocol's; a
 * path from the root, relative to where the document is read, as 2.x allows and as an export
 * writes it in 3.x with an empty host, is kept as written, its protocol beside it),
 * the protocol where it is not the address's scheme, description and variables. What a server
 * states that has no place, and a server whose address the spec cannot hold, are listed. Also the base address (the first server's, its variables at
 * their defaults) and that server's protocol. `doc` is parsed, `raw` the file as written.
 */
export function importServers(doc: Obj, raw: Obj, unmapped: Unmapped[]): { servers: Server[]; base?: string; protocol?: string } {
  const v3 = String(doc.asyncapi).startsWith('3');
  const rawServers = follow(raw, raw.servers, '/servers');
  const servers: Server[] = [];
  for (const [name, s] of Object.entries(obj(doc.servers))) {
    const sv = obj(s);
    const at = follow(raw, obj(rawServers.value)[name], `${rawServers.pointer}/${seg(name)}`).pointer;
    const protocol = String(sv.protocol ?? '');
    let url: string;
    let stated: string | undefined;
    if (v3 && sv.host === '' && typeof sv.pathname === 'string' && isRelativeServerUrl(sv.pathname)) {
      // No host, a path from the root: an export's writing of a server relative to where the document is read (AsyncAPI 2.x's `url: /ws`).
      url = sv.pathname;
      if (protocol !== '') stated = protocol;
    } else if (v3) {
      const path = typeof sv.pathname === 'string' ? sv.pathname : '';
      if (path !== '' && !path.startsWith('/')) unmapped.push({ pointer: `${at}/pathname`, reason: 'the path is kept with the `/` that separates it from the host' });
      // The scheme an export wrote beside a protocol that is not it (`tcp` beside `SMF`).
      // A scheme that is a variable (`{scheme}`) too: the variable is among the server's.
      const scheme = typeof sv[SCHEME_EXTENSION] === 'string' && /^(?:[a-z][a-z0-9+.-]*|\{[^{}]+\})$/i.test(sv[SCHEME_EXTENSION]) ? sv[SCHEME_EXTENSION] : undefined;
      if (scheme !== undefined && protocol !== '' && scheme.toLowerCase() !== protocol.toLowerCase()) stated = protocol;
      url = `${scheme ?? protocol}://${String(sv.host ?? '')}${path !== '' && !path.startsWith('/') ? '/' : ''}${path}`;
    } else {
      const written = String(sv.url ?? '');
      const scheme = /^([a-z][a-z0-9+.-]*|\{[^}]+\}):\/\//i.exec(written)?.[1];
      // A protocol that is not the address's scheme (`SMF` at `tcp://…`) is kept beside the address.
      if (scheme !== undefined && protocol !== '' && scheme.toLowerCase() !== protocol.toLowerCase()) stated = protocol;
      // AsyncAPI 2.x allows an address relative to where the document is read (`/ws`): kept as written, with its protocol beside it.
      const relative = scheme === undefined && isRelativeServerUrl(written);
      if (relative && protocol !== '') stated = protocol;
      // It allows an address without a scheme (`broker.example.com:9092`) too: its protocol is the scheme.
      url = scheme !== undefined || relative ? written : `${protocol}://${written}`;
    }
    const variables = variablesOf(raw, sv, at, unmapped);
    const server = { name, url, ...(stated !== undefined ? { protocol: stated } : {}), ...(text(sv.description) !== undefined ? { description: String(sv.description) } : {}), ...(variables ? { variables } : {}) };
    const kept = serverSchema.safeParse(server);
    if (!kept.success || !(PARTS.test(url.replace(/^\{[^}]+\}/, 'x')) || isRelativeServerUrl(url))) {
      // An absolute address with a host but a query or fragment: that is what is refused (AsyncAPI 3 states a server as protocol, host and path).
      const query = kept.success && /^[^?#]*:\/\/[^/?#]+[^?#]*[?#]/.test(url);
      unmapped.push({ pointer: at, reason: query ? `the server's address \`${url}\` holds a query or fragment, which a server's address (protocol, host and path) has no place for; the server is not kept` : `the server's address \`${url}\` is not one the spec holds (an absolute address with a host, or a path from the root); the server is not kept` });
      continue;
    }
    for (const key of Object.keys(sv)) if (!(KEPT[v3 ? 3 : 2] as readonly string[]).includes(key) && !toolKey(key)) unmapped.push({ pointer: `${at}/${seg(key)}`, reason: `a server's \`${key}\` has no place in the spec` });
    servers.push(server);
  }
  const first = servers[0];
  const base = first ? filled(first) : undefined;
  const scheme = first ? (first.protocol ?? PARTS.exec(first.url)?.[1]) : undefined;
  return { servers, ...(base !== undefined ? { base } : {}), ...(scheme !== undefined ? { protocol: scheme } : {}) };
}

/**
 * The spec's servers as AsyncAPI 3 servers by name (where none is stated, the base address as
 * `main`): protocol, host, path, description and variables; a path from the root with its protocol
 * (AsyncAPI 2.x's relative address) with an empty host. `say` lists a server it cannot write
 * and a name it had to change. Also whether the base address is among them (a server's address
 * at its variables' defaults), and the first server's protocol.
 */
export function exportServers(purpose: AreaData<'purpose'>, say: (id: string, reason: string) => void): { servers?: Obj; baseCarried: boolean; protocol?: string } {
  const base = typeof purpose.base_url === 'string' && serverUrlSchema.safeParse(purpose.base_url).success ? purpose.base_url : undefined;
  const declared = stated(purpose.servers);
  const list: Server[] = Array.isArray(declared) ? declared : base !== undefined ? [{ url: base }] : [];
  const servers: Obj = {};
  let protocol: string | undefined;
  let baseCarried = false;
  list.forEach((sv, i) => {
    const id = `purpose/servers/${i}`;
    // A path from the root (relative to where the document is read, as AsyncAPI 2.x allows) with its protocol: AsyncAPI 3 requires a host, which is then empty.
    const relative = isRelativeServerUrl(sv.url) && sv.protocol !== undefined;
    // An address whose scheme is a variable (`{scheme}://kafka.example.com:{port}`, with its protocol stated): host and path as written, the scheme beside them.
    const variableScheme = !relative && sv.protocol !== undefined ? VARIABLE_SCHEME.exec(sv.url) : null;
    const parts = relative ? [sv.url, sv.protocol, '', sv.url] : (variableScheme ?? PARTS.exec(sv.url));
    if (!parts) {
      // A path from the root whose protocol the spec does not state (an OpenAPI document's) is one of these.
      say(id, 'AsyncAPI states a server by protocol, host and path: an address whose scheme is a variable and whose protocol is not stated, with a query or fragment, or without a host (a path from the root, `/api/v1`) is not carried');
      return;
    }
    if (variableScheme) say(`${id}/url`, `AsyncAPI 3 states a server's protocol (\`${sv.protocol ?? ''}\`), not its address's scheme: the scheme \`${variableScheme[1] ?? ''}\`, a variable, is written under \`${SCHEME_EXTENSION}\` (which an import reads back), and other tools take the protocol for it`);
    const wanted = sv.name ?? (i === 0 ? 'main' : `server-${i + 1}`);
    let name = wanted;
    for (let n = 2; Object.hasOwn(servers, name); n++) name = `${wanted}-${n}`;
    if (name !== wanted) say(`${id}/name`, `another server is named \`${wanted}\`; this one is written as \`${name}\``);
    const variables = sv.variables ? Object.fromEntries(Object.entries(sv.variables).map(([k, v]) => [k, { ...(v.allowed ? { enum: v.allowed } : {}), default: v.default, ...(v.description !== undefined ? { description: v.description } : {}) }])) : undefined;
    // AsyncAPI 3 states a protocol and no scheme: a scheme that is not the protocol goes under the project's own key, which an import reads back.
    const scheme = !relative && sv.protocol !== undefined && sv.protocol.toLowerCase() !== parts[1]?.toLowerCase() ? { [SCHEME_EXTENSION]: parts[1] } : {};
    servers[name] = { host: parts[2] ?? '', protocol: sv.protocol ?? parts[1], ...scheme, ...(parts[3] ? { pathname: parts[3] } : {}), ...(sv.description !== undefined ? { description: sv.description } : {}), ...(variables ? { variables } : {}) };
    protocol ??= sv.protocol ?? parts[1];
    if (base !== undefined && filled(sv) === base) baseCarried = true;
  });
  return { ...(Object.keys(servers).length > 0 ? { servers } : {}), baseCarried, ...(protocol !== undefined ? { protocol } : {}) };
}
