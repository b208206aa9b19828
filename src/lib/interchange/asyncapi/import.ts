import type { AreaInput, ItemInput } from '../../areas/index.ts';
import { PLACEHOLDER } from '../../facet/state.ts';
import { nameSchema, urlSchema } from '../../facet/values.ts';
import type { z } from 'zod';
import type { headerSchema } from '../../areas/payload.ts';
import type { jsonValue } from '../../areas/shape.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { Ids, seg, uniqueUnmapped, type ImportedItem, type ImportResult, type Unmapped } from '../result.ts';
import { canonical, refName, SchemaMapper, unkeptValue, usableName } from '../schema-map.ts';
import { declaredScopes, flowScopes, keptScopes } from '../flow-scopes.ts';
import { valuePath } from '../../areas/shape.ts';
import { CONTROLS_AS_SPACES, keptLine, ONE_LINE, serviceName, SUMMARY_OF_LINES, titled } from '../text.ts';
import { importExternalDocs } from '../external-docs.ts';
import { importInfo, importTags, placedTags, withPlacedTags, type PlacedTag } from './info.ts';
import { documentMessages, type Message, type Messages } from './messages.ts';
import { follow, toolKey, valueAt } from './raw.ts';
import { importServers } from './servers.ts';
import { unkeptKeyName, UNKEPT_KEY_NAME, usableKey } from '../names.ts';
import { payloadSchema, schemaFormatWord } from './payload-format.ts';

const SCHEMA_ID = 'x-parser-schema-id';

/** Counts of what an AsyncAPI document holds. */
export interface AsyncApiCounts {
  channels: number;
  operations: number;
  messages: number;
  schemas: number;
  securitySchemes: number;
}

const obj = (v: unknown): Obj => (isObj(v) ? v : {});

export function countAsyncApi(doc: Obj): AsyncApiCounts {
  const components = obj(doc.components);
  const v3 = String(doc.asyncapi).startsWith('3');
  return {
    channels: Object.keys(obj(doc.channels)).length,
    operations: v3 ? Object.keys(obj(doc.operations)).length : Object.values(obj(doc.channels)).reduce<number>((n, c) => n + ['publish', 'subscribe'].filter((op) => isObj(obj(c)[op])).length, 0),
    messages: documentMessages(doc, {}).list.length,
    schemas: Object.keys(obj(components.schemas)).length,
    securitySchemes: Object.keys(obj(components.securitySchemes)).length,
  };
}

/**
 * Schemas the parser inlined carry the component name they came from; turning those back into
 * `$ref`s keeps components as named resources (cycles are cut where they close).
 */
function renamed(schema: unknown, components: ReadonlySet<string>, seen = new WeakSet<object>(), top = true, written?: unknown, own?: string): unknown {
  // Where the file as written names a component (`$ref: '#/components/schemas/deviceGroupId'`), that is the reference: the
  // parser gives components that are each a reference to one schema (`deviceId` and `deviceGroupId`, both `$ref: id`
  // with their own description and example) one object and one name, which would name another. The siblings the file
  // writes beside it are kept beside it, as written.
  if (isObj(written) && typeof written.$ref === 'string') {
    const name = refName(written.$ref);
    if (name !== undefined && name !== own && components.has(name)) {
      const { $ref: _, ...siblings } = written;
      return { $ref: `#/components/schemas/${seg(name)}`, ...siblings };
    }
    written = undefined; // another file's, or a part of a schema: the parser's reading, as it is
  }
  if (!isObj(schema)) return Array.isArray(schema) ? schema.map((s, i) => renamed(s, components, seen, false, Array.isArray(written) ? written[i] : undefined)) : schema;
  const id = schema[SCHEMA_ID];
  if (!top && written === undefined && typeof id === 'string' && components.has(id)) return { $ref: `#/components/schemas/${id}` };
  if (seen.has(schema)) return {};
  seen.add(schema);
  const guide = isObj(written) ? written : undefined;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith('x-parser-')).map(([k, v]) => [k, renamed(v, components, seen, false, guide?.[k])]));
}

/** The last segment of a local reference, decoded: `#/channels/light~1on` → `light/on`. */
const refTail = (ref: unknown): string | undefined => (typeof ref === 'string' && ref.startsWith('#/') ? decodeURIComponent(ref.split('/').at(-1) ?? '').replace(/~1/g, '/').replace(/~0/g, '~') : undefined);

/** How each message travels, from the document as written: the directions of its operations and the security schemes they name. */
interface Delivery {
  directions: Set<'sent' | 'received'>;
  /** Alternatives, each a list of scheme names with scopes (all needed together). */
  security?: Array<Array<{ name: string; scopes: string[] }>>;
}

