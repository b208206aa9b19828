import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Root } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { copyContent, makeRepo } from '../git/repo.ts';
import { rerunCommand } from '../../src/cli/rerun.ts';
import { cli, fixture, scratchCopy } from '../helpers.ts';

/** A line a text output could forge: a GitHub workflow command, or a fake verdict. */
const FORGED = /^\s*(::error|ALL CHECKS PASSED)/m;

/** A field name that would be a link, a remote image and a mention if it were read as Markdown. */
const HOSTILE_NAME = 'x` [click](https://evil.example) ![i](https://evil.example/i.png) @octocat www.evil.example';

/** What GitHub would make of a Markdown output: its links, images, and text that would be a mention or a bare link. */
function liveMarkup(markdown: string) {
  const tree = remark().use(remarkGfm).parse(markdown) as Root;
  const found: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'link' && !node.url.startsWith('#')) found.push(`link ${node.url}`);
    if (node.type === 'image' || node.type === 'imageReference') found.push(node.type);
    if (node.type === 'text' && /(^|[^\w`])@[A-Za-z0-9]/.test(node.value)) found.push(`mention in ${node.value}`);
  });
  return found;
}

describe('specbench check', () => {
  it('exits 0 and says so on clean content', async () => {
    expect(await cli(['check'], { SPEC_DIR: fixture('complete') })).toMatchObject({ code: 0, out: 'no problems\n' });
  });

  it('prints file:line:col severity code message with a code frame, and exits 1', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'endpoints', 'get-order.yaml'), 'method: GET\npaht: /orders\n');
    const { code, out } = await cli(['check', '--spec', dir]);
    expect(code).toBe(1);
    expect(out).toMatch(/endpoints\/get-order\.yaml:2:1 error unknown-key Unknown key `paht` in the top level; did you mean `path`\?/);
    expect(out).toContain('> 2 | paht: /orders\n    | ^^^^\n');
    expect(out).toContain('1 error');
  });

  it('writes JSON and GitHub annotations', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'errors', 'rate_limited.yaml'), 'status: many\n');
    const json = await cli(['check', '--spec', dir, '--format', 'json']);
    expect(JSON.parse(json.out).diagnostics).toEqual([expect.objectContaining({ file: 'errors/rate_limited.yaml', line: 1, column: 9, code: 'wrong-type' })]);
    const github = await cli(['check', '--spec', dir, '--format', 'github']);
    expect(github.out).toMatch(/^::error file=.*errors\/rate_limited\.yaml,line=1,col=9,endLine=1,endColumn=13,title=wrong-type::Wrong type/);
  });

  it('rejects a wrong command line with exit 2 and the usage', async () => {
    expect(await cli(['chek'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown command `chek`') });
    expect(await cli(['check', '--format', 'xml'])).toMatchObject({ code: 2 });
    expect(await cli(['check', '--nope'])).toMatchObject({ code: 2, err: expect.stringContaining('Usage') });
  });

  it('never prints a control character from the spec: a key that would clear the screen and fake a verdict', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'errors', 'rate_limited.yaml'), 'status: 429\n"\u001b[2J\u001b[H\u001b[32mALL CHECKS PASSED\u001b[0m": 1\n');
    for (const format of ['human', 'github', 'json']) {
      const { code, out } = await cli(['check', '--spec', dir, '--format', format]);
      expect(code).toBe(1);
      expect(out, format).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(out, format).toMatch(format === 'json' ? /\\u001b\[2J/ : /␛\[2J␛\[H␛\[32mALL CHECKS PASSED␛\[0m/);
    }
    await writeFile(join(dir, 'errors', 'rate_limited.yaml'), 'status: 429\n');
    await writeFile(join(dir, 'purpose', '_area.yaml'), 'name: { open: "Who\u001b[2J decides?" }\n');
    const gaps = await cli(['gaps', '--spec', dir]);
    expect(gaps.out).toContain('Who␛[2J decides?');
    expect(gaps.out).not.toContain('\u001b');
    const markdown = await cli(['gaps', '--spec', dir, '--format', 'markdown']);
    expect(markdown.out).not.toContain('\u001b');
  });

  it('prints a message on one line: a key with a line break in it forges no line of its own', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'errors', 'rate_limited.yaml'), 'status: 429\n"x\\n::error file=a,line=1::forged\\nALL CHECKS PASSED": 1\n');
    const { code, out } = await cli(['check', '--spec', dir]);
    expect(code).toBe(1);
    expect(out).not.toMatch(FORGED);
    expect(out).toContain('Unknown key `x\\n::error file=a,line=1::forged\\nALL CHECKS PASSED` in the top level');
    const github = await cli(['check', '--spec', dir, '--format', 'github']);
    expect(github.out.trimEnd().split('\n')).toHaveLength(1);
  });

  it('says when the spec folder does not exist, without a stack trace', async () => {
    const { code, err } = await cli(['check', '--spec', 'no/such/folder']);
    expect(code).toBe(2);
    expect(err).toBe('specbench: Spec folder `no/such/folder` not found; set SPEC_DIR to a folder of area folders.\n');
  });
});

describe('specbench gaps', () => {
  it('prints text, Markdown and JSON', async () => {
    const env = { SPEC_DIR: fixture('half-written') };
    expect((await cli(['gaps'], env)).out).toContain('   purpose/domain  (open)\n      Is this part of the catalogue domain or its own?  [owner @library-core]');
    expect((await cli(['gaps', '--format', 'markdown'], env)).out).toContain('## 1. Purpose');
    const json = JSON.parse((await cli(['gaps', '--format', 'json'], env)).out);
    expect(json.gapCount).toBe(21);
    expect(json.areas.map((a: { key: string }) => a.key)).toHaveLength(9);
  });

  it('prints a question written over several lines on one line, so it cannot forge a line', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'purpose', '_area.yaml'), 'name: { open: "Who decides?\\n::error file=a,line=1::forged\\nALL CHECKS PASSED", owner: "@x" }\n');
    const { code, out } = await cli(['gaps', '--spec', dir]);
    expect(code).toBe(0);
    expect(out).not.toMatch(FORGED);
    expect(out).toContain('      Who decides?\\n::error file=a,line=1::forged\\nALL CHECKS PASSED  [owner @x]\n');
  });

  it('writes names from the spec into SPEC_GAPS.md literally: no link, image or mention', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const order = await readFile(join(dir, 'resources', 'Order.yaml'), 'utf8');
    await writeFile(join(dir, 'resources', 'Order.yaml'), `${order}  '${HOSTILE_NAME}': { type: string }\n`);
    expect((await cli(['check', '--spec', dir])).code).toBe(0);
    const { code, out } = await cli(['gaps', '--spec', dir, '--format', 'markdown']);
    expect(code).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('- ') && l.includes('octocat')) ?? '';
    expect(line).toContain('- ``resources/Order/fields/x` [click](https:~1~1evil.example)');
    expect(liveMarkup(line)).toEqual([]);
    expect(liveMarkup(out)).toEqual([]);
  });

  it('filters by owner', async () => {
    const json = JSON.parse((await cli(['gaps', '--format', 'json', '--owner', '@api'], { SPEC_DIR: fixture('half-written') })).out);
    expect(json.areas.flatMap((a: { gaps: { id: string }[] }) => a.gaps.map((g) => g.id))).toEqual(['endpoints/inventory']);
  });

  it('refuses to count gaps in a spec with errors', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'purpose', '_area.yaml'), 'name: [\n');
    const { code, err } = await cli(['gaps', '--spec', dir]);
    expect(code).toBe(1);
    expect(err).toMatch(/purpose\/_area\.yaml:\d+:\d+ error yaml-syntax/);
  });

  it('--check passes on a current file and fails on a stale one', async () => {
    const dir = await scratchCopy(fixture('half-written'));
    const file = join(dir, 'GAPS.md');
    expect((await cli(['gaps', '--spec', dir, '--write', file])).code).toBe(0);
    expect((await cli(['gaps', '--spec', dir, '--check', file])).code).toBe(0);
    await writeFile(join(dir, 'purpose', '_area.yaml'), 'name: Library Loans\n');
    const stale = await cli(['gaps', '--spec', dir, '--check', file]);
    // `npm run gaps` rewrites SPEC_GAPS.md of content/ only: the message names the command that rewrites this file.
    expect(stale).toMatchObject({ code: 1, err: `${file} is stale: run \`npm run specbench -- gaps --spec ${relative(process.cwd(), dir)} --write ${file}\` and commit it.\n` });
    expect(await readFile(file, 'utf8')).toContain('purpose/domain');
    // The file itself names the commands that keep it current, not `npm run gaps`, which rewrites content/'s.
    const folder = relative(process.cwd(), dir);
    expect(await readFile(file, 'utf8')).toContain(
      `by \`npm run specbench -- gaps --spec ${folder} --write ${file}\`; do not edit by hand. \`npm run specbench -- gaps --spec ${folder} --check ${file}\` fails when it is stale.`,
    );
  });

  it("names `npm run gaps` in this repository's own SPEC_GAPS.md", async () => {
    expect(await readFile('SPEC_GAPS.md', 'utf8')).toContain('by `npm run gaps`; do not edit by hand. `npm run gaps:check` fails when it is stale.');
  });

  it('names `npx specbench` in a project whose scripts do not run it as `specbench` (one that init made)', async () => {
    const project = await mkdtemp(join(tmpdir(), 'specbench-project-'));
    await writeFile(join(project, 'package.json'), JSON.stringify({ scripts: { gaps: 'specbench gaps --spec spec --write SPEC_GAPS.md' } }));
    const spec = await scratchCopy(fixture('half-written'));
    const run = promisify(execFile);
    await writeFile(join(project, 'GAPS.md'), 'old\n');
    const stale = await run(process.execPath, [resolve('src/cli/launch.mjs'), 'gaps', '--spec', spec, '--check', 'GAPS.md'], { cwd: project }).catch((e: { code: number; stderr: string }) => e);
    expect(stale).toMatchObject({ code: 1, stderr: `GAPS.md is stale: run \`npx specbench gaps --spec ${relative(project, spec)} --write GAPS.md\` and commit it.\n` });
  });
});

