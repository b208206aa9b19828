import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, countAsyncApi, exportAsyncApi } from '../../src/lib/index.ts';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ids, importToSpec, resourceFields, STREETLIGHTS } from './helpers.ts';

describe('Streetlights (AsyncAPI 3)', () => {
  it('imports every message as an event, every schema as a resource, every security scheme', async () => {
    const { analysis, source } = await importToSpec(STREETLIGHTS);
    expect(countAsyncApi(source)).toEqual({ channels: 4, operations: 4, messages: 3, schemas: 4, securitySchemes: 3 });
    expect(analysis.diagnostics).toEqual([]);
    expect(ids(analysis, 'events')).toEqual(['dimLight', 'lightMeasured', 'turnOnOff']);
    expect(ids(analysis, 'resources')).toEqual(['dimLightPayload', 'lightMeasuredPayload', 'sentAt', 'turnOnOffPayload']);
    expect(ids(analysis, 'authentication')).toHaveLength(3);
    const event = areaOf(analysis.spec, 'events').items.find((i) => i.id === 'lightMeasured');
    expect(event?.data.payload).toEqual({ resource: 'lightMeasuredPayload', content_type: 'application/json' });
    expect(areaOf(analysis.spec, 'purpose').data.base_url).toBe('mqtt://test.mosquitto.org:1883');
  });

  it('exports AsyncAPI 3.0 that @asyncapi/parser accepts, and round-trips events, schemas and fields', async () => {
    const first = await importToSpec(STREETLIGHTS);
    const doc = exportAsyncApi(first.analysis);
    const { diagnostics } = await new Parser().parse(JSON.stringify(doc));
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => d.message)).toEqual([]);
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-async-')), 'exported.json');
    await writeFile(file, JSON.stringify(doc));
    const second = await importToSpec(file);
    expect(ids(second.analysis, 'events')).toEqual(ids(first.analysis, 'events'));
    expect(resourceFields(second.analysis)).toEqual(resourceFields(first.analysis));
  });
});
