// The comparison mode's option and its state in the process (issue 34): `compare` and SPEC_COMPARE
// checked before use; the base read once; the marks follow each edit, as `npm run dev` shows them.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemView, markItemView, type ItemView } from '../../src/lib/index.ts';
import { siteSettings } from '../../src/site/plugin.ts';
import { SpecSite, type SiteSettings } from '../../src/site/state.ts';
import { compareFixture, EXPECTED } from './fixture.ts';

const ROOT = resolve('test/fixtures/starlight-site');
const settings = (options: Parameters<typeof siteSettings>[0], env: Record<string, string | undefined> = {}) => siteSettings({ spec: '../complete', ...options }, ROOT, '/', env);
const said = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  }
  return undefined;
};

describe('the compare option', () => {
  it('takes a revision from the option, else SPEC_COMPARE, and none when both are unset or empty', () => {
    expect(settings({ compare: 'main' }).compare).toEqual({ revision: 'main', named: 'specbench({ compare })' });
    expect(settings({ compare: 'main' }, { SPEC_COMPARE: 'HEAD~1' }).compare).toEqual({ revision: 'main', named: 'specbench({ compare })' });
    expect(settings({}, { SPEC_COMPARE: 'HEAD~1' }).compare).toEqual({ revision: 'HEAD~1', named: 'SPEC_COMPARE' });
    expect(settings({}, { SPEC_COMPARE: '' }).compare).toBeUndefined();
    expect(settings({}).compare).toBeUndefined();
  });

  it.each([
    [{ compare: 7 }, {}, /^specbench\(\{ compare \}\): expected a git revision as a string .*got the number 7\.$/],
    [{ compare: '' }, {}, /^specbench\(\{ compare \}\): expected a git revision, got an empty string/],
    [{ compare: '--output=/tmp/x' }, {}, /^specbench\(\{ compare \}\): `--output=\/tmp\/x` starts with `-`, which git would read as an option/],
    [{ compare: 'main\nx' }, {}, /^specbench\(\{ compare \}\): `main\\nx` holds a space, a line break or another control character/],
    [{ compare: 'x'.repeat(257) }, {}, /^specbench\(\{ compare \}\): `x+…` is 257 characters long; a revision is at most 256\.$/],
    [{}, { SPEC_COMPARE: '-h' }, /^SPEC_COMPARE: `-h` starts with `-`/],
    [{}, { SPEC_COMPARE: 'a b' }, /^SPEC_COMPARE: `a b` holds a space/],
  ])('refuses %j %j with a message naming what gave it, without a stack', (options, env, message) => {
    const error = said(() => settings(options as Parameters<typeof siteSettings>[0], env));
    expect(error?.message).toMatch(message);
    expect(error?.stack).toBe('');
  });
});

describe('the site compared with a revision', () => {
  let fixture: Awaited<ReturnType<typeof compareFixture>>;
  let site: SpecSite;
  const base = (spec: string): SiteSettings => ({ spec, specFromRoot: 'spec', schemaDir: 'schemas', route: '', base: '/', printItems: 50, guide: false });

  beforeAll(async () => {
    fixture = await compareFixture();
    site = await SpecSite.for({ ...base(fixture.spec), compare: { revision: 'HEAD~1', named: 'SPEC_COMPARE' } });
    site.follow();
  });
  afterAll(() => fixture?.done());

  const order = (): ItemView | undefined =>
    site.view('item:resources/Order', 'resources/Order/', (ctx) => {
      const view = itemView(ctx, 'resources', 'Order');
      const change = site.pageChange('resources/Order/');
      return view && change ? markItemView(view, change) : view;
    });

  it('fails with the revision named, located, without a stack, for a revision the repository does not have', async () => {
    const error = await SpecSite.for({ ...base(fixture.spec), compare: { revision: 'no-such-branch', named: 'specbench({ compare })' } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe(`specbench({ compare }): unknown revision \`no-such-branch\` in the repository at ${fixture.root}; name a branch, a tag or a commit it has (e.g. \`main\` or \`HEAD~1\`).`);
    expect(error?.stack).toBe('');
  });

  it('fails the same way for a spec folder outside git', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'specbench-no-git-'));
    await cp(resolve('test/fixtures/complete'), outside, { recursive: true });
    const error = await SpecSite.for({ ...base(outside), compare: { revision: 'main', named: 'SPEC_COMPARE' } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    await rm(outside, { recursive: true, force: true });
    expect(error?.message).toBe(`SPEC_COMPARE: the spec folder \`spec\` (${outside}) is not in a git repository, so there is no revision \`main\` to compare it with.`);
    expect(error?.stack).toBe('');
  });

  it('marks what the change does, and follows an edit: a gap closed in the working tree is marked once re-read', async () => {
    expect(site.pageChange(EXPECTED.untouched)).toBeUndefined();
    expect(site.changes?.opened.map((g) => g.id)).toEqual(EXPECTED.opened);
    const before = order();
    expect(before?.changes?.marks.find((m) => m.id === EXPECTED.opened[0])?.kind).toBe('opened');
    // Close the gap the head opened, as an author would before pushing.
    const file = join(fixture.spec, 'resources/Order.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('description: { open: "Which value is the most urgent?" } }', 'description: 3 is the most urgent. }'));
    const { pages } = await site.refresh([file]);
    expect(pages).toContain('resources/Order/');
    expect(pages).toContain('changes/');
    expect(pages).not.toContain(EXPECTED.untouched);
    expect(site.changes?.opened).toEqual([]);
    const after = order();
    expect(after).not.toBe(before);
    // The base's value was `1 is the most urgent.`: now a stated value changed, before -> after.
    expect(after?.changes?.marks.find((m) => m.id === EXPECTED.opened[0])).toMatchObject({ kind: 'changed', before: '1 is the most urgent.', after: '3 is the most urgent.' });
    // An edit that changes nothing against the revision (a comment) reloads no page for the comparison.
    const untouched = join(fixture.spec, 'errors/rate_limited.yaml');
    await writeFile(untouched, `${await readFile(untouched, 'utf8')}# a comment\n`);
    expect((await site.refresh([untouched])).pages).toEqual([]);
    expect(order()).toBe(after);
  });
});
