import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { generateSpec } from '../bench/generate.ts';
import { analyze, type SpecFile } from '../../src/lib/index.ts';

describe('the benchmark', () => {
  it('generates the same valid synthetic spec of exactly the items asked for every time', () => {
    const a = generateSpec(250);
    expect(generateSpec(250)).toEqual(a);
    expect(generateSpec(250, 2)).not.toEqual(a);
    const files: SpecFile[] = a.map((f) => ({ path: f.path, bytes: new TextEncoder().encode(f.text) }));
    const analysis = analyze(files);
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(analysis.spec.areas.reduce((n, area) => n + area.items.length, 0)).toBe(250);
  });

  it('runs end to end on a small synthetic spec and prints its figures and the targets (smoke run)', async () => {
    const out = await mkdtemp(join(tmpdir(), 'specbench-bench-'));
    onTestFinished(() => rm(out, { recursive: true, force: true }));
    const stdout = execFileSync('node', ['test/bench/run.ts', '--sizes', '200', '--runs', '1', '--out', out], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).toMatch(/^Specbench benchmark: npm run bench -- --sizes 200 --runs 1 --out /m);
    expect(stdout).toMatch(/^\s+input\s+items\s+files\s+YAML MB\s+check ms/m);
    expect(stdout).toMatch(/^\s+200\s+200\s+209\s/m);
    expect(stdout).toMatch(/start-up: `check` of the shipped spec \(content\/\), fresh process\s+\d+ ms\s+target < 300 ms\s+(met|MISSED)$/m);
    const json = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { inputs: Array<{ name: string; items: number; check: { ms: number }; build: { s: number; pages: number; itemKb: number } }> };
    expect(json.inputs[0]).toMatchObject({ name: '200', items: 200 });
    expect(json.inputs[0]?.check.ms).toBeGreaterThan(0);
    expect(json.inputs[0]?.build.s).toBeGreaterThan(0);
    expect(json.inputs[0]?.build.pages).toBeGreaterThan(200);
    expect(json.inputs[0]?.build.itemKb).toBeGreaterThan(0);
  }, 300_000);
});
