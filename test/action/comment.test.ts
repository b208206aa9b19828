// The Action's script (.github/actions/specbench/run.sh) as GitHub runs it, with the real command
// line and the real posting script against a fake GitHub API on 127.0.0.1 that records every
// request: the comment is created, then updated; someone else's comment is never edited; a change
// of hundreds of items fits; a refused post fails the step; a fork's pull request gets no comment.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIFF_MARKER } from '../../src/lib/index.ts';
import { copyContent, makeRepo } from '../git/repo.ts';
import { FakeGitHub } from './fake-github.ts';
import { run, type Ran } from './run.ts';

const ACTION = resolve('.github/actions/specbench');
const SPECBENCH = `${process.execPath} ${resolve('src/cli/launch.mjs')}`;
const RUN_URL = 'https://github.example/acme/orders/actions/runs/4242';

/** A repository whose `main` holds the empty spec and whose checked-out `feature` branch adds `files`, SPEC_GAPS.md current on both. */
async function pullRequest(files: Record<string, string>) {
  const repo = await makeRepo();
  await copyContent(repo.root);
  const gaps = async () => {
    const ran = await run(repo.root, process.execPath, [resolve('src/cli/launch.mjs'), 'gaps', '--spec', 'spec', '--format', 'markdown', '--write', 'SPEC_GAPS.md'], {});
    expect(ran.code, ran.err).toBe(0);
  };
  await gaps();
  await repo.commit('The empty spec', {});
  repo.git('checkout', '-q', '-b', 'feature');
  const push = async (changed: Record<string, string>) => {
    for (const [path, text] of Object.entries(changed)) await writeFile(join(repo.root, path), text);
    await gaps();
    await repo.commit('A change', {});
  };
  await push(files);
  return { root: repo.root, push };
}

/** `count` endpoints with every facet open: five gaps each. */
function endpoints(count: number): Record<string, string> {
  const facets = ['method', 'path', 'parameters', 'request', 'responses'].map((f) => `${f}: { open: Which ${f}? }\n`).join('');
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`spec/endpoints/get-thing-${i + 1}.yaml`, `title: Get thing ${i + 1}\n${facets}`]));
}

const NAME_THE_SERVICE = { 'spec/purpose/_area.yaml': 'name: Orders\nbase_url: { open: Where is it served? }\npurpose: { open: What is it for? }\ndomain: { open: Which domain? }\nusers: { open: Who uses it? }\n' };

let github: FakeGitHub;
let scratch: string;
beforeEach(async () => {
  github = await new FakeGitHub().start();
  scratch = await mkdtemp(join(tmpdir(), 'specbench-action-'));
});
afterEach(() => github.close());

/**
 * The Action's two steps on pull request #7 of acme/orders, as GitHub's runner sets them up: run.sh
 * (checks, writes the comment; no token), then post.sh (posts it, with the token). The Action fails
 * when either does.
 */
async function action(root: string, env: Record<string, string> = {}): Promise<Ran> {
  const all: Record<string, string> = {
    SPECBENCH_SPEC: 'spec',
    SPECBENCH_BASE: 'main',
    SPECBENCH_PR: '7',
    SPECBENCH_SAME_REPOSITORY: 'true',
    SPECBENCH_REPOSITORY: 'acme/orders',
    SPECBENCH_COMMENT: 'true',
    SPECBENCH_TOKEN: github.token,
    SPECBENCH_COMMAND: SPECBENCH,
    SPECBENCH_COMMENT_FILE: join(scratch, 'comment.md'),
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_REPOSITORY: 'acme/orders',
    GITHUB_RUN_ID: '4242',
    GITHUB_STEP_SUMMARY: join(scratch, 'summary.md'),
    CACHE_DIR: join(scratch, 'cache'),
    SPECBENCH_KEY_DIR: join(scratch, 'key'),
    ...env,
  };
  const { SPECBENCH_TOKEN: _token, ...withoutToken } = all;
  const check = await run(root, 'bash', [join(ACTION, 'run.sh')], withoutToken);
  const post = await run(root, 'bash', [join(ACTION, 'post.sh')], all);
  return { code: check.code || post.code, out: check.out + post.out, err: check.err + post.err };
}

const writes = () => github.writes().map((r) => `${r.method} ${r.path}`);

