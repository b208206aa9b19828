// The preview's workflows read as GitHub reads them (parsed with `yaml`), this repository's and
// those `specbench init` writes: the pull request's own workflow holds a read-only token, posts
// nothing and builds nothing that is published; the privileged one is triggered by `workflow_run`
// and `pull_request_target: closed`, has the permissions each job needs and no more (its build job
// none that writes), checks out only the default branch and the Pages branch, publishes only what
// its own build job made, and runs nothing but installing the default branch and the Action's
// scripts; no `${{ }}` expression is ever written into a script (values reach scripts through
// `env:`). Then the address of a preview, and `diff --preview-url`, refuse what is not one.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { initFiles } from '../../src/lib/scaffold/init.ts';
import { run } from './run.ts';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string> | string;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string> | string;
  jobs: Record<string, Job>;
}

const ACTION = resolve('.github/actions/specbench');

/** A line with its code spans taken out, found as CommonMark finds them: a run of backticks closes at the next run of the same length. */
function withoutCodeSpans(line: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = /`+/g;
    open.lastIndex = at;
    const start = open.exec(line);
    if (!start) return out + line.slice(at);
    const close = new RegExp(`(?<!\`)${start[0]}(?!\`)`, 'g');
    close.lastIndex = start.index + start[0].length;
    const end = close.exec(line);
    if (!end) return out + line.slice(at);
    out += line.slice(at, start.index);
    at = end.index + end[0].length;
  }
}

/** This repository's workflows, and those of a repository `specbench init` makes. */
async function workflowSets(): Promise<Array<{ who: string; untrusted: Workflow; privileged: Workflow; pages: Workflow; action: string; texts: string[] }>> {
  const read = (name: string) => readFile(resolve('.github/workflows', name), 'utf8');
  const mine = { untrusted: await read('spec-pr.yml'), privileged: await read('spec-preview.yml'), pages: await read('pages.yml') };
  const made = Object.fromEntries(initFiles({ name: 'orders', spec: 'docs/spec', version: '1.0.0' }).map((f) => [f.path, f.text]));
  const init = { untrusted: made['.github/workflows/spec.yml'] ?? '', privileged: made['.github/workflows/spec-preview.yml'] ?? '', pages: made['.github/workflows/pages.yml'] ?? '' };
  return [
    { who: 'this repository', ...parsed(mine), action: './.github/actions/specbench', texts: Object.values(mine) },
    { who: 'specbench init', ...parsed(init), action: './node_modules/specbench/.github/actions/specbench', texts: Object.values(init) },
  ];
}
const parsed = (t: { untrusted: string; privileged: string; pages: string }) => ({ untrusted: parse(t.untrusted) as Workflow, privileged: parse(t.privileged) as Workflow, pages: parse(t.pages) as Workflow });

const writes = (permissions: Job['permissions']) => (typeof permissions === 'string' ? [permissions] : Object.entries(permissions ?? {}).filter(([, v]) => v !== 'read' && v !== 'none').map(([k, v]) => `${k}: ${v}`));
const checkouts = (job: Job) => job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));

