import type { LayoutBlock } from '../areas/area.ts';
import { requirements, type SecurityAlternative } from '../areas/security.ts';
import { isResourceType } from '../areas/shape.ts';
import { facetId, idSegment } from '../facet/ids.ts';
import { facetState, isObj, stated, statedObj, type Obj } from '../facet/state.ts';
import { withArticle } from '../facet/words.ts';
import { curlCommand, exampleOf, isJsonMedia, type ExampleMode } from './example.ts';
import type { FacetResult, OwnerResult } from '../gaps/types.ts';
import { facetAnchor, facetPath } from './paths.ts';
import type { BlockView, BodyView, FacetView, LinkView, SecurityView, ShapeView } from './views.ts';

export type { BlockView, BodyView, ParameterGroupView, ResponseView, SecurityView, ShapeView } from './views.ts';

/** What the builder needs from the site model: facets and owners by id, and how to show them. */
export interface ReferenceContext {
  facets: Pick<ReadonlyMap<string, FacetResult>, 'get' | 'has'>;
  /** The facets directly under an id (`resources/Order/fields/id` has `.../type`, `.../required`...). */
  under: ReadonlyMap<string, readonly FacetResult[]>;
  owners: ReadonlyMap<string, OwnerResult>;
  view(f: FacetResult): FacetView;
  /** A value an owner states besides its facets, shown like a facet. */
  detail(owner: OwnerResult, key: string, value: unknown): FacetView;
  /** The base address paths are relative to, as the purpose states it (or its placeholder). */
  baseUrl?: string;
  /** An item's page, when the spec has the item. */
  link(area: 'resources' | 'errors' | 'authentication', id: string): LinkView | undefined;
  /** An item's data, when the spec has it (resources for examples, schemes for a `curl` line). */
  item(area: 'resources' | 'authentication', id: string): Obj | undefined;
  /** The items that use an entry (the endpoints that need a scope), by the entry's id. */
  usedBy(id: string): LinkView[];
}

const FLAGS = ['nullable', 'read_only', 'write_only', 'deprecated'] as const;
const CONSTRAINTS: ReadonlyArray<[string, string]> = [
  ['minimum', '≥'],
  ['exclusive_minimum', '>'],
  ['maximum', '≤'],
  ['exclusive_maximum', '<'],
  ['multiple_of', 'multiple of'],
  ['min_length', 'min length'],
  ['max_length', 'max length'],
  ['pattern', 'pattern'],
  ['min_items', 'min items'],
  ['max_items', 'max items'],
  ['unique_items', 'unique items'],
];
/** Keys of a shape the tree places; anything else it states is an extra. */
const SHAPE_KEYS = new Set(['type', 'required', 'description', 'format', 'allowed', 'default', 'examples', 'discriminator', 'fields', 'items', 'values', 'of', ...FLAGS, ...CONSTRAINTS.map(([k]) => k)]);
const BODY_KEYS = new Set(['resource', 'list', 'error', 'content_type', 'description', 'schema', 'content', 'headers', 'example']);


/** A value a shape states for itself: its first example, its default, or its first allowed value. */
function statedValueOf(p: Obj): unknown {
  const examples = stated(p.examples);
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if ('default' in p && (p.default === null || facetState(p.default) === 'stated')) return p.default;
  const allowed = stated(p.allowed);
  return Array.isArray(allowed) && allowed.length > 0 ? allowed[0] : undefined;
}

/** The class of a status code for colouring: `2xx`, `4xx`, `default`. */
export function statusClass(status: string): string {
  const first = status[0];
  return first !== undefined && /^[1-5]$/.test(first) ? `${first}xx` : 'default';
}

/**
 * Builds the blocks of an item's reference page from its layout, noting every facet and value it
 * places, so that the page can list whatever the layout left out.
 */
