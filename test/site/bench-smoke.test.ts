import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSpec } from '../bench/generate.ts';
import { analyze, type SpecFile } from '../../src/lib/index.ts';

describe('the benchmark', () => {
  it('generates the same valid synthetic spec every time', () => {
    const a = generateSpec('S');
    expect(generateSpec('S')).toEqual(a);
    const files: SpecFile[] = a.map((f) => ({ path: f.path, bytes: new TextEncoder().encode(f.text) }));
    const analysis = analyze(files);
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(analysis.spec.areas.find((x) => x.key === 'endpoints')?.items).toHaveLength(100);
  });

  it('runs end to end on the smallest size and prints its table (smoke run)', async () => {
    const out = await mkdtemp(join(tmpdir(), 'specbench-bench-'));
    const stdout = execFileSync('node', ['test/bench/run.ts', '--sizes', 'S', '--runs', '1', '--out', out], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).toMatch(/^input\s+items\s+load\+validate ms/m);
    expect(stdout).toMatch(/^\s+S\s+218\s/m);
    const json = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { results: Array<Record<string, number | string>> };
    expect(json.results[0]).toMatchObject({ input: 'S', items: 218, pages: 239 });
    expect(Number(json.results[0]?.buildS)).toBeGreaterThan(0);
  }, 300_000);
});
