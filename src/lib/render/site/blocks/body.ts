import type { LayoutBlock } from '../../../areas/area.ts';
import { idSegment } from '../../../facet/ids.ts';
import { flagThrough } from '../../../areas/shape.ts';
import { isObj, stated, statedObj } from '../../../facet/state.ts';
import type { ExampleMode } from '../../example.ts';
import { bodyExamples, mediaTypesOf, shapeExamples } from '../body-examples.ts';
import { facetAnchor, facetPath, pageOf } from '../paths.ts';
import { top, type Place } from '../shape-tree.ts';
import type { BodyBlock, BodyView, FacetView } from '../views.ts';
import { errorWords } from '../error-words.ts';
import type { BlockContext } from './context.ts';

/** The keys of a body that its view places; anything else it states is an extra. */
const BODY_KEYS = new Set(['resource', 'list', 'error', 'content_type', 'description', 'schema', 'content', 'headers', 'example', 'named_examples']);
const REQUIRED_BODY_KEYS = new Set([...BODY_KEYS, 'required']);

/** One body to show: its owner's id, its stated value and facet, whether it is sent or received, where it sits, and the media type it is written in (for a body per media type). */
export type BodyInput = { id: string; value: unknown; self: FacetView; mode: ExampleMode; at?: Place; mediaType?: string };

/** A body: what it carries (a resource, a shape of its own, or one per media type), its headers and examples. */
export function bodyView(c: BlockContext, input: BodyInput): BodyView {
  const { id, self, mode, at = top([], mode), mediaType } = input;
  const v = isObj(input.value) ? input.value : {};
  const resource = typeof v.resource === 'string' ? v.resource : undefined;
  const error = typeof v.error === 'string' ? v.error : undefined;
  const types = mediaTypesOf(v);
  for (const key of ['resource', 'list', 'error', 'content_type', 'required']) if (key in v) c.place(`${id}/${key}`);
  const out: BodyView = { facet: self, mediaTypes: types, media: [], examples: [], noExample: [], extras: [] };
  const extra = (key: string) => {
    const f = c.detailOf(id, key);
    if (f) out.extras.push(f);
  };
  const resourceLink = resource !== undefined ? c.link('resources', resource) : undefined;
  if (resourceLink && resource !== undefined) {
    out.resource = resourceLink;
    const inline = c.trees.inlined(resource, at);
    if (inline) out.inline = inline;
  } else if (resource !== undefined) extra('resource');
  if (v.list === true) out.list = true;
  else if ('list' in v) extra('list');
  // A request of a type the document marks read-only (or a response of a write-only one): said where the body is (t32r N2: intellifi's `Location`).
  const flag = mode === 'request' ? 'read_only' : 'write_only';
  const carried = resource ?? stated(v.schema);
  if (carried !== undefined && flagThrough(carried, flag, (r) => c.item('resources', r)) === true) {
    const name = resource ?? (typeof stated(isObj(carried) ? carried.type : undefined) === 'string' ? String(stated(isObj(carried) ? carried.type : undefined)) : 'its shape');
    const what = resource !== undefined || name !== 'its shape' ? `${name}, a type it marks ${flag === 'read_only' ? 'read-only' : 'write-only'}` : `a shape it marks ${flag === 'read_only' ? 'read-only' : 'write-only'}`;
    out.against = {
      flag: flag === 'read_only' ? 'read-only' : 'write-only',
      word: mode === 'request' ? `The document sends ${what}: by the OpenAPI rules a read-only value is not sent in a request. The body is shown as the document states it.` : `The document returns ${what}: by the OpenAPI rules a write-only value is not returned in a response. The body is shown as the document states it.`,
    };
  }
  const errorLink = error !== undefined ? c.link('errors', error) : undefined;
  if (errorLink && error !== undefined) {
    out.error = errorLink;
    // A response that is an error and carries nothing of its own carries the error's body: shown in place, as a success's is.
    if (resource === undefined && v.schema === undefined && v.content === undefined) {
      const carried = errorBody(c, error, at);
      if (carried) out.errorBody = carried;
    }
  } else if (error !== undefined) extra('error');
  const description = c.facet(`${id}/description`);
  if (description) out.description = description;
  // A response that says no words of its own says the error's, under its status, as an error written in place
  // does: a referenced response's description became its error's title (or description) at import, which the page
  // names by its key when it reads as sentences (t32t S3: "You have exceeded … See the [documentation on rate limiting](…)").
  else if (errorLink && error !== undefined) {
    const said = errorSaid(c.item('errors', error), error);
    if (said !== undefined) out.errorSaid = c.prose(said, pageOf(id));
  }
  // A body that describes itself in its type's own words says it once (ix-api.net: "Polymorphic … Request" twice).
  if (out.inline?.descriptionHtml !== undefined && resource !== undefined && stated(v.description) === stated(c.item('resources', resource)?.description)) delete out.inline.descriptionHtml;
  // A shape or media types stated as open, none or a placeholder show as such among the extras.
  const schema = c.facet(`${id}/schema`);
  if (schema?.state === 'stated') out.shape = c.trees.shape(`${id}/schema`, stated(v.schema), undefined, at);
  else if (schema) out.extras.push(schema);
  const content = c.facet(`${id}/content`);
  if (content?.state === 'stated') {
    for (const [type, m] of Object.entries(statedObj(v.content) ?? {})) {
      const mid = `${id}/content/${idSegment(type)}`;
      out.media.push({ type, body: bodyView(c, { id: mid, value: m, self: { ...content, id: mid, anchor: facetAnchor(mid), label: type }, mode, at, mediaType: type }) });
    }
  } else if (content) out.extras.push(content);
  const headers = c.facet(`${id}/headers`);
  if (headers) {
    const h = stated(v.headers);
    out.headers = { facet: headers, shapes: Object.entries(isObj(h) ? h : {}).map(([n, x]) => c.trees.shape(`${id}/headers/${idSegment(n)}`, x, n, { ...at, level: 1, ownValues: true })) };
  }
  // The examples of a body that carries something; one with a body per media type has them there.
  if (content?.state !== 'stated') {
    const example = c.detailOf(id, 'example');
    if ('named_examples' in v) c.place(`${id}/named_examples`);
    // The examples the shape it carries states (an OpenAPI schema's `example`, its own or its
    // resource's) are the body's where the body states none: shown once, as stated, with the
    // examples, not again as a row of the shape (amadeus' 5 KB request example was both).
    const resource = (r: string) => c.item('resources', r);
    const fromShape = !('example' in v) && !('named_examples' in v) && shapeExamples(v, { resource }).length > 0;
    const own = fromShape && out.shape?.examples?.state === 'stated' ? out.shape.examples : undefined;
    const made = bodyExamples(
      v,
      {
        resource,
        subtypes: (b) => c.trees.subtypes(b),
        prose: (text) => c.prose(text, pageOf(id)),
        ...(example ? { facetId: example.id } : own ? { facetId: own.id } : {}),
        ...(fromShape ? { shapeExamples: true } : {}),
      },
      mode,
      mediaType !== undefined ? [mediaType] : types,
    );
    out.examples = made.examples;
    out.noExample = made.noExample;
    if (fromShape && made.examples.length > 0) {
      if (out.shape) delete out.shape.examples;
      else if (typeof v.resource === 'string') c.trees.examplesShown(v.resource);
    }
  }
  // A body that must be sent says so beside what it carries; `required: false` stays a line of its own.
  if (v.required === true) out.required = true;
  out.extras = [...out.extras, ...c.details(id, v.required === true ? REQUIRED_BODY_KEYS : BODY_KEYS), ...c.otherFacets(id, BODY_KEYS)];
  return out;
}

