import type { Analysis } from '../../analyze.ts';
import { statedObj, type Obj } from '../../facet/state.ts';
import { areaData, gapsByOwner, GAPS_EXTENSION, itemsOf, resourceSchema, text, versionOf } from '../export-common.ts';

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
  for (const e of events) {
    const payload = statedObj(e.data.payload);
    messages[e.id] = {
      name: e.id,
      ...(text(e.data.title) ? { title: e.data.title } : {}),
      ...(text(e.data.description) ? { description: e.data.description } : {}),
      ...(typeof payload?.content_type === 'string' ? { contentType: payload.content_type } : {}),
      ...(typeof payload?.resource === 'string' ? { payload: payload.list === true ? { type: 'array', items: ref(payload.resource) } : ref(payload.resource) } : {}),
      ...(gapsOf('events', e.id).length ? { [GAPS_EXTENSION]: gapsOf('events', e.id) } : {}),
    };
    channels[e.id] = { address: e.id, messages: { [e.id]: { $ref: `#/components/messages/${e.id}` } } };
    operations[`${e.id}.send`] = { action: 'send', channel: { $ref: `#/channels/${e.id}` }, messages: [{ $ref: `#/channels/${e.id}/messages/${e.id}` }] };
  }
  return {
    asyncapi: '3.0.0',
    info: { title: text(purpose.name) ?? 'Untitled service', version: versionOf(a), ...(text(purpose.purpose) ? { description: purpose.purpose } : {}) },
    ...(url ? { servers: { main: { host: url.host, protocol: url.protocol.replace(/:$/, ''), ...(url.pathname && url.pathname !== '/' ? { pathname: url.pathname } : {}) } } } : {}),
    channels,
    operations,
    components: {
      messages,
      schemas: Object.fromEntries(itemsOf(a, 'resources').map((r) => [r.id, resourceSchema(r, ref)])),
    },
    [GAPS_EXTENSION]: a.assessment.gaps.map((g) => ({ id: g.id, question: g.question })),
  };
}
