import { eventItem, eventsArea } from '../../schema/event.ts';
import { facetState } from '../../gaps/facet-state.ts';
import { inventory, type AreaDef, type FacetDef, type Obj } from '../facet-def.ts';

/** With no events at all, there is nothing to deliver, retry or sign. */
const hasEvents = (area: Obj): boolean => facetState(area.inventory) !== 'none';

const DEFAULTS: FacetDef[] = [
  { key: 'delivery', label: 'delivery', question: 'How do events reach subscribers?' },
  { key: 'retries', label: 'retries', question: 'How are failed deliveries retried?' },
  { key: 'signing', label: 'signing', question: 'How can a subscriber verify that an event is genuine?' },
];

export const events: AreaDef = {
  key: 'events',
  title: 'Events',
  covers: 'Events and callbacks (kinds of event, payload shapes, delivery, retries, signing)',
  schema: eventsArea,
  facets: [
    inventory('inventory', 'event kinds', 'payload shape, and delivery, retries and signing where they differ from the defaults'),
    ...DEFAULTS.map((d) => ({ ...d, applies: hasEvents })),
  ],
  items: {
    noun: 'event',
    plural: 'events',
    schema: eventItem,
    // Delivery, retries and signing default to the area's; an event counts them once it overrides them.
    facets: () => [
      { key: 'payload', label: 'payload shape', question: 'What does the event carry?', namesResource: true },
      ...DEFAULTS.map((d) => ({ ...d, optional: true })),
    ],
  },
};