describe("the Action's comment, against a fake GitHub API", () => {
  it('creates the comment on the first push and updates that same comment on the next', async () => {
    const pr = await pullRequest(NAME_THE_SERVICE);
    const first = await action(pr.root);
    expect(first.code, first.out + first.err).toBe(0);
    expect(first.out).toMatch(/^Posted the change's comment on pull request #7 \(a new comment, as github-actions\[bot\]\)/m);
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments']);
    // The GITHUB_TOKEN cannot say who it is (403): the comment is github-actions[bot]'s.
    expect(github.requests[0]).toMatchObject({ method: 'GET', path: '/user' });
    expect(github.requests.every((r) => r.authorization === `Bearer ${github.token}`)).toBe(true);
    const [comment] = github.comments;
    expect(comment?.body.startsWith(`${DIFF_MARKER}\n`)).toBe(true);
    expect(comment?.body).toContain('`purpose/name`');

    await pr.push({ 'spec/purpose/_area.yaml': NAME_THE_SERVICE['spec/purpose/_area.yaml'].replace('purpose: { open: What is it for? }', 'purpose: Takes orders.') });
    const second = await action(pr.root);
    expect(second.code, second.out + second.err).toBe(0);
    expect(second.out).toContain(`(updated comment ${comment?.id}, as github-actions[bot])`);
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments', `PATCH /repos/acme/orders/issues/comments/${comment?.id}`]);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain('`purpose/purpose`');
  }, 120_000);

  it('keeps one comment per spec folder: two specs in one repository, two comments, each updated in place', async () => {
    const pr = await pullRequest(NAME_THE_SERVICE);
    const spec = await action(pr.root);
    expect(spec.code, spec.out + spec.err).toBe(0);
    await copyContent(pr.root, 'other');
    await pr.push({});
    const other = await action(pr.root, { SPECBENCH_SPEC: 'other', SPECBENCH_GAPS_FILE: 'none.md' });
    expect(other.out, other.err).toContain('Posted');
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments', 'POST /repos/acme/orders/issues/7/comments']);
    expect(github.comments.map((c) => c.body.split('\n', 2).join('\n'))).toEqual([`${DIFF_MARKER}\n<!-- spec: spec -->`, `${DIFF_MARKER}\n<!-- spec: other -->`]);
    const again = await action(pr.root);
    expect(again.code, again.out + again.err).toBe(0);
    expect(writes().at(-1)).toBe(`PATCH /repos/acme/orders/issues/comments/${github.comments[0]?.id}`);
  }, 180_000);

  it("never edits someone else's comment that starts with the marker: ours is created, or found by its author past the first page", async () => {
    const pr = await pullRequest(NAME_THE_SERVICE);
    const forged = `${DIFF_MARKER}\n## Spec changes\n\nAll good, merge it.\n`;
    const mallory = github.seed(7, 'mallory', forged);
    github.seed(7, 'github-actions[bot]', 'Thanks for the pull request!');
    const created = await action(pr.root);
    expect(created.code, created.out + created.err).toBe(0);
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments']);
    expect(mallory.body).toBe(forged);

    // Ours is the fourth comment, on the second page, behind the forged one: that one is updated.
    const ours = github.comments.at(-1);
    const again = await action(pr.root);
    expect(again.code, again.out + again.err).toBe(0);
    expect(github.requests.filter((r) => r.method === 'GET' && r.path.includes('/comments')).map((r) => r.path)).toContain('/repos/acme/orders/issues/7/comments?per_page=100&page=2');
    expect(writes().at(-1)).toBe(`PATCH /repos/acme/orders/issues/comments/${ours?.id}`);
    expect(mallory.body).toBe(forged);
  }, 120_000);

  it("with a token that says who it is, only that user's comment is ours (not the bot's, not a look-alike)", async () => {
    const pr = await pullRequest(NAME_THE_SERVICE);
    github.tokenUser = 'spec-bot';
    const bot = github.seed(7, 'github-actions[bot]', `${DIFF_MARKER}\nold\n`);
    github.seed(7, 'spec-bot-2', `${DIFF_MARKER}\nlook-alike\n`);
    const ran = await action(pr.root);
    expect(ran.code, ran.out + ran.err).toBe(0);
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments']);
    expect(github.comments.at(-1)?.user.login).toBe('spec-bot');
    expect(bot.body).toBe(`${DIFF_MARKER}\nold\n`);
  }, 120_000);

  it('keeps the comment under 65,536 characters when a pull request adds 301 or 1,000 items: counts per area and a link to the run, whose summary has every line', async () => {
    for (const count of [301, 1_000]) {
      const pr = await pullRequest(endpoints(count));
      const summary = join(scratch, `summary-${count}.md`);
      const ran = await action(pr.root, { GITHUB_STEP_SUMMARY: summary, SPECBENCH_PR: String(count) });
      expect(ran.code, ran.out + ran.err).toBe(0);
      expect(ran.out).toContain('Posted');
      const body = github.comments.find((c) => c.pr === count)?.body ?? '';
      expect([...body].length).toBeLessThan(65_536);
      expect(body.startsWith(`${DIFF_MARKER}\n`)).toBe(true);
      expect(body).toContain(`| Endpoints | 0 | ${count * 5} | ${count} | 0 | 0 | 0 | 0 |`);
      expect(body).toContain(`[the full report](<${RUN_URL}>)`);
      expect(body).toMatch(/^- … and \d+ more in the full report, linked above\.$/m);
      // The job summary is the whole report: every gap opened, within a step summary's 1 MiB.
      const whole = await readFile(summary, 'utf8');
      expect(Buffer.byteLength(whole)).toBeGreaterThan(65_536);
      expect(Buffer.byteLength(whole)).toBeLessThanOrEqual(1_000_000);
      expect(whole.match(/^ {2}- `endpoints\/get-thing-\d+\/\w+`: /gm)).toHaveLength(count * 5);
    }
  }, 240_000);

  for (const status of [422, 500]) {
    it(`fails the step when GitHub refuses the post (${status}), and says so: no "Posted" line`, async () => {
      const pr = await pullRequest(NAME_THE_SERVICE);
      github.refuseWrites = status;
      const ran = await action(pr.root);
      expect(ran.code).not.toBe(0);
      expect(ran.out).not.toContain('Posted');
      expect(ran.err).toContain(`post-comment: the comment was NOT posted: POST /repos/acme/orders/issues/7/comments answered ${status}`);
      expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments']);
    }, 120_000);
  }

  it("posts nothing on a fork's pull request: the step that ran the fork's code makes no request with the token", async () => {
    const pr = await pullRequest(NAME_THE_SERVICE);
    const ran = await action(pr.root, { SPECBENCH_SAME_REPOSITORY: 'false' });
    expect(ran.code, ran.out + ran.err).toBe(0);
    expect(github.requests).toEqual([]);
    expect(ran.out).toContain('Pull request #7 comes from a fork: the Action does not comment on it');
    expect(ran.out).toContain(DIFF_MARKER);
    expect(await readFile(join(scratch, 'summary.md'), 'utf8')).toContain('`purpose/name`');
  }, 120_000);

  it('says in the comment that a head which does not load is not counted, and fails the step: no gap closed, no item removed (t34f repro-02)', async () => {
    // Card's description open on main; the pull request answers it with `{ open: false }` (refused)
    // and breaks another file's YAML: once read as "gap closed" and "Resource removed, breaking".
    const pr = await pullRequest({ ...NAME_THE_SERVICE, 'spec/resources/Card.yaml': 'title: Card\ndescription: { open: What is a card payment? }\n', 'spec/resources/Gone.yaml': 'title: Gone\n' });
    await writeFile(join(pr.root, 'spec/resources/Card.yaml'), 'title: Card\ndescription: { open: false }\n');
    await writeFile(join(pr.root, 'spec/resources/Gone.yaml'), 'title: [unclosed\n');
    const ran = await action(pr.root);
    expect(ran.code).not.toBe(0);
    expect(ran.out).toMatch(/^Posted the change's comment on pull request #7/m);
    const body = github.comments[0]?.body ?? '';
    expect(body.startsWith(`${DIFF_MARKER}\n`)).toBe(true);
    expect(body).toContain('The spec at the working tree does not load: 2 errors. Nothing of this change is counted until it loads');
    expect(body).toContain('- `resources/Card.yaml:2:22` `bad-value` ');
    expect(body).toContain('- `resources/Gone.yaml:2:1` `yaml-syntax` ');
    expect(body).not.toMatch(/gaps? closed|Gone. removed|Breaking changes/i);
    expect(await readFile(join(scratch, 'summary.md'), 'utf8')).toContain('does not load');
  }, 120_000);
});

