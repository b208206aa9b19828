import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFolder, type FolderWatch } from '../../src/cli/watch.ts';

/**
 * Saves as editors and tools make them, each told again and again: a file written beside the one
 * it replaces and renamed over it (vim, VS Code, JetBrains, `sed -i`), a file removed and written
 * again, a file in a folder made after the watch began. Each call reads what the folder holds for
 * the paths it was told, as the workspace does; a step is done when a call has read the text the
 * step wrote. No clock: the wait is on the calls, and the test's own time limit is the only one.
 */
function reader(dir: string) {
  const seen: Array<Map<string, string | undefined>> = [];
  const errors: unknown[] = [];
  let waiters: Array<() => void> = [];
  const watch = watchFolder(
    dir,
    (paths) => {
      seen.push(
        new Map(
          paths.map((p) => {
            try {
              return [p, readFileSync(join(dir, p), 'utf8')];
            } catch {
              return [p, undefined];
            }
          }),
        ),
      );
      for (const wake of waiters) wake();
    },
    { onError: (e) => errors.push(e) },
  );
  /** Resolves once a call was told `path` and read `text` there (undefined: found it gone). */
  const read = async (path: string, text: string | undefined): Promise<void> => {
    const hit = () => seen.some((call) => call.has(path) && call.get(path) === text);
    while (!hit()) await new Promise<void>((wake) => waiters.push(wake)).finally(() => (waiters = []));
  };
  return { watch, errors, read };
}

const watches: FolderWatch[] = [];
afterEach(() => {
  for (const w of watches.splice(0)) w.close();
});

async function folder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'specbench-watch-saves-'));
  const dir = join(root, 'spec');
  await mkdir(join(dir, 'resources'), { recursive: true });
  await writeFile(join(dir, 'resources/Order.yaml'), 'title: Order 0\n');
  return dir;
}

describe('watchFolder follows saves however they are made', () => {
  it('tells a file saved by renaming a new file over it, every time', async () => {
    const dir = await folder();
    const r = reader(dir);
    watches.push(r.watch);
    for (let i = 1; i <= 4; i++) {
      const temp = join(dir, `resources/.Order.yaml.${i}.swp`);
      await writeFile(temp, `title: Order ${i}\n`);
      await rename(temp, join(dir, 'resources/Order.yaml'));
      await r.read('resources/Order.yaml', `title: Order ${i}\n`);
    }
    // A plain write after the renames is told too.
    await writeFile(join(dir, 'resources/Order.yaml'), 'title: Order 5\n');
    await r.read('resources/Order.yaml', 'title: Order 5\n');
    expect(r.errors).toEqual([]);
  });

  it('tells a file removed and written again, and its edits after', async () => {
    const dir = await folder();
    const r = reader(dir);
    watches.push(r.watch);
    for (let i = 1; i <= 3; i++) {
      await rm(join(dir, 'resources/Order.yaml'));
      await r.read('resources/Order.yaml', undefined);
      await writeFile(join(dir, 'resources/Order.yaml'), `title: Again ${i}\n`);
      await r.read('resources/Order.yaml', `title: Again ${i}\n`);
    }
    await writeFile(join(dir, 'resources/Order.yaml'), 'title: Edited\n');
    await r.read('resources/Order.yaml', 'title: Edited\n');
    expect(r.errors).toEqual([]);
  });

  it('tells a new file in a new folder, its saves by rename, and a folder moved in whole', async () => {
    const dir = await folder();
    const r = reader(dir);
    watches.push(r.watch);
    await mkdir(join(dir, 'errors/deep'), { recursive: true });
    await writeFile(join(dir, 'errors/deep/not_found.yaml'), 'status: 404\n');
    await r.read('errors/deep/not_found.yaml', 'status: 404\n');
    for (const status of [410, 409, 400]) {
      await writeFile(join(dir, 'errors/deep/.tmp'), `status: ${status}\n`);
      await rename(join(dir, 'errors/deep/.tmp'), join(dir, 'errors/deep/not_found.yaml'));
      await r.read('errors/deep/not_found.yaml', `status: ${status}\n`);
    }
    // A folder made elsewhere with its files and moved in: every file it brings is told, then its edits.
    const outside = join(dir, '..', 'limits');
    await mkdir(outside);
    await writeFile(join(outside, 'hourly.yaml'), 'kind: quota\n');
    await rename(outside, join(dir, 'limits'));
    await r.read('limits/hourly.yaml', 'kind: quota\n');
    await writeFile(join(dir, 'limits/hourly.yaml'), 'kind: size\n');
    await r.read('limits/hourly.yaml', 'kind: size\n');
    // A folder removed and made again under the same name is watched again.
    await rm(join(dir, 'errors'), { recursive: true });
    await mkdir(join(dir, 'errors'));
    await writeFile(join(dir, 'errors/gone.yaml'), 'status: 410\n');
    await r.read('errors/gone.yaml', 'status: 410\n');
    await writeFile(join(dir, 'errors/gone.yaml'), 'status: 404\n');
    await r.read('errors/gone.yaml', 'status: 404\n');
    expect(r.errors).toEqual([]);
  });

  it('watches a folder removed and made again at once, though it is given the same inode', async () => {
    // ext4 gives a folder made right after one was removed the same inode number: the watch of
    // the old one is dead, so an inode cannot say the folder is the same (CI once waited here for
    // 3 minutes). Removed and made in one step, before any event of it is read.
    const dir = await folder();
    const r = reader(dir);
    watches.push(r.watch);
    mkdirSync(join(dir, 'errors'));
    await writeFile(join(dir, 'errors/first.yaml'), 'status: 400\n');
    await r.read('errors/first.yaml', 'status: 400\n');
    for (let i = 1; i <= 5; i++) {
      rmSync(join(dir, 'errors'), { recursive: true });
      mkdirSync(join(dir, 'errors'));
      await writeFile(join(dir, 'errors/again.yaml'), `status: ${400 + i}\n`);
      await r.read('errors/again.yaml', `status: ${400 + i}\n`);
      await writeFile(join(dir, 'errors/again.yaml'), `status: ${500 + i}\n`);
      await r.read('errors/again.yaml', `status: ${500 + i}\n`);
    }
    // The spec folder itself, removed and made again in one step.
    for (let i = 1; i <= 3; i++) {
      rmSync(dir, { recursive: true });
      mkdirSync(join(dir, 'resources'), { recursive: true });
      await writeFile(join(dir, 'resources/Order.yaml'), `title: Made ${i}\n`);
      await r.read('resources/Order.yaml', `title: Made ${i}\n`);
      await writeFile(join(dir, 'resources/Order.yaml'), `title: Edited ${i}\n`);
      await r.read('resources/Order.yaml', `title: Edited ${i}\n`);
    }
    expect(r.errors).toEqual([]);
  });
});
