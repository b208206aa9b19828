import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { exampleContext } from '../../../src/lib/mock/body.ts';
import { exampleOf } from '../../../src/lib/render/example.ts';
import { blockOf as block, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/**
 * t32s R5 (session 11, brief FN): influx's `DBRP` states its properties beside a `oneOf` of two
 * lists of required names ("`org` or `orgID`"). The generated example filled every optional
 * property, both of them, so it was a value of both variants, which `oneOf` forbids. Imported for
 * real, made by the generator, and checked against the source schema by an independent validator
 * (Ajv, `oneOf` strict).
 */
const FIXTURE = 'test/fixtures/interchange/fn/one-of-required-lists.yaml';

describe('a generated example of a one-of whose variants differ by their required lists', () => {
  it('carries one variant\'s fields and leaves out the field only the other requires, so exactly one variant takes it', async () => {
    const { analysis, source } = await importToSpec(FIXTURE);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    ajv.addSchema({ ...source, $id: 'doc' });
    const validate = ajv.compile({ $ref: 'doc#/components/schemas/DBRP' });
    const ctx = exampleContext(analysis);
    const request = exampleOf('DBRP', ctx, 'request')?.value;
    const response = exampleOf('DBRP', ctx, 'response')?.value;
    expect(request).toEqual({ orgID: 'string', bucketID: 'string', database: 'string', retention_policy: 'string', default: true });
    expect(response).toEqual({ id: 'string', orgID: 'string', bucketID: 'string', database: 'string', retention_policy: 'string', default: true });
    for (const value of [request, response]) {
      validate(value);
      expect(validate.errors ?? []).toEqual([]);
    }
    // The page's example, which every code sample sends.
    const body = block(itemOf(siteViews(analysis), 'endpoints', 'PostDBRP'), 'body')?.body;
    const made = body?.examples.find((e) => e.generated);
    expect(JSON.parse(made?.text ?? 'null')).toEqual(request);
    const samples = JSON.stringify(block(itemOf(siteViews(analysis), 'endpoints', 'PostDBRP'), 'samples'));
    expect(samples).toContain('\\"orgID\\"');
    expect(samples).not.toContain('\\"org\\"');
  });
});
