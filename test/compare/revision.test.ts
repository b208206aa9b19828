// What the comparison mode says of a base it cannot read as asked (issue 34, found by an independent
// tester): a shallow clone that lacks the revision, a spec folder moved since, and a revision the
// build cannot compare with, which stops `astro build` with our message alone.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecSite, type SiteSettings } from '../../src/site/state.ts';
import { makeRepo } from '../git/repo.ts';
import { cli, fixture } from '../helpers.ts';
import { buildSite } from '../site/build.ts';

const settings = (spec: string, revision: string): SiteSettings => ({ spec, specFromRoot: 'spec', schemaDir: 'schemas', route: '', base: '/', printItems: 50, guide: false, compare: { revision, named: 'SPEC_COMPARE' } });
const said = async (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => (error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error), stack: undefined }));

let repo: Awaited<ReturnType<typeof makeRepo>>;
let shallow: string;
beforeAll(async () => {
  repo = await makeRepo();
  await cp(fixture('complete'), join(repo.root, 'spec'), { recursive: true });
  await repo.commit('base', {});
  await repo.commit('head', { 'spec/limits/burst.yaml': 'title: Burst\nkind: quota\nquota: 5\nwindow: PT1S\nper: client\n' });
  shallow = await mkdtemp(join(tmpdir(), 'specbench-shallow-'));
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.root}`, join(shallow, 'clone')]);
});
afterAll(async () => {
  if (repo) await rm(repo.root, { recursive: true, force: true });
  if (shallow) await rm(shallow, { recursive: true, force: true });
});

describe('a shallow clone that lacks the base', () => {
  const fetchIt = /`HEAD~1` is not in this clone: it is shallow \(made with --depth\), so older commits were not fetched; fetch them with `git fetch --unshallow`, or in GitHub Actions check out with `fetch-depth: 0`/;

  it('`diff` says the revision is not in the clone and how to fetch it', async () => {
    const ran = await cli(['diff', '--spec', join(shallow, 'clone', 'spec'), '--base', 'HEAD~1']);
    expect(ran.code).toBe(2);
    expect(ran.err).toMatch(fetchIt);
    expect(ran.err).not.toContain('unknown revision');
  });

  it('the site says the same, naming the setting and the repository, without a stack', async () => {
    const error = await said(SpecSite.for(settings(join(shallow, 'clone', 'spec'), 'HEAD~1')));
    expect(error?.message).toMatch(/^SPEC_COMPARE: revision /);
    expect(error?.message).toMatch(fetchIt);
    expect(error?.message).toContain(`(in the repository at ${join(shallow, 'clone')}).`);
    expect(error?.stack).toBe('');
  });

  it('`diff` without --base says the commit the branch shares with main is not in the clone', async () => {
    const forked = await makeRepo();
    const dest = await mkdtemp(join(tmpdir(), 'specbench-shallow-'));
    try {
      await cp(fixture('complete'), join(forked.root, 'spec'), { recursive: true });
      await forked.commit('base', {});
      forked.git('checkout', '-q', '-b', 'feature');
      await forked.commit('feature', { 'spec/limits/burst.yaml': 'title: Burst\nkind: quota\nquota: 5\nwindow: PT1S\nper: client\n' });
      forked.git('checkout', '-q', 'main');
      await forked.commit('main moves on', { 'spec/limits/other.yaml': 'title: Other\nkind: quota\nquota: 9\nwindow: PT1S\nper: client\n' });
      execFileSync('git', ['clone', '-q', '--depth', '1', '--no-single-branch', '--branch', 'feature', `file://${forked.root}`, join(dest, 'clone')]);
      const ran = await cli(['diff', '--spec', join(dest, 'clone', 'spec')]);
      expect(ran.code).toBe(2);
      expect(ran.err).toContain('no commit this branch shares with main is in this clone: it is shallow (made with --depth); fetch them with `git fetch --unshallow`, or in GitHub Actions check out with `fetch-depth: 0` (actions/checkout), or give --base REV');
    } finally {
      await rm(forked.root, { recursive: true, force: true });
      await rm(dest, { recursive: true, force: true });
    }
  });

  it('a clone with the whole history compares as before', async () => {
    expect((await cli(['diff', '--spec', join(repo.root, 'spec'), '--base', 'HEAD~1'])).code).toBe(0);
  });
});

describe('a spec folder moved since the base', () => {
  it('is said to be compared with nothing, by `diff` and on the Changes page', async () => {
    const moved = await makeRepo();
    try {
      await cp(fixture('complete'), join(moved.root, 'spec'), { recursive: true });
      await moved.commit('base', {});
      await mkdir(join(moved.root, 'content'));
      await rename(join(moved.root, 'spec'), join(moved.root, 'content', 'api'));
      await moved.commit('moved', {});
      const ran = await cli(['diff', '--spec', join(moved.root, 'content', 'api'), '--base', 'HEAD~1']);
      expect(ran.code).toBe(0);
      expect(ran.out).toContain('**Nothing to compare with:** at the base revision the spec folder holds no spec file (it was not there: a new spec, or a folder moved or renamed since), so everything in it counts as added.');
      const json = JSON.parse((await cli(['diff', '--spec', join(moved.root, 'content', 'api'), '--base', 'HEAD~1', '--format', 'json'])).out) as { emptyBase: boolean };
      expect(json.emptyBase).toBe(true);
      const site = await SpecSite.for(settings(join(moved.root, 'content', 'api'), 'HEAD~1'));
      expect(site.changes?.emptyBase).toBe(true);
      // Where it was not moved, nothing of the kind is said.
      expect((await cli(['diff', '--spec', join(repo.root, 'spec'), '--base', 'HEAD~1'])).out).not.toContain('Nothing to compare with');
    } finally {
      await rm(moved.root, { recursive: true, force: true });
    }
  });
});

describe('a revision the build cannot compare with', () => {
  it('stops `astro build` with our located message alone: no line of Astro’s naming a hook, no stack', async () => {
    const built = await buildSite(join(repo.root, 'spec'), { SPEC_COMPARE: 'no-such-branch' });
    await rm(built.outDir, { recursive: true, force: true });
    expect(built.code).not.toBe(0);
    expect(built.output).toContain(`[specbench] SPEC_COMPARE: unknown revision \`no-such-branch\` in the repository at ${repo.root}; name a branch, a tag or a commit it has (e.g. \`main\` or \`HEAD~1\`).`);
    expect(built.output).not.toMatch(/unhandled error|hook|@astrojs\/starlight/i);
    expect(built.output).not.toMatch(/^\s+at /m);
  }, 120_000);
});
