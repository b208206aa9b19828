import { isObj, statedObj, type Obj } from '../../../facet/state.ts';
import { inMediaType } from '../../media-example.ts';
import { endpointRequest } from '../../request-sample.ts';
import { codeSamples, type SampleRequest } from '../../samples.ts';
import { fileFields, firstExampleValue, mediaTypesOf } from '../body-examples.ts';
import type { SamplesBlock } from '../views.ts';
import type { BlockContext } from './context.ts';
import { endpointBase } from './own-server.ts';

/** The code samples of an endpoint whose method and path are stated; what they leave out or as placeholders is noted. */
export function samplesBlock(c: BlockContext, { data }: { data: Obj }): SamplesBlock | undefined {
  const resource = (id: string) => c.item('resources', id);
  const subtypes = (base: string) => c.trees.subtypes(base);
  /** What a request's samples send: the first media type that can carry its example (stated, or made from its shape). */
  const body = (request: Obj): SampleRequest['body'] | { reason: string } => {
    const content = Object.entries(statedObj(request.content) ?? {});
    const candidates: Array<[string, Obj]> = content.length > 0 ? content.flatMap(([type, m]) => (isObj(m) ? [[type, m] as [string, Obj]] : [])) : (mediaTypesOf(request).length > 0 ? mediaTypesOf(request) : ['application/json']).map((type) => [type, request]);
    let reason: string | undefined;
    for (const [type, b] of candidates) {
      const value = firstExampleValue(b, { resource, subtypes }, 'request');
      if (value && 'unmade' in value) {
        reason ??= value.unmade;
        continue;
      }
      if (!value) continue;
      const name = typeof b.resource === 'string' ? b.resource : undefined;
      const written = inMediaType(value.value, type, name);
      if ('reason' in written) {
        reason ??= written.reason;
        continue;
      }
      return { mediaType: type, value: value.value, files: fileFields(b, { resource, subtypes }), ...(name !== undefined ? { name } : {}), ...(value.cutWords ? { cutWords: value.cutWords } : {}) };
    }
    return { reason: reason ?? 'nothing it carries is stated enough to make an example' };
  };
  // The endpoint's own server where it states one, else the service's base address (T32u N-i).
  const base = endpointBase(c, data);
  const made = endpointRequest(data, { scheme: (id) => c.item('authentication', id), resource, ...(base.url !== undefined ? { baseUrl: base.url } : {}), body });
  if (!made) return undefined;
  const { samples, notes } = codeSamples(base.unfilled !== undefined ? { ...made.request, baseUnfilled: base.unfilled } : made.request, made.notes);
  // An address made from the stated server, not stated itself: said, with the defaults it takes.
  const from = base.from;
  if (from) notes.unshift(`The base address is ${base.own !== undefined ? "the endpoint's own first server's" : "the first server's"}, ${from.server}, with its variables at their defaults: ${from.defaults.map((d) => `${d.name} = ${d.value}`).join(', ')}.`);
  else if (base.own !== undefined) notes.unshift(`The base address is the endpoint's own server, ${base.own}, not the service's.`);
  return { kind: 'samples', samples, notes };
}
