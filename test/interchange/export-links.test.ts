import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportAsyncApi, exportOpenApi } from '../../src/lib/index.ts';
import { fixture, specAt, specFrom } from '../helpers.ts';
import { importToSpec } from './helpers.ts';

// Issue 33, found by its tester: `export openapi` wrote `[[resources/Order]]` as it is, which OpenAPI
// tools show as brackets, and a re-import reported each as a broken link.

const files = {
  'resources/Order.yaml': 'title: Order\ndescription: One order. See [[resources/Line]], its [[states/order-status|lifecycle]] and `[[kept/as/code]]`.\nfields:\n  id: { type: string, required: true, description: "Unique; see [[gap:resources/Line/fields/sku]]." }\n',
  'resources/Line.yaml': 'title: Order line\nfields:\n  sku: { type: string, required: true }\n',
  'states/order-status.yaml': 'resource: Order\nfield: status\nstates: { open: true }\n',
  'endpoints/get-order.yaml': 'method: GET\npath: /orders/{id}\ndescription: Reads an [[resources/Order]].\nparameters:\n  path:\n    id: { type: string }\nresponses:\n  "200": { resource: Order }\n',
  'events/order.placed.yaml': 'direction: outbound\nchannel: orders\ndescription: Sent when an [[resources/Order]] is placed.\npayload: { resource: Order }\n',
};

describe('an export writes prose links as their words', () => {
  it('OpenAPI and AsyncAPI: a link is its label or its target’s title; code keeps what it shows; no `[[` is left', () => {
    const analysis = specFrom(files);
    const openapi = JSON.stringify(exportOpenApi(analysis));
    const asyncapi = JSON.stringify(exportAsyncApi(analysis));
    expect(openapi).toContain('One order. See Order line, its lifecycle and `[[kept/as/code]]`.');
    expect(openapi).toContain('Unique; see resources/Line/fields/sku.');
    expect(openapi).toContain('Reads an Order.');
    expect(asyncapi).toContain('Sent when an Order is placed.');
    for (const doc of [openapi, asyncapi]) expect(doc.replace('`[[kept/as/code]]`', '')).not.toContain('[[');
  });

  it('the complete fixture’s export reads back with no broken link', async () => {
    const exported = exportOpenApi(await specAt(fixture('complete')));
    const descriptions: string[] = [];
    JSON.stringify(exported, (key, value: unknown) => (key === 'description' && typeof value === 'string' && descriptions.push(value), value));
    expect(descriptions.filter((d) => d.includes('[['))).toEqual([]);
    expect(descriptions).toContain('Where the order is in its lifecycle.');
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-links-')), 'openapi.json');
    await writeFile(file, JSON.stringify(exported));
    const { analysis } = await importToSpec(file);
    expect(analysis.diagnostics.filter((d) => d.code === 'broken-link')).toEqual([]);
  });
});
