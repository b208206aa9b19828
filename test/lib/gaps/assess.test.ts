import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { facetAnchor } from '../../../src/lib/index.ts';
import { cli, fixture, gapLines, scratchCopy, specFrom } from '../../helpers.ts';

const ids = (files: Record<string, string>) => gapLines(specFrom(files));

describe('facet states', () => {
  it.each([
    ['stated', 'name: Orders', []],
    ['stated as none', 'name: { none: The service has no name yet. }', []],
    ['open with a question', 'name: { open: What is it called? }', ['purpose/name open']],
    ['open: true', 'name: { open: true }', ['purpose/name open']],
    ['missing', 'purpose: x', ['purpose/name missing']],
    ['placeholder', 'name: "{service_name}"', ['purpose/name placeholder']],
  ])('%s', (_label, yaml, expected) => {
    const gaps = ids({ 'purpose/_area.yaml': yaml }).filter((g) => g.startsWith('purpose/name '));
    expect(gaps).toEqual(expected);
  });

  it('keeps the question, owner and link of an open facet', () => {
    const { assessment } = specFrom({ 'purpose/_area.yaml': 'domain: { open: Which domain?, owner: "@ann", link: "https://example.com/1" }' });
    expect(assessment.gaps.find((g) => g.id === 'purpose/domain')).toMatchObject({ question: 'Which domain?', owner: '@ann', link: 'https://example.com/1', line: 1, column: 1 });
  });
});

