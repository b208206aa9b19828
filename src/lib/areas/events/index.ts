import { z } from 'zod';
import { externalDocsSchema, facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { facetState, stated } from '../../facet/state.ts';
import { durationSchema, idSchema, lineSchema, nameSchema, namesSchema, prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';
import { parametersOf, parametersSchema } from '../parameters.ts';
import { headerSchema, payloadHeldUpBy, payloadReferences, payloadSchema, payloadShapes } from '../payload.ts';
import { describeSecurity, securityAlternative, securityReferences } from '../security.ts';
import { shapeReferences } from '../shape.ts';
import { tagNotes, tagNotesSchema } from '../tags.ts';
import { markdownCode } from '../../safety/markdown.ts';

export const deliverySchema = z.strictObject({
  /** How events reach subscribers, e.g. `webhook (HTTPS POST)`. */
  transport: z.string().trim().min(1),
  description: prose.optional(),
});
export const retriesSchema = z.strictObject({
  /** How many times a failed delivery is tried again. */
  attempts: z.int().min(0),
  /** The pattern between attempts, e.g. `exponential`. */
  backoff: z.string().min(1).optional(),
  /** How long retries go on at most. */
  within: durationSchema.optional(),
  description: prose.optional(),
});
export const signingSchema = z.strictObject({
  /** e.g. `HMAC-SHA256`. */
  algorithm: z.string().trim().min(1),
  /** The header carrying the signature. */
  header: z.string().min(1).optional(),
  description: prose.optional(),
});

const DEFAULTS = {
  delivery: { label: 'delivery', question: 'How do events reach subscribers?' },
  retries: { label: 'retries', question: 'How are failed deliveries retried?' },
  signing: { label: 'signing', question: 'How can a subscriber verify that an event is genuine?' },
} as const;

/** With no events at all, there is nothing to deliver, retry or sign. */
const noEvents = (area: { inventory?: unknown }) => (facetState(area.inventory) === 'none' ? 'the service emits no events' : undefined);

/** A channel events travel on, by its id: its address and the events it carries (AsyncAPI 3's channels, kept as written). */
export const channelSchema = z.strictObject({
  /** The address (`orders/{id}/placed`, a topic); `null` where it is unknown or given at run time. */
  address: z.string().min(1).nullable().optional(),
  title: lineSchema.optional(),
  /** What the channel is, in one line. */
  summary: lineSchema.optional(),
  description: prose.optional(),
  /** The events it carries, by id; or by the key each has in the channel, where that differs from the event's id. */
  messages: z.union([z.array(idSchema), z.record(nameSchema, idSchema)]).optional(),
  /** Where to read more about the channel (AsyncAPI's `externalDocs`). */
  external_docs: externalDocsSchema.optional(),
});

/** A channel's events, each with its key in the channel (the event's id, where the channel lists ids). */
export function channelMessages(channel: z.infer<typeof channelSchema> | undefined): Array<[key: string, event: string]> {
  const messages = channel?.messages;
  return Array.isArray(messages) ? messages.map((id) => [id, id]) : Object.entries(messages ?? {});
}

/** What the service does on a channel, by its id: sends or receives some of its events (AsyncAPI 3's operations, kept as written). */
export const operationSchema = z.strictObject({
  /** `send`: the service sends them; `receive`: it receives them. */
  action: z.enum(['send', 'receive']),
  /** The channel, by its id among `channels`. */
  channel: nameSchema,
  /** The events it sends or receives, by their keys among the channel's messages (their ids, where the channel lists ids); without them, all of the channel's. */
  messages: z.array(nameSchema).optional(),
  title: lineSchema.optional(),
  summary: lineSchema.optional(),
  description: prose.optional(),
  /** The groups the operation is listed under (AsyncAPI's operation `tags`), by name. */
  tags: namesSchema.optional(),
  /** Where to read more about the operation (AsyncAPI's `externalDocs`). */
  external_docs: externalDocsSchema.optional(),
});

/** `events/_area.yaml`: the inventory and the defaults every event follows. */
export const eventsArea = facetObject(
  {
    inventory: inventorySchema,
    delivery: facet(deliverySchema),
    retries: facet(retriesSchema),
    signing: facet(signingSchema),
    description: prose.optional(),
    /** Channels by id, where events are grouped on channels (AsyncAPI); each event's `channel` is its address. */
    channels: z.record(nameSchema, channelSchema).optional(),
    /** Operations by id: which events the service sends or receives on which channel. */
    operations: z.record(nameSchema, operationSchema).optional(),
    /** The groups events are listed under (their `tags`), in the order the description declares them: what each is, and where to read more. */
    tags: tagNotesSchema.optional(),
  },
  {
    inventory: inventoryMeta('event kinds', 'payload shape, and delivery, retries and signing where they differ from the defaults'),
    delivery: { ...DEFAULTS.delivery, notApplicable: noEvents },
    retries: { ...DEFAULTS.retries, notApplicable: noEvents },
    signing: { ...DEFAULTS.signing, notApplicable: noEvents },
  },
);

/** `events/<event>.yaml`: one kind of event; delivery, retries and signing override the defaults. */
export const eventItem = facetObject(
  {
    ...itemCommon,
    /** The message's name in an interface description (AsyncAPI's `name`, `Login request`), where it is not the id. */
    name: nameSchema.optional(),
    /** The event in one line, where an interface description gives a summary beside its title (AsyncAPI's `summary`). */
    summary: lineSchema.optional(),
    payload: facet(payloadSchema),
    /** For a webhook or callback: the parameters of the request that delivers it (its headers are `headers`). */
    parameters: facet(parametersSchema),
    /** For a webhook or callback: the operation's id in an interface description, where it is not `event.<id>`. */
    operation_id: z.string().min(1).optional(),
    /** Still sent, but on its way out. */
    deprecated: facet(z.boolean()),
    /** The channel, topic or address the event travels on: `orders/{order_id}/placed`, a webhook's name. */
    channel: facet(z.string().min(1)),
    /** Whether the service sends the event (to subscribers) or receives it (from publishers). */
    direction: facet(z.enum(['sent', 'received'])),
    /** Message headers by name. */
    headers: facet(z.record(nameSchema, headerSchema)),
    /** The ways a publisher or subscriber is authorized (an optional override). */
    security: facet(z.array(securityAlternative)),
    /** Groups the event belongs to. */
    tags: facet(namesSchema),
    delivery: facet(deliverySchema),
    retries: facet(retriesSchema),
    signing: facet(signingSchema),
  },
  {
    ...itemCommonMetas,
    payload: { label: 'payload shape', question: 'What does the event carry?', heldUpBy: payloadHeldUpBy, children: { label: () => 'payload' } },
    parameters: { label: 'parameters', question: 'Which parameters does the request that delivers it take?', optional: true, children: { label: () => 'parameters' } },
    deprecated: { label: 'deprecated', question: 'Is this event deprecated?', refinement: 'deprecated' },
    channel: { label: 'channel', question: 'On which channel or address does the event travel?', refinement: 'channel' },
    direction: { label: 'direction', question: 'Does the service send this event or receive it?', refinement: 'direction' },
    headers: { label: 'headers', question: 'Which headers does the message carry?', refinement: 'headers', children: { label: (name) => `header ${name}` } },
    security: { label: 'security', question: 'Which schemes and scopes does a publisher or subscriber need?', optional: true, show: describeSecurity },
    tags: { label: 'tags', question: 'Which groups does this event belong to?', refinement: 'tags' },
    // Delivery, retries and signing default to the area's; an event counts them once it overrides them.
    delivery: { ...DEFAULTS.delivery, optional: true },
    retries: { ...DEFAULTS.retries, optional: true },
    signing: { ...DEFAULTS.signing, optional: true },
  },
);
export type EventItem = z.infer<typeof eventItem>;

export const events = defineArea({
  key: 'events',
  title: 'Events',
  covers: 'Events and callbacks (kinds of event, payload shapes, delivery, retries, signing)',
  guide: [
    'Events: one file per kind of event (events/<name>.yaml); delivery, retries and signing here',
    'are the defaults every event follows. `inventory: { none: reason }` if the service emits none.',
  ],
  schema: eventsArea,
  items: { noun: 'event', plural: 'events', schema: eventItem },
  groups: tagNotes,
  layout: () => [
    { kind: 'signature', keys: ['direction', 'channel'] },
    { kind: 'facts', keys: ['summary', 'deprecated', 'tags', 'name', 'operation_id'] },
    { kind: 'parameters', key: 'parameters' },
    { kind: 'body', key: 'payload', title: 'Payload' },
    { kind: 'headers', key: 'headers', title: 'Headers' },
    { kind: 'security', key: 'security' },
    { kind: 'facts', title: 'Delivery', keys: ['delivery', 'retries', 'signing'] },
  ],
  view: (event) => {
    const direction = stated(event.direction);
    const channel = stated(event.channel);
    const tags = stated(event.tags);
    return { listing: { ...(direction !== undefined ? { badge: direction } : {}), ...(typeof channel === 'string' ? { line: channel } : {}), ...(Array.isArray(tags) && tags.length > 0 ? { groups: tags } : {}) } };
  },
  shapes: (event) => [
    ...parametersOf(event).map(({ location, name, parameter }) => ({ shape: parameter, path: ['parameters', location, name], name: `${location} parameter ${markdownCode(name)}` })),
    ...payloadShapes(event.payload, ['payload'], 'the payload'),
    ...Object.entries(stated(event.headers) ?? {}).map(([name, h]) => ({ shape: h, path: ['headers', name], name: `header ${markdownCode(name)}` })),
  ],
  areaReferences(area, add) {
    for (const [id, channel] of Object.entries(area.channels ?? {})) {
      const listed = Array.isArray(channel.messages);
      channelMessages(channel).forEach(([key, event], i) => add({ path: ['channels', id, 'messages', listed ? i : key], area: 'events', id: event, via: `channel ${id}` }));
    }
  },
  references(event, add) {
    for (const { location, name, parameter } of parametersOf(event)) shapeReferences(parameter, ['parameters', location, name], `${location} parameter ${name}`, add);
    payloadReferences(event.payload, ['payload'], 'event payload', add);
    for (const [name, h] of Object.entries(stated(event.headers) ?? {})) shapeReferences(h, ['headers', name], `header ${name}`, add);
    securityReferences(event.security, ['security'], add);
  },
  // Subscribers know an event by the channel it travels on (and which way it goes), its parameters
  // unnamed: `payments/{provider}/settled` and `payments/{psp}/settled` are one address (as an endpoint's path).
  identity: (event) => {
    const channel = stated(event.channel);
    return typeof channel === 'string' ? `${String(stated(event.direction) ?? '')} ${channel.replace(/\{[^}]*\}/g, '{}')}` : undefined;
  },
  breaking(_before, after, say, id) {
    if (!after) say(`Event ${markdownCode(id)} removed.`);
  },
});