describe('the command that rewrites a stale file', () => {
  it('is the npm script when the script does exactly that, else the whole command line, quoted for the shell', () => {
    const gaps = { name: 'gaps', args: ['gaps', '--spec', 'content', '--write', 'SPEC_GAPS.md'] };
    expect(rerunCommand(gaps, ['gaps', '--spec', 'content', '--write', 'SPEC_GAPS.md'])).toBe('npm run gaps');
    expect(rerunCommand(gaps, ['gaps', '--spec', 'my spec', '--owner', "@o'k", '--write', 'SPEC_GAPS.md'])).toBe(`npm run specbench -- gaps --spec 'my spec' --owner '@o'\\''k' --write SPEC_GAPS.md`);
  });

  it('names the folder and the file for gaps --check with SPEC_DIR, and keeps --owner', async () => {
    const result = await cli(['gaps', '--check', 'SPEC_GAPS.md', '--owner', '@api'], { SPEC_DIR: fixture('half-written') });
    expect(result).toMatchObject({ code: 1, err: 'SPEC_GAPS.md is stale: run `npm run specbench -- gaps --spec test/fixtures/half-written --owner @api --write SPEC_GAPS.md` and commit it.\n' });
  });

  it('names the folder for modelines --check and schemas --check', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const modelines = await cli(['modelines', '--check', dir]);
    expect(modelines).toMatchObject({ code: 1, err: expect.stringContaining(`; run \`npm run specbench -- modelines --spec ${relative(process.cwd(), dir)}\`.`) });
    expect(await cli(['schemas', '--check', dir])).toMatchObject({ code: 1, err: expect.stringContaining(`; run \`npm run specbench -- schemas --write ${dir}\` and commit them.`) });
  });
});

