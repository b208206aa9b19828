import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, exportOpenApi, type ShapeView } from '../../../src/lib/index.ts';
import { compare, inventory } from '../../interchange/inventory.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { openApiProblems } from '../../openapi-valid.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';

// Issue 32, found by its tester on ix-api.net (every 4xx of every operation): an inline allOf that
// narrows a referenced problem type, with an empty `{}` part. The `{}` part became a variant whose
// type was an open question (a gap the source never left open), and the merged fields listed
// `status` and `type` twice, once per part, as two fields.

const FIXTURE = 'test/fixtures/reader/pass7/04-allof-override-and-raw-tokens.yaml';

describe('an allOf that narrows a resource, with an empty part', () => {
  it('keeps no part for `{}` (it adds nothing to what the others hold), and reads back as a fixed point', async () => {
    const first = await importToSpec(FIXTURE);
    const body = areaOf(first.analysis.spec, 'errors').data.body as { schema: { type: string; of: unknown[] } };
    expect(body.schema.type).toBe('all_of');
    expect(body.schema.of).toHaveLength(2);
    expect(first.analysis.assessment.facets.filter((f) => JSON.stringify(f.value ?? '').includes('The source gives no type'))).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    const exported = exportOpenApi(first.analysis);
    expect(await openApiProblems(exported)).toEqual([]);
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-override-')), 'exported.json');
    await writeFile(file, JSON.stringify(exported));
    const second = await importToSpec(file);
    expect(JSON.stringify(exportOpenApi(second.analysis))).toBe(JSON.stringify(exported));
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });

  it('shows each field once in the merged view, with what each part states of it in its row', async () => {
    const model = siteViews((await importToSpec(FIXTURE)).analysis);
    const error = itemOf(model, 'errors', 'createThing-400'); // a body one operation writes is named after it (f31d)
    const body = blockOf(error, 'body');
    const fields = body?.body.shape?.children.find((c) => c.kind === 'fields')?.shapes ?? [];
    expect(fields.map((f) => f.name)).toEqual(['type', 'title', 'status']);
    const status = fields.find((f) => f.name === 'status') as ShapeView;
    expect(status.origin?.label).toBe('Problem');
    expect(status.type?.text).toBe('integer');
    expect(status.also?.map((a) => [a.origin, a.examples?.items])).toEqual([[undefined, ['400']]]);
    const type = fields.find((f) => f.name === 'type') as ShapeView;
    expect(type.also?.[0]?.allowed?.items).toEqual(['https://errors.example.com/validation-error']);
  });
});
