import type { ItemInput } from '../../areas/index.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import type { Ids } from '../result.ts';
import { titled } from '../text.ts';
import { bodyPayload } from './body.ts';
import { LOWER_METHODS, type OpenApiContext } from './context.ts';

/** A webhook or callback path item as events: one per operation (named `<name>.<method>` when it has several). */
export function mapEvents(ctx: OpenApiContext, name: string, item: Obj, pointer: string, ids: Ids, description?: string): Array<{ id: string; data: ItemInput<'events'> }> {
  const methods = LOWER_METHODS.filter((m) => isObj(item[m]));
  return methods.map((method) => {
    const op = ctx.deref(item[method]);
    const id = ids.id(methods.length > 1 ? `${name}.${method}` : name);
    const payload = op.requestBody ? bodyPayload(ctx, ctx.deref(op.requestBody).content, `${ctx.where(op.requestBody, `${pointer}/${method}/requestBody`)}/content`, `${id}.payload`) : undefined;
    return { id, data: { ...titled(op.summary, typeof op.description === 'string' ? op.description : description), payload: payload ?? { open: 'The source gives no payload.' } } };
  });
}