describe('specbench diff', () => {
  it('writes names from the spec into the pull-request comment literally: no link, image or mention', async () => {
    const repo = await makeRepo();
    await copyContent(repo.root);
    const field = (name: string) => `  '${name}': { type: string }\n`;
    const base = await repo.commit('Orders', { 'spec/resources/Order.yaml': `fields:\n  id: { type: string, required: true }\n${field(HOSTILE_NAME)}` });
    const head = await repo.commit('Rename', { 'spec/resources/Order.yaml': `fields:\n  id: { type: string, required: true }\n${field(`${HOSTILE_NAME} 2`)}` });
    const { code, out, err } = await cli(['diff', '--spec', join(repo.root, 'spec'), '--base', base, '--head', head]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('### Breaking changes (1)');
    expect(out).toContain('### Gaps opened');
    expect(out.match(/octocat/g)?.length).toBeGreaterThanOrEqual(3);
    expect(liveMarkup(out)).toEqual([]);
  });
});

describe('specbench import', () => {
  it('turns HTML in a scope description into Markdown, as in every description: the check that now reads scopes passes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-import-'));
    const scopes = { 'orders:read': 'Read <b>orders</b>, see <a href="https://example.com/docs">the docs</a>.' };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Shop', version: '1' },
      paths: { '/orders': { get: { operationId: 'listOrders', security: [{ oauth: ['orders:read'] }], responses: { '200': { description: 'OK' } } } } },
      components: { securitySchemes: { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes } } } } },
    };
    await writeFile(join(dir, 'api.json'), JSON.stringify(document));
    expect((await cli(['import', join(dir, 'api.json'), '--spec', join(dir, 'spec')])).code).toBe(0);
    expect(await readFile(join(dir, 'spec', 'authentication', 'oauth.yaml'), 'utf8')).toContain('orders:read: Read **orders**, see [the docs](https://example.com/docs).');
    // A document with no schemas does not say the service has no resources: the inventory stays open (stated complete, it warned empty-inventory).
    const checked = await cli(['check', '--spec', join(dir, 'spec'), '--format', 'json']);
    expect(checked.code).toBe(0);
    expect((JSON.parse(checked.out) as { diagnostics: Array<{ code: string }> }).diagnostics.map((d) => d.code)).toEqual([]);
    expect(await readFile(join(dir, 'spec', 'resources', '_area.yaml'), 'utf8')).not.toMatch(/^inventory: complete$/m);
  });
});
