import { isObj, type Obj } from '../../facet/state.ts';
import { Ids, seg } from '../result.ts';
import { refName } from '../schema-map.ts';
import { follow } from './raw.ts';

const obj = (v: unknown): Obj => (isObj(v) ? v : {});

/** One message of a document, however many places use it: what becomes one event. */
export interface Message {
  /** As the parser gives it: references resolved, traits applied. */
  message: Obj;
  /** Its own `name`, else its component's key, else where it sits. */
  name: string;
  /** The `name` the document states for it (the parser's placeholders, such as `anonymous-message-1`, are not). */
  stated?: string;
  /** Where it is written in the file as written: under its component's key, or in place in a channel. */
  at: string;
  /** Its key under `components/messages`, where it is one. */
  component?: string;
  /** Its key in the first channel that carries it (AsyncAPI 3). */
  key?: string;
  /** Its keys in every channel that carries it, in the order met (AsyncAPI 3: one message may be carried under a key of its own in each). */
  keys: string[];
  /** The schema component its payload names in the file as written. */
  payloadRef?: string;
  /** The addresses of the channels it travels on, in the order met. */
  channels: string[];
  /** Its event's id. */
  id: string;
}

export interface Messages {
  /** In the order the document uses them: its channels' first, then its other components. */
  list: Message[];
  /** The message a parsed message object is (any of the places it is used). */
  of(parsed: unknown): Message | undefined;
}

/** Nesting past this is not compared: such a message is taken as unlike any other. */
const DEPTH = 200;

/**
 * Numbers for parsed values that are equal exactly when the values are (the parser's own
 * `x-parser-` keys left out, keys in any order): each value is read once, however many messages
 * share it. A value holding a cycle, or nested past `DEPTH`, has none.
 */
class Fingerprints {
  private readonly interned = new Map<string, number>();
  private readonly memo = new WeakMap<object, number | undefined>();
  private readonly open = new WeakSet<object>();

  of(v: unknown, depth = 0): number | undefined {
    if (v === null || typeof v !== 'object') return this.intern(`v${JSON.stringify(v) ?? ''}`);
    if (this.memo.has(v)) return this.memo.get(v);
    if (this.open.has(v) || depth > DEPTH) return undefined;
    this.open.add(v);
    const entries = Array.isArray(v) ? v.map((x, i): [string, unknown] => [String(i), x]) : Object.entries(v).filter(([k]) => !k.startsWith('x-parser-')).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts: string[] = [Array.isArray(v) ? 'a' : 'o'];
    let result: number | undefined;
    for (const [k, x] of entries) {
      const n = this.of(x, depth + 1);
      if (n === undefined) break;
      parts.push(`${JSON.stringify(k)}:${n}`);
    }
    if (parts.length === entries.length + 1) result = this.intern(parts.join(','));
    this.open.delete(v);
    this.memo.set(v, result);
    return result;
  }

  private intern(s: string): number {
    const known = this.interned.get(s);
    if (known !== undefined) return known;
    this.interned.set(s, this.interned.size);
    return this.interned.size - 1;
  }
}

/**
 * The `name` a message states: written in the file at its place, or given by a trait it applies.
 * The parser names every message (`x-parser-message-name`, `anonymous-message-1` for one written
 * in place without a name); those names are its own, never the document's.
 */
function statedName(m: Obj, written: Obj): string | undefined {
  if (typeof written.name === 'string') return written.name;
  return written.traits !== undefined && typeof m.name === 'string' ? m.name : undefined;
}