/** How each message travels, by its event's id. `eventOf` gives the event a channel's message (by their keys) is. */
function deliveries(doc: Obj, raw: Obj, messages: Messages, eventOf: (channelKey: string, messageKey: string) => string | undefined, unmapped: Unmapped[]): Map<string, Delivery> {
  const out = new Map<string, Delivery>();
  const entry = (id: string) => {
    const e = out.get(id) ?? { directions: new Set() };
    out.set(id, e);
    return e;
  };
  const v3 = String(doc.asyncapi).startsWith('3');
  /** The scopes a named OAuth 2.0 scheme lists (AsyncAPI 3's `availableScopes`, 2.x's `scopes`), where it lists some. */
  const scopesOf = (name: string): ReadonlySet<string> | undefined => {
    const s = follow(raw, obj(obj(raw.components).securitySchemes)[name], '').value;
    const flows = obj(s.flows);
    return s.type === 'oauth2' ? declaredScopes(flows, Object.values(flows).some((f) => obj(f).availableScopes !== undefined) ? 'availableScopes' : 'scopes') : undefined;
  };
  if (v3) {
    const named = obj(obj(raw.components).securitySchemes);
    /** The named schemes by what they state, scopes aside (the first of two alike): read once, when a scheme is written in place. */
    let byShape: Map<string, string> | undefined;
    const copied = (written: Obj) => {
      byShape ??= new Map(Object.keys(named).reverse().map((k) => [shapeOf(follow(raw, named[k], '').value), k]));
      return byShape.get(shapeOf(written));
    };
    /**
     * One alternative of an AsyncAPI 3 security list: a scheme named among the components, or one
     * written in place that is a copy of a named one (as an export writes a scheme with the scopes
     * one operation needs), with the scopes it states. Any other scheme in place has no item to
     * be: said, not kept.
     */
    const alternative = (x: unknown, pointer: string): Array<{ name: string; scopes: string[] }> | undefined => {
      const written = obj(x);
      const ref = refTail(written.$ref);
      const name = ref ?? copied(written);
      if (name === undefined) {
        unmapped.push({ pointer, reason: 'a security scheme written in place (not named under components) is not kept' });
        return undefined;
      }
      const { value: scheme, pointer: schemeAt } = ref !== undefined ? follow(raw, named[ref], `/components/securitySchemes/${seg(ref)}`) : { value: written, pointer };
      if (!carried(raw, name, pointer, unmapped)) return undefined;
      return [{ name, scopes: Array.isArray(scheme.scopes) ? keptScopes(scheme.scopes.map(String), name, scopesOf(name), (j) => `${schemeAt}/scopes/${j}`, unmapped) : [] }];
    };
    const alternatives = (list: unknown, pointer: string) => (Array.isArray(list) ? list.map((x, i) => alternative(x, `${pointer}/security/${i}`)).filter((a) => a !== undefined) : undefined);
    // A server's security holds for every operation that names none of its own, on the channels the server carries.
    const securityOfServer = new Map(Object.entries(obj(raw.servers)).map(([key, sv]) => {
      const written = follow(raw, sv, `/servers/${seg(key)}`);
      return [key, alternatives(written.value.security, written.pointer) ?? []];
    }));
    const channelServers = (channelKey: string) => {
      const listed = obj(obj(raw.channels)[channelKey]).servers;
      return Array.isArray(listed) ? listed.map((s) => refTail(obj(s).$ref)).filter((k): k is string => k !== undefined) : [];
    };
    /** Where an operation's security is written: its own, else the last of its traits' that states one (traits apply in order, the operation's own keys over them, as `withTraits` applies them). */
    const securityAt = (key: string, op: Obj): { value: Obj; pointer: string } | undefined => {
      const pointer = `/operations/${seg(key)}`;
      if (op.security !== undefined) return { value: op, pointer };
      return (Array.isArray(op.traits) ? op.traits : []).map((t, i) => follow(raw, t, `${pointer}/traits/${i}`)).filter((t) => t.value.security !== undefined).at(-1);
    };
    const writtenAt = new Map(Object.entries(obj(raw.operations)).map(([key, op]) => [key, securityAt(key, obj(op))]));
    const operationSecurity = new Map([...writtenAt].map(([key, at]) => [key, at && alternatives(at.value.security, at.pointer)]));
    const serverSecurityUsed = new Set<string>();
    const serverSecurityDiffering = new Map<string, Set<string>>();
    const securedBy = new Map<string, Array<{ opKey: string; security: Delivery['security']; at: string }>>();
    for (const [opKey, o] of Object.entries(obj(raw.operations))) {
      const op = obj(o);
      const channelKey = refTail(obj(op.channel).$ref);
      if (channelKey === undefined) continue;
      const listed = Array.isArray(op.messages) ? op.messages.map((m) => refTail(obj(m).$ref)).filter((k): k is string => k !== undefined) : Object.keys(obj(obj(obj(raw.channels)[channelKey]).messages));
      // AsyncAPI 3.0 lists alternatives; each is one scheme.
      const { keys: onServers, security: serverSecurity } = serversOf(securityOfServer, channelServers(channelKey), serverSecurityDiffering);
      const security = operationSecurity.get(opKey) ?? (serverSecurity.length > 0 ? serverSecurity : undefined);
      for (const key of listed) {
        const id = eventOf(channelKey, key);
        if (id === undefined) continue;
        if (!operationSecurity.get(opKey)) for (const k of onServers) serverSecurityUsed.add(k);
        const e = entry(id);
        if (op.action === 'send') e.directions.add('sent');
        if (op.action === 'receive') e.directions.add('received');
        if (security && security.length > 0) e.security = security;
        const at = writtenAt.get(opKey);
        securedBy.set(id, [...(securedBy.get(id) ?? []), { opKey, security: security && security.length > 0 ? security : undefined, at: operationSecurity.get(opKey) !== undefined && at ? `${at.pointer}/security` : `/operations/${seg(opKey)}` }]);
      }
    }
    oneSecurityPerEvent(securedBy, entry, unmapped);
    serverSecurityWord(raw, serverSecurityUsed, serverSecurityDiffering, unmapped);
  } else {
    /** AsyncAPI 2's security requirements (OpenAPI's: each a map of the schemes needed together to their scopes). */
    const requirements = (list: unknown, pointer: string) =>
      (Array.isArray(list) ? list : [])
        .map((req, i) => Object.entries(obj(req)).map(([name, scopes]) => ({ name, scopes: Array.isArray(scopes) ? keptScopes(scopes.map(String), name, scopesOf(name), (j) => `${pointer}/security/${i}/${seg(name)}/${j}`, unmapped) : [], at: `${pointer}/security/${i}` })))
        // An alternative naming a scheme the spec cannot carry is said and left out; the others hold as written.
        .filter((all) => all.every((r) => carried(raw, r.name, r.at, unmapped)))
        .map((all) => all.map(({ name, scopes }) => ({ name, scopes })));
    // A server's security holds for every operation that states none of its own, on the channels the server carries.
    const securityOfServer = new Map(Object.entries(obj(raw.servers)).map(([key, sv]) => {
      const { value, pointer } = follow(raw, sv, `/servers/${seg(key)}`);
      return [key, requirements(value.security, pointer)];
    }));
    const serverSecurityUsed = new Set<string>();
    const serverSecurityDiffering = new Map<string, Set<string>>();
    const securedBy = new Map<string, Array<{ opKey: string; security: Delivery['security']; at: string }>>();
    // AsyncAPI 2: `subscribe` is what the application sends; `publish` what it receives.
    for (const [channelKey, channel] of Object.entries(obj(doc.channels))) {
      for (const [op, direction] of [['subscribe', 'sent'], ['publish', 'received']] as const) {
        const o = obj(obj(channel)[op]);
        const m = obj(o.message);
        const list = Array.isArray(m.oneOf) ? m.oneOf : Object.keys(m).length ? [m] : [];
        // An operation's security (2.4 and later), its traits applied by the parser: said where the file writes it.
        const pointer = `/channels/${seg(channelKey)}/${op}`;
        const written = obj(obj(obj(raw.channels)[channelKey])[op]);
        const at = Object.hasOwn(written, 'security') ? pointer : ((Array.isArray(written.traits) ? written.traits : []).map((t, i) => follow(raw, t, `${pointer}/traits/${i}`)).filter((t) => Object.hasOwn(t.value, 'security')).at(-1)?.pointer ?? pointer);
        const own = Array.isArray(o.security) ? requirements(o.security, at) : undefined;
        const listedServers = obj(obj(raw.channels)[channelKey]).servers;
        const { keys: onServers, security: serverSecurity } = serversOf(securityOfServer, Array.isArray(listedServers) ? listedServers.filter((k): k is string => typeof k === 'string') : [], serverSecurityDiffering);
        const security = own ?? (serverSecurity.length > 0 ? serverSecurity : undefined);
        for (const one of list) {
          const id = messages.of(one)?.id;
          if (id === undefined) continue;
          const e = entry(id);
          e.directions.add(direction);
          if (own === undefined) for (const k of onServers) serverSecurityUsed.add(k);
          if (security && security.length > 0) e.security = security;
          securedBy.set(id, [...(securedBy.get(id) ?? []), { opKey: typeof o.operationId === 'string' && o.operationId.trim() !== '' ? o.operationId : `${channelKey}.${op}`, security: security && security.length > 0 ? security : undefined, at: own !== undefined ? `${at}/security` : pointer }]);
        }
      }
    }
    oneSecurityPerEvent(securedBy, entry, unmapped);
    serverSecurityWord(raw, serverSecurityUsed, serverSecurityDiffering, unmapped);
  }
  return out;
}

/**
 * The servers a channel is on and the security they ask: those it names (AsyncAPI 2 by name, 3 by
 * reference), or every server where it names none (as both specs read an absent or empty list). An
 * operation without security of its own takes only these servers' alternatives, never those of a
 * server its channel is not on.
 */
