import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readSpecAt } from '../../src/lib/load/read-git.ts';
import { readSpecDir } from '../../src/lib/load/read-dir.ts';
import { makeRepo } from './repo.ts';

/**
 * The spec at a revision is read whatever its folder and files are named. git quotes a path that
 * is not plain ASCII (`"\303\234bersicht/..."`) in `ls-tree --format` even with `-z`, so a spec
 * folder named `Übersicht/content` read as an empty spec at every revision: `diff` said "Nothing
 * to compare with" and a removed event was nowhere (an independent tester's t34f repro-01).
 */
describe('readSpecAt', () => {
  it('reads a spec folder and files whose names are not plain ASCII, and names with quotes and backslashes', async () => {
    const repo = await makeRepo();
    const files = {
      'Übersicht/content/purpose/_area.yaml': 'name: Zahlungen\n',
      'Übersicht/content/events/zahlung.erhalten.yaml': 'title: Zahlung erhalten\n',
      'Übersicht/content/resources/Größe.yaml': 'title: Größe\n',
      'Übersicht/content/resources/q"t\\x.yaml': 'title: Quoted\n',
    };
    const sha = await repo.commit('a spec under a folder that is not plain ASCII', files);
    const read = await readSpecAt(repo.root, sha, 'Übersicht/content');
    expect(read.map((f) => f.path)).toEqual(['events/zahlung.erhalten.yaml', 'purpose/_area.yaml', 'resources/Größe.yaml', 'resources/q"t\\x.yaml']);
    expect(new TextDecoder().decode(read[0]?.bytes)).toBe('title: Zahlung erhalten\n');
    // The revision reads as the folder on disk does, file by file (a name that cannot be an id is said the same way).
    const plain = (files: Awaited<ReturnType<typeof readSpecDir>>) => files.map((f) => ({ path: f.path, text: f.bytes ? new TextDecoder().decode(f.bytes) : undefined, problem: f.problem?.code }));
    expect(plain(read)).toEqual(plain(await readSpecDir(join(repo.root, 'Übersicht/content'))));
  });

  it('reads sizes and skips what is not a spec file, as before', async () => {
    const repo = await makeRepo();
    const sha = await repo.commit('plain', { 'spec/purpose/_area.yaml': 'name: Orders\n', 'spec/.hidden/x.yaml': 'a: 1\n', 'other/x.yaml': 'b: 2\n' });
    const read = await readSpecAt(repo.root, sha, 'spec');
    expect(read.map((f) => f.path)).toEqual(['purpose/_area.yaml']);
  });
});