describe("the pull request's own workflow (the fork's code runs there)", () => {
  it('holds a read-only token in every job, keeps no credentials in the checkout, posts nothing, and builds the preview with the Action', async () => {
    for (const set of await workflowSets()) {
      const w = set.untrusted;
      expect(Object.keys(w.on), set.who).toContain('pull_request');
      expect(Object.keys(w.on), set.who).not.toContain('pull_request_target');
      expect(Object.keys(w.on), set.who).not.toContain('workflow_run');
      expect(w.permissions, set.who).toEqual({ contents: 'read' });
      for (const [name, job] of Object.entries(w.jobs)) {
        expect(job.permissions, `${set.who}: ${name}`).toEqual({ contents: 'read' });
        expect(writes(job.permissions)).toEqual([]);
        for (const step of checkouts(job)) expect(step.with?.['persist-credentials'], set.who).toBe(false);
        const action = job.steps.find((s) => s.uses === set.action);
        expect(action?.with, set.who).toMatchObject({ comment: 'false', preview: 'true' });
        expect(action?.with, set.who).not.toHaveProperty('token');
      }
      expect(set.texts[0], set.who).not.toMatch(/secrets\./);
    }
  });

  it('builds no site: the Action only leaves the number (and the change as JSON) as an artifact, in a step given no token', async () => {
    const action = parse(await readFile(join(ACTION, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; runs: { steps: Step[] } };
    const steps = action.runs.steps;
    expect(Object.keys(action.inputs)).not.toContain('build-command');
    const request = steps.find((s) => s.run?.includes('preview-request.sh'));
    expect(request?.if).toContain("inputs.preview == 'true'");
    expect(Object.values(request?.env ?? {}).some((v) => /token|secrets/i.test(v))).toBe(false);
    expect(steps.some((s) => s.env?.SPECBENCH_BUILD_COMMAND !== undefined || /build/.test(s.run ?? ''))).toBe(false);
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.uses).toMatch(/^actions\/upload-artifact@v\d+$/);
    expect(upload?.with).toMatchObject({ name: 'specbench-preview', path: '${{ runner.temp }}/specbench-preview/' });
    expect(steps.indexOf(request ?? {})).toBeLessThan(steps.indexOf(upload ?? {}));
    expect(request?.env?.SPECBENCH_PREVIEW_DIR).toBe('${{ runner.temp }}/specbench-preview');
  });
});

describe('the privileged workflow (a read-only build job with the default branch\'s code; a job with write access that publishes and comments)', () => {
  it('is triggered by the finished run of the pull request workflow and by a pull request closing, with no permission by default and each job its own; the build job holds no write permission', async () => {
    for (const set of await workflowSets()) {
      const w = set.privileged;
      expect(Object.keys(w.on).sort(), set.who).toEqual(['pull_request_target', 'workflow_run']);
      expect(w.on.workflow_run, set.who).toEqual({ workflows: [set.untrusted.name], types: ['completed'] });
      expect(w.on.pull_request_target, set.who).toEqual({ types: ['closed'] });
      expect(w.permissions, set.who).toEqual({});
      expect(Object.keys(w.jobs).sort()).toEqual(['build', 'publish', 'remove']);
      const build = w.jobs.build as Job & { outputs?: unknown };
      expect(build.permissions, set.who).toEqual({ actions: 'read', contents: 'read', 'pull-requests': 'read' });
      expect(writes(build.permissions), set.who).toEqual([]);
      expect(build.if, set.who).toBe("github.event_name == 'workflow_run' && github.event.workflow_run.event == 'pull_request' && github.event.workflow_run.conclusion != 'cancelled'");
      expect(build.outputs, set.who).toEqual({ ok: '${{ steps.preview.outputs.ok }}' });
      const publish = w.jobs.publish as Job & { needs?: unknown; concurrency?: unknown };
      expect(publish.needs, set.who).toBe('build');
      expect(publish.permissions, set.who).toEqual({ contents: 'write', 'pull-requests': 'write' });
      expect(publish.if, set.who).toBe("${{ !cancelled() && github.event_name == 'workflow_run' && needs.build.outputs.ok == 'true' }}");
      expect(w.jobs.remove?.permissions, set.who).toEqual({ contents: 'write' });
      // Runs for one pull request's branch wait for each other, the newest pending: an older preview never lands after a newer one.
      expect(publish.concurrency, set.who).toEqual({ group: 'spec-preview-${{ github.event.workflow_run.head_repository.full_name }}-${{ github.event.workflow_run.head_branch }}', 'cancel-in-progress': false });
      expect(w.jobs.remove?.if, set.who).toBe("github.event_name == 'pull_request_target' && github.event.action == 'closed'");
    }
  });

  it("never checks out the pull request's code: only the default branch and the Pages branch; the build job builds with the default branch's code and the publishing job takes only its artifact", async () => {
    for (const set of await workflowSets()) {
      const build = set.privileged.jobs.build as Job;
      const publish = set.privileged.jobs.publish as Job;
      const remove = set.privileged.jobs.remove as Job;
      expect(checkouts(build).map((s) => [s.with?.ref, s.with?.path ?? '.', s.with?.['persist-credentials']]), set.who).toEqual([['${{ github.event.repository.default_branch }}', '.', false]]);
      expect(checkouts(publish).map((s) => [s.with?.ref, s.with?.path ?? '.']), set.who).toEqual([
        ['${{ github.event.repository.default_branch }}', '.'],
        ['gh-pages', '.specbench-pages'],
      ]);
      expect(checkouts(remove).map((s) => s.with?.ref), set.who).toEqual(['gh-pages']);
      for (const job of [build, publish, remove]) {
        // No checkout of another repository (a fork), and no step names the pull request's head but the commit the preview actions check.
        for (const step of checkouts(job)) expect(step.with, set.who).not.toHaveProperty('repository');
        for (const step of job.steps) expect(JSON.stringify(step), set.who).not.toMatch(/pull_request\.head|head_ref|head_branch|head_repository|refs\/pull/);
      }
      // What runs: installing the default branch, the Action's scripts, the removal script; no script of the branch.
      for (const job of [build, publish]) expect(job.steps.filter((s) => s.run !== undefined).map((s) => s.run), set.who).toEqual(['npm install --no-audit --no-fund']);
      expect(build.steps.map((s) => s.uses?.replace(/@.*/, '')).filter(Boolean), set.who).toEqual(['actions/checkout', 'actions/setup-node', 'actions/download-artifact', `${set.action}/preview/build`]);
      const request = build.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
      expect(request?.with, set.who).toEqual({ name: 'specbench-preview', 'run-id': '${{ github.event.workflow_run.id }}', path: '${{ runner.temp }}/specbench-preview', 'github-token': '${{ github.token }}' });
      const builder = build.steps.find((s) => s.uses === `${set.action}/preview/build`);
      expect(builder?.id, set.who).toBe('preview');
      expect(builder?.with, set.who).toMatchObject({ request: '${{ runner.temp }}/specbench-preview', 'head-sha': '${{ github.event.workflow_run.head_sha }}' });
      expect(builder?.with, set.who).not.toHaveProperty('build-command');
      expect(publish.steps.map((s) => s.uses?.replace(/@.*/, '')).filter(Boolean), set.who).toEqual(['actions/checkout', 'actions/checkout', 'actions/download-artifact', 'actions/setup-node', `${set.action}/preview`]);
      // The publishing job downloads this run's build (no run-id: never the pull request workflow's artifact) and publishes it.
      const site = publish.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
      expect(site?.with, set.who).toEqual({ name: 'specbench-preview-site', path: '${{ runner.temp }}/specbench-preview-site' });
      const preview = publish.steps.find((s) => s.uses === `${set.action}/preview`);
      expect(preview?.with).toMatchObject({ artifact: '${{ runner.temp }}/specbench-preview-site', 'head-sha': '${{ github.event.workflow_run.head_sha }}', pages: '.specbench-pages' });
      expect(preview?.with, set.who).not.toHaveProperty('forks');
      expect(remove.steps.map((s) => s.uses?.replace(/@.*/, '') ?? 'run')).toEqual(['actions/checkout', 'run']);
      expect(remove.steps[1]?.env).toEqual({ SPECBENCH_PR: '${{ github.event.pull_request.number }}', SPECBENCH_PAGES_BRANCH: 'gh-pages' });
    }
  });

  it("builds with the default branch's command in a step given no token, from the spec files alone, and uploads the site under its own name", async () => {
    const action = parse(await readFile(join(ACTION, 'preview', 'build', 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { steps: Step[] } };
    const steps = action.runs.steps;
    expect(action.inputs['build-command']?.default).toBe('npm run build');
    const holding = steps.filter((s) => Object.values(s.env ?? {}).some((v) => v.includes('inputs.token')));
    expect(holding.map((s) => s.run)).toEqual(['node "$GITHUB_ACTION_PATH/../../preview-pr.mjs" >> "$GITHUB_OUTPUT"', 'node "$GITHUB_ACTION_PATH/../../preview-spec.mjs" >> "$GITHUB_OUTPUT"']);
    const build = steps.find((s) => s.run?.includes('preview-site.sh'));
    expect(Object.values(build?.env ?? {}).some((v) => /token|secrets/i.test(v))).toBe(false);
    expect(build?.env).toMatchObject({ SPECBENCH_BUILD_COMMAND: '${{ inputs.build-command }}', SPECBENCH_COMPARE: '${{ steps.spec.outputs.compare }}', SPECBENCH_PR: '${{ steps.pr.outputs.number }}' });
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with).toMatchObject({ name: 'specbench-preview-site', path: '${{ runner.temp }}/specbench-preview-site/' });
    expect(steps.map((s) => s.id ?? s.uses?.replace(/@.*/, '') ?? s.run)).toEqual(['pr', 'spec', 'bash "$GITHUB_ACTION_PATH/../../preview-site.sh"', 'actions/upload-artifact']);
  });

  it('gives the token only to the two scripts that talk to GitHub, never to the step that runs Specbench or publishes', async () => {
    const steps = (parse(await readFile(join(ACTION, 'preview', 'action.yml'), 'utf8')) as { runs: { steps: Step[] } }).runs.steps;
    const holding = steps.filter((s) => Object.values(s.env ?? {}).some((v) => v.includes('inputs.token')));
    expect(holding.map((s) => s.run)).toEqual(['node "$GITHUB_ACTION_PATH/../preview-pr.mjs" >> "$GITHUB_OUTPUT"', 'node "$GITHUB_ACTION_PATH/../post-comment.mjs" "$RUNNER_TEMP/specbench-comment.md"']);
    for (const step of holding) expect(step.env).not.toHaveProperty('SPECBENCH_COMMAND');
    // The pull request's number that names the folder and the comment's pull request is the one preview-pr.mjs checked.
    for (const file of ['preview/action.yml', 'preview/build/action.yml']) {
      for (const step of (parse(await readFile(join(ACTION, file), 'utf8')) as { runs: { steps: Step[] } }).runs.steps.filter((s) => s.env?.SPECBENCH_PR !== undefined)) expect(step.env?.SPECBENCH_PR, file).toBe('${{ steps.pr.outputs.number }}');
    }
  });
});

describe('every workflow and action', () => {
  it('writes no ${{ }} expression into a script: values reach scripts through env', async () => {
    const scripts: Array<[string, string]> = [];
    for (const set of await workflowSets()) {
      for (const w of [set.untrusted, set.privileged, set.pages]) for (const [name, job] of Object.entries(w.jobs)) for (const s of job.steps) if (s.run !== undefined) scripts.push([`${set.who} ${w.name} ${name}`, s.run]);
    }
    for (const file of ['action.yml', 'preview/action.yml', 'preview/build/action.yml']) {
      for (const s of (parse(await readFile(join(ACTION, file), 'utf8')) as { runs: { steps: Step[] } }).runs.steps) if (s.run !== undefined) scripts.push([file, s.run]);
    }
    expect(scripts.length).toBeGreaterThan(10);
    for (const [where, script] of scripts) expect(script, where).not.toContain('${{');
  });

  it('publishes the site on the Pages branch with a pinned deploy action that keeps the previews', async () => {
    for (const set of await workflowSets()) {
      const job = set.pages.jobs.build as Job;
      const deploy = job.steps.find((s) => s.uses?.startsWith('JamesIves/github-pages-deploy-action@'));
      expect(deploy?.uses, set.who).toMatch(/@v\d+\.\d+\.\d+$/);
      expect(deploy?.with, set.who).toEqual({ folder: 'dist', branch: 'gh-pages', 'clean-exclude': 'pr-*' });
      expect(set.pages.permissions, set.who).toEqual({ contents: 'read' });
      expect(job.permissions, set.who).toEqual({ contents: 'write' });
      const build = job.steps.find((s) => s.name === 'Build');
      expect(build?.env?.BASE_PATH, set.who).toBe('${{ steps.address.outputs.base-path }}');
    }
  });
});

describe("a preview's address", () => {
  const address = (env: Record<string, string>) => run(process.cwd(), process.execPath, [join(ACTION, 'pages-url.mjs')], env);

  it('is pr-<number>/ under the Pages site, from the repository or the address given', async () => {
    expect((await address({ SPECBENCH_REPOSITORY: 'Acme/Orders', SPECBENCH_PR: '7' })).out).toBe('pages-url=https://acme.github.io/Orders/\npreview-url=https://acme.github.io/Orders/pr-7/\nsite-url=https://acme.github.io\nbase-path=/Orders/pr-7/\n');
    expect((await address({ SPECBENCH_REPOSITORY: 'acme/acme.github.io', SPECBENCH_PR: '7' })).out).toContain('preview-url=https://acme.github.io/pr-7/\n');
    expect((await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: '7', SPECBENCH_PAGES_URL: 'https://docs.example.com/spec' })).out).toContain('preview-url=https://docs.example.com/spec/pr-7/\nsite-url=https://docs.example.com\nbase-path=/spec/pr-7/\n');
    expect((await address({ SPECBENCH_REPOSITORY: 'acme/orders' })).out).toBe('pages-url=https://acme.github.io/orders/\nsite-url=https://acme.github.io\nbase-path=/orders/\n');
    // The spec below the site's root (the plugin's `base`): its pages in the preview are below pr-7/; the build's base path is the site's.
    expect((await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: '7', SPECBENCH_SITE_BASE: 'api' })).out).toBe('pages-url=https://acme.github.io/orders/\npreview-url=https://acme.github.io/orders/pr-7/api/\nsite-url=https://acme.github.io\nbase-path=/orders/pr-7/\n');
    expect((await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: '7', SPECBENCH_SITE_BASE: '/docs/api/' })).out).toContain('preview-url=https://acme.github.io/orders/pr-7/docs/api/\n');
    for (const bad of ['../x', 'a/../../b', 'a b', 'a//b', '%2e%2e', 'api?x=1', 'api#x', '.', 'a\\b']) {
      const ran = await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: '7', SPECBENCH_SITE_BASE: bad });
      expect(ran.code, bad).toBe(2);
      expect(ran.err, bad).toContain('site-base (SPECBENCH_SITE_BASE)');
    }
  });

  it('refuses a number that is none and an address that is not a plain http(s) one', async () => {
    for (const pr of ['0', '07', '7; touch x', '7\nbase-path=/x/', '-1', '1e3']) {
      const ran = await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: pr });
      expect(ran.code, pr).toBe(2);
      expect(ran.out, pr).toBe('');
    }
    for (const url of ['javascript:alert(1)', 'https://x.example/a b/', 'https://x.example/../', 'https://u:p@x.example/', 'https://x.example/?q=1', 'https://x.example/a\nsite-url=https://evil/', 'https://x.example/<x>/']) {
      const ran = await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: '7', SPECBENCH_PAGES_URL: url });
      expect(ran.code, url).toBe(2);
      expect(ran.out, url).toBe('');
    }
    expect((await address({ SPECBENCH_REPOSITORY: 'acme/orders', SPECBENCH_PR: '7', GITHUB_SERVER_URL: 'https://ghe.example' })).err).toContain('give it as pages-url');
  });

  it('`diff --preview-url` takes only an absolute http(s) address whose pages are below it, and only for Markdown', async () => {
    const diff = (args: string[]) => run(process.cwd(), process.execPath, [resolve('src/cli/launch.mjs'), 'diff', '--base', 'HEAD', ...args], {});
    for (const url of ['javascript:alert(1)//', 'https://acme.github.io/a b/', 'https://acme.github.io/<x>/', '/orders/pr-7/', 'https://acme.github.io/orders/pr-7/?x=1', 'https://acme.github.io/orders/pr-7#top']) {
      const ran = await diff(['--preview-url', url]);
      expect(ran.code, url).toBe(2);
      expect(ran.err, url).toContain('--preview-url is the preview site');
    }
    expect((await diff(['--preview-url', 'https://acme.github.io/orders/pr-7/', '--format', 'json'])).err).toContain('--format json is never cut');
  });
});

