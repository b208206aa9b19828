import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { InlineView, ShapeView } from '../../../src/lib/index.ts';
import { TREE_BYTES } from '../../../src/lib/render/site/shape-tree.ts';
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
    // A response leaves out what is never returned (the write-only `notes`), naming it.
    expect(fields(root)?.shapes.map((f) => f.name)).toEqual(['id', 'status', 'total', 'paid', 'created_at', 'currency', 'priority', 'discount', 'legacy_ref', 'lines', 'labels', 'metadata', 'payment', 'delivery_window']);
    expect(fields(root)?.leftOut).toEqual({ flag: 'write-only', names: ['notes'] });
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
    expect(payment?.discriminator).toMatchObject({ field: 'method', mapping: [{ value: 'card', type: 'Card', link: { path: 'resources/Card/' } }, { value: 'bank_transfer', type: 'BankTransfer' }] });
    const variants = payment?.children.find((c) => c.kind === 'variants');
    expect([variants?.combine, variants?.folded, variants?.shapes.map((v) => v.inline?.link.key), variants?.shapes.map((v) => v.name)]).toEqual(['one_of', undefined, ['resources/Card', 'resources/BankTransfer'], [undefined, undefined]]);
    // The type's description where it is used.
    expect(field(root, 'payment')?.inline?.descriptionHtml).toBe('<p>A card payment or a bank transfer, told apart by <code>method</code>.</p>');
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
    // What is sent is not what comes back: the request's tree leaves out the read-only fields, the response's shows them, each once.
    expect(fields(request?.tree?.shape)?.leftOut).toMatchObject({ flag: 'read-only', names: ['id', 'created_at'] });
    expect(created?.tree?.anchor).toBe('endpoints/create-order/t2');
    expect(fields(created?.tree?.shape)?.shapes.map((f) => f.name)).toContain('created_at');
    expect(field(request?.tree?.shape, 'parent')?.inline).toMatchObject({ link: request?.link, repeat: { anchor: 'endpoints/create-order/t1', recursive: true } });
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

  it('show resources in place at any depth, breadth first, until what the page shows of them weighs its budget; past it, say so and link', async () => {
    // R0 names R1…R29 as fields; each of them is 40 fields with a 400-character description and names the next, so a chain runs 29 levels deep.
    const description = 'A field of a resource with a long description. '.repeat(8);
    const resource = (i: number) => ({ title: `R${i}`, description: `Resource ${i}.`, fields: Object.fromEntries([...Array.from({ length: 40 }, (_, f) => [`f${f}`, { type: 'string', required: true, description }]), ...(i < 29 ? [[`next`, { type: `R${i + 1}`, required: false }]] : []), ...(i === 0 ? Array.from({ length: 28 }, (_, k) => [`r${k + 2}`, { type: `R${k + 2}`, required: true }]) : [])]) });
    const files: Record<string, string> = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`resources/R${i}.yaml`, stringify(resource(i))]));
    files['endpoints/get-order.yaml'] = edit('endpoints/get-order.yaml', (e) => ({ ...e, responses: { 200: { resource: 'R0' } } }));
    const page = item(siteViews(await completeWith(files)), 'endpoints', 'get-order');
    const { inlines, shapes } = walk(page.blocks);
    const shown = inlines.filter((i) => i.tree).map((i) => i.link.label);
    // Level by level: R0, then the resources its fields name in page order (R1 first), then theirs.
    expect(shown.slice(0, 3)).toEqual(['R0', 'R1', 'R2']);
    const bounded = inlines.filter((i) => i.bounded);
    expect(bounded.length).toBeGreaterThan(0);
    // Every resource is either shown once, a link to where it is shown, or (past the budget) a link to its page with its description.
    expect(new Set(shown).size).toBe(shown.length);
    expect(inlines.every((i) => i.tree || i.repeat || i.bounded)).toBe(true);
    expect(bounded.every((i) => i.descriptionHtml?.startsWith('<p>Resource '))).toBe(true);
    // Each of these fields weighs between 260 and 1,000 estimated bytes (its description is most of it): the page stops near its budget, give or take the resource that passed it.
    expect(shapes.length).toBeGreaterThan(TREE_BYTES / 1_000);
    expect(shapes.length).toBeLessThan(TREE_BYTES / 260 + 42);
  });

  it('show a chain of resources in place down to its last level when the page has room', async () => {
    const resource = (i: number) => ({ title: `L${i}`, fields: { [`at${i}`]: { type: 'string', required: true }, ...(i < 7 ? { deeper: { type: `L${i + 1}`, required: true } } : {}) } });
    const files: Record<string, string> = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`resources/L${i}.yaml`, stringify(resource(i))]));
    files['endpoints/get-order.yaml'] = edit('endpoints/get-order.yaml', (e) => ({ ...e, responses: { 200: { resource: 'L0' } } }));
    const page = item(siteViews(await completeWith(files)), 'endpoints', 'get-order');
    let at = block(page, 'responses')?.responses[0]?.body.inline?.tree?.shape;
    const names: string[] = [];
    for (let level = 0; at; level++) {
      names.push(...(fields(at)?.shapes.map((f) => f.name ?? '') ?? []));
      // Folded from the third level on, shown all the same.
      expect(fields(at)?.folded, `level ${level + 1}`).toBe(level + 1 >= 3 ? true : undefined);
      at = field(at, 'deeper')?.inline?.tree?.shape;
    }
    expect(names.filter((n) => n.startsWith('at'))).toEqual(['at0', 'at1', 'at2', 'at3', 'at4', 'at5', 'at6', 'at7']);
  });
});

describe('examples of a list', () => {
  it('show a list example as one example, as JSON, never as two', async () => {
    const spec = await completeWith({
      'resources/Order.yaml': edit('resources/Order.yaml', (o) => ({ ...o, fields: { ...(o.fields as object), colours: { type: 'array', items: 'string', required: false, examples: [['red', 'blue'], 'green, grey'] } } })),
    });
    const order = item(siteViews(spec), 'resources', 'Order');
    const colours = block(order, 'shape')?.fields.find((f) => f.name === 'colours');
    expect(colours?.examples?.items).toEqual(['["red","blue"]', 'green, grey']);
  });
});
