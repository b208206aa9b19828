import { describe, expect, it } from 'vitest';
import { analyzeFile, threadedReader } from '../../../src/lib/index.ts';
import { seeds } from '../../fuzz/mutate.ts';

const encoder = new TextEncoder();
const WORKER = new URL('../../../src/lib/engine/worker.ts', import.meta.url);

describe('reading on worker threads', () => {
  it('gives each file exactly the result this thread gives it', async () => {
    // Enough to be worth threads at the `worth` given: the fixtures' files, a few times over under other ids
    // (more copies of the same texts would compare nothing new; both halves get files of every fixture).
    const worth = 256 * 1024;
    const files = ['complete', 'half-written', 'hostile'].flatMap((fixture) => seeds([fixture]).map((f) => ({ ...f, path: f.path.replace(/\.yaml$/, `-${fixture}`) })));
    const items = files.filter((f) => !f.path.includes('_area') && !f.path.startsWith('specbench'));
    const jobs = Array.from({ length: 3 }, (_, copy) => items.map((f) => ({ path: `${f.path}-${copy}.yaml`, bytes: encoder.encode(f.text), key: `k${copy}`, settings: { require: ['description'] } }))).flat();
    expect(new Set(jobs.map((j) => j.path)).size).toBe(jobs.length);
    expect(jobs.reduce((n, j) => n + j.bytes.length, 0)).toBeGreaterThan(worth);
    // Threads from `worth`: this thread reads one share, a worker the other.
    const threaded = await threadedReader(WORKER, { threads: 2, worth })(jobs);
    const here = jobs.map((j) => analyzeFile(j.path, j.bytes, j.key, j.settings).result);
    expect(threaded.map((t) => t.result).sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(here.sort((a, b) => (a.path < b.path ? -1 : 1)));
  }, 300_000);

  it('asks a worker once there is `worth` to read (a worker that cannot start is an error, never a silent answer)', async () => {
    const jobs = ['a', 'b'].map((id) => ({ path: `errors/${id}.yaml`, bytes: encoder.encode('title: A\nstatus: 400\n'), key: id, settings: { require: [] } }));
    await expect(threadedReader(new URL('file:///no/such/worker.ts'), { threads: 2, worth: 1 })(jobs)).rejects.toThrow();
  });

  it('reads a little in this thread', async () => {
    const jobs = [{ path: 'purpose/_area.yaml', bytes: encoder.encode('name: Orders\n'), key: 'k', settings: { require: [] } }];
    const [only] = await threadedReader(new URL('file:///no/such/worker.ts'), { threads: 2 })(jobs);
    expect(only?.result.data).toEqual({ name: 'Orders' });
  });
});