function serversOf(securityOfServer: Map<string, Array<Array<{ name: string; scopes: string[] }>>>, named: string[], differing: Map<string, Set<string>>): { keys: string[]; security: Array<Array<{ name: string; scopes: string[] }>> } {
  const keys = named.length > 0 ? named.filter((k) => securityOfServer.has(k)) : [...securityOfServer.keys()];
  const asks = (k: string) => securityOfServer.get(k) ?? [];
  const ask = (k: string) => JSON.stringify(asks(k).map((alt) => JSON.stringify(alt)).sort());
  // Servers that ask different security (one none) carry the channel: the spec keeps one security
  // per event, and any the event took would hold on a server that does not ask it (a `dev` server
  // open to all would need `prod`'s password, t31 s10 D12). The event takes none; each server's is said.
  if (new Set(keys.map(ask)).size > 1) {
    for (const k of keys) if (asks(k).length > 0) differing.set(k, new Set([...(differing.get(k) ?? []), ...keys.filter((o) => ask(o) !== ask(k))]));
    return { keys: [], security: [] };
  }
  return { keys: keys.filter((k) => asks(k).length > 0), security: keys.length > 0 ? asks(keys[0] as string) : [] };
}

/**
 * The spec keeps one security per event: a message that operations with different security (or
 * none) carry keeps none, said at each operation that has one (its own security where it states
 * one, else the operation, which took the server's), so no export gives an operation security it
 * did not state.
 */
function oneSecurityPerEvent(securedBy: Map<string, Array<{ opKey: string; security: Delivery['security']; at: string }>>, entry: (id: string) => Delivery, unmapped: Unmapped[]): void {
  for (const [id, by] of securedBy) {
    if (new Set(by.map((b) => JSON.stringify(b.security ?? null))).size < 2) continue;
    delete entry(id).security;
    for (const b of by) {
      if (b.security === undefined) continue;
      const stated = b.at.endsWith('/security');
      unmapped.push({ pointer: b.at, reason: `the message \`${id}\` is also sent or received by ${by.filter((x) => x.opKey !== b.opKey).map((x) => `\`${x.opKey}\``).join(', ')} with other security (or none); the spec keeps one security per event, so this ${stated ? '' : "server's "}security is not kept for it` });
    }
  }
  // An operation states one security for all its messages, and an export writes it so: where the
  // events of one operation keep different security (or some none), an export could not write an
  // event's (t31s D1: it was dropped there without a word), so it is not kept, said at the operation.
  const operations = new Map<string, string[]>();
  for (const [id, by] of securedBy) for (const b of by) operations.set(b.opKey, [...(operations.get(b.opKey) ?? []), id]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [opKey, ids] of operations) {
      if (new Set(ids.map((id) => JSON.stringify(entry(id).security ?? null))).size < 2) continue;
      for (const id of ids) {
        if (entry(id).security === undefined) continue;
        delete entry(id).security;
        changed = true;
        const at = securedBy.get(id)?.find((b) => b.opKey === opKey)?.at ?? '';
        unmapped.push({ pointer: at, reason: `the operation \`${opKey}\` also sends or receives messages with other security (or none), and an operation states one security for all its messages, so the security of the message \`${id}\` is not kept` });
      }
    }
  }
}

/**
 * What becomes of a server's `security`: the spec's servers hold none, so it is said where it is
 * written, with where it went (the events whose operations state none of their own take it, and
 * an export writes it on those operations), or that nothing took it.
 */
function serverSecurityWord(raw: Obj, used: Set<string>, differing: Map<string, Set<string>>, unmapped: Unmapped[]): void {
  for (const [key, sv] of Object.entries(obj(raw.servers))) {
    const written = follow(raw, sv, `/servers/${seg(key)}`);
    if (!Array.isArray(written.value.security) || written.value.security.length === 0) continue;
    const others = [...(differing.get(key) ?? [])].sort();
    // Channels this server carries with servers that ask other security (or none): their events keep none of it.
    const also = others.length > 0 ? `also on ${others.map((o) => `\`${o}\``).join(', ')}, which ask${others.length === 1 ? 's' : ''} other security or none (the spec keeps one security per event, and an export writes it for every server)` : undefined;
    unmapped.push({
      pointer: `${written.pointer}/security`,
      reason: used.has(key)
        ? `a server's security has no place on the spec's servers; it is kept as the security of the events sent or received by operations that state none of their own on the channels this server carries (an export writes it on those operations)${also !== undefined ? `, not on the channels ${also}` : ''}`
        : also !== undefined
          ? `a server's security has no place on the spec's servers; it is not kept: the channels this server carries are ${also}`
          : "a server's security has no place on the spec's servers, and no operation without security of its own takes it; it is not kept",
    });
  }
}

/** A value with its keys in order, the tools' keys and the scopes of its top level left out: two schemes that differ only in scopes are alike. */
function schemeKey(v: unknown, depth = 0): unknown {
  if (depth > 32) return null;
  if (Array.isArray(v)) return v.map((x) => schemeKey(x, depth + 1));
  if (!isObj(v)) return v;
  return Object.fromEntries(Object.keys(v).filter((k) => (depth > 0 || k !== 'scopes') && !toolKey(k)).sort().map((k) => [k, schemeKey(v[k], depth + 1)]));
}
const shapeOf = (scheme: Obj) => JSON.stringify(schemeKey(scheme));

/**
 * A message's headers (an object schema) as the event's headers, each with whether it is required.
 * The event keeps each header, not the headers object's own words, examples or other keywords:
 * each is said where it is written.
 */
function headersOf(schemas: SchemaMapper, schema: unknown, pointer: string, unmapped: Unmapped[]): Record<string, z.input<typeof headerSchema>> | undefined {
  const s = obj(schema);
  if (!isObj(s.properties)) return undefined;
  for (const key of Object.keys(s)) {
    if (key === 'properties' || key === 'required' || (key === 'type' && s.type === 'object') || toolKey(key)) continue;
    unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `the headers schema's own \`${key}\` has no place in the spec (an event keeps each header, with its shape and whether it is required, not the headers as a whole); it is not kept` });
  }
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  // A header the spec cannot name is said and left out; none left, the event states no headers (as its export reads back).
  const named = Object.entries(s.properties).filter(([name]) => usableKey(name, `${pointer}/properties`, 'a header', unmapped));
  if (named.length === 0 && Object.keys(s.properties).length > 0) return undefined;
  return Object.fromEntries(named.map(([name, p]) => [name, canonical({ ...schemas.object(p, `${pointer}/properties/${seg(name)}`), ...(required.has(name) ? { required: true } : {}) }) as z.input<typeof headerSchema>]));
}

/** The keys of a message the spec keeps. */
const MESSAGE_KEYS = ['name', 'title', 'summary', 'description', 'payload', 'headers', 'contentType', 'examples', 'tags', 'externalDocs'];

/**
 * What a message (as the parser gives it, its traits applied) holds that the spec has no place for,
 * said where the file writes it: at the message, or at each trait that gives it (a trait's
 * `bindings`, `correlationId`). What a trait gives that the event keeps (headers, tags, words) is
 * applied, so its `traits` are not said as such.
 */
