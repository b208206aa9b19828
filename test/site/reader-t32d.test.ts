import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from './build.ts';

/**
 * Issue 32, defects its tester t32s found on real documents (/work/notes/s11/t32s/README.md), read
 * back from a built site: one document made of the reduced cases in test/fixtures/interchange/t32s/
 * (their views: test/lib/render/reader-t32d.test.ts).
 */
const FIXTURES = ['inheritance-kinds.yaml', 'one-of-requires.yaml', 'discriminator-partial.yaml', 'enum-words-twice.yaml'].map((f) => join('test', 'fixtures', 'interchange', 't32s', f));

let site = '';
let made = '';
const page = async (path: string): Promise<HTMLElement> => parseHtml(await readFile(join(site, path, 'index.html'), 'utf8'));
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  // One document holding the three: their paths and schemas do not collide.
  const docs = await Promise.all(FIXTURES.map(async (f) => parseYaml(await readFile(f, 'utf8')) as { paths: object; components: { schemas: object } }));
  const doc = { openapi: '3.0.3', info: { title: 't32s', version: '1' }, paths: Object.assign({}, ...docs.map((d) => d.paths)), components: { schemas: Object.assign({}, ...docs.map((d) => d.components.schemas)) } };
  made = await mkdtemp(join(tmpdir(), 'specbench-t32d-'));
  const file = join(made, 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const built = await buildSite((await importToSpec(file)).dir);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});

afterAll(async () => {
  if (made) await rm(made, { recursive: true, force: true });
});

describe('reference pages a reader reads (issue 32, t32s)', () => {
  it('shows a base type’s kinds in place with the fields each adds, required ones marked (R9)', async () => {
    const main = (await page('endpoints/make_job')).querySelector('main');
    const request = main?.querySelector('#ref-request')?.parentNode ?? main;
    const kinds = request?.querySelectorAll('.shape-variants').filter((k) => text(k.querySelector('.shape-of')).includes('by @odata.type')) ?? [];
    expect(kinds.length).toBe(1);
    expect(text(kinds[0]?.querySelector('.shape-of'))).toContain('by @odata.type, each with the fields it adds to those of Output above');
    const asset = text(kinds[0]);
    expect(asset).toContain('AssetOutput');
    expect(asset).toMatch(/assetName string required/);
    expect(asset).toContain('The asset written to.');
  });

  it('writes a named all-of’s kind after its name, not "all of NAME" (R3)', async () => {
    const main = (await page('endpoints/get_asset')).querySelector('main');
    const types = main?.querySelectorAll('.shape-type').map(text) ?? [];
    expect(types).toContain('AssetOutput (all of its parts)');
    expect(types.filter((t) => t.startsWith('all of '))).toEqual([]);
  });

  it('says above an object’s fields what every variant of its one-of requires, not "all optional" (R6)', async () => {
    const main = text((await page('endpoints/PostDBRP')).querySelector('main'));
    expect(main).toContain('3 required by every variant below (bucketID, database, retention_policy), and orgID or org');
    expect(main).not.toContain('all optional');
  });

  it('says that no variant has the discriminator’s field (R13), and gives an unmapped variant its value by the rule (R14)', async () => {
    const payment = (await page('endpoints/getPaymentMethod')).querySelector('main');
    expect(text(payment?.querySelector('[data-discriminator-absent]'))).toBe('But no variant it tells apart has a field type: the document’s discriminator cannot tell them apart by it.');
    const offers = (await page('endpoints/getOffers')).querySelector('main');
    expect(offers?.querySelector('[data-discriminator-absent]')).toBeNull();
    const rows = offers?.querySelector('.discriminator')?.querySelectorAll('.mapping > div').map((r) => [text(r.querySelector('dt')), text(r.querySelector('dd'))]);
    expect(rows).toEqual([
      ['Percent', 'Percent'],
      ['ActiveConsumerOffer', 'ActiveConsumerOffer (its name, by the OpenAPI rule: it fixes no value)'],
    ]);
  });

  it('prints an enum’s list once where the field’s own words end with it (R8)', async () => {
    const main = (await page('endpoints/list_payments')).querySelector('main');
    const row = (name: string) => main?.querySelector(`[data-shape="endpoints/list_payments/responses/200/schema/fields/${name}"]`);
    expect(text(row('payment_status')).split('Initiated').length - 1).toBe(1);
    expect(text(row('other_status')).split('Initiated').length - 1).toBe(1);
  });
});