export function referenceBuilder(ctx: ReferenceContext) {
  const used = new Set<string>();
  const facet = (id: string): FacetView | undefined => {
    const f = ctx.facets.get(id);
    if (!f) return undefined;
    used.add(id);
    return ctx.view(f);
  };
  /** The values an owner states besides its facets, minus the keys given, each marked as placed. */
  const details = (ownerId: string, skip: ReadonlySet<string> = new Set()): FacetView[] => {
    const owner = ctx.owners.get(ownerId);
    if (!owner) return [];
    return owner.details.filter(([key]) => !skip.has(key)).map(([key, value]) => {
      used.add(`${ownerId}/${key}`);
      return ctx.detail(owner, key, value);
    });
  };
  const detailOf = (ownerId: string, key: string): FacetView | undefined => {
    const owner = ctx.owners.get(ownerId);
    const hit = owner?.details.find(([k]) => k === key);
    if (!owner || !hit) return undefined;
    used.add(`${ownerId}/${key}`);
    return ctx.detail(owner, key, hit[1]);
  };
  /** A facet or, where the key is no facet of its owner, a value the owner states. */
  const cell = (ownerId: string, key: string) => facet(`${ownerId}/${idSegment(key)}`) ?? detailOf(ownerId, key);
  const typeLink = (value: unknown) => (typeof value === 'string' && isResourceType(value) ? ctx.link('resources', value) : undefined);

  function shape(id: string, value: unknown, name?: string): ShapeView {
    const own = (key: string) => facet(`${id}/${key}`);
    const type = own('type');
    const out: ShapeView = {
      id,
      anchor: facetAnchor(id),
      ...(name !== undefined ? { name } : {}),
      ...(type ? { type } : {}),
      flags: FLAGS.flatMap((k) => own(k) ?? []),
      constraints: CONSTRAINTS.flatMap(([k, label]) => {
        const f = own(k);
        return f ? [{ label, facet: f }] : [];
      }),
      children: [],
      extras: [],
    };
    const link = typeLink(isObj(value) ? stated(value.type) : undefined);
    if (link) out.typeLink = link;
    const optional = { required: own('required') ?? detailOf(id, 'required'), description: own('description'), format: own('format'), allowed: own('allowed'), default: own('default'), examples: own('examples'), discriminator: own('discriminator') };
    for (const [k, v] of Object.entries(optional)) if (v) (out as Record<string, unknown>)[k] = v;
    const v = isObj(value) ? value : {};
    const fields = own('fields');
    if (fields) out.children.push({ kind: 'fields', facet: fields, shapes: Object.entries(isObj(stated(v.fields)) ? (stated(v.fields) as object) : {}).map(([n, f]) => shape(`${id}/fields/${idSegment(n)}`, f, n)) });
    for (const kind of ['items', 'values'] as const) {
      const f = own(kind);
      if (!f) continue;
      const inner = stated(v[kind]);
      out.children.push({ kind, facet: f, shapes: isObj(inner) ? [shape(`${id}/${kind}`, inner)] : [] });
    }
    const of = own('of');
    if (of) {
      const variants = stated(v.of);
      out.children.push({ kind: 'variants', facet: of, shapes: Array.isArray(variants) ? variants.map((x, i) => (isObj(x) ? shape(`${id}/of/${i}`, x, String(i + 1)) : variantByName(`${id}/of/${i}`, x, i))) : [] });
    }
    out.extras = [...details(id, new Set(['required'])), ...otherFacets(id, SHAPE_KEYS)];
    return out;
  }

  /** A variant written as a type name (`Card`): a shape with just that type, linked. */
  function variantByName(id: string, value: unknown, index: number): ShapeView {
    const link = typeLink(value);
    return { id, anchor: facetAnchor(id), name: String(index + 1), ...(link ? { typeLink: link } : {}), flags: [], constraints: [], children: [], extras: [], type: { id, anchor: '', path: '', label: 'type', state: 'stated', text: String(value), blockedBy: [], blocks: [], links: [], depth: 0 } };
  }

  /** Facets directly under an owner that none of the given keys place. */
  function otherFacets(ownerId: string, placed: ReadonlySet<string>): FacetView[] {
    const out: FacetView[] = [];
    for (const f of ctx.under.get(ownerId) ?? []) {
      if (used.has(f.id) || placed.has(f.id.slice(ownerId.length + 1))) continue;
      used.add(f.id);
      out.push(ctx.view(f));
    }
    return out;
  }

  const exampleContext = { resource: (id: string) => ctx.item('resources', id) };
  /** An example of what a body carries, generated: a resource (or a list of it) or its own shape. */
  function generate(v: Obj, mode: ExampleMode): unknown {
    const resource = typeof v.resource === 'string' ? v.resource : undefined;
    const made = resource !== undefined ? exampleOf(resource, exampleContext, mode) : isObj(stated(v.schema)) ? exampleOf(stated(v.schema), exampleContext, mode) : undefined;
    if (!made) return undefined;
    return v.list === true ? [made.value] : made.value;
  }

  function body(id: string, value: unknown, self: FacetView, mode: ExampleMode): BodyView {
    const v = isObj(value) ? value : {};
    const resource = typeof v.resource === 'string' ? v.resource : undefined;
    const error = typeof v.error === 'string' ? v.error : undefined;
    const types = typeof v.content_type === 'string' ? [v.content_type] : Array.isArray(v.content_type) ? v.content_type.map(String) : [];
    for (const key of ['resource', 'list', 'error', 'content_type', 'required']) if (key in v) used.add(`${id}/${key}`);
    const out: BodyView = { facet: self, mediaTypes: types, media: [], extras: [] };
    const resourceLink = resource !== undefined ? ctx.link('resources', resource) : undefined;
    if (resourceLink) out.resource = resourceLink;
    else if (resource !== undefined) out.extras.push(detailOf(id, 'resource') as FacetView);
    if (v.list === true) out.list = true;
    else if ('list' in v) out.extras.push(detailOf(id, 'list') as FacetView);
    const errorLink = error !== undefined ? ctx.link('errors', error) : undefined;
    if (errorLink) out.error = errorLink;
    else if (error !== undefined) out.extras.push(detailOf(id, 'error') as FacetView);
    const description = facet(`${id}/description`);
    if (description) out.description = description;
    // A shape or media types stated as open, none or a placeholder show as such among the extras.
    const schema = facet(`${id}/schema`);
    if (schema?.state === 'stated') out.shape = shape(`${id}/schema`, stated(v.schema));
    else if (schema) out.extras.push(schema);
    const content = facet(`${id}/content`);
    if (content?.state === 'stated') {
      for (const [type, m] of Object.entries(statedObj(v.content) ?? {})) {
        const mid = `${id}/content/${idSegment(type)}`;
        out.media.push({ type, body: body(mid, m, { ...content, id: mid, anchor: facetAnchor(mid), label: type }, mode) });
      }
    } else if (content) out.extras.push(content);
    const headers = facet(`${id}/headers`);
    if (headers) {
      const h = stated(v.headers);
      out.headers = { facet: headers, shapes: Object.entries(isObj(h) ? h : {}).map(([n, x]) => shape(`${id}/headers/${idSegment(n)}`, x, n)) };
    }
    const example = detailOf(id, 'example');
    if (example) out.example = { facet: example, json: JSON.stringify(v.example, null, 2) };
    else if (types.every(isJsonMedia)) {
      const made = generate(v, mode);
      if (made !== undefined) out.generated = JSON.stringify(made, null, 2);
    }
    out.extras = [...out.extras, ...details(id, BODY_KEYS), ...otherFacets(id, BODY_KEYS)];
    return out;
  }

  function security(value: unknown, self: FacetView): SecurityView {
    const alternatives = Array.isArray(stated(value)) ? (stated(value) as SecurityAlternative[]) : [];
    return {
      facet: self,
      alternatives: alternatives.map((alt) => ({
        anonymous: 'anonymous' in alt,
        requirements: requirements([alt]).map(({ requirement }) => {
          const link = ctx.link('authentication', requirement.scheme);
          const scopes = (requirement.scopes ?? []).map((name) => {
            // The scope's entry on its scheme's page, where the scheme states the scope.
            const id = facetId('authentication', requirement.scheme, 'scopes', name);
            return { name, ...(link && ctx.facets.has(id) ? { path: facetPath(id) } : {}) };
          });
          return { scheme: requirement.scheme, ...(link ? { link } : {}), scopes };
        }),
      })),
    };
  }

  /**
   * A `curl` line for an endpoint whose method and path are stated: the base address (or its
   * placeholder), required query and header parameters, the first way of authenticating that the
   * spec says enough about, and the request body's example. What it cannot fill in is noted.
   */
  function curl(data: Obj): BlockView | undefined {
    const method = stated(data.method);
    const path = stated(data.path);
    if (typeof method !== 'string' || typeof path !== 'string') return undefined;
    const notes: string[] = [];
    const headers: string[] = [];
    const query: string[] = [];
    let user: string | undefined;
    const parameters = statedObj(data.parameters) ?? {};
    for (const location of ['query', 'header'] as const) {
      for (const [name, p] of Object.entries(statedObj(parameters[location]) ?? {})) {
        if (!isObj(p) || stated(p.required) !== true) continue;
        const made = exampleOf(p, exampleContext, 'request');
        const text = made === undefined ? `<${name}>` : typeof made.value === 'string' ? made.value : JSON.stringify(made.value);
        if (location === 'query') query.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
        else headers.push(`${name}: ${text}`);
      }
    }
    const alternatives = stated(data.security);
    const first = Array.isArray(alternatives) ? (alternatives as SecurityAlternative[])[0] : undefined;
    if (first && !('anonymous' in first)) {
      for (const { requirement } of requirements([first])) {
        const scheme = ctx.item('authentication', requirement.scheme);
        const kind = scheme ? stated(scheme.scheme) : undefined;
        const names = scheme ? stated(scheme.headers) : undefined;
        const header = Array.isArray(names) && typeof names[0] === 'string' ? names[0] : undefined;
        if (kind === 'http-bearer' || kind === 'oauth2' || kind === 'openid-connect') headers.push(`${header ?? 'Authorization'}: Bearer <token>`);
        else if (kind === 'http-basic') user = '<username>:<password>';
        else if (kind === 'api-key' && scheme) {
          const location = stated(scheme.location);
          if (location === 'header' && header !== undefined) headers.push(`${header}: <api-key>`);
          else notes.push(`The ${requirement.scheme} credentials are left out: where the key goes and under which name is not stated yet.`);
        } else notes.push(`The ${requirement.scheme} credentials are left out: ${kind === undefined ? 'the kind of scheme is not stated yet' : `${withArticle(String(kind))} scheme is set up outside the request line`}.`);
      }
    }
    const declared = statedObj(data.request);
    // With a body per media type, the first one stated.
    const [mediaType, media] = Object.entries(statedObj(declared?.content) ?? {})[0] ?? [];
    const request = isObj(media) ? { ...media, content_type: mediaType } : declared;
    let body: string | undefined;
    if (request) {
      const types = typeof request.content_type === 'string' ? [request.content_type] : Array.isArray(request.content_type) ? request.content_type.map(String) : [];
      const value = 'example' in request ? request.example : types.every(isJsonMedia) ? generate(request, 'request') : undefined;
      if (value !== undefined) {
        body = typeof value === 'string' && !types.every(isJsonMedia) ? value : JSON.stringify(value);
        headers.push(`Content-Type: ${types[0] ?? 'application/json'}`);
      } else notes.push('The request body is left out: nothing it carries is stated enough to make an example.');
    }
    // Path parameters: a stated example, default or allowed value goes in; the others stay as written, to be filled in.
    const pathParameters = statedObj(parameters.path) ?? {};
    const unfilled: string[] = [];
    const filledPath = path.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const p = pathParameters[name];
      const value = isObj(p) ? statedValueOf(p) : undefined;
      if (value === undefined) {
        unfilled.push(whole);
        return whole;
      }
      return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
    });
    if (unfilled.length > 0) notes.unshift(`Fill in ${unfilled.join(' and ')} in the URL: the spec states no example of ${unfilled.length === 1 ? 'this path parameter' : 'these path parameters'}.`);
    const base = ctx.baseUrl ?? '{base_url}';
    const url = `${base.replace(/\/$/, '')}${filledPath}${query.length ? `?${query.join('&')}` : ''}`;
    return { kind: 'curl', command: curlCommand({ method, url, headers, ...(user !== undefined ? { user } : {}), ...(body !== undefined ? { data: body } : {}) }), notes };
  }

  /**
   * The body an item that states none of its own carries: its area's facet of the same key, where
   * the area states it (an error without a body of its own has the errors area's body shape).
   */
  function inheritedBody(itemId: string, block: Extract<LayoutBlock, { kind: 'body' }>): BlockView | undefined {
    const area = itemId.slice(0, itemId.indexOf('/'));
    const areaId = `${area}/${idSegment(block.key)}`;
    const own = ctx.facets.get(areaId);
    if (own?.state !== 'stated') return undefined;
    const self = facet(areaId);
    if (!self) return undefined;
    return { kind: 'body', title: block.title, body: body(areaId, own.value, self, block.mode ?? 'response'), inherited: { area, path: facetPath(areaId) } };
  }

  /** The blocks of one item's page, in its layout's order; blocks with nothing to show are left out. */
  function blocks(itemId: string, data: Record<string, unknown>, layout: readonly LayoutBlock[]): BlockView[] {
    const out: BlockView[] = [];
    for (const block of layout) {
      if (block.kind === 'machine') {
        out.push(block);
        continue;
      }
      if (block.kind === 'curl') {
        const line = curl(data);
        if (line) out.push(line);
        continue;
      }
      if (block.kind === 'facts' || block.kind === 'signature') {
        const rows = block.keys.flatMap((k) => cell(itemId, k) ?? []);
        // A deprecated item says so on its line, beside the fact row that states it.
        const deprecated = stated(data.deprecated) === true;
        if (rows.length) out.push(block.kind === 'signature' ? { kind: 'signature', cells: rows, ...(block.relative && ctx.baseUrl !== undefined ? { base: ctx.baseUrl } : {}), ...(deprecated ? { deprecated: true as const } : {}) } : { kind: 'facts', ...(block.title !== undefined ? { title: block.title } : {}), rows });
        continue;
      }
      const id = `${itemId}/${idSegment(block.key)}`;
      const self = facet(id);
      if (!self) {
        const inherited = block.kind === 'body' && data[block.key] === undefined ? inheritedBody(itemId, block) : undefined;
        if (inherited) out.push(inherited);
        continue;
      }
      const value = data[block.key];
      switch (block.kind) {
        case 'shape': {
          const v = stated(value);
          const isFields = block.key === 'fields';
          const fields = isFields && isObj(v) ? Object.entries(v).map(([n, f]) => shape(`${id}/${idSegment(n)}`, f, n)) : [];
          out.push({ kind: 'shape', title: block.title, facet: self, ...(!isFields && isObj(v) ? { shape: shape(id, v) } : {}), fields });
          break;
        }
        case 'parameters': {
          const v = stated(value);
          const groups = ['path', 'query', 'header', 'cookie'].flatMap((location) => {
            const g = facet(`${id}/${location}`);
            if (!g) return [];
            const named = isObj(v) ? stated(v[location]) : undefined;
            return [{ location, facet: g, rows: Object.entries(isObj(named) ? named : {}).map(([n, p]) => shape(`${id}/${location}/${idSegment(n)}`, p, n)) }];
          });
          out.push({ kind: 'parameters', facet: self, groups });
          break;
        }
        case 'body':
          out.push({ kind: 'body', title: block.title, body: body(id, stated(value), self, block.mode ?? 'response') });
          break;
        case 'responses': {
          const v = stated(value);
          const responses = Object.keys(isObj(v) ? v : {}).flatMap((status) => {
            const r = facet(`${id}/${idSegment(status)}`);
            return r ? [{ status, statusClass: statusClass(status), body: body(`${id}/${idSegment(status)}`, stated((v as Record<string, unknown>)[status]), r, 'response') }] : [];
          });
          out.push({ kind: 'responses', facet: self, responses });
          break;
        }
        case 'security':
          out.push({ kind: 'security', security: security(value, self) });
          break;
        case 'entries': {
          const v = stated(value);
          const rows = Object.keys(isObj(v) ? v : {}).flatMap((key) => {
            const entryId = `${id}/${idSegment(key)}`;
            const usedBy = ctx.usedBy(entryId);
            const f = facet(entryId);
            if (f) return [{ key, facet: f, usedBy }];
            // Entries that are plain values of the facet, shown as they are.
            return [{ key, usedBy, facet: { id: entryId, anchor: facetAnchor(entryId), path: self.path, label: key, state: 'stated' as const, text: String((v as Record<string, unknown>)[key]), blockedBy: [], blocks: [], links: [], depth: 0 } }];
          });
          out.push({ kind: 'entries', title: block.title, facet: self, rows });
          break;
        }
        case 'headers': {
          const v = stated(value);
          out.push({ kind: 'headers', title: block.title, facet: self, shapes: Object.entries(isObj(v) ? v : {}).map(([n, h]) => shape(`${id}/${idSegment(n)}`, h, n)) });
          break;
        }
      }
    }
    return out;
  }

  return { blocks, used };
}

/** A block's section heading and its anchor (`parameters`, `responses`, `fields`), for the page's table of contents. */
export function blockHeading(block: BlockView): { slug: string; text: string } | undefined {
  const text =
    block.kind === 'parameters' ? 'Parameters'
    : block.kind === 'responses' ? 'Responses'
    : block.kind === 'security' ? 'Security'
    : block.kind === 'machine' ? 'Lifecycle'
    : block.kind === 'curl' ? 'Example request'
    : block.kind === 'signature' ? undefined
    : block.title;
  return text === undefined ? undefined : { slug: `ref-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, text };
}