/** The input of a body block: the item, its data and the block of its layout. */
export type BodyBlockInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'body' }> };

/**
 * A body block (a request, an event's payload, an error's body). An item that states none of its
 * own carries its area's facet of the same key, where the area states it (an error without a body
 * of its own has the errors area's body shape).
 */
export function bodyBlock(c: BlockContext, { itemId, data, block }: BodyBlockInput): BodyBlock | undefined {
  const id = `${itemId}/${idSegment(block.key)}`;
  const self = c.facet(id);
  const mode = block.mode ?? 'response';
  // A body stated as none ("The OpenAPI description declares none.") says nothing a reader needs, as
  // parameters stated as none: no section; the reason stays with the authoring facts.
  if (self?.state === 'none') {
    c.quiet.push(self);
    return undefined;
  }
  if (self) return { kind: 'body', title: block.title, body: bodyView(c, { id, value: stated(data[block.key]), self, mode }) };
  if (data[block.key] !== undefined) return undefined;
  const area = itemId.slice(0, itemId.indexOf('/'));
  const areaId = `${area}/${idSegment(block.key)}`;
  const own = c.lookup(areaId);
  if (own?.state !== 'stated') return undefined;
  const areaFacet = c.facet(areaId);
  if (!areaFacet) return undefined;
  // The area's body, shown on each of its items' pages: their pages (and the print version, which shows them all) give it no anchors.
  return { kind: 'body', title: block.title, body: bodyView(c, { id: areaId, value: own.value, self: areaFacet, mode, at: { ...top([], mode), borrowed: true } }), inherited: { area, path: facetPath(areaId) } };
}

/**
 * The words of an error its page's name for it leaves out: its description where it states one, else a title
 * that is not a name (sentences, a link: `errorWords`), which the response names by its key.
 */
function errorSaid(data: Record<string, unknown> | undefined, key: string): string | undefined {
  const description = stated(data?.description);
  if (typeof description === 'string' && description.trim() !== '') return description;
  const title = stated(data?.title);
  if (typeof title !== 'string' || title.trim() === '') return undefined;
  return errorWords(title, key).titled ? undefined : title;
}

/** The body an error carries: its own, or where it states none, the errors area's; another item's, so without anchors here. */
function errorBody(c: BlockContext, error: string, at: Place): NonNullable<BodyView['errorBody']> | undefined {
  for (const [id, from] of [[`errors/${error}/body`, 'error'], ['errors/body', 'area']] as const) {
    const f = c.lookup(id);
    if (f?.state !== 'stated') continue;
    const self = c.facet(id);
    if (!self) continue;
    return { from, body: bodyView(c, { id, value: f.value, self, mode: 'response', at: { ...at, borrowed: true } }) };
  }
  return undefined;
}