function unkeptOfMessage(raw: Obj, message: Obj, at: string, unmapped: Unmapped[]): void {
  const written = follow(raw, valueAt(raw, at), at).value;
  const traits = (Array.isArray(written.traits) ? written.traits : []).map((t, i) => follow(raw, t, `${at}/traits/${i}`));
  const unkept = (key: string) => !MESSAGE_KEYS.includes(key) && !toolKey(key) && key !== 'traits';
  // AsyncAPI 2.x's `schemaFormat` other than its default is said as AsyncAPI 3's is (an Avro payload is no JSON Schema, t31 s10 D7).
  const format = (key: string, value: unknown) => (key === 'schemaFormat' && typeof value === 'string' ? schemaFormatWord(value) : undefined);
  for (const key of Object.keys(message)) {
    // A key only its traits give is said at each of them, below.
    if (unkept(key) && (Object.hasOwn(written, key) || !traits.some((t) => Object.hasOwn(t.value, key)))) unmapped.push({ pointer: `${at}/${seg(key)}`, reason: format(key, message[key]) ?? `a message's \`${key}\` has no place in the spec` });
  }
  for (const trait of traits) {
    for (const key of Object.keys(trait.value)) {
      const pointer = `${trait.pointer}/${seg(key)}`;
      if (unkept(key) && !unmapped.some((u) => u.pointer === pointer)) unmapped.push({ pointer, reason: format(key, trait.value[key]) ?? `a message trait's \`${key}\` has no place in the spec` });
    }
  }
}

/**
 * A message's name, title, summary and description as its event's: the name where the document
 * states one (not the parser's placeholder), even where it is the event's id, so an export writes
 * a name exactly where the source did; a summary of one line as the summary (one of several
 * lines leads the description, and is said), a name the spec cannot hold said.
 */
function messageText(m: Message, unmapped: Unmapped[]): { name?: string; title?: string; summary?: string; description?: string } {
  const { message, at, id } = m;
  const name = m.stated;
  if (name !== undefined && !ONE_LINE.test(name)) unmapped.push({ pointer: `${at}/name`, reason: `a name with line breaks or control characters is not kept; the event's id is \`${id}\`` });
  const written = typeof message.summary === 'string' && message.summary.trim() !== '' ? message.summary.trim() : undefined;
  const line = written !== undefined ? keptLine(written, `${at}/summary`, unmapped) : undefined;
  const summary = line ?? written;
  const oneLine = line !== undefined;
  if (summary !== undefined && !oneLine) unmapped.push({ pointer: `${at}/summary`, reason: SUMMARY_OF_LINES });
  const described = titled(message.title, [oneLine ? '' : (summary ?? ''), typeof message.description === 'string' ? message.description : ''].filter(Boolean).join('\n\n'), () => unmapped.push({ pointer: `${at}/title`, reason: CONTROLS_AS_SPACES }));
  return { ...(name !== undefined && ONE_LINE.test(name) ? { name } : {}), ...described, ...(oneLine ? { summary } : {}) };
}

/**
 * Maps an AsyncAPI 2.x/3.x document into the spec: messages become events (with their channel's
 * address, their direction from the operations, headers, tags and security), schemas resources,
 * servers, contact and licence the purpose area's. `doc` is the parser's validated, dereferenced
 * document; `raw` the file as written, read for the names its references give and for where
 * each thing is written.
 */
