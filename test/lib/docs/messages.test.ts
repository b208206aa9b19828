// Wrong types and unknown keys are told with the form expected and the example spec's use of the
// key (issue 33), through the real loader: the cases the issue names, then every key of every file.
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SPEC } from '../../../src/lib/docs/example-spec.ts';
import { keyCatalogue } from '../../../src/lib/docs/reference.ts';
import type { Diagnostic } from '../../../src/lib/index.ts';
import { specFrom } from '../../helpers.ts';

const files = () => Object.fromEntries(EXAMPLE_SPEC.map((f) => [f.path, f.text]));
const text = (path: string) => files()[path] ?? '';
/** The example spec with some files replaced, through the real loader. */
const example = (changed: Record<string, string>) => specFrom({ ...files(), ...changed });
const said = (diagnostics: readonly Diagnostic[], code: string) => diagnostics.filter((d) => d.code === code).map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);

describe('the messages the issue names', () => {
  it('`trigger: The customer checks out.` says the three forms a trigger takes, and shows one', () => {
    const machine = `${text('states/order-status.yaml')}  - from: shipped\n    to: cancelled\n    trigger: The customer checks out.\n`;
    expect(said(example({ 'states/order-status.yaml': machine }).diagnostics, 'wrong-type')).toEqual([
      'states/order-status.yaml:17:14 Wrong type at `transitions.3.trigger`: expected `{ endpoint: id } | { event: id } | { condition: text }`, found string `The customer checks out.`. For example: `trigger: { endpoint: place-order }`.',
    ]);
  });

  it('a scheme\'s credentials and headers are lists of names, and say so', () => {
    const scheme = 'scheme: api-key\ncredentials: api_key\nheaders: X-API-Key\nlocation: header\n';
    expect(said(example({ 'authentication/api-key.yaml': scheme }).diagnostics, 'wrong-type')).toEqual([
      'authentication/api-key.yaml:2:14 Wrong type at `credentials`: expected `[name, …]`, found string `api_key`. For example: `credentials: [ api_key ]`.',
      'authentication/api-key.yaml:3:10 Wrong type at `headers`: expected `[name, …]`, found string `X-API-Key`. For example: `headers: [ X-API-Key ]`.',
    ]);
  });

  it('an unknown key lists the keys the place takes and shows the example spec\'s use of it', () => {
    const machine = `${text('states/order-status.yaml')}  - { from: shipped, to: cancelled, triger: { endpoint: cancel-order } }\n`;
    const [message] = said(example({ 'states/order-status.yaml': machine }).diagnostics, 'unknown-key');
    expect(message).toBe(
      'states/order-status.yaml:15:37 Unknown key `triger` in `transitions.3`; did you mean `trigger`? Expected one of: description, from, to, trigger. For example: `transitions: [ { from: draft, to: placed, trigger: { endpoint: place-order } } ] # and 2 more`.',
    );
  });

  it('a comma inside a flow list that cuts one credential name in two is a warning that says so', () => {
    const scheme = 'scheme: api-key\ncredentials: [api_key (from the dashboard, one per partner)]\nheaders: [X-API-Key]\nlocation: header\n';
    expect(said(example({ 'authentication/api-key.yaml': scheme }).diagnostics, 'not-a-name')).toEqual([
      'authentication/api-key.yaml:2:15 `api_key (from the dashboard, one per partner)` in `credentials` is not a name: `credentials` lists names only, e.g. `credentials: [client_id, client_secret]`; a `,` inside `[ ]` starts a new entry, so this was read as two, `api_key (from the dashboard` and `one per partner)`. Keep the names here, and say what they are in `description`.',
    ]);
  });

  it('an item referred to only from a file that cannot be read is not called unused', () => {
    // The only payload that names ShippedOrder is in a file broken by a YAML error.
    const broken = example({ 'events/order.shipped.yaml': `${text('events/order.shipped.yaml')}title: [unclosed\n` });
    expect(said(broken.diagnostics, 'yaml-syntax')).toHaveLength(1);
    expect(said(broken.diagnostics, 'unused-item')).toEqual([]);
    // Once the file is gone, nothing names it: then it is unused.
    const gone: Record<string, string | null> = { 'events/order.shipped.yaml': null };
    const without = specFrom(Object.fromEntries(Object.entries({ ...files(), ...gone }).filter((e): e is [string, string] => e[1] !== null)));
    expect(said(without.diagnostics, 'unused-item').map((m) => m.split(' ')[0])).toEqual(['resources/ShippedOrder.yaml:1:1']);
  });
});

/** A value of another kind than `value`: a mapping where a value was, a word where a list or a mapping was. */
const wrongFor = (value: unknown): unknown => (typeof value === 'object' && value !== null ? 'a few words' : { wrong: [1] });

describe('every key of every file', () => {
  it('a value of the wrong kind is told with the form expected and an example, wherever it is', () => {
    const catalogue = keyCatalogue();
    const missing: string[] = [];
    let told = 0;
    for (const doc of catalogue) {
      for (const key of doc.keys) {
        const found = key.example;
        // A key that takes any value has no wrong kind.
        if (!found || key.form === 'any value') continue;
        const source = EXAMPLE_SPEC.find((f) => f.path === found.file);
        if (!source) throw new Error(`no ${found.file}`);
        const data = parse(source.text) as Record<string, unknown>;
        let parent: Record<string | number, unknown> = data;
        for (const segment of found.path.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
        const last = found.path[found.path.length - 1] as string;
        parent[last] = wrongFor(parent[last]);
        const { diagnostics } = example({ [found.file]: stringify(data) });
        const messages = diagnostics.filter((d) => d.file === found.file && (d.code === 'wrong-type' || d.code === 'unknown-key' || d.code === 'bad-value'));
        // Each is told with what is expected: the form, or the values or keys it takes, and the example spec's use.
        for (const d of messages) {
          const shows = d.code === 'bad-value' ? /Expected one of: |expected /.test(d.message) : /expected `[^`]+`|expected [a-z]|Expected one of: /.test(d.message) && d.message.includes('For example: `');
          if (!shows) missing.push(`${doc.title}: ${key.key}: ${d.code} ${d.message}`);
        }
        if (messages.length > 0) told++;
      }
    }
    expect(missing).toEqual([]);
    expect(told).toBeGreaterThan(150);
  }, 300_000);
});
