import { AREAS } from '../areas/index.ts';
import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

/** What a stated body says it carries, by the keys that say it. */
function carriers(p: Record<string, unknown>): string[] {
  return ['resource', 'schema', 'content', 'error'].filter((k) => p[k] !== undefined);
}

export const payloadShape: Check = {
  code: 'payload-shape',
  description: 'A body that says two things at once: a resource and a shape, media types both as a list and per type, or a list of no resource.',
  severity: 'error',
  example: 'request: { resource: Order, schema: { type: object } }',
  scope: 'file',
  run(ctx) {
    for (const module of AREAS) {
      for (const item of ctx.items(module.key)) {
        for (const { path, value } of bodies(item.data)) {
          const p = stated(value);
          if (typeof p !== 'object' || p === null || Array.isArray(p)) continue;
          const body = p as Record<string, unknown>;
          const says = carriers(body);
          const at = (key: string) => ({ file: item.file, path: [...path, key], key: true });
          if (says.length > 1) ctx.report({ message: `The body says ${says.map((k) => `\`${k}\``).join(' and ')}; it is one of them. Keep the one that is meant.`, at: at(says[1] ?? '') });
          if (body.list === true && body.resource === undefined) ctx.report({ message: '`list: true` says the body is a list of a resource, but no `resource` is named.', at: at('list') });
          if (body.content !== undefined && body.content_type !== undefined) ctx.report({ message: '`content_type` and `content` both give media types; write them once, in `content` when the shapes differ.', at: at('content_type') });
        }
      }
    }
  },
};

/** The payload facets of an item: request, responses, payload, body. */
function* bodies(data: unknown): Generator<{ path: Array<string | number>; value: unknown }> {
  if (typeof data !== 'object' || data === null) return;
  const d = data as Record<string, unknown>;
  for (const key of ['request', 'payload', 'body']) if (d[key] !== undefined) yield { path: [key], value: d[key] };
  for (const [status, r] of Object.entries(stated(d.responses) ?? {})) yield { path: ['responses', status], value: r };
}