export function importAsyncApi(doc: Obj, raw: Obj = {}): ImportResult {
  const unmapped: Unmapped[] = [];
  const about = importInfo(raw, unmapped);
  const schemas = new SchemaMapper(unmapped);
  const components = obj(doc.components);
  const names = new Set(Object.keys(obj(components.schemas)));
  const writtenSchemas = obj(follow(raw, obj(raw.components).schemas, '/components/schemas').value);
  for (const [name, schema] of Object.entries(obj(components.schemas))) schemas.component(name, renamed(schema, names, new WeakSet(), true, writtenSchemas[name], name), `/components/schemas/${seg(name)}`);
  const eventIds = new Ids();
  const schemeIds = new Ids();
  const v3 = String(doc.asyncapi).startsWith('3');
  const messages = documentMessages(doc, raw, eventIds);
  const channelEvent = (channelKey: string, messageKey: string) => messages.of(obj(obj(obj(doc.channels)[channelKey]).messages)[messageKey])?.id;
  const delivery = deliveries(doc, raw, messages, channelEvent, unmapped);
  /** The words of tags written where they are used, which the events area's declared tags keep. */
  const placed: PlacedTag[] = [];
  const lowerIds = new Set(messages.list.map((m) => m.id.toLowerCase()));
  /** The keys an export takes for message components besides the events' ids, in the order it takes them. */
  const keysTaken = new Set<string>();
  const events = messages.list.map((m): ImportedItem => {
    const { message, channels, at, id } = m;
    // A 3.0 payload may be written as `{schemaFormat, schema}`: its schema is the payload.
    const written = v3 ? payloadSchema(message.payload, `${at}/payload`, unmapped) : { schema: message.payload, at: `${at}/payload` };
    const source = m.payloadRef !== undefined && names.has(m.payloadRef) ? { $ref: `#/components/schemas/${m.payloadRef}` } : renamed(written.schema, names, new WeakSet(), false);
    const payload = schemas.payload(source, written.at);
    const addresses = channels.filter(Boolean);
    if (addresses.length > 1) unmapped.push({ pointer: at, reason: `the message travels on ${addresses.length} channels; the event's own channel is the first (the events area's channels keep it on ${addresses.slice(1).join(', ')} too)` });
    const d = delivery.get(id);
    const direction = d && d.directions.size === 1 ? [...d.directions][0] : undefined;
    if (d && d.directions.size > 1) unmapped.push({ pointer: at, reason: 'the message is both sent and received; an event has one direction, so it is left open' });
    const headers = headersOf(schemas, renamed(message.headers, names, new WeakSet(), false), `${at}/headers`, unmapped);
    unkeptOfMessage(raw, message, at, unmapped);
    // The spec keeps no component key: an export keys the message by the one key its channels carry it under, else (none, or several) by the event's id.
    const oneKey = m.keys.length === 1 ? m.keys[0] : undefined;
    // (A key that differs from an event's id by letter case only is not taken: `Celsius` beside the id `celsius`.)
    const keyKept = oneKey === m.component && m.component !== undefined && !lowerIds.has(m.component.toLowerCase());
    // Whether an export keys the message by that one key, as the export's `componentKeys` chooses (in the order of the events): not an id, not taken before, and read back as this event.
    const byKey = v3 && oneKey !== undefined && oneKey !== id && !lowerIds.has(oneKey.toLowerCase()) && !keysTaken.has(oneKey.toLowerCase()) && (m.stated !== undefined || new Ids().id(oneKey) === id);
    if (byKey && oneKey !== undefined) keysTaken.add(oneKey.toLowerCase());
    if (v3 && m.component !== undefined && m.component !== id && !keyKept) {
      const keys = m.keys.length > 1 ? `its channels carry it under several keys (${m.keys.map((k) => `\`${k}\``).join(', ')}), so an export keys the message by that id` : `an export keys the message by its key in its channel${oneKey !== undefined ? ` (\`${oneKey}\`)` : ''} or by that id`;
      unmapped.push({ pointer: at, reason: `the message component's key \`${m.component}\` is not kept: the event's id is \`${id}\`${m.stated !== undefined ? ' (its `name`)' : ''}, and ${keys}` });
    } else if (v3 && m.component !== undefined && m.component === id && oneKey !== undefined && byKey) {
      // The key is the event's id, but an export keys the message by the one key its channels carry it under (t31t D4).
      unmapped.push({ pointer: at, reason: `the message component's key \`${m.component}\` is not kept: it is the event's id${m.stated !== undefined ? ' (its `name`)' : ''}, but its channel carries it under the key \`${oneKey}\`, and an export keys the message by that key` });
    } else if (!v3 && m.component !== undefined && m.component !== id && lowerIds.has(m.component.toLowerCase())) {
      // AsyncAPI 2.x: the events area keeps the component's key as the message's key in its channels, and an export (AsyncAPI 3) keys the component so, but where it differs from an event's id by letter case only: by the event's id.
      unmapped.push({ pointer: at, reason: `the message component's key \`${m.component}\` is not kept: the event's id is \`${id}\`${m.stated !== undefined ? ' (its `name`)' : ''}, and an export keys the message component by that id` });
    }
    const { example: given, exampleAt, named: namedExamples } = messageExamples(message.examples, `${at}/examples`, unmapped, (value, where) => schemas.fitsBody(payload, value, where));
    // Checked against the payload as `check` will check it; one it does not allow is listed, not kept.
    const example = given !== undefined && schemas.fitsBody(payload, given, exampleAt ?? '') ? given : undefined;
    // Kept by name on the event; a tag's words as the group's (withPlacedTags).
    const { names: tags, placed: words } = placedTags(raw, message.tags, `${at}/tags`, unmapped);
    placed.push(...words);
    const docs = importExternalDocs(message.externalDocs, `${at}/externalDocs`, unmapped, toolKey);
    return {
      area: 'events' as const,
      id,
      data: {
        ...messageText(m, unmapped),
        payload: payload ? { ...payload, ...(typeof message.contentType === 'string' ? { content_type: message.contentType } : typeof doc.defaultContentType === 'string' ? { content_type: doc.defaultContentType } : {}), ...(example !== undefined ? { example } : {}), ...(namedExamples ? { named_examples: namedExamples } : {}) } : { open: 'The message gives no payload.' },
        // A whole-value parameter (`{queue}`) is an address, not a placeholder; the events area's channels keep it as written.
        ...(addresses[0] && !PLACEHOLDER.test(addresses[0]) ? { channel: addresses[0] } : {}),
        ...(direction ? { direction } : {}),
        ...(headers ? { headers } : {}),
        ...(tags.length ? { tags } : {}),
        ...(docs ? { external_docs: docs } : {}),
        ...(d?.security ? { security: d.security.map((all) => (all.length === 1 && all[0] ? { scheme: schemeIds.id(all[0].name), ...(all[0].scopes.length ? { scopes: all[0].scopes } : {}) } : { all: all.map((r) => ({ scheme: schemeIds.id(r.name), ...(r.scopes.length ? { scopes: r.scopes } : {}) })) })) } : {}),
      },
    };
  });
  for (const [key, channel] of Object.entries(obj(doc.channels))) {
    if (Object.keys(obj(obj(channel).parameters)).length) unmapped.push({ pointer: `/channels/${seg(key)}/parameters`, reason: 'channel parameters have no place in the spec; the address keeps their names' });
    if (obj(channel).bindings !== undefined) unmapped.push({ pointer: `/channels/${seg(key)}/bindings`, reason: 'protocol bindings have no place in the spec' });
  }
  const grouping = v3 ? channelsAndOperations(raw, channelEvent, placed, unmapped) : channelsAndOperations2(doc, raw, (message) => messages.of(message), placed, unmapped);
  otherKeys(raw, v3, unmapped);
  const { servers, base, protocol } = importServers(doc, raw, unmapped);
  const tags = withPlacedTags(importTags(raw, unmapped), placed, unmapped);
  if (v3) for (const [key, op] of Object.entries(obj(raw.operations))) for (const k of ['bindings', 'reply']) if (obj(op)[k] !== undefined) unmapped.push({ pointer: `/operations/${seg(key)}/${k}`, reason: `an operation's \`${k}\` has no place in the spec` });
  const schemes = Object.entries(obj(components.securitySchemes)).flatMap(([name, s]): ImportedItem[] => {
    const data = mapScheme(obj(s), `/components/securitySchemes/${seg(name)}`, unmapped);
    // A scheme of a type the spec lacks is said and not kept: an item with its kind open would be a
    // question the export cannot write back, so a second import would not ask it (no fixed point).
    return data === undefined ? [] : [{ area: 'authentication', id: schemeIds.id(name), data }];
  });
  const info = obj(doc.info);
  const version = typeof info.version === 'string' ? info.version : undefined;
  return {
    format: `AsyncAPI ${String(doc.asyncapi)}`,
    areas: {
      purpose: {
        name: serviceName(info.title, unmapped),
        base_url: base ?? '{base_url}',
        ...(typeof info.description === 'string' && info.description.trim() !== '' ? { purpose: info.description } : {}),
        ...(servers.length > 0 ? { servers } : {}),
        ...about,
      },
      // A list stated whole only where the document lists something: an empty one says nothing (payloads may be written in place).
      resources: schemas.resources.size > 0 ? { inventory: 'complete' } : {},
      // An AsyncAPI description describes the messages; it says nothing of HTTP endpoints the service may have besides (F31e): the list is left open, never claimed empty.
      endpoints: {},
      authentication: schemes.length ? { inventory: 'complete' } : {},
      events: { ...(events.length > 0 ? { inventory: 'complete' as const } : {}), ...(protocol !== undefined ? { delivery: { transport: protocol } } : {}), ...grouping, ...(Object.keys(tags).length > 0 ? { tags } : {}) },
      // The one version a document describes says nothing of the others the service supports: the list is left open, never claimed whole.
      versioning: {},
    },
    items: [
      ...[...schemas.resources].map(([id, data]) => ({ area: 'resources' as const, id, data })),
      ...events,
      ...schemes,
      // The version as written, where its id cannot be, and nothing more: the document states no title and no status (whether it is current is a gap).
      ...(version ? [{ area: 'versioning' as const, id: new Ids().id(version), data: new Ids().id(version) !== version ? { name: version } : {} }] : []),
    ],
    unmapped: uniqueUnmapped(unmapped),
  };
}
type Grouping = Pick<NonNullable<AreaInput<'events'>>, 'channels' | 'operations'>;

/** What becomes of a channel's `servers`: the spec's channels name none (`serversOf` keeps the security they ask). */
const CHANNEL_SERVERS = "a channel's `servers` has no place in the spec, so an export puts the channel on every server; its operations that state no security of their own keep only the security of the servers named here";
/** The keys of a channel and of an operation that are kept, or said where they are read (AsyncAPI 2.x, 3.x). */
const CHANNEL_KEYS = { 2: ['description', 'title', 'summary', 'subscribe', 'publish', 'parameters', 'bindings', 'servers'], 3: ['address', 'messages', 'title', 'summary', 'description', 'servers', 'parameters', 'tags', 'externalDocs', 'bindings'] } as const;
const OPERATION_KEYS = { 2: ['operationId', 'title', 'summary', 'description', 'message', 'tags', 'externalDocs', 'traits', 'bindings', 'security'], 3: ['action', 'channel', 'messages', 'title', 'summary', 'description', 'security', 'tags', 'externalDocs', 'traits', 'bindings', 'reply'] } as const;

