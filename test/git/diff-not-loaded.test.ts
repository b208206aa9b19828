import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.ts';
import { copyContent, makeRepo } from './repo.ts';

/**
 * A head that does not load is not counted. A facet written `{ open: false }` (refused) read as a
 * gap closed, a file with a YAML error as its item removed (breaking) with its gaps closed, and a
 * description answered with blanks as stated: the comment said so (an independent tester's t34f
 * repro-02 and 03). `diff` says the head does not load, with its errors located, and exits 1.
 */
describe('diff of a head that does not load', () => {
  it('counts nothing, names the errors where they are, in Markdown and JSON, and exits 1', async () => {
    const repo = await makeRepo();
    await copyContent(repo.root);
    const base = await repo.commit('Card, its description open', { 'spec/resources/Card.yaml': 'title: Card\ndescription: { open: What is a card payment? }\n', 'spec/resources/Gone.yaml': 'title: Gone\n' });
    const head = await repo.commit('A broken change', { 'spec/resources/Card.yaml': 'title: Card\ndescription: "   "\n', 'spec/resources/Gone.yaml': 'title: [unclosed\n' });
    const spec = join(repo.root, 'spec');
    const markdown = await cli(['diff', '--spec', spec, '--base', base, '--head', head]);
    expect(markdown.code).toBe(1);
    expect(markdown.out).toContain(`The spec at \`${head.slice(0, 12)}\` does not load: 2 errors. Nothing of this change is counted until it loads`);
    expect(markdown.out).toMatch(/^- `resources\/Card\.yaml:2:14` `bad-value` .*blank text states nothing/m);
    expect(markdown.out).toMatch(/^- `resources\/Gone\.yaml:2:1` `yaml-syntax` /m);
    expect(markdown.out).not.toMatch(/gaps? closed|removed\.|Breaking changes/i);
    expect(markdown.err).toContain('does not load (run `specbench check`): the change is not counted.');

    const json = await cli(['diff', '--spec', spec, '--base', base, '--head', head, '--format', 'json']);
    expect(json.code).toBe(1);
    const read = JSON.parse(json.out) as { loaded: boolean; errors: Array<{ file: string; line: number; code: string }>; gapsClosed?: unknown };
    expect(read.loaded).toBe(false);
    expect(read.gapsClosed).toBeUndefined();
    expect(read.errors.map((e) => `${e.file}:${e.line} ${e.code}`)).toEqual(['resources/Card.yaml:2 bad-value', 'resources/Gone.yaml:2 yaml-syntax']);

    // Fixed, the same change is counted: the gap closes with a real answer.
    const fixed = await repo.commit('Fixed', { 'spec/resources/Card.yaml': 'title: Card\ndescription: Paid by card.\n', 'spec/resources/Gone.yaml': 'title: Gone\n' });
    const counted = await cli(['diff', '--spec', spec, '--base', base, '--head', fixed, '--format', 'json']);
    expect(counted.code).toBe(0);
    expect((JSON.parse(counted.out) as { gapsClosed: Array<{ id: string }> }).gapsClosed.map((g) => g.id)).toEqual(['resources/Card/description']);
  });
});