describe('rules that keep the count honest', () => {
  it('an empty list is a gap, not none', () => {
    expect(ids({ 'resources/Order.yaml': 'fields: {}' })).toContain('resources/Order/fields empty');
    expect(ids({ 'authentication/k.yaml': 'scheme: api-key\ncredentials: []' })).toContain('authentication/k/credentials empty');
  });

  it('an empty list written on an optional facet or refinement is a gap too, located where it is written', () => {
    const { assessment } = specFrom({
      'resources/Order.yaml': 'fields:\n  status: { type: string, required: true, allowed: [] }',
      'endpoints/e.yaml': 'method: GET\npath: /e\nparameters: { none: x }\nresponses: { "200": { content_type: text/plain } }\nsecurity: []',
    });
    const gap = (id: string) => assessment.gaps.find((g) => g.id === id);
    expect(gap('resources/Order/fields/status/allowed')).toMatchObject({ state: 'empty', line: 2, column: 43 });
    expect(gap('endpoints/e/security')).toMatchObject({ state: 'empty', line: 5, column: 1 });
  });

  it('says `empty` in JSON, text and Markdown alike', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'endpoints', 'get-order.yaml'), 'method: GET\npath: /orders/{order_id}\nparameters:\n  path:\n    order_id: { type: string, required: true }\nresponses: { "200": { resource: Order } }\nsecurity: []\n');
    const [json, text, markdown] = await Promise.all(['json', 'text', 'markdown'].map((format) => cli(['gaps', '--spec', dir, '--format', format])));
    const gap = (JSON.parse(json?.out ?? '{}') as { areas: Array<{ gaps: Array<{ id: string; state: string }> }> }).areas.flatMap((a) => a.gaps).find((g) => g.id === 'endpoints/get-order/security');
    expect(gap?.state).toBe('empty');
    expect(text?.out).toContain('endpoints/get-order/security  (empty)');
    expect(markdown?.out).toContain('- `endpoints/get-order/security`: security (empty).');
  });

  it('a default of [] or {} is a value stated, not an empty list (t32 s10 D7: ShipEngine `items: {type: array, default: []}` read as an open gap)', () => {
    const spec = specFrom({
      'resources/Order.yaml': [
        'fields:',
        '  tags: { type: array, required: false, items: string, default: [] }',
        '  labels: { type: map, required: false, values: string, default: {} }',
        '  note: { type: string, required: false, nullable: true, default: null }',
        '  lines: { type: array, required: false, items: string, allowed: [] }',
      ].join('\n'),
    });
    const facet = (id: string) => spec.assessment.facets.find((f) => f.id === id);
    expect(facet('resources/Order/fields/tags/default')).toMatchObject({ state: 'stated', value: [] });
    expect(facet('resources/Order/fields/labels/default')).toMatchObject({ state: 'stated', value: {} });
    expect(facet('resources/Order/fields/note/default')).toMatchObject({ state: 'stated', value: null });
    const gaps = spec.assessment.gaps.map((g) => g.id);
    expect(gaps.filter((id) => id.endsWith('/default'))).toEqual([]);
    // An empty list of allowed values still says nothing: a gap, as before.
    expect(gaps).toContain('resources/Order/fields/lines/allowed');
  });

  it('an empty state list blocks the transitions like a missing one; stated as none, it blocks nothing', () => {
    const machine = (states: string) => specFrom({ 'states/m.yaml': `resource: O\nfield: s\nstates: ${states}\ntransitions: { open: true }` });
    const blocked = (states: string) => machine(states).assessment.facets.find((f) => f.id === 'states/m/transitions')?.blockedBy;
    expect(blocked('{}')).toEqual(['states/m/states']);
    expect(blocked('{ open: true }')).toEqual(['states/m/states']);
    expect(blocked('{ none: The resource has no lifecycle. }')).toEqual([]);
    expect(blocked('{ a: { initial: true } }')).toEqual([]);
    // The initial-state check agrees: an empty list is a gap, not a list without an initial state.
    expect(machine('{}').diagnostics.filter((d) => d.code === 'initial-state')).toEqual([]);
    expect(machine('{ a: {} }').diagnostics.filter((d) => d.code === 'initial-state')).toHaveLength(1);
  });

  it('an inventory stays open until the area says the list is complete', () => {
    const listed = { 'endpoints/a.yaml': 'method: GET\npath: /a\nparameters: { none: x }\nresponses: { "200": { content_type: text/plain } }' };
    expect(ids(listed)).toContain('endpoints/inventory missing');
    expect(ids({ ...listed, 'endpoints/_area.yaml': 'inventory: complete' }).filter((g) => g.startsWith('endpoints/'))).toEqual([]);
  });

  it('asks whether the list is complete once items exist', () => {
    const { assessment } = specFrom({ 'errors/e1.yaml': 'status: 400', 'errors/e2.yaml': 'status: 404' });
    expect(assessment.gaps.find((g) => g.id === 'errors/inventory')?.question).toContain('(2 listed)');
  });

  it.each([
    ['no request body on GET', 'endpoints/g.yaml', 'method: GET', 'endpoints/g/request'],
    ['no request body on DELETE', 'endpoints/g.yaml', 'method: DELETE', 'endpoints/g/request'],
    ['no token lifetimes for an API key', 'authentication/k.yaml', 'scheme: api-key', 'authentication/k/token_lifetimes'],
    ['no scopes for basic auth', 'authentication/k.yaml', 'scheme: http-basic', 'authentication/k/scopes'],
    ['no token endpoints for a bearer token', 'authentication/k.yaml', 'scheme: http-bearer', 'authentication/k/token_endpoints'],
    ['no header names for mutual TLS', 'authentication/k.yaml', 'scheme: mutual-tls', 'authentication/k/headers'],
  ])('a facet that cannot apply is not a gap: %s', (_label, file, yaml, id) => {
    const facets = specFrom({ [file]: yaml }).assessment.facets.map((f) => f.id);
    expect(facets).not.toContain(id);
  });

  it('the same facets are gaps while the kind is unknown', () => {
    const gaps = ids({ 'endpoints/g.yaml': 'path: /x', 'authentication/k.yaml': 'headers: [X]' });
    expect(gaps).toEqual(expect.arrayContaining(['endpoints/g/request missing', 'authentication/k/token_lifetimes missing', 'authentication/k/scopes missing']));
  });

  it('no delivery, retries or signing when the service emits no events', () => {
    const gaps = ids({ 'events/_area.yaml': 'inventory: { none: No events. }' });
    expect(gaps.filter((g) => g.startsWith('events/'))).toEqual([]);
    expect(ids({ 'events/_area.yaml': 'inventory: complete' }).filter((g) => g.startsWith('events/'))).toEqual([
      'events/delivery missing',
      'events/retries missing',
      'events/signing missing',
    ]);
  });

  it('an event counts delivery overrides only once written', () => {
    const spec = specFrom({ 'events/a.yaml': 'payload: { content_type: text/plain }\nretries: { open: true }' });
    expect(gapLines(spec).filter((g) => g.startsWith('events/a/'))).toEqual(['events/a/retries open']);
  });

  describe('field refinements', () => {
    const order = 'fields:\n  id: { type: string, required: true }\n  paid: { type: boolean, required: true }\n  n: { type: integer, required: true }\n  sub: { type: Order, required: true }';
    it('are optional by default', () => {
      expect(ids({ 'resources/Order.yaml': order }).filter((g) => g.startsWith('resources/Order'))).toEqual([]);
    });
    it('are gaps where a spec requires them, and only where they can apply', () => {
      const gaps = ids({ 'specbench.yaml': 'require: [format, allowed]', 'resources/Order.yaml': order });
      expect(gaps.filter((g) => g.startsWith('resources/Order'))).toEqual([
        'resources/Order/fields/id/format missing',
        'resources/Order/fields/id/allowed missing',
        'resources/Order/fields/n/format missing',
        'resources/Order/fields/n/allowed missing',
      ]);
    });
    it('allowed values count once written on any type, though a policy asks for them only on strings and numbers', () => {
      const written = 'fields:\n  paid: { type: boolean, required: true, allowed: { open: Only true? } }\n  point: { type: object, required: true, allowed: [] }';
      expect(ids({ 'resources/Order.yaml': written })).toEqual(expect.arrayContaining(['resources/Order/fields/paid/allowed open', 'resources/Order/fields/point/allowed empty']));
      expect(specFrom({ 'resources/Order.yaml': written }).assessment.ignored).toEqual([]);
    });
    it('a constraint on a resource id applies, but a policy does not ask for it there; on a type that cannot take it, it is ignored', () => {
      const order = 'fields:\n  total: { type: Amount, required: true, minimum: { open: zero? } }\n  sub: { type: Amount, required: true }\n  n: { type: integer, required: true }\n  paid: { type: boolean, required: true, minimum: 1 }';
      const spec = specFrom({ 'specbench.yaml': 'require: [minimum]', 'resources/Order.yaml': order });
      expect(gapLines(spec).filter((g) => g.startsWith('resources/Order'))).toEqual(['resources/Order/fields/total/minimum open', 'resources/Order/fields/n/minimum missing']);
      expect(spec.assessment.ignored.map((i) => i.id)).toEqual(['resources/Order/fields/paid/minimum']);
    });
    it('count once written, even when optional', () => {
      const gaps = ids({ 'resources/Order.yaml': 'fields:\n  id: { type: string, required: true, format: { open: uuid or ulid? } }' });
      expect(gaps).toContain('resources/Order/fields/id/format open');
    });
  });
});