/** What else a channel or an operation states (an extension such as `x-function-name`), said where the file writes it, as info's extensions are. */
function otherKeys(raw: Obj, v3: boolean, unmapped: Unmapped[]): void {
  const say = (value: Obj, pointer: string, kept: readonly string[], what: string) => {
    for (const k of Object.keys(value)) if (!kept.includes(k) && k !== '$ref' && !toolKey(k)) unmapped.push({ pointer: `${pointer}/${seg(k)}`, reason: `${what} \`${k}\` has no place in the spec` });
  };
  for (const [key, c] of Object.entries(obj(raw.channels))) {
    const channel = follow(raw, c, `/channels/${seg(key)}`);
    say(channel.value, channel.pointer, CHANNEL_KEYS[v3 ? 3 : 2], "a channel's");
    if (!v3) {
      for (const op of ['subscribe', 'publish']) {
        if (!isObj(channel.value[op])) continue;
        const o = follow(raw, channel.value[op], `${channel.pointer}/${op}`);
        say(o.value, o.pointer, OPERATION_KEYS[2], "an operation's");
      }
    }
  }
  if (v3) {
    for (const [key, o] of Object.entries(obj(raw.operations))) {
      const op = follow(raw, o, `/operations/${seg(key)}`);
      say(op.value, op.pointer, OPERATION_KEYS[3], "an operation's");
    }
  }
}

/** A channel's or operation's one-line title and summary (control characters made spaces, said) and description; a title or summary of several lines is said, not kept. */
function describedBy(o: Obj, pointer: string, unmapped: Unmapped[]) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const titleWritten = text(o.title);
  const title = titleWritten !== undefined ? keptLine(titleWritten, `${pointer}/title`, unmapped) : undefined;
  if (titleWritten !== undefined && title === undefined) unmapped.push({ pointer: `${pointer}/title`, reason: 'a title of several lines has no place as a one-line title; it is not kept' });
  const written = text(o.summary);
  const summary = written !== undefined ? keptLine(written, `${pointer}/summary`, unmapped) : undefined;
  if (written !== undefined && summary === undefined) unmapped.push({ pointer: `${pointer}/summary`, reason: 'a summary of several lines has no place as a one-line summary' });
  return { ...(title !== undefined ? { title } : {}), ...(summary !== undefined ? { summary } : {}), ...(text(o.description) !== undefined ? { description: String(o.description) } : {}) };
}

/**
 * AsyncAPI 2's channels and their `publish` and `subscribe` operations, held as the events area
 * holds AsyncAPI 3's: a channel by its key (2.x keys a channel by its address) with the events it
 * carries; an operation by its `operationId` (else `<channel>.<publish|subscribe>`), with its
 * summary and description. `subscribe` is what the application sends (`send`), `publish` what it
 * receives (`receive`). `eventOf` gives the event id of a message. What else an operation states
 * is listed as unmapped.
 */
function channelsAndOperations2(doc: Obj, raw: Obj, eventOf: (message: unknown) => Message | undefined, placed: PlacedTag[], unmapped: Unmapped[]): Grouping {
  const channels: NonNullable<Grouping['channels']> = {};
  const operations: NonNullable<Grouping['operations']> = {};
  /** Event ids by their messages' keys in a channel. */
  const byKey = new Map<string, string>();
  const keyOf = (m: Message | undefined) => {
    if (m === undefined) return undefined;
    const k = m.component ?? m.id;
    // A key another event already has (as its id or key) stays the event's id.
    const known = byKey.get(k);
    if (known !== undefined && known !== m.id) return m.id;
    byKey.set(k, m.id);
    return k;
  };
  for (const [key, c] of Object.entries(obj(doc.channels))) {
    const channel = obj(c);
    const carried: Array<[key: string, event: string]> = [];
    for (const [op, action] of [['subscribe', 'send'], ['publish', 'receive']] as const) {
      if (!isObj(channel[op])) continue;
      const o = channel[op];
      const pointer = `/channels/${seg(key)}/${op}`;
      const m = obj(o.message);
      const list = Array.isArray(m.oneOf) ? m.oneOf.map(obj) : Object.keys(m).length ? [m] : [];
      // By their keys in the channel: a message's component key where it is not its event's id (`Billing Receipt Created`), so an export names nothing anew.
      const events = [...new Set(list.flatMap((one) => keyOf(eventOf(one)) ?? []))];
      for (const e of events) if (!carried.some(([k]) => k === e)) carried.push([e, byKey.get(e) ?? e]);
      const wanted = typeof o.operationId === 'string' && o.operationId.trim() !== '' ? o.operationId : `${key}.${op}`;
      let id = wanted;
      for (let n = 2; id in operations; n++) id = `${wanted}-${n}`;
      if (id !== wanted) unmapped.push({ pointer, reason: `the operation is kept under the id \`${id}\`, and an export names it so: \`${wanted}\` is another operation's` });
      // The parser applies 2.x operation traits (their words and tags are kept): what one gives that the spec has no place for is said at the trait that writes it, not at the operation.
      const written = obj(obj(obj(raw.channels)[key])[op]);
      const traits = (Array.isArray(written.traits) ? written.traits : []).map((t, i) => follow(raw, t, `${pointer}/traits/${i}`));
      // Its security (2.4 and later) is the events' (`deliveries`).
      for (const k of ['bindings']) {
        if (o[k] !== undefined && (Object.hasOwn(written, k) || !traits.some((t) => Object.hasOwn(t.value, k)))) unmapped.push({ pointer: `${pointer}/${k}`, reason: `an operation's \`${k}\` has no place in the spec` });
      }
      for (const trait of traits) {
        for (const k of Object.keys(trait.value)) {
          if ((k === 'bindings' || !(OPERATION_KEYS[2] as readonly string[]).includes(k)) && !toolKey(k)) unmapped.push({ pointer: `${trait.pointer}/${seg(k)}`, reason: `an operation trait's \`${k}\` has no place in the spec` });
        }
      }
      const tags = operationTags(raw, o.tags, `${pointer}/tags`, placed, unmapped);
      const docs = importExternalDocs(o.externalDocs, `${pointer}/externalDocs`, unmapped, toolKey);
      operations[id] = { action, channel: key, ...(events.length > 0 ? { messages: events } : {}), ...describedBy(o, pointer, unmapped), ...(tags.length > 0 ? { tags } : {}), ...(docs ? { external_docs: docs } : {}) };
    }
    if (channel.servers !== undefined) unmapped.push({ pointer: `/channels/${seg(key)}/servers`, reason: CHANNEL_SERVERS });
    const messages = carried.every(([k, id]) => k === id) ? carried.map(([, id]) => id) : Object.fromEntries(carried);
    channels[key] = { address: key, ...describedBy(channel, `/channels/${seg(key)}`, unmapped), ...(carried.length > 0 ? { messages } : {}) };
  }
  return { ...(Object.keys(channels).length > 0 ? { channels } : {}), ...(Object.keys(operations).length > 0 ? { operations } : {}) };
}

/**
 * AsyncAPI 3's channels and operations as written: channels by id with their address and the events
 * they carry, operations by id with their action, channel and events. `eventOf` gives the event id of
 * a channel's message. A message whose key in its channel is not its event's id is said to be
 * renamed; what else a channel or operation states is listed as unmapped.
 */
