import { oneOfThem } from '../diagnostics/alternatives.ts';
import { allBodies } from './shapes.ts';
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
    for (const { file, path, body } of allBodies(ctx)) {
      const says = carriers(body);
      const at = (key: string) => ({ file, path: [...path, key], key: true });
      if (says.length > 1) ctx.report({ message: oneOfThem('The body', says), at: at(says[1] ?? '') });
      if (body.list === true && body.resource === undefined) ctx.report({ message: '`list: true` says the body is a list of a resource, but no `resource` is named.', at: at('list') });
      if (body.content !== undefined && body.content_type !== undefined) ctx.report({ message: '`content_type` and `content` both give media types; write them once, in `content` when the shapes differ.', at: at('content_type') });
    }
  },
};
