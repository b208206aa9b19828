import type { z } from 'zod';
import type { ItemInput } from '../../areas/index.ts';
import type { payloadSchema } from '../../areas/payload.ts';
import type { Obj } from '../../facet/state.ts';
import { Ids, type Unmapped } from '../result.ts';
import { titled } from '../text.ts';

type Payload = z.input<typeof payloadSchema>;

/**
 * The error codes of a document: one per response component (or per inline status). A component
 * used under a second status becomes a second error, `<name>-<status>`, so every error keeps one
 * status code.
 */
export class ErrorCollector {
  private readonly ids = new Ids();
  private readonly byKey = new Map<string, string>();
  private readonly firstStatus = new Map<string, string>();
  private readonly errors = new Map<string, { data: ItemInput<'errors'>; body?: Payload; pointer: string }>();

  add(name: string, status: string, response: Obj, body: Payload | undefined, pointer: string): string {
    const key = `${name}@${status}`;
    const known = this.byKey.get(key);
    if (known) return known;
    const first = this.firstStatus.get(name);
    if (first === undefined) this.firstStatus.set(name, status);
    const id = this.ids.id(first === undefined ? name : `${name}-${status}`);
    this.byKey.set(key, id);
    const data: ItemInput<'errors'> = { ...titled(response.description), status: /^\d+$/.test(status) ? Number(status) : { open: `The source gives the range ${status}.` } };
    this.errors.set(id, { data, ...(body ? { body } : {}), pointer });
    return id;
  }

  /** The errors, and the body most of them carry as the errors area's body shape; other bodies are reported. */
  finish(unmapped: Unmapped[]): { items: Array<{ id: string; data: ItemInput<'errors'> }>; body?: Payload } {
    const tally = new Map<string, { count: number; body: Payload }>();
    for (const e of this.errors.values()) {
      if (!e.body) continue;
      const key = JSON.stringify(e.body);
      tally.set(key, { count: (tally.get(key)?.count ?? 0) + 1, body: e.body });
    }
    const common = [...tally].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))[0];
    for (const e of this.errors.values()) {
      if (e.body && JSON.stringify(e.body) !== common?.[0]) unmapped.push({ pointer: e.pointer, reason: 'an error body that differs from the common error body shape is not kept' });
    }
    return { items: [...this.errors].map(([id, e]) => ({ id, data: e.data })), ...(common ? { body: common[1].body } : {}) };
  }
}
