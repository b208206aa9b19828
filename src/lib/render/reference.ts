import type { LayoutBlock } from '../areas/area.ts';
import { requirements, type SecurityAlternative } from '../areas/security.ts';
import { facetId, idSegment } from '../facet/ids.ts';
import { isObj, stated, statedObj, type Obj } from '../facet/state.ts';
import type { FacetResult, OwnerResult } from '../gaps/types.ts';
import { bodyExamples, fileFields, firstExampleValue, mediaTypesOf } from './body-examples.ts';
import type { ExampleMode } from './example.ts';
import { inMediaType } from './media-example.ts';
import { facetAnchor, facetPath, pageOf } from './paths.ts';
import { endpointRequest } from './request-sample.ts';
import { codeSamples, type SampleRequest } from './samples.ts';
import { shapeTrees, top, type Place } from './shape-tree.ts';
import type { BlockView, BodyView, FacetView, LinkView, SecurityView } from './views.ts';

export type { BlockView, BodyView, ParameterGroupView, ResponseView, SecurityView, ShapeView } from './views.ts';

/** What the builder needs from the site model: facets and owners by id (the page's item's, another item's, an area's), and how to show them. */
export interface ReferenceContext {
  facets: Pick<ReadonlyMap<string, FacetResult>, 'get' | 'has'>;
  /** The facets directly under an id (`resources/Order/fields/id` has `.../type`, `.../required`...). */
  under: Pick<ReadonlyMap<string, readonly FacetResult[]>, 'get'>;
  owners: Pick<ReadonlyMap<string, OwnerResult>, 'get'>;
  /** The keys of the facets directly under an id, when the id's item is known. */
  keysUnder(id: string): ReadonlySet<string> | undefined;
  view(f: FacetResult): FacetView;
  /** A value an owner states besides its facets, shown like a facet. */
  detail(owner: OwnerResult, key: string, value: unknown): FacetView;
  /** Prose as safe HTML, its relative links resolved against `page` (the page of the item or area that states it). */
  prose(text: string, page: string): string;
  /** The base address paths are relative to, as the purpose states it (or its placeholder). */
  baseUrl?: string;
  /** An item's page, when the spec has the item. */
  link(area: 'resources' | 'errors' | 'authentication', id: string): LinkView | undefined;
  /** An item's data, when the spec has it (resources for examples and trees, schemes for code samples). */
  item(area: 'resources' | 'authentication', id: string): Obj | undefined;
  /** The items that use an entry (the endpoints that need a scope), by the entry's id. */
  usedBy(id: string): LinkView[];
  /** Prefixes the anchors of the page's trees: unique per item (`endpoints/get-order/`, see `itemScope`). */
  scope: string;
}