describe('blocked-by', () => {
  it('no transition table until the state list exists', () => {
    const { assessment } = specFrom({ 'states/m.yaml': 'resource: Order\nfield: status' });
    const transitions = assessment.gaps.find((g) => g.id === 'states/m/transitions');
    expect(transitions?.blockedBy).toEqual(['states/m/states']);
    expect(assessment.gaps.find((g) => g.id === 'states/m/states')?.blocks).toEqual(['states/m/transitions']);
  });

  it('a payload naming an unstated resource is held up by it', () => {
    const { assessment } = specFrom({
      'resources/Order.yaml': 'fields: { open: true }',
      'endpoints/create.yaml': 'method: POST\nrequest: { resource: Order }\nresponses: { "201": { resource: Order } }',
      'events/placed.yaml': 'payload: { resource: Order }',
    });
    expect(assessment.gaps.find((g) => g.id === 'resources/Order/fields')?.blocks).toEqual([
      'endpoints/create/request',
      'endpoints/create/responses/201',
      'events/placed/payload',
    ]);
  });

  it('an open facet may name what blocks it', () => {
    const { assessment } = specFrom({ 'errors/_area.yaml': 'body: { open: true, blocked_by: [resources/inventory] }' });
    expect(assessment.gaps.find((g) => g.id === 'errors/body')?.blockedBy).toEqual(['resources/inventory']);
    expect(assessment.gaps.find((g) => g.id === 'resources/inventory')?.blocks).toEqual(['errors/body']);
  });
});

