import { readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/lib/index.ts';
import { cli, fixture, scratchCopy, specAt } from '../helpers.ts';

describe('specbench new', () => {
  it.each(AREAS.filter((a) => a.items).map((a) => a.key))('scaffolds a %s item with every facet open, and the spec still checks clean', async (area) => {
    const dir = await scratchCopy(fixture('complete'));
    const { code, out } = await cli(['new', area, 'scaffolded', '--spec', dir]);
    expect(code, out).toBe(0);
    const text = await readFile(join(dir, area, 'scaffolded.yaml'), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=.*src\/schemas\/[a-z]+\.item\.schema\.json$/);
    const analysis = await specAt(dir);
    expect(analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
    const facets = analysis.assessment.facets.filter((f) => f.item === 'scaffolded');
    expect(facets.length).toBeGreaterThan(0);
    expect(facets.every((f) => f.state === 'open')).toBe(true);
    expect((await cli(['check', '--spec', dir])).code).toBe(0);
  });

  it('points the schema line at the schema from where the file is', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await cli(['new', 'limits', 'burst', '--kind', 'size', '--spec', dir]);
    const line = (await readFile(join(dir, 'limits', 'burst.yaml'), 'utf8')).split('\n')[0] ?? '';
    const target = line.replace('# yaml-language-server: $schema=', '');
    expect(relative(process.cwd(), join(dir, 'limits', target))).toBe(join('src', 'schemas', 'limits.item.schema.json'));
  });

  it.each(AREAS.map((a) => a.key))('scaffolds the %s area file with every facet of the area open when it is missing, and the spec still checks clean', async (area) => {
    const dir = await scratchCopy(fixture('hostile'));
    await rm(join(dir, area, '_area.yaml'), { force: true });
    const { code, out } = await cli(['new', area, '--spec', dir]);
    expect(code, out).toBe(0);
    const text = await readFile(join(dir, area, '_area.yaml'), 'utf8');
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# yaml-language-server: \\$schema=.*src/schemas/${area}\\.area\\.schema\\.json$`));
    const analysis = await specAt(dir);
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const facets = analysis.assessment.facets.filter((f) => f.area === area && f.item === undefined && f.file === `${area}/_area.yaml`);
    expect(facets.length).toBeGreaterThan(0);
    // The purpose's base address starts as the seed has it: the placeholder, stated as such and still a gap.
    expect(facets.filter((f) => f.state !== 'open').map((f) => `${f.id} ${f.state}`)).toEqual(area === 'purpose' ? ['purpose/base_url placeholder'] : []);
    if (area === 'purpose') expect(text).toContain('\nbase_url: "{base_url}"\n');
    // Written once: a second run refuses.
    expect((await cli(['new', area, '--spec', dir])).code).toBe(1);
  });

  it('refuses to overwrite, whatever the letter case', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const before = await readFile(join(dir, 'resources', 'Order.yaml'), 'utf8');
    const { code, err } = await cli(['new', 'resources', 'order', '--spec', dir]);
    expect(code).toBe(1);
    expect(err).toContain('already exists; not overwritten');
    expect(await readFile(join(dir, 'resources', 'Order.yaml'), 'utf8')).toBe(before);
  });

  it.each([
    [['new', 'purpose', 'x'], 'has no items'],
    [['new', 'endpoint', 'x'], 'did you mean `endpoints`?'],
    [['new', 'errors', '../x'], 'is not a valid id'],
    [['new', 'limits', 'x', '--kind', 'rate'], 'Unknown limit kind'],
    [['new'], 'usage: specbench new <area> [<id>]'],
    [['new', 'errors', 'a', 'b'], 'usage: specbench new <area> [<id>]'],
  ])('%j is refused with a reason', async (args, reason) => {
    const { code, err } = await cli(args);
    expect(code).toBe(2);
    expect(err).toContain(reason);
  });
});