const BODY_KEYS = new Set(['resource', 'list', 'error', 'content_type', 'description', 'schema', 'content', 'headers', 'example', 'named_examples']);

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

  const trees = shapeTrees({
    facet,
    keysUnder: (id) => ctx.keysUnder(id),
    detailOf,
    place: (id) => used.add(id),
    details,
    otherFacets,
    link: (id) => ctx.link('resources', id),
    resource: (id) => ctx.item('resources', id),
    prose: ctx.prose,
    scope: ctx.scope,
  });
  const { shape } = trees;

  const exampleContext = { resource: (id: string) => ctx.item('resources', id) };

  /** A body; `mediaType` is the one it is written in, for a body per media type. */
  function body(id: string, value: unknown, self: FacetView, mode: ExampleMode, at: Place = top(), mediaType?: string): BodyView {
    const v = isObj(value) ? value : {};
    const resource = typeof v.resource === 'string' ? v.resource : undefined;
    const error = typeof v.error === 'string' ? v.error : undefined;
    const types = mediaTypesOf(v);
    for (const key of ['resource', 'list', 'error', 'content_type', 'required']) if (key in v) used.add(`${id}/${key}`);
    const out: BodyView = { facet: self, mediaTypes: types, media: [], examples: [], noExample: [], extras: [] };
    const resourceLink = resource !== undefined ? ctx.link('resources', resource) : undefined;
    if (resourceLink && resource !== undefined) {
      out.resource = resourceLink;
      const inline = trees.inlined(resource, at);
      if (inline) out.inline = inline;
    } else if (resource !== undefined) out.extras.push(detailOf(id, 'resource') as FacetView);
    if (v.list === true) out.list = true;
    else if ('list' in v) out.extras.push(detailOf(id, 'list') as FacetView);
    const errorLink = error !== undefined ? ctx.link('errors', error) : undefined;
    if (errorLink) out.error = errorLink;
    else if (error !== undefined) out.extras.push(detailOf(id, 'error') as FacetView);
    const description = facet(`${id}/description`);
    if (description) out.description = description;
    // A shape or media types stated as open, none or a placeholder show as such among the extras.
    const schema = facet(`${id}/schema`);
    if (schema?.state === 'stated') out.shape = shape(`${id}/schema`, stated(v.schema), undefined, at);
    else if (schema) out.extras.push(schema);
    const content = facet(`${id}/content`);
    if (content?.state === 'stated') {
      for (const [type, m] of Object.entries(statedObj(v.content) ?? {})) {
        const mid = `${id}/content/${idSegment(type)}`;
        out.media.push({ type, body: body(mid, m, { ...content, id: mid, anchor: facetAnchor(mid), label: type }, mode, at, type) });
      }
    } else if (content) out.extras.push(content);
    const headers = facet(`${id}/headers`);
    if (headers) {
      const h = stated(v.headers);
      out.headers = { facet: headers, shapes: Object.entries(isObj(h) ? h : {}).map(([n, x]) => shape(`${id}/headers/${idSegment(n)}`, x, n, { ...at, level: 1 })) };
    }
    // The examples of a body that carries something; one with a body per media type has them there.
    if (content?.state !== 'stated') {
      const example = detailOf(id, 'example');
      if ('named_examples' in v) used.add(`${id}/named_examples`);
      const made = bodyExamples(v, { ...exampleContext, prose: (text) => ctx.prose(text, pageOf(id)), ...(example ? { facetId: example.id } : {}) }, mode, mediaType !== undefined ? [mediaType] : types);
      out.examples = made.examples;
      out.noExample = made.noExample;
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

  /** The code samples of an endpoint whose method and path are stated; what they leave out or as placeholders is noted. */
  function samples(data: Obj): BlockView | undefined {
    const made = endpointRequest(data, { scheme: (id) => ctx.item('authentication', id), ...(ctx.baseUrl !== undefined ? { baseUrl: ctx.baseUrl } : {}), body: sampleBody });
    if (!made) return undefined;
    const { samples: list, notes } = codeSamples(made.request, made.notes);
    return { kind: 'samples', samples: list, notes };
  }

  /** What a request's samples send: the first media type that can carry its example (stated, or made from its shape). */
  function sampleBody(request: Obj): SampleRequest['body'] | { reason: string } {
    const content = Object.entries(statedObj(request.content) ?? {});
    const candidates: Array<[string, Obj]> = content.length > 0 ? content.flatMap(([type, m]) => (isObj(m) ? [[type, m] as [string, Obj]] : [])) : (mediaTypesOf(request).length > 0 ? mediaTypesOf(request) : ['application/json']).map((type) => [type, request]);
    let reason: string | undefined;
    for (const [type, body] of candidates) {
      const value = firstExampleValue(body, exampleContext, 'request');
      if (!value) continue;
      const name = typeof body.resource === 'string' ? body.resource : undefined;
      const written = inMediaType(value.value, type, name);
      if ('reason' in written) {
        reason ??= written.reason;
        continue;
      }
      return { mediaType: type, value: value.value, files: fileFields(body, exampleContext), ...(name !== undefined ? { name } : {}) };
    }
    return { reason: reason ?? 'nothing it carries is stated enough to make an example' };
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
    // The area's body, shown on each of its items' pages: their pages (and the print version, which shows them all) give it no anchors.
    return { kind: 'body', title: block.title, body: body(areaId, own.value, self, block.mode ?? 'response', { ...top(), borrowed: true }), inherited: { area, path: facetPath(areaId) } };
  }

  /** The blocks of one item's page, in its layout's order; blocks with nothing to show are left out. */
  function blocks(itemId: string, data: Record<string, unknown>, layout: readonly LayoutBlock[]): BlockView[] {
    const out: BlockView[] = [];
    for (const block of layout) {
      if (block.kind === 'machine') {
        out.push(block);
        continue;
      }
      if (block.kind === 'samples') {
        const made = samples(data);
        if (made) out.push(made);
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
          // A resource's own tree: a field of its own type repeats it.
          const at = top(itemId.startsWith('resources/') ? [itemId.slice('resources/'.length)] : []);
          const fields = isFields && isObj(v) ? Object.entries(v).map(([n, f]) => shape(`${id}/${idSegment(n)}`, f, n, { ...at, level: 1 })) : [];
          out.push({ kind: 'shape', title: block.title, facet: self, ...(!isFields && isObj(v) ? { shape: shape(id, v, undefined, at) } : {}), fields });
          break;
        }
        case 'parameters': {
          const v = stated(value);
          const groups = ['path', 'query', 'header', 'cookie'].flatMap((location) => {
            const g = facet(`${id}/${location}`);
            if (!g) return [];
            const named = isObj(v) ? stated(v[location]) : undefined;
            return [{ location, facet: g, rows: Object.entries(isObj(named) ? named : {}).map(([n, p]) => shape(`${id}/${location}/${idSegment(n)}`, p, n, { ...top(), level: 1 })) }];
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
          out.push({ kind: 'headers', title: block.title, facet: self, shapes: Object.entries(isObj(v) ? v : {}).map(([n, h]) => shape(`${id}/${idSegment(n)}`, h, n, { ...top(), level: 1 })) });
          break;
        }
      }
    }
    // Other items' resources in place, breadth first, as far as the page has room.
    trees.finish();
    return out;
  }

  return { blocks, used, borrowed: trees.borrowed };
}

/** A block's section heading and its anchor (`parameters`, `responses`, `fields`), for the page's table of contents. */
export function blockHeading(block: BlockView): { slug: string; text: string } | undefined {
  const text =
    block.kind === 'parameters' ? 'Parameters'
    : block.kind === 'responses' ? 'Responses'
    : block.kind === 'security' ? 'Security'
    : block.kind === 'machine' ? 'Lifecycle'
    : block.kind === 'samples' ? 'Code samples'
    : block.kind === 'signature' ? undefined
    : block.title;
  return text === undefined ? undefined : { slug: `ref-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, text };
}
