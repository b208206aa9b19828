import type { Analysis } from '../../analyze.ts';
import { isObj, stated, statedObj, type Obj } from '../../facet/state.ts';
import { areaData, gapsByOwner, GAPS_EXTENSION, itemsOf, notCarried, resourceSchema, shapeSchema, text, UNEXPORTED_EXTENSION, versionOf, type SchemaDialect } from '../export-common.ts';

const ref = (id: string): Obj => ({ $ref: `#/components/schemas/${id}` });

/** The spec's events as an AsyncAPI 3.0 document, with open gaps under `x-specbench-gaps`. */
export function exportAsyncApi(a: Analysis): Obj {
  const purpose = areaData(a, 'purpose');
  const gapsOf = gapsByOwner(a);
  const base = text(purpose.base_url);
  const url = base && URL.canParse(base) ? new URL(base) : undefined;
  const events = itemsOf(a, 'events');
  const channels: Obj = {};
  const operations: Obj = {};
  const messages: Obj = {};
  const unexported: Array<{ id: string; reason: string }> = [];
  const dialect = (id: string): SchemaDialect => ({ discriminator: 'name', drop: (what) => unexported.push({ id, reason: `${what} is not carried` }) });
  for (const e of events) {
    const payload = statedObj(e.data.payload);
    const schema = payload ? (typeof payload.resource === 'string' ? (payload.list === true ? { type: 'array', items: ref(payload.resource) } : ref(payload.resource)) : isObj(stated(payload.schema)) ? shapeSchema(stated(payload.schema), ref, dialect(`events/${e.id}/payload`)) : undefined) : undefined;
    const headers = statedObj(e.data.headers);
    messages[e.id] = {
      name: e.id,
      ...(text(e.data.title) ? { title: e.data.title } : {}),
      ...(text(e.data.description) ? { description: e.data.description } : {}),
      ...(typeof payload?.content_type === 'string' ? { contentType: payload.content_type } : {}),
      ...(schema ? { payload: schema } : {}),
      ...(headers ? { headers: shapeSchema({ type: 'object', fields: headers }, ref, dialect(`events/${e.id}/headers`)) } : {}),
      ...(payload && 'example' in payload ? { examples: [{ payload: payload.example }] } : {}),
      ...(gapsOf('events', e.id).length ? { [GAPS_EXTENSION]: gapsOf('events', e.id) } : {}),
    };
    // The channel's address as stated; without one, the channel has no address (AsyncAPI's "unknown").
    const address = text(e.data.channel);
    channels[e.id] = { address: address ?? null, messages: { [e.id]: { $ref: `#/components/messages/${e.id}` } } };
    const direction = stated(e.data.direction);
    if (direction === undefined) {
      unexported.push({ id: `events/${e.id}`, reason: 'whether the service sends or receives it is not stated yet, so no operation is written for its channel' });
      continue;
    }
    operations[`${e.id}.${direction === 'sent' ? 'send' : 'receive'}`] = { action: direction === 'sent' ? 'send' : 'receive', channel: { $ref: `#/channels/${e.id}` }, messages: [{ $ref: `#/channels/${e.id}/messages/${e.id}` }] };
  }
  unexported.push(
    ...notCarried(
      a,
      {
        purpose: { area: ['name', 'purpose', ...(url ? ['base_url'] : [])] },
        resources: { items: 'all' },
        events: { items: ['title', 'description', 'payload', 'channel', 'direction', 'headers'] },
      },
      'AsyncAPI',
    ),
  );
  return {
    asyncapi: '3.0.0',
    info: { title: text(purpose.name) ?? '', version: versionOf(a), ...(text(purpose.purpose) ? { description: purpose.purpose } : {}) },
    ...(url ? { servers: { main: { host: url.host, protocol: url.protocol.replace(/:$/, ''), ...(url.pathname && url.pathname !== '/' ? { pathname: url.pathname } : {}) } } } : {}),
    channels,
    operations,
    components: {
      messages,
      schemas: Object.fromEntries(itemsOf(a, 'resources').map((r) => [r.id, resourceSchema(r, ref, dialect(`resources/${r.id}`))])),
    },
    [GAPS_EXTENSION]: a.assessment.gaps.map((g) => ({ id: g.id, question: g.question })),
    ...(unexported.length ? { [UNEXPORTED_EXTENSION]: unexported } : {}),
  };
}
