/**
 * A semantic inventory of an OpenAPI 3.x document: every operation, parameter (with its location),
 * request and response body, header, schema property, required flag, enum, nullability, constraint,
 * default, example, security requirement, server, webhook and tag, each as one line that does not
 * depend on how the document is written (references followed, 3.0 and 3.1 spellings made one),
 * with the JSON pointer where the source really states it. Comparing the inventory of a source with
 * that of its export tells what an import carried; what it did not carry must be in its unmapped list.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const seg = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];
const KEYWORDS = ['format', 'minimum', 'maximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'readOnly', 'writeOnly', 'deprecated'];

export interface Entry {
  /** What is stated, e.g. `GET /pets query limit .minimum=1`. */
  key: string;
  /** Where the source states it. */
  pointer: string;
}

export function inventory(doc: Obj): Entry[] {
  const out: Entry[] = [];
  const add = (key: string, pointer: string) => out.push({ key, pointer });
  /** A local reference followed: the value and where it really is. */
  const follow = (v: unknown, pointer: string, depth = 0): [Obj, string] => {
    if (isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/') && depth < 20) {
      const target = v.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, s) => (isObj(node) ? node[decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
      return follow(target, v.$ref.slice(1), depth + 1);
    }
    return [isObj(v) ? v : {}, pointer];
  };

  const schema = (raw: unknown, rawPointer: string, at: string, ancestors: Set<unknown>, depth: number): void => {
    const [s0, pointer] = follow(raw, rawPointer);
    if (ancestors.has(s0) || depth > 8) return;
    const seen = new Set(ancestors).add(s0);
    let s = s0;
    // `anyOf: [X, {type: null}]` is X, nullable.
    for (const k of ['anyOf', 'oneOf']) {
      const list = s[k];
      if (Array.isArray(list) && list.length === 2 && list.some((v) => isObj(v) && v.type === 'null' && Object.keys(v).length === 1)) {
        const i = list.findIndex((v) => !(isObj(v) && v.type === 'null'));
        const [inner, innerAt] = follow(list[i], `${pointer}/${k}/${i}`);
        add(`${at} nullable`, pointer);
        schema(inner, innerAt, at, seen, depth + 1);
        return;
      }
    }
    // `anyOf` of bare types is a list of types (`type: [string, number]`), however it is spelt.
    const bareTypes = (v: unknown) => Array.isArray(v) && v.length > 1 && v.every((x) => isObj(x) && Object.keys(x).length === 1 && typeof x.type === 'string');
    if (bareTypes(s.anyOf) && s.type === undefined) s = { ...s, type: (s.anyOf as Obj[]).map((x) => x.type), anyOf: undefined };
    const types = (Array.isArray(s.type) ? s.type : s.type !== undefined ? [s.type] : []).map(String);
    for (const t of types) if (t !== 'null') add(`${at} type=${t}`, `${pointer}/type`);
    if (types.includes('null') || s.nullable === true) add(`${at} nullable`, `${pointer}/${s.nullable === true ? 'nullable' : 'type'}`);
    for (const k of KEYWORDS) if (s[k] !== undefined && !(k === 'deprecated' && s[k] === false)) add(`${at} ${k}=${JSON.stringify(s[k])}`, `${pointer}/${k}`);
    for (const [k, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      const v = s[k];
      if (typeof v === 'number') add(`${at} ${k}=${v}`, `${pointer}/${k}`);
      else if (v === true && typeof s[bound] === 'number') {
        add(`${at} ${k}=${String(s[bound])}`, `${pointer}/${k}`);
        const plain = out.findIndex((e) => e.key === `${at} ${bound}=${JSON.stringify(s[bound])}`);
        if (plain !== -1) out.splice(plain, 1);
      }
    }
    if (Array.isArray(s.enum)) for (const v of s.enum) add(`${at} enum ${JSON.stringify(v)}`, `${pointer}/enum`);
    if (s.const !== undefined) add(`${at} enum ${JSON.stringify(s.const)}`, `${pointer}/const`);
    if (s.default !== undefined) add(`${at} default=${JSON.stringify(s.default)}`, `${pointer}/default`);
    if (s.example !== undefined) add(`${at} example=${JSON.stringify(s.example)}`, `${pointer}/example`);
    if (Array.isArray(s.examples)) for (const v of s.examples) add(`${at} example=${JSON.stringify(v)}`, `${pointer}/examples`);
    if (isObj(s.discriminator) && typeof s.discriminator.propertyName === 'string') add(`${at} discriminator=${s.discriminator.propertyName}`, `${pointer}/discriminator`);
    const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    if (isObj(s.properties)) {
      for (const [name, p] of Object.entries(s.properties)) {
        add(`${at}.${name}`, `${pointer}/properties/${seg(name)}`);
        if (required.has(name)) add(`${at}.${name} required`, `${pointer}/required`);
        schema(p, `${pointer}/properties/${seg(name)}`, `${at}.${name}`, seen, depth + 1);
      }
    }
    if (isObj(s.items)) schema(s.items, `${pointer}/items`, `${at}[]`, seen, depth + 1);
    if (isObj(s.additionalProperties)) schema(s.additionalProperties, `${pointer}/additionalProperties`, `${at}{}`, seen, depth + 1);
    for (const k of ['oneOf', 'anyOf', 'allOf']) {
      const list = s[k];
      if (Array.isArray(list)) list.forEach((v, i) => schema(v, `${pointer}/${k}/${i}`, `${at} ${k}[${i}]`, seen, depth + 1));
    }
  };

  const content = (raw: unknown, pointer: string, at: string) => {
    for (const [type, m] of Object.entries(follow(raw, pointer)[0])) {
      const [media, mAt] = follow(m, `${pointer}/${seg(type)}`);
      add(`${at} ${type}`, mAt);
      if (media.schema !== undefined) schema(media.schema, `${mAt}/schema`, `${at} ${type}`, new Set(), 0);
      if (media.example !== undefined) add(`${at} ${type} example=${JSON.stringify(media.example)}`, `${mAt}/example`);
    }
  };

  const security = (raw: unknown, pointer: string, at: string) => {
    if (!Array.isArray(raw)) return;
    const alternatives = raw.filter(isObj).map((req) => Object.entries(req).map(([name, scopes]) => `${name}(${(Array.isArray(scopes) ? scopes.map(String).sort() : []).join(',')})`).sort().join('+') || 'anonymous');
    add(`${at} security=${[...alternatives].sort().join(' | ') || 'none'}`, pointer);
  };

  const operation = (opRaw: unknown, opPointer: string, at: string, pathItem: Obj, pathPointer: string) => {
    const [op, pointer] = follow(opRaw, opPointer);
    add(at, pointer);
    const params = new Map<string, [Obj, string]>();
    for (const [list, base] of [[pathItem.parameters, `${pathPointer}/parameters`], [op.parameters, `${pointer}/parameters`]] as const) {
      if (Array.isArray(list)) list.forEach((p, i) => {
        const [param, pAt] = follow(p, `${base}/${i}`);
        params.set(`${String(param.in)} ${String(param.name)}`, [param, pAt]);
      });
    }
    for (const [name, [p, pAt]] of params) {
      add(`${at} ${name}`, pAt);
      if (p.required === true && p.in !== 'path') add(`${at} ${name} required`, `${pAt}/required`);
      if (p.deprecated === true) add(`${at} ${name} deprecated`, `${pAt}/deprecated`);
      if (p.schema !== undefined) schema(p.schema, `${pAt}/schema`, `${at} ${name}`, new Set(), 0);
      if (p.content !== undefined) content(p.content, `${pAt}/content`, `${at} ${name}`);
    }
    if (op.requestBody !== undefined) {
      const [body, bAt] = follow(op.requestBody, `${pointer}/requestBody`);
      add(`${at} request`, bAt);
      if (body.required === true) add(`${at} request required`, `${bAt}/required`);
      content(body.content, `${bAt}/content`, `${at} request`);
    }
    for (const [status, r] of Object.entries(follow(op.responses, `${pointer}/responses`)[0])) {
      const [response, rAt] = follow(r, `${pointer}/responses/${seg(status)}`);
      add(`${at} ${status}`, rAt);
      content(response.content, `${rAt}/content`, `${at} ${status}`);
      for (const [name, h] of Object.entries(follow(response.headers, `${rAt}/headers`)[0])) {
        const [header, hAt] = follow(h, `${rAt}/headers/${seg(name)}`);
        add(`${at} ${status} header ${name.toLowerCase()}`, hAt);
        if (header.schema !== undefined) schema(header.schema, `${hAt}/schema`, `${at} ${status} header ${name.toLowerCase()}`, new Set(), 0);
      }
    }
    security(op.security ?? doc.security, op.security !== undefined ? `${pointer}/security` : '/security', at);
    if (Array.isArray(op.tags)) for (const t of op.tags) add(`${at} tag=${String(t)}`, `${pointer}/tags`);
    if (op.deprecated === true) add(`${at} deprecated`, `${pointer}/deprecated`);
    for (const name of Object.keys(follow(op.callbacks, `${pointer}/callbacks`)[0])) add(`${at} callback ${name}`, `${pointer}/callbacks/${seg(name)}`);
  };

  for (const [path, raw] of Object.entries(follow(doc.paths, '/paths')[0])) {
    const [item, itemAt] = follow(raw, `/paths/${seg(path)}`);
    for (const m of METHODS) if (isObj(item[m])) operation(item[m], `${itemAt}/${m}`, `${m.toUpperCase()} ${path}`, item, itemAt);
  }
  for (const key of ['webhooks', 'x-webhooks']) {
    for (const [name, raw] of Object.entries(follow(doc[key], `/${key}`)[0])) {
      const [item, itemAt] = follow(raw, `/${key}/${seg(name)}`);
      const methods = METHODS.filter((m) => isObj(item[m]));
      const [only] = methods;
      if (methods.length === 1 && only) {
        const [op, opAt] = follow(item[only], `${itemAt}/${only}`);
        add(`webhook ${name}`, opAt);
        if (op.requestBody !== undefined) content(follow(op.requestBody, `${opAt}/requestBody`)[0].content, `${follow(op.requestBody, `${opAt}/requestBody`)[1]}/content`, `webhook ${name}`);
      } else add(`webhook ${name} (${methods.length} operations)`, itemAt);
    }
  }
  const components = follow(doc.components, '/components')[0];
  for (const [name, s] of Object.entries(follow(components.schemas, '/components/schemas')[0])) {
    add(`schema ${name}`, `/components/schemas/${seg(name)}`);
    schema(s, `/components/schemas/${seg(name)}`, `schema ${name}`, new Set(), 0);
  }
  for (const [name, raw] of Object.entries(follow(components.securitySchemes, '/components/securitySchemes')[0])) {
    const s = follow(raw, '')[0];
    add(`scheme ${name} ${String(s.type)}${s.in ? ` in ${String(s.in)}` : ''}${s.scheme ? ` ${String(s.scheme).toLowerCase()}` : ''}`, `/components/securitySchemes/${seg(name)}`);
    for (const flow of Object.values(isObj(s.flows) ? s.flows : {})) for (const scope of Object.keys(isObj(flow) && isObj(flow.scopes) ? flow.scopes : {})) add(`scheme ${name} scope ${scope}`, `/components/securitySchemes/${seg(name)}/flows`);
  }
  (Array.isArray(doc.servers) ? doc.servers : []).forEach((sv, i) => {
    const server = follow(sv, `/servers/${i}`)[0];
    add(`server ${String(server.url)}`, `/servers/${i}`);
    for (const [v, def] of Object.entries(isObj(server.variables) ? server.variables : {})) add(`server ${String(server.url)} {${v}}=${JSON.stringify(isObj(def) ? def.default : undefined)}`, `/servers/${i}/variables/${seg(v)}`);
  });
  return out;
}

/**
 * The entries of a source that its export does not state and its import's unmapped list does
 * not name (no unmapped pointer is the entry's pointer or one above it): what an import lost in
 * silence.
 */
export function silentlyLost(source: Entry[], exported: Entry[], unmapped: ReadonlyArray<{ pointer: string }>): Entry[] {
  const stated = new Set(exported.map((e) => e.key));
  // An element reached along several ways (a component used by many operations) is carried when one of them shows it.
  const carried = new Set(source.filter((e) => stated.has(e.key)).map((e) => e.pointer));
  const pointers = unmapped.map((u) => u.pointer);
  const covered = (p: string) => pointers.some((u) => p === u || p.startsWith(`${u}/`));
  return source.filter((e) => !stated.has(e.key) && !carried.has(e.pointer) && !covered(e.pointer));
}