/** The key under `components/messages` a pointer names, where it names one. */
function componentKey(pointer: string): string | undefined {
  const m = /^\/components\/messages\/([^/]+)$/.exec(pointer);
  return m?.[1] === undefined ? undefined : m[1].replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The distinct messages of a parsed AsyncAPI 2.x/3.x document (`doc`), each with where the file
 * as written (`raw`) has it. A message used in several places (one component named by several
 * channels) is one message; so are copies written out alike under one name. Two different
 * messages that share a name, or whose names differ only in letter case, stay two: the first keeps
 * the name's id, the next the id of its component's key (else of its key in its channel, else of its
 * name and a number no other id has), and each keeps its name. `ids` gives the events' ids.
 */
export function documentMessages(doc: Obj, raw: Obj, ids: Ids = new Ids()): Messages {
  const list: Message[] = [];
  const byObject = new Map<Obj, Message>();
  /** The first message of each name, and the messages of a name met again by their fingerprints. */
  const firstOf = new Map<string, Message>();
  const byPrint = new Map<string, Message>();
  const prints = new Fingerprints();
  /** The message a name and fingerprint are, or undefined; the first of a name is found this way once another of that name is met. */
  const alike = (name: string, m: Obj, component: string | undefined): Message | undefined => {
    const first = firstOf.get(name);
    const mine = first === undefined ? undefined : prints.of(m);
    if (first === undefined || mine === undefined) return undefined;
    const theirs = prints.of(first.message);
    if (theirs !== undefined && !byPrint.has(`${theirs}:${name}`)) byPrint.set(`${theirs}:${name}`, first);
    const found = byPrint.get(`${mine}:${name}`);
    // Two components under different keys are two messages, however alike (an export writes each event as its own component): copies are written in place.
    return found !== undefined && component !== undefined && found.component !== undefined && found.component !== component ? undefined : found;
  };
  const v3 = String(doc.asyncapi).startsWith('3');

  /** One place that uses a message: `address` is the channel's, undefined for a component. */
  const use = (m: Obj, written: { value: Obj; pointer: string }, fallback: string, address: string | undefined, key?: string) => {
    let entry = byObject.get(m);
    const component = componentKey(written.pointer);
    if (entry === undefined) {
      const stated = statedName(m, written.value);
      const name = stated ?? component ?? fallback;
      entry = alike(name, m, component);
      if (entry === undefined) {
        entry = { message: m, name, at: written.pointer, channels: [], keys: [], id: '', ...(key !== undefined ? { key } : {}), ...(stated !== undefined ? { stated } : {}) };
        list.push(entry);
        if (!firstOf.has(name)) firstOf.set(name, entry);
        const print = firstOf.get(name) === entry ? undefined : prints.of(m);
        if (print !== undefined) byPrint.set(`${print}:${name}`, entry);
      }
      byObject.set(m, entry);
    }
    // A message written in a component and named in place is at its component.
    if (component !== undefined && entry.component === undefined) {
      entry.component = component;
      entry.at = written.pointer;
    }
    // A 3.0 payload written as `{schemaFormat, schema}` names its component in `schema`.
    const writtenPayload = obj(written.value.payload);
    const payload = refName((typeof writtenPayload.schemaFormat === 'string' && 'schema' in writtenPayload ? obj(writtenPayload.schema) : writtenPayload).$ref);
    if (payload !== undefined && entry.payloadRef === undefined) entry.payloadRef = payload;
    if (address !== undefined && !entry.channels.includes(address)) entry.channels.push(address);
    if (address !== undefined && key !== undefined && !entry.keys.includes(key)) entry.keys.push(key);
  };

  const rawChannels = obj(raw.channels);
  for (const [key, channel] of Object.entries(obj(doc.channels))) {
    const c = obj(channel);
    const written = follow(raw, rawChannels[key], `/channels/${seg(key)}`);
    if (v3) {
      // AsyncAPI 3 states an unknown address as null or nothing.
      const address = typeof c.address === 'string' ? c.address : '';
      const rawMessages = obj(written.value.messages);
      for (const [mk, m] of Object.entries(obj(c.messages))) use(obj(m), follow(raw, rawMessages[mk], `${written.pointer}/messages/${seg(mk)}`), mk, address, mk);
    } else {
      // AsyncAPI 2.x keys channels by their address. `subscribe` first, as the events area lists a channel's messages (and an export writes them), so the first of a name is the same one again on import.
      for (const op of ['subscribe', 'publish']) {
        const m = obj(obj(c[op]).message);
        const at = follow(raw, obj(written.value[op]).message, `${written.pointer}/${op}/message`);
        if (Array.isArray(m.oneOf)) {
          const rawOneOf = Array.isArray(at.value.oneOf) ? at.value.oneOf : [];
          m.oneOf.forEach((one, i) => use(obj(one), follow(raw, rawOneOf[i], `${at.pointer}/oneOf/${i}`), `${key}.${op}`, key));
        } else if (Object.keys(m).length > 0) use(m, at, `${key}.${op}`, key);
      }
    }
  }
  const rawComponents = obj(obj(raw.components).messages);
  for (const [key, m] of Object.entries(obj(obj(doc.components).messages))) use(obj(m), follow(raw, rawComponents[key], `/components/messages/${seg(key)}`), key, undefined);

  // The first message of each name has the name's id; the others, and one whose name differs from
  // an earlier one's only in letter case (ids must differ in more), another name of theirs.
  const claimed = new Set(list.map((m) => m.name));
  const counts = new Map<string, number>();
  for (const m of list) {
    if (firstOf.get(m.name) === m && !ids.clashes(m.name)) {
      m.id = ids.id(m.name);
      continue;
    }
    let alias = [m.component, m.key].find((k): k is string => k !== undefined && !claimed.has(k) && !ids.clashes(k));
    for (let n = counts.get(m.name) ?? 2; alias === undefined || claimed.has(alias) || ids.clashes(alias); n++) {
      alias = `${m.name} ${n}`;
      counts.set(m.name, n + 1);
    }
    claimed.add(alias);
    m.id = ids.id(alias);
  }
  return { list, of: (parsed) => (isObj(parsed) ? byObject.get(parsed) : undefined) };
}
