import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { stated } from '../../facet/state.ts';
import { prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';
import { payloadHeldUpBy, payloadReferences, payloadSchema, payloadShapes } from '../payload.ts';
import { canonicalJson } from '../shape.ts';
import { markdownCode } from '../../safety/markdown.ts';

/** `errors/_area.yaml`: the inventory and the body every error carries. */
export const errorsArea = facetObject(
  {
    inventory: inventorySchema,
    /** The shape of an error body, e.g. an RFC 9457 problem resource. */
    body: facet(payloadSchema),
    description: prose.optional(),
  },
  {
    inventory: inventoryMeta('error codes', 'the HTTP status code it comes with'),
    body: { label: 'error body shape', question: 'What does an error response body look like?', heldUpBy: payloadHeldUpBy, children: { label: () => 'error body' } },
  },
);

/** `errors/<code>.yaml`: one error code. */
export const errorItem = facetObject(
  {
    ...itemCommon,
    /** The HTTP status code it comes with. */
    status: facet(z.int({ error: 'expected an HTTP status code such as 404' })),
    /** This error's own body, where it is not the errors area's body shape. */
    body: facet(payloadSchema),
  },
  {
    ...itemCommonMetas,
    status: { label: 'status code', question: 'Which HTTP status code comes with this error?' },
    body: { label: 'body', question: 'What does this error’s body look like?', optional: true, heldUpBy: payloadHeldUpBy, children: { label: () => 'body' } },
  },
);
export type ErrorItem = z.infer<typeof errorItem>;

export const errors = defineArea({
  key: 'errors',
  title: 'Errors',
  covers: 'Error codes, status codes and error body shape',
  guide: [
    'Errors: one file per error code (errors/<code>.yaml) with its status code; the body shape',
    'every error carries is stated here.',
  ],
  schema: errorsArea,
  items: { noun: 'error code', plural: 'error codes', schema: errorItem, referable: true },
  layout: () => [
    { kind: 'signature', keys: ['status'] },
    { kind: 'body', key: 'body', title: 'Body' },
  ],
  areaReferences: (area, add) => payloadReferences(area.body, ['body'], 'error body shape', add),
  references: (error, add) => payloadReferences(error.body, ['body'], 'error body', add),
  shapes: (error) => payloadShapes(error.body, ['body'], 'the body'),
  view: (error) => {
    const status = stated(error.status);
    return typeof status === 'number' ? { listing: { badge: String(status) } } : {};
  },
  areaShapes: (area) => payloadShapes(area.body, ['body'], 'the error body'),
  // An error is known by its code, its file's name: the same status and body under another name is
  // the same error renamed, but the code is what clients match on, so the rename breaks them.
  identity: (error) => canonicalJson(error),
  breaking(_before, after, say, id, renamedFrom) {
    if (!after) say(`Error code ${markdownCode(id)} removed.`);
    else if (renamedFrom !== undefined) say(`Error code ${markdownCode(renamedFrom)} renamed to ${markdownCode(id)}: clients that match on the code see the new one.`);
  },
});