describe('ids and coverage', () => {
  it('gives nested facets stable path ids', () => {
    const gaps = ids({
      'states/m.yaml': 'resource: O\nfield: s\nstates: { a: { initial: true }, b: {} }\ntransitions: [{ from: a, to: b }, { from: [a, b], to: a, trigger: { open: true } }]',
      'endpoints/e.yaml': 'method: GET\npath: /x/{id}\nparameters: { path: { id: {} } }\nresponses: { "200": { open: true } }',
    });
    expect(gaps).toEqual(
      expect.arrayContaining(['states/m/transitions/a->b/trigger missing', 'states/m/transitions/a,b->a/trigger open', 'endpoints/e/parameters/path/id/type missing', 'endpoints/e/responses/200 open']),
    );
  });

  it('gives different places different ids, whatever their names contain', () => {
    const gaps = ids({
      'states/m.yaml': 'resource: O\nfield: s\nstates: { a: { initial: true }, b: {}, c: {}, "a->b": {}, "b->c": {} }\ntransitions: [{ from: "a->b", to: c }, { from: a, to: "b->c" }, { from: "x,y", to: z }, { from: [x, y], to: z }]',
      'resources/R.yaml': 'fields:\n  x: { type: { open: true }, required: true }\n  "x/type": { type: { open: true }, required: true }\n  "~1": { type: { open: true }, required: true }\n  "/": { type: { open: true }, required: true }',
    });
    expect(gaps).toEqual(
      expect.arrayContaining([
        'states/m/transitions/a-~3b->c/trigger missing',
        'states/m/transitions/a->b-~3c/trigger missing',
        'states/m/transitions/x~2y->z/trigger missing',
        'states/m/transitions/x,y->z/trigger missing',
        'resources/R/fields/x/type open',
        'resources/R/fields/x~1type/type open',
        'resources/R/fields/~01/type open',
        'resources/R/fields/~1/type open',
      ]),
    );
    expect(new Set(gaps).size).toBe(gaps.length);
    const anchors = gaps.map((g) => facetAnchor(g.split(' ')[0] ?? ''));
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors.every((a) => /^[A-Za-z0-9._~/-]+$/.test(a))).toBe(true);
  });

  it('counts stated and none over every counted facet', () => {
    const { assessment } = specFrom({ 'purpose/_area.yaml': 'name: A\nbase_url: https://a.example\npurpose: { none: n/a }\ndomain: "{domain}"' });
    expect(assessment.byArea.purpose).toEqual({ stated: 3, total: 5 });
    expect(assessment.byArea.events).toEqual({ stated: 0, total: 4 });
  });

  it('counts per item', () => {
    const { assessment } = specFrom({ 'errors/e.yaml': 'status: 404' });
    expect(assessment.byItem['errors/e']).toEqual({ stated: 1, total: 1 });
  });
});

describe('values that look like facet states', () => {
  it('a field map with fields named `open` and `none` is stated, not open or none', () => {
    const { assessment, diagnostics } = specFrom({
      'resources/Stack.yaml': 'fields:\n  open: { type: boolean, required: true }\n  none: { type: string, required: false }\n',
    });
    expect(diagnostics).toEqual([]);
    expect(assessment.facets.find((f) => f.id === 'resources/Stack/fields')?.state).toBe('stated');
    expect(assessment.facets.filter((f) => f.id.startsWith('resources/Stack/fields/open/')).map((f) => f.state)).toEqual(['stated', 'stated']);
  });
});