function channelsAndOperations(raw: Obj, eventOf: (channelKey: string, messageKey: string) => string | undefined, placed: PlacedTag[], unmapped: Unmapped[]): Grouping {
  const channels: NonNullable<Grouping['channels']> = {};
  const about = (o: Obj, pointer: string) => describedBy(o, pointer, unmapped);
  for (const [key, c] of Object.entries(obj(raw.channels))) {
    const channel = obj(c);
    const pointer = `/channels/${seg(key)}`;
    const pairs = Object.keys(obj(channel.messages)).flatMap((m) => {
      const id = eventOf(key, m);
      return id === undefined ? [] : [[m, id] as const];
    });
    // A list of event ids, or, where a message's key in the channel is not its event's id, the keys with their events.
    const messages = pairs.every(([m, id]) => m === id) ? pairs.map(([, id]) => id) : Object.fromEntries(pairs);
    if (channel.servers !== undefined) unmapped.push({ pointer: `${pointer}/servers`, reason: CHANNEL_SERVERS });
    placed.push(...unplacedTags(raw, channel.tags, `${pointer}/tags`, "a channel's", unmapped));
    const docs = writtenDocs(raw, channel.externalDocs, `${pointer}/externalDocs`, unmapped);
    channels[key] = { ...(channel.address === null ? { address: null } : typeof channel.address === 'string' ? { address: channel.address } : {}), ...about(channel, pointer), ...(pairs.length > 0 ? { messages } : {}), ...(docs ? { external_docs: docs } : {}) };
  }
  const operations: NonNullable<Grouping['operations']> = {};
  for (const [key, o] of Object.entries(obj(raw.operations))) {
    const pointer = `/operations/${seg(key)}`;
    const { op, at } = withTraits(raw, obj(o), pointer, unmapped);
    const channel = refTail(obj(op.channel).$ref);
    if ((op.action !== 'send' && op.action !== 'receive') || channel === undefined || !(channel in channels)) {
      unmapped.push({ pointer, reason: 'an operation without an action (send or receive) and a channel of the document is not kept' });
      continue;
    }
    // By their keys in the operation's channel.
    const messages = Array.isArray(op.messages)
      ? op.messages.flatMap((m, i) => {
          const parts = String(obj(m).$ref ?? '').split('/');
          if (parts[1] === 'channels' && decode(parts[2] ?? '') === channel && parts[3] === 'messages' && parts[4] !== undefined) return [decode(parts[4])];
          unmapped.push({ pointer: `${pointer}/messages/${i}`, reason: 'a message of another channel than the operation\'s is not kept' });
          return [];
        })
      : undefined;
    const tags = operationTags(raw, op.tags, at('tags'), placed, unmapped);
    const docs = writtenDocs(raw, op.externalDocs, at('externalDocs'), unmapped);
    operations[key] = { action: op.action, channel, ...(messages ? { messages } : {}), ...about(op, pointer), ...(tags.length > 0 ? { tags } : {}), ...(docs ? { external_docs: docs } : {}) };
  }
  return { ...(Object.keys(channels).length > 0 ? { channels } : {}), ...(Object.keys(operations).length > 0 ? { operations } : {}) };
}

/** What an operation trait may give an AsyncAPI 3 operation that the spec keeps: its words, tags and where to read more. */
const TRAIT_KEYS = ['title', 'summary', 'description', 'tags', 'externalDocs'];

/**
 * An AsyncAPI 3 operation with its traits applied, as the parser applies them (each trait in order,
 * the operation's own keys over them), with where each key was written; what a trait gives that the
 * spec has no place for (bindings) is said at the trait; its security is applied where the events take it.
 */
function withTraits(raw: Obj, op: Obj, pointer: string, unmapped: Unmapped[]): { op: Obj; at: (key: string) => string } {
  const merged: Obj = {};
  const from = new Map<string, string>();
  (Array.isArray(op.traits) ? op.traits : []).forEach((t, i) => {
    const trait = follow(raw, t, `${pointer}/traits/${i}`);
    for (const [k, v] of Object.entries(trait.value)) {
      if (TRAIT_KEYS.includes(k)) {
        merged[k] = v;
        from.set(k, `${trait.pointer}/${seg(k)}`);
      } else if (k === 'security') {
        // Applied with the operation's security, where the events take it (`deliveries`).
      } else if (!toolKey(k) && !unmapped.some((u) => u.pointer === `${trait.pointer}/${seg(k)}`)) unmapped.push({ pointer: `${trait.pointer}/${seg(k)}`, reason: `an operation trait's \`${k}\` has no place in the spec` });
    }
  });
  for (const [k, v] of Object.entries(op)) {
    if (k === 'traits') continue;
    merged[k] = v;
    from.set(k, `${pointer}/${seg(k)}`);
  }
  return { op: merged, at: (key) => from.get(key) ?? `${pointer}/${seg(key)}` };
}

/**
 * An operation's tags by name, kept on the events area's operation as its message's are on its
 * event; the words of those that say more than their name kept as the events area's declaration
 * of the group (an export declares it in `info.tags`).
 */
function operationTags(raw: Obj, list: unknown, pointer: string, placed: PlacedTag[], unmapped: Unmapped[]): string[] {
  if (list === undefined) return [];
  const { names, placed: words } = placedTags(raw, list, pointer, unmapped);
  placed.push(...words);
  // Names kept once each, as the spec lists them; a name with line breaks is no name the spec can keep.
  const kept = [...new Set(names.filter((n) => nameSchema.safeParse(n).success))];
  if (kept.length < names.length) unmapped.push({ pointer, reason: 'a tag named twice, or without a name the spec can keep (one line), is kept once or not at all' });
  return kept;
}

/**
 * The tags of a channel or an operation, whose names have no place in the spec (said), with the
 * words of those that say more than their name, which the events area's declared tags keep.
 */
function unplacedTags(raw: Obj, list: unknown, pointer: string, what: string, unmapped: Unmapped[]): PlacedTag[] {
  if (list === undefined) return [];
  const { placed } = placedTags(raw, list, pointer, unmapped);
  unmapped.push({ pointer, reason: `${what} \`tags\` has no place in the spec${placed.length > 0 ? ' (a tag\'s words are kept as the events area\'s declaration of the group)' : ''}` });
  return placed;
}

/** External docs as the file writes them (AsyncAPI 3 may write a reference to them), said where they are written. */
function writtenDocs(raw: Obj, value: unknown, pointer: string, unmapped: Unmapped[]) {
  if (value === undefined) return undefined;
  const written = follow(raw, value, pointer);
  return importExternalDocs(isObj(value) ? written.value : value, written.pointer, unmapped, toolKey);
}

type Json = z.infer<typeof jsonValue>;

/**
 * A message's examples: the first without a name is the payload's example, the named ones its
 * named examples (with their summaries); a second unnamed one, and an example's headers, are
 * listed as unmapped.
 */