describe("the comment's links to the preview", () => {
  it('are the preview address and a page path of safe characters, whatever a name holds; the names stay inert code spans', async () => {
    const { copyContent, makeRepo } = await import('../git/repo.ts');
    const repo = await makeRepo();
    await copyContent(repo.root);
    await repo.commit('The empty spec', {});
    const hostile = ['a>b](javascript:alert(1))', '`x` [y](https://evil.example) @octocat #1', 'c d%20<e>', 'ü/ß'];
    const fields = hostile.map((name) => `  ${JSON.stringify(name)}: { type: { open: Which? } }\n`).join('');
    await repo.commit('A resource', { 'spec/resources/Order.yaml': `title: Order\nfields:\n${fields}` });
    const ran = await run(repo.root, process.execPath, [resolve('src/cli/launch.mjs'), 'diff', '--spec', 'spec', '--base', 'HEAD~1', '--preview-url', 'https://acme.github.io/orders/pr-7/'], {});
    expect(ran.code, ran.err).toBe(0);
    const targets = [...ran.out.matchAll(/\]\(<([^>]*)>\)/g)].map((m) => m[1] ?? '');
    expect(targets.length).toBeGreaterThan(hostile.length);
    for (const target of targets) expect(target).toMatch(/^https:\/\/acme\.github\.io\/orders\/pr-7\/[A-Za-z0-9._~/%-]*(#[A-Za-z0-9._~/%-]*)?$/);
    expect(targets).toContain('https://acme.github.io/orders/pr-7/resources/Order/');
    expect(targets).toContain('https://acme.github.io/orders/pr-7/changes/');
    // The address without its final slash links the same pages (its pages are below it either way).
    const bare = await run(repo.root, process.execPath, [resolve('src/cli/launch.mjs'), 'diff', '--spec', 'spec', '--base', 'HEAD~1', '--preview-url', 'https://acme.github.io/orders/pr-7'], {});
    expect(bare.code, bare.err).toBe(0);
    expect(bare.out).toBe(ran.out);
    // Every link's text is a code span (or an area's key): nothing a name holds is a link, an image or a mention.
    for (const line of ran.out.split('\n').filter((l) => l.includes('](<'))) {
      const bare = withoutCodeSpans(line).replace(/\[(|the Changes page|the whole site|the full report|[a-z]+)\]\(<[^>]*>\)/g, '');
      expect(bare, line).not.toMatch(/\]\(|@octocat|javascript:|evil/);
    }
  });
});
