import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, countAsyncApi, exportAsyncApi, readSpecDir } from '../../src/lib/index.ts';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ids, importToSpec, resourceFields, STREETLIGHTS } from './helpers.ts';

describe('Streetlights (AsyncAPI 3.1)', () => {
  it('imports every message as an event, every schema as a resource, every security scheme', async () => {
    const { analysis, source } = await importToSpec(STREETLIGHTS);
    expect(countAsyncApi(source)).toEqual({ channels: 4, operations: 4, messages: 3, schemas: 4, securitySchemes: 3 });
    // The server's OAuth 2.0 scheme is written in place, a copy of the named one with the scopes it needs: it is that scheme, so none goes unused.
    expect(analysis.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}`)).toEqual([]);
    expect(ids(analysis, 'events')).toEqual(['dimLight', 'lightMeasured', 'turnOnOff']);
    expect(ids(analysis, 'resources')).toEqual(['dimLightPayload', 'lightMeasuredPayload', 'sentAt', 'turnOnOffPayload']);
    expect(ids(analysis, 'authentication')).toHaveLength(3);
    const event = areaOf(analysis.spec, 'events').items.find((i) => i.id === 'lightMeasured');
    expect(event?.data.payload).toEqual({ resource: 'lightMeasuredPayload', content_type: 'application/json' });
    expect(areaOf(analysis.spec, 'purpose').data.base_url).toBe('mqtt://test.mosquitto.org:1883');
    // The channel's address, the operation's direction, the message's headers, the servers' security.
    expect(event?.data).toMatchObject({
      channel: 'smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured',
      direction: 'received',
      headers: { 'my-app-header': { type: 'integer', minimum: 0, maximum: 100 } },
      security: [{ scheme: 'apiKey' }, { scheme: 'supportedOauthFlows', scopes: ['streetlights:on', 'streetlights:off', 'streetlights:dim'] }, { scheme: 'openIdConnectWellKnown' }],
    });
    expect(areaOf(analysis.spec, 'events').items.find((i) => i.id === 'dimLight')?.data.direction).toBe('sent');
    expect(areaOf(analysis.spec, 'authentication').items.find((i) => i.id === 'apiKey')?.data.location).toBe('user');
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
    // A fixed point: the same content files (bar the header naming the source) and the same gaps.
    const files = async (dir: string) => Object.fromEntries(await Promise.all((await readSpecDir(dir)).map(async (f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')])));
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(second.analysis.assessment.gaps.map((g) => g.id)).toEqual(first.analysis.assessment.gaps.map((g) => g.id));
  });
});
