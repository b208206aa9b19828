import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { InlineView, ShapeView } from '../../../src/lib/index.ts';
import { TREE_BUDGET } from '../../../src/lib/render/shape-tree.ts';
import { blockOf as block, completeWith, editComplete as edit, fixture, itemOf as item, siteViews, specAt } from '../../helpers.ts';
import { importToSpec, OAS } from '../../interchange/helpers.ts';

const fields = (s: ShapeView | undefined) => s?.children.find((c) => c.kind === 'fields');
const field = (s: ShapeView | undefined, name: string) => fields(s)?.shapes.find((f) => f.name === name);

/** Every inline view and every shape of other items under a view, in page order. */
function walk(x: unknown, inlines: InlineView[] = [], shapes: ShapeView[] = [], borrowed = false): { inlines: InlineView[]; shapes: ShapeView[] } {
  if (x === null || typeof x !== 'object') return { inlines, shapes };
  if ('flags' in x && 'children' in x && borrowed) shapes.push(x as ShapeView);
  if ('link' in x && ('tree' in x || 'repeat' in x || 'bounded' in x)) inlines.push(x as InlineView);
  for (const [k, v] of Object.entries(x)) walk(v, inlines, shapes, borrowed || k === 'tree');
  return { inlines, shapes };
}

describe('bodies shown in place', () => {
  it('show a response’s resource as its field tree, nested resources in place, levels below the second folded, without anchors', async () => {
    const ok = block(item(siteViews(await specAt(fixture('complete'))), 'endpoints', 'get-order'), 'responses')?.responses.find((r) => r.status === '200');
    const order = ok?.body.inline;
    expect(order?.link.key).toBe('resources/Order');
    expect(order?.tree?.anchor).toBe('endpoints/get-order/t1');
    const root = order?.tree?.shape;
    expect(fields(root)?.folded).toBeUndefined();
    expect(fields(root)?.shapes.map((f) => f.name)).toEqual(['id', 'status', 'total', 'paid', 'created_at', 'currency', 'priority', 'discount', 'notes', 'legacy_ref', 'lines', 'labels', 'metadata', 'payment', 'delivery_window']);
    // Type, required, constraints, allowed values, default, nullability, description, deprecation: as on the resource's page.
    const status = field(root, 'status');
    expect([status?.type?.text, status?.required?.text, status?.allowed?.items, status?.default?.text, status?.description?.html]).toEqual([
      'string',
      'true',
      ['draft', 'placed', 'cancelled', 'shipped'],
      'draft',
      '<p>Where the order is in its <a href="/states/order-status/">lifecycle</a>.</p>',
    ]);
    expect(field(root, 'discount')?.flags.map((f) => [f.label, f.text])).toEqual([['field discount: nullable', 'true']]);
    expect(field(root, 'legacy_ref')?.flags.map((f) => f.text)).toEqual(['true']);
    expect(field(root, 'lines')?.constraints.map((c) => [c.label, c.facet.text])).toEqual([['min items', '1'], ['max items', '100']]);
    // Another item's shapes carry no anchor: its own page has them.
    expect(walk(order).shapes.every((s) => s.anchor === '')).toBe(true);
    // A field of another resource's type: that resource in place, one level down; a union by its variants, told apart by its discriminator.
    const payment = field(root, 'payment')?.inline?.tree?.shape;
    expect(payment?.discriminator?.value).toBeDefined();
    const variants = payment?.children.find((c) => c.kind === 'variants');
    expect([variants?.folded, variants?.shapes.map((v) => v.inline?.link.key)]).toEqual([undefined, ['resources/Card', 'resources/BankTransfer']]);
    // Their fields are the third level: folded.
    const card = variants?.shapes[0]?.inline?.tree?.shape;
    expect([fields(card)?.folded, fields(card)?.shapes.map((f) => f.name)]).toEqual([true, ['method', 'last4']]);
  });

  it('show a resource once a page, each other place linking to it; a recursive shape links to the place around it', async () => {
    const spec = await completeWith({ 'resources/Order.yaml': edit('resources/Order.yaml', (o) => ({ ...o, fields: { ...(o.fields as object), parent: { type: 'Order', required: false } } })) });
    const model = siteViews(spec);
    const create = item(model, 'endpoints', 'create-order');
    const request = block(create, 'body')?.body.media.find((m) => m.type === 'application/json')?.body.inline;
    const created = block(create, 'responses')?.responses.find((r) => r.status === '201')?.body.inline;
    expect(request?.tree?.anchor).toBe('endpoints/create-order/t1');
    expect(created).toEqual({ link: request?.link, repeat: { anchor: 'endpoints/create-order/t1', recursive: false } });
    expect(field(request?.tree?.shape, 'parent')?.inline).toEqual({ link: request?.link, repeat: { anchor: 'endpoints/create-order/t1', recursive: true } });
    // On the resource's own page, its own type repeats the page itself.
    const own = block(item(model, 'resources', 'Order'), 'shape')?.fields.find((f) => f.name === 'parent');
    expect(own?.inline?.repeat).toEqual({ recursive: true });
  });

  it('stop a recursive description imported from OpenAPI at the repeat', async () => {
    const { analysis } = await importToSpec(`${OAS}/3.0/json/schema-circular.json`);
    const model = siteViews(analysis);
    for (const i of model.areas.flatMap((a) => a.items)) {
      const { inlines } = walk(i.blocks);
      const shown = inlines.filter((x) => x.tree).map((x) => x.link.key);
      // Each resource in place once a page; everything else a link.
      expect(new Set(shown).size, i.id).toBe(shown.length);
      expect(inlines.filter((x) => x.repeat?.recursive).length + inlines.filter((x) => x.repeat && !x.repeat.recursive).length + inlines.filter((x) => x.bounded).length + shown.length).toBe(inlines.length);
    }
    const recursive = model.areas.flatMap((a) => a.items).flatMap((i) => walk(i.blocks).inlines).filter((x) => x.repeat?.recursive);
    expect(recursive.length).toBeGreaterThan(0);
  });

  it('show open gaps of a resource in place, as chips', async () => {
    const spec = await completeWith({ 'resources/Order.yaml': edit('resources/Order.yaml', (o) => ({ ...o, fields: { ...(o.fields as object), paid: { type: 'boolean', required: { open: 'Always sent?' } } } })) });
    const ok = block(item(siteViews(spec), 'endpoints', 'get-order'), 'responses')?.responses.find((r) => r.status === '200');
    const paid = field(ok?.body.inline?.tree?.shape, 'paid');
    expect([paid?.required?.id, paid?.required?.state, paid?.required?.question]).toEqual(['resources/Order/fields/paid/required', 'open', 'Always sent?']);
  });

  it('bound what one page shows: every body’s resource first, then their fields’ resources level by level, until the budget is spent', async () => {
    // Ten resources of 40 fields; the first names the nine others. A page can show four of them in place.
    const resource = (i: number) => ({ title: `R${i}`, fields: Object.fromEntries(Array.from({ length: 40 }, (_, f) => [`f${f}`, { type: f === 0 && i === 0 ? 'array' : 'string', required: true, ...(f === 0 && i === 0 ? { items: 'R1' } : {}) }]).concat(i === 0 ? Array.from({ length: 8 }, (_, k) => [`r${k + 2}`, { type: `R${k + 2}`, required: true }]) : [])) });
    const files: Record<string, string> = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`resources/R${i}.yaml`, stringify(resource(i))]));
    files['endpoints/get-order.yaml'] = edit('endpoints/get-order.yaml', (e) => ({ ...e, responses: { 200: { resource: 'R0' }, 201: { resource: 'R9' } } }));
    const page = item(siteViews(await completeWith(files)), 'endpoints', 'get-order');
    const { inlines, shapes } = walk(page.blocks);
    const shown = inlines.filter((i) => i.tree).map((i) => i.link.label);
    // Both bodies' resources (R0's field of type R9 links to the second), then R0's fields' resources in page order (shown here in page order).
    expect(shown).toEqual(['R0', 'R1', 'R2', 'R9']);
    expect(inlines.filter((i) => i.bounded).map((i) => i.link.label)).toEqual(['R3', 'R4', 'R5', 'R6', 'R7', 'R8']);
    expect(inlines.find((i) => i.repeat)?.repeat).toEqual({ anchor: 'endpoints/get-order/t2', recursive: false });
    expect(shapes.length).toBeGreaterThanOrEqual(TREE_BUDGET);
    expect(shapes.length).toBeLessThanOrEqual(TREE_BUDGET + 41);
  });
});
