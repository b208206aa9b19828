import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFolder, WHOLE_FOLDER, type FolderWatch } from '../../src/cli/watch.ts';

/**
 * A watch whose calls are kept, with a way to wait until what has been told meets a condition.
 * Waiting is on the calls themselves (no fixed sleep): `until` resolves as soon as a call makes the
 * condition true, and the test's own time limit is the only clock.
 */
function recorder(dir: string, options: { slow?: () => Promise<void> } = {}) {
  const calls: string[][] = [];
  const errors: unknown[] = [];
  let waiters: Array<() => void> = [];
  const watch = watchFolder(
    dir,
    async (paths) => {
      calls.push(paths);
      for (const wake of waiters) wake();
      await options.slow?.();
    },
    { onError: (e) => errors.push(e) },
  );
  const told = () => new Set(calls.flat());
  const until = async (condition: () => boolean): Promise<void> => {
    while (!condition()) await new Promise<void>((wake) => waiters.push(wake)).finally(() => (waiters = []));
  };
  return { watch, calls, errors, told, until };
}

const watches: FolderWatch[] = [];
afterEach(() => {
  for (const w of watches.splice(0)) w.close();
});

async function folder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'specbench-watch-'));
  const dir = join(root, 'spec');
  await mkdir(join(dir, 'resources'), { recursive: true });
  return dir;
}

describe('watchFolder', () => {
  it('tells the paths that changed, relative to the folder with /, in a new folder too', async () => {
    const dir = await folder();
    const r = recorder(dir);
    watches.push(r.watch);
    await writeFile(join(dir, 'resources/Order.yaml'), 'title: Order\n');
    await r.until(() => r.told().has('resources/Order.yaml'));
    await mkdir(join(dir, 'errors'));
    await writeFile(join(dir, 'errors/not_found.yaml'), 'status: 404\n');
    // A new folder's files are told once the recursive watch has entered it; its own name always is.
    await r.until(() => r.told().has('errors'));
    await writeFile(join(dir, 'errors/not_found.yaml'), 'status: 410\n');
    await r.until(() => r.told().has('errors/not_found.yaml'));
    expect(r.errors).toEqual([]);
    expect(r.calls.flat().every((p) => !p.includes('\\') && !p.startsWith('/'))).toBe(true);
  });

  it('tells a burst of events as few calls, never one while the last still runs', async () => {
    const dir = await folder();
    let release: () => void = () => {};
    let running = 0;
    let overlapped = false;
    const r = recorder(dir, {
      slow: async () => {
        running++;
        if (running > 1) overlapped = true;
        await new Promise<void>((done) => (release = done));
        running--;
      },
    });
    watches.push(r.watch);
    for (let i = 0; i < 50; i++) await writeFile(join(dir, `resources/R${i}.yaml`), `title: R${i}\n`);
    await r.until(() => r.calls.length >= 1);
    // While the first call is held, more changes queue up.
    await writeFile(join(dir, 'resources/Late.yaml'), 'title: Late\n');
    for (;;) {
      const before = r.calls.length;
      release();
      if (r.told().has('resources/Late.yaml') && [...Array(50).keys()].every((i) => r.told().has(`resources/R${i}.yaml`))) break;
      await r.until(() => r.calls.length > before);
    }
    release();
    expect(overlapped).toBe(false);
    // Fifty-one files written one after another: far fewer calls than events.
    expect(r.calls.length).toBeLessThan(51);
  });

  it('survives the folder being removed and made again, and follows the new folder', async () => {
    const dir = await folder();
    const r = recorder(dir);
    watches.push(r.watch);
    await rm(dir, { recursive: true });
    await r.until(() => r.calls.some((c) => c.includes(WHOLE_FOLDER)));
    const count = r.calls.length;
    await mkdir(join(dir, 'resources'), { recursive: true });
    await r.until(() => r.calls.slice(count).some((c) => c.includes(WHOLE_FOLDER)));
    // The new folder is watched: an edit in it is told.
    await writeFile(join(dir, 'resources/Back.yaml'), 'title: Back\n');
    await r.until(() => r.told().has('resources/Back.yaml'));
    // Moved away and back, as a tool that rewrites it does.
    await rename(dir, `${dir}-old`);
    await rename(`${dir}-old`, dir);
    const moved = r.calls.length;
    await writeFile(join(dir, 'resources/Again.yaml'), 'title: Again\n');
    await r.until(() => r.calls.slice(moved).flat().includes('resources/Again.yaml'));
    expect(r.errors).toEqual([]);
  });

  it('never throws into the process: a failing callback goes to onError and the watch goes on', async () => {
    const dir = await folder();
    const errors: unknown[] = [];
    const seen: string[] = [];
    let wake: () => void = () => {};
    const watch = watchFolder(
      dir,
      (paths) => {
        seen.push(...paths);
        wake();
        if (paths.includes('resources/Boom.yaml')) throw new Error('boom');
      },
      { onError: (e) => errors.push(e) },
    );
    watches.push(watch);
    const until = async (path: string) => {
      while (!seen.includes(path)) await new Promise<void>((done) => (wake = done));
    };
    await writeFile(join(dir, 'resources/Boom.yaml'), 'x: 1\n');
    await until('resources/Boom.yaml');
    await writeFile(join(dir, 'resources/After.yaml'), 'x: 2\n');
    await until('resources/After.yaml');
    expect(errors.map((e) => (e instanceof Error ? e.message : e))).toContain('boom');
  });

  it('watches a folder that is not there yet, and tells when it appears', async () => {
    const root = await mkdtemp(join(tmpdir(), 'specbench-watch-'));
    const dir = join(root, 'later');
    const r = recorder(dir);
    watches.push(r.watch);
    await mkdir(dir);
    await r.until(() => r.told().has(WHOLE_FOLDER));
    await writeFile(join(dir, 'specbench.yaml'), 'checks: {}\n');
    await r.until(() => r.told().has('specbench.yaml'));
  });

  it('tells nothing after close', async () => {
    const dir = await folder();
    const calls: string[][] = [];
    const watch = watchFolder(dir, (paths) => void calls.push(paths));
    watch.close();
    await writeFile(join(dir, 'resources/Quiet.yaml'), 'title: Quiet\n');
    // A second watch sees the write: by then the first would have been told too, had it been open.
    const r = recorder(dir);
    watches.push(r.watch);
    await writeFile(join(dir, 'resources/Loud.yaml'), 'title: Loud\n');
    await r.until(() => r.told().has('resources/Loud.yaml'));
    expect(calls).toEqual([]);
  });
});
