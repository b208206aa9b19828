import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fixture, scratchCopy } from '../helpers.ts';

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
    expect(stale).toMatchObject({ code: 1, err: expect.stringContaining('is stale') });
    expect(await readFile(file, 'utf8')).toContain('purpose/domain');
  });
});