function messageExamples(raw: unknown, pointer: string, unmapped: Unmapped[], fits: (value: Json, pointer: string) => boolean = () => true): { example?: Json; exampleAt?: string; named?: Record<string, { summary?: string; value: Json }> } {
  let example: Json | undefined;
  let exampleAt: string | undefined;
  const named: Record<string, { summary?: string; value: Json }> = {};
  (Array.isArray(raw) ? raw : []).forEach((e, i) => {
    const x = obj(e);
    if (x.headers !== undefined) unmapped.push({ pointer: `${pointer}/${i}/headers`, reason: "an example's headers have no place in the spec; its payload is kept" });
    if (!('payload' in x)) return;
    const value = x.payload as Json;
    const unkept = unkeptValue(value);
    if (unkept) {
      unmapped.push({ pointer: `${pointer}/${i}/payload`, reason: `the example${unkept.at.length > 0 ? `, at \`${valuePath(unkept.at)}\`,` : ''} ${unkept.message}; it is not kept` });
      return;
    }
    // `__proto__` names no entry of a map a JavaScript program reads (it would set the map's prototype), and no spec file holds it.
    if (x.name === '__proto__') unmapped.push({ pointer: `${pointer}/${i}`, reason: 'a named example called `__proto__` is not kept: the name is reserved in JavaScript, and no spec file holds it' });
    else if (typeof x.name === 'string' && x.name !== '' && !Object.hasOwn(named, x.name)) {
      // Checked against the payload as the unnamed one is: one it does not allow is said at the example (its name and summary go with it), not kept.
      if (!fits(value, `${pointer}/${i}`)) return;
      named[x.name] = { ...(typeof x.summary === 'string' && ONE_LINE.test(x.summary) ? { summary: x.summary } : {}), value };
      if (typeof x.summary === 'string' && !ONE_LINE.test(x.summary)) unmapped.push({ pointer: `${pointer}/${i}/summary`, reason: 'a summary of several lines has no place as a one-line summary' });
    } else if (example === undefined && typeof x.name !== 'string') {
      example = value;
      exampleAt = `${pointer}/${i}`;
      // The spec keeps the example apart from the named ones, and an export writes it first.
      if (Object.keys(named).length > 0) unmapped.push({ pointer: exampleAt, reason: 'the place of an example without a name after named ones is not kept: the spec keeps it apart from them, and an export writes it first' });
    }
    else unmapped.push({ pointer: `${pointer}/${i}`, reason: 'a second example without a name (or a second of one name) is not kept: a payload keeps one example and its named ones' });
  });
  // The spec keeps named examples by name, and names that read as whole numbers (`2`, `10`) come first there, smallest first, whatever the order the document writes them in.
  const written = (Array.isArray(raw) ? raw : []).map((e) => obj(e).name).filter((n): n is string => typeof n === 'string' && Object.hasOwn(named, n)).filter((n, i, all) => all.indexOf(n) === i);
  const kept = Object.keys(named);
  if (written.some((n, i) => kept[i] !== n)) {
    const numbers = kept.filter((n) => /^(?:0|[1-9]\d*)$/.test(n) && Number(n) < 2 ** 32 - 1).map((n) => `\`${n}\``).join(', ');
    unmapped.push({ pointer, reason: `the order of the named examples is not kept: the spec keeps them by name, the names that read as whole numbers (${numbers}) first, smallest first; an export writes them so` });
  }
  return { ...(example !== undefined ? { example, exampleAt } : {}), ...(Object.keys(named).length > 0 ? { named } : {}) };
}

/** A JSON pointer segment decoded. */
const decode = (s: string) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~');

const SASL = { plain: 'plain', scramSha256: 'scram-sha-256', scramSha512: 'scram-sha-512', gssapi: 'gssapi' } as const;

/** The security scheme types `mapScheme` carries; any other (`symmetricEncryption`, `asymmetricEncryption`) has no equivalent in the spec. */
const CARRIED_SCHEMES = new Set(['apiKey', 'httpApiKey', 'userPassword', 'http', 'oauth2', 'openIdConnect', 'X509', ...Object.keys(SASL)]);

/**
 * Whether an alternative of a security list may name this scheme: one of a type the spec cannot
 * carry is said at the alternative (the other alternatives are kept), not kept, so an export
 * writes the alternatives it can and a second import reads the same.
 */
function carried(raw: Obj, name: string, pointer: string, unmapped: Unmapped[]): boolean {
  const scheme = follow(raw, obj(obj(raw.components).securitySchemes)[name], '').value;
  const type = scheme.type;
  if (unkeptKeyName(scheme)) {
    unmapped.push({ pointer, reason: `an alternative naming \`${name}\`, an API key whose name is not kept (nor the scheme), is not kept; the other alternatives of the list are kept` });
    return false;
  }
  if (typeof type !== 'string' || CARRIED_SCHEMES.has(type)) return true;
  unmapped.push({ pointer, reason: `an alternative naming \`${name}\`, a scheme of type \`${type}\` (which has no equivalent in the spec), is not kept; the other alternatives of the list are kept` });
  return false;
}

/** An AsyncAPI security scheme as an authentication scheme. */
function mapScheme(s: Obj, pointer: string, unmapped: Unmapped[]): ItemInput<'authentication'> | undefined {
  const common = typeof s.description === 'string' && s.description.trim() !== '' ? { description: s.description } : {};
  switch (s.type) {
    case 'apiKey':
    case 'httpApiKey': {
      // A key name the spec cannot hold: the scheme is said and not kept, nor the alternatives that name it (one rule with OpenAPI's, r14 L3).
      if (unkeptKeyName(s)) {
        unmapped.push({ pointer: `${pointer}/name`, reason: UNKEPT_KEY_NAME });
        return undefined;
      }
      const named = typeof s.name === 'string' && usableName(s.name);
      return {
        ...common,
        scheme: 'api-key',
        ...(s.in === 'header' || s.in === 'query' || s.in === 'cookie' || s.in === 'user' || s.in === 'password' ? { location: s.in } : {}),
        // A key in the user or password of a connection has no name of its own: the credential's name stays open (never invented).
        ...(named ? { credentials: [String(s.name)] } : {}),
        // Header names apply to a key in a header only (a stated location settles the rest).
        ...(s.in === 'header' ? (named ? { headers: [String(s.name)] } : {}) : s.in === 'query' || s.in === 'cookie' || s.in === 'user' || s.in === 'password' ? {} : { headers: { none: `The key goes in the ${String(s.in)}.` } }),
      };
    }
    case 'userPassword':
      // A user name and password on the connection (MQTT's CONNECT, AMQP's PLAIN), not HTTP Basic: no header is claimed.
      return { ...common, scheme: 'user-password' };
    case 'http': {
      const kind = String(s.scheme).toLowerCase();
      return { ...common, ...(kind === 'bearer' ? { scheme: 'http-bearer', ...(typeof s.bearerFormat === 'string' && s.bearerFormat.trim() !== '' ? { token_format: s.bearerFormat } : {}) } : kind === 'basic' ? { scheme: 'http-basic' } : { scheme: 'http', http_scheme: String(s.scheme) }), headers: ['Authorization'] };
    }
    case 'oauth2': {
      const endpoints: Record<string, string> = {};
      // AsyncAPI 3 states a flow's scopes as `availableScopes`, 2.x as `scopes`.
      const key = Object.values(obj(s.flows)).some((f) => obj(f).availableScopes !== undefined) ? 'availableScopes' : 'scopes';
      const { scopes, flow_scopes } = flowScopes(obj(s.flows), key, pointer, unmapped);
      for (const [flow, f] of Object.entries(obj(s.flows))) {
        for (const k of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
          const url = obj(f)[k];
          if (typeof url === 'string' && urlSchema.safeParse(url).success) endpoints[`${flow}.${k.replace('Url', '')}`] = url;
          else if (url !== undefined) unmapped.push({ pointer: `${pointer}/flows/${flow}/${k}`, reason: `\`${String(url)}\` is not an absolute URL; the spec states token endpoints by absolute URL` });
        }
      }
      return { ...common, scheme: 'oauth2', scopes, ...(flow_scopes ? { flow_scopes } : {}), ...(Object.keys(endpoints).length ? { token_endpoints: endpoints } : {}) };
    }
    case 'openIdConnect':
      return { ...common, scheme: 'openid-connect', token_endpoints: { discovery: String(s.openIdConnectUrl) } };
    case 'X509':
      return { ...common, scheme: 'mutual-tls' };
    case 'plain':
    case 'scramSha256':
    case 'scramSha512':
    case 'gssapi':
      return { ...common, scheme: 'sasl', mechanism: SASL[s.type] };
    default:
      unmapped.push({ pointer, reason: `security scheme type \`${String(s.type)}\` has no equivalent in the spec: the scheme is not kept` });
      return undefined;
  }
}
