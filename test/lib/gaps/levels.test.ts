import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS, readiness } from '../../../src/lib/index.ts';
import { cli, fixture, scratchCopy, specAt } from '../../helpers.ts';

/** The readiness `gaps --format json` reports for a spec folder. */
async function readinessOf(dir: string) {
  const { code, out, err } = await cli(['gaps', '--spec', dir, '--format', 'json']);
  expect({ code, err }).toEqual({ code: 0, err: '' });
  return JSON.parse(out).readiness as { reached: string | null; levels: Array<{ name: string; reached: boolean; open: number }>; next: { name: string; blocking: string[] } | null };
}

/** A copy of a fixture with its own `specbench.yaml`. */
async function withConfig(name: string, config: string): Promise<string> {
  const dir = await scratchCopy(fixture(name));
  await writeFile(join(dir, 'specbench.yaml'), config);
  return dir;
}

describe('the default levels', () => {
  it('are design-review (purpose and every inventory), build (resources, endpoints, errors, authentication) and publish (everything)', () => {
    expect(DEFAULT_LEVELS.map((l) => l.name)).toEqual(['design-review', 'build', 'publish']);
    expect(DEFAULT_LEVELS[0]?.close).toEqual([
      'purpose/**',
      'resources/inventory',
      'states/inventory',
      'endpoints/inventory',
      'authentication/inventory',
      'events/inventory',
      'errors/inventory',
      'limits/quotas',
      'limits/size_bounds',
      'limits/timeouts',
      'versioning/inventory',
    ]);
    expect(DEFAULT_LEVELS[1]?.close).toEqual(['resources/**', 'endpoints/**', 'errors/**', 'authentication/**']);
    expect(DEFAULT_LEVELS[2]?.close).toEqual(['**']);
  });

  it('the complete fixture reaches publish, the last level', async () => {
    const r = await readinessOf(fixture('complete'));
    expect(r).toEqual({
      reached: 'publish',
      levels: [
        { name: 'design-review', reached: true, open: 0 },
        { name: 'build', reached: true, open: 0 },
        { name: 'publish', reached: true, open: 0 },
      ],
      next: null,
    });
    expect((await cli(['gaps', '--spec', fixture('complete')])).out).toMatch(/^Readiness: level publish reached, the last level\.\n/);
  });

  it('the half-written fixture reaches no level: its purpose and three inventories are open', async () => {
    const r = await readinessOf(fixture('half-written'));
    expect(r.reached).toBeNull();
    expect(r.next).toEqual({
      name: 'design-review',
      blocking: ['purpose/base_url', 'purpose/domain', 'purpose/users', 'resources/inventory', 'endpoints/inventory', 'errors/inventory', 'limits/size_bounds'],
    });
    // Cumulative: build needs design-review's gaps and its own; publish needs every gap.
    const all = (await specAt(fixture('half-written'))).assessment.gaps;
    expect(r.levels.map((l) => [l.name, l.reached, l.open])).toEqual([
      ['design-review', false, 7],
      ['build', false, all.filter((g) => /^(purpose|resources|endpoints|errors|authentication)\//.test(g.id) || g.id === 'limits/size_bounds').length],
      ['publish', false, all.length],
    ]);
    const text = (await cli(['gaps', '--spec', fixture('half-written')])).out;
    expect(text.split('\n')[0]).toBe(
      'Readiness: no level reached yet; 7 gaps stand between the spec and design-review: purpose/base_url, purpose/domain, purpose/users, resources/inventory, endpoints/inventory, errors/inventory, limits/size_bounds.',
    );
  });

  it('content/ reaches no level, and the top of SPEC_GAPS.md says which gaps stand before design-review', async () => {
    const md = await readFile('SPEC_GAPS.md', 'utf8');
    const r = await readinessOf('content');
    expect(r.reached).toBeNull();
    expect(md.split('\n').slice(0, 10).join('\n')).toContain(
      `Readiness: no level reached yet; ${r.next?.blocking.length} gaps stand between the spec and design-review: ${r.next?.blocking.map((id) => `\`${id}\``).join(', ')}.`,
    );
    expect(r.next?.blocking).toContain('versioning/inventory');
    expect(r.next?.blocking).not.toContain('events/delivery');
  });
});

describe('levels declared in specbench.yaml', () => {
  const config = ['require: [format]', 'levels:', '  - name: named', '    close: [purpose/name, purpose/domain]', '  - name: payloads', '    close: ["endpoints/*/responses/**", "resources/*/fields/*/format"]', ''].join('\n');

  it('are measured in order, each with the gaps of the ones before it', async () => {
    const r = await readinessOf(await withConfig('half-written', config));
    expect(r.reached).toBeNull();
    expect(r.levels).toEqual([
      { name: 'named', reached: false, open: 1 },
      { name: 'payloads', reached: false, open: 5 },
    ]);
    expect(r.next).toEqual({ name: 'named', blocking: ['purpose/domain'] });
  });

  it('a level reached shows the next one and exactly what stands in its way', async () => {
    const dir = await withConfig('half-written', config);
    await writeFile(join(dir, 'purpose/_area.yaml'), (await readFile(join(dir, 'purpose/_area.yaml'), 'utf8')).replace(/^domain:.*$/m, 'domain: Lending'));
    const r = await readinessOf(dir);
    expect(r.reached).toBe('named');
    expect(r.next).toEqual({
      name: 'payloads',
      blocking: ['resources/Loan/fields/status/format', 'resources/Loan/fields/renewals/format', 'endpoints/create-loan/responses', 'endpoints/get-loan/responses/404'],
    });
    const md = (await cli(['gaps', '--spec', dir, '--format', 'markdown'])).out;
    expect(md).toContain('Readiness: level named reached; 4 gaps stand between it and payloads: `resources/Loan/fields/status/format`, ');
    expect(md).toContain('Levels (each needs the ones before it): named reached; payloads 4 open gaps.');
  });

  it('match ids literally: dots, tildes and other characters in names are no pattern syntax', () => {
    const gap = (id: string) => ({ id }) as Parameters<typeof readiness>[0][number];
    const r = readiness([gap('events/timeline.html/payload'), gap('endpoints/x/request/content/multipart~1form-data/schema'), gap('errors/.hidden/body')], [
      { name: 'one', close: ['events/timeline.html/*'] },
      { name: 'two', close: ['endpoints/*/request/**'] },
      { name: 'three', close: ['errors/*/body'] },
    ]);
    expect(r.levels.map((l) => l.open.map((g) => g.id))).toEqual([
      ['events/timeline.html/payload'],
      ['events/timeline.html/payload', 'endpoints/x/request/content/multipart~1form-data/schema'],
      ['events/timeline.html/payload', 'endpoints/x/request/content/multipart~1form-data/schema', 'errors/.hidden/body'],
    ]);
    expect(readiness([gap('events/timelineXhtml/payload')], [{ name: 'one', close: ['events/timeline.html/*'] }]).reached).toBe('one');
  });
});

describe('mistakes in levels are located errors in specbench.yaml', () => {
  const check = async (config: string) => {
    const { code, out } = await cli(['check', '--spec', await withConfig('complete', config), '--format', 'json']);
    return { code, diagnostics: JSON.parse(out).diagnostics as Array<{ code: string; file: string; line: number; column: number; message: string }> };
  };

  it('a pattern whose first segment is not an area', async () => {
    const { code, diagnostics } = await check('levels:\n  - name: first\n    close: [purpose/**, resourcs/**]\n');
    expect(code).toBe(1);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'unknown-gap-pattern', file: 'specbench.yaml', line: 3, column: 25, message: expect.stringContaining('`resourcs` is not an area. Did you mean `resources`?') }),
    ]);
  });

  it('a pattern with a facet the model has not at that place, with a suggestion', async () => {
    const { diagnostics } = await check('levels:\n  - name: first\n    close:\n      - "*/inventory"\n      - resources/*/feilds/**\n      - purpose/nme\n      - resources/**/formt\n');
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['unknown-gap-pattern', 5, 9],
      ['unknown-gap-pattern', 6, 9],
      ['unknown-gap-pattern', 7, 9],
    ]);
    expect(diagnostics[0]?.message).toContain('`feilds` is not a facet that can follow `resources/*`. Did you mean `fields`?');
    expect(diagnostics[1]?.message).toContain('`nme` is not a facet that can follow `purpose`. Did you mean `name`?');
    expect(diagnostics[2]?.message).toContain('no facet called `formt` ends an id there. Did you mean `format`?');
  });

  it('a pattern longer than a gap id can be (which the glob matcher refuses) is a located error, quoted short, and gaps refuses to count', async () => {
    const long = `purpose/${'x'.repeat(70_000)}`;
    const deep = `purpose/${Array(25_000).fill('**').join('/')}`;
    const { code, diagnostics } = await check(`levels:\n  - name: first\n    close: ["${long}"]\n  - name: second\n    close: ["${deep}"]\n`);
    expect(code).toBe(1);
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['bad-value', 3, 13],
      ['bad-value', 5, 13],
    ]);
    expect(diagnostics.every((d) => d.message.length < 300 && d.message.endsWith('a pattern is at most 512 characters.'))).toBe(true);
    const dir = await withConfig('complete', `levels:\n  - name: first\n    close: ["${deep}"]\n`);
    const gaps = await cli(['gaps', '--spec', dir]);
    expect([gaps.code, gaps.err]).toEqual([1, expect.stringContaining('1 error: fix these before the gaps can be counted.')]);
    expect(gaps.err).not.toContain('internal error');
  });

  it('accepts a valid pattern that matches nothing in this spec yet', async () => {
    const { code, diagnostics } = await check('levels:\n  - name: first\n    close: ["events/*/payload/**", "states/*/transitions/*/trigger"]\n');
    expect({ code, diagnostics }).toEqual({ code: 0, diagnostics: [] });
  });

  it('a level name used twice, an empty list and a name that is not a slug', async () => {
    const { diagnostics } = await check('levels:\n  - name: first\n    close: [purpose/**]\n  - name: first\n    close: []\n  - name: Second Level\n    close: ["**"]\n');
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['duplicate-level', 4, 11],
      ['bad-value', 5, 12],
      ['bad-value', 6, 11],
    ]);
  });
});

describe('check --target-level', () => {
  it('passes once the level is reached', async () => {
    const { code, out } = await cli(['check', '--spec', fixture('complete'), '--target-level', 'publish']);
    expect(code).toBe(0);
    expect(out).toContain('Level publish reached.');
  });

  it('fails until then, naming how many gaps stand in the way and the first of them', async () => {
    const { code, out } = await cli(['check', '--spec', fixture('half-written'), '--target-level', 'build']);
    expect(code).toBe(1);
    const open = (await readinessOf(fixture('half-written'))).levels.find((l) => l.name === 'build')?.open ?? 0;
    expect(open).toBeGreaterThan(10);
    expect(out).toContain(`Level build not reached: ${open} gaps stand in the way: purpose/base_url, purpose/domain, `);
    expect(out).toContain(` and ${open - 10} more (\`specbench gaps\` lists them). Close them, or state them as none.`);
  });

  it('keeps JSON output to stdout and says the rest on stderr', async () => {
    const { code, out, err } = await cli(['check', '--spec', fixture('half-written'), '--target-level', 'design-review', '--format', 'json']);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({ diagnostics: [] });
    expect(err).toMatch(/^Level design-review not reached: 7 gaps stand in the way: purpose\/base_url, /);
  });

  it('an unknown level is a usage error that lists the levels', async () => {
    const { code, out, err } = await cli(['check', '--spec', fixture('complete'), '--target-level', 'biuld']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('--target-level `biuld` is not a level of this spec; did you mean `build`? Its levels: design-review, build, publish.');
  });
});
