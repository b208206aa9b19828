import { execFile, execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareFile, writeFileAtomic } from '../../src/cli/files.ts';
import { cli, fixture, scratchCopy } from '../helpers.ts';

const scratch = () => mkdtemp(join(tmpdir(), 'specbench-write-'));

/** What the command line must say when a file cannot be written: the file, the reason, exit 2, no stack trace. */
function refused(result: { code: number; out: string; err: string }, file: string, reason: RegExp) {
  expect(result.code).toBe(2);
  expect(result.err).toMatch(new RegExp(`^specbench: cannot [a-z ]+ \`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\`: `, 'm'));
  expect(result.err).toMatch(reason);
  expect(result.err).not.toMatch(/internal error|Please report|^\s+at /m);
}

describe('a file the command line cannot write is named with the reason, exit 2', () => {
  it('gaps --write onto a folder (EISDIR)', async () => {
    const dir = await scratch();
    refused(await cli(['gaps', '--spec', fixture('complete'), '--write', dir]), dir, /it is a folder \(EISDIR\)/);
  });

  it('gaps --write onto a full device (ENOSPC)', async () => {
    refused(await cli(['gaps', '--spec', fixture('complete'), '--write', '/dev/full']), '/dev/full', /no space is left on the device \(ENOSPC\)/);
  });

  it('export --write into a folder that does not exist (ENOENT)', async () => {
    const file = join(await scratch(), 'no', 'such', 'dir', 'x.json');
    refused(await cli(['export', 'openapi', '--spec', fixture('complete'), '--write', file]), file, /its folder does not exist \(ENOENT\)/);
  });

  it('schemas --write into a path that is a file', async () => {
    const file = join(await scratch(), 'schemas');
    await writeFile(file, 'not a folder');
    refused(await cli(['schemas', '--write', file]), file, /\((EEXIST|ENOTDIR)\)/);
  });

  it('new into an area "folder" that is a file', async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'errors', 'sub'), '');
    const spec = join(dir, 'errors', 'sub');
    refused(await cli(['new', 'resources', 'Thing', '--spec', spec]), join(spec, 'resources'), /a part of its path is a file, not a folder \(ENOTDIR\)|\(EEXIST\)/);
  });

  it("import's files into a spec folder that is a file", async () => {
    const dir = await scratch();
    await writeFile(join(dir, 'api.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Shop', version: '1' }, paths: { '/orders': { get: { operationId: 'listOrders', responses: { '200': { description: 'OK' } } } } } }));
    await writeFile(join(dir, 'spec'), '');
    const result = await cli(['import', join(dir, 'api.json'), '--spec', join(dir, 'spec')]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^specbench: cannot create the folder `.*spec\/[a-z]+`: .*\((ENOTDIR|EEXIST)\)\.\n$/);
  });

  it('modelines on a folder the user cannot write (EACCES), run as `nobody` as a locked-down CI user would', async () => {
    const dir = await scratchCopy(fixture('complete'));
    // From a folder outside the repository every schema line changes, so every file is to be written.
    for (const sub of ['', ...(await readdir(dir))]) await chmod(join(dir, sub), 0o555);
    const asNobody = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : [];
    const [command = '', ...args] = [...asNobody, process.execPath, 'src/cli/launch.mjs', 'modelines', '--spec', dir];
    const result = await promisify(execFile)(command, args).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect('code' in result ? result.code : 0).toBe(2);
    expect(result.stderr).toMatch(/^specbench: cannot write `.*\/authentication\/_area\.yaml`: permission denied \(EACCES\)\.\n$/);
  });
});

describe('gaps --check and schemas --check read what they compare without hanging', () => {
  it('refuse a pipe at once instead of waiting for a writer', async () => {
    const fifo = join(await scratch(), 'GAPS.md');
    execFileSync('mkfifo', [fifo]);
    const result = await cli(['gaps', '--spec', fixture('complete'), '--check', fifo]);
    expect(result).toMatchObject({ code: 2, err: `specbench: cannot read \`${fifo}\`: it is not a regular file (a pipe, socket or device).\n` });
  });

  it('refuse a device that never ends, and a folder', async () => {
    expect(await cli(['gaps', '--spec', fixture('complete'), '--check', '/dev/zero'])).toMatchObject({ code: 2, err: expect.stringContaining('it is not a regular file') });
    const dir = await scratch();
    expect(await cli(['gaps', '--spec', fixture('complete'), '--check', dir])).toMatchObject({ code: 2, err: expect.stringContaining('it is a folder (EISDIR)') });
    const schemas = join(dir, 'schemas');
    await mkdir(join(schemas, 'purpose.area.schema.json'), { recursive: true });
    expect(await cli(['schemas', '--check', schemas])).toMatchObject({ code: 2, err: expect.stringContaining('it is a folder (EISDIR)') });
  });

  it('call a huge file stale without reading it', async () => {
    const file = join(await scratch(), 'GAPS.md');
    await writeFile(file, '');
    execFileSync('truncate', ['-s', '3G', file]);
    expect(await compareFile(file, 'x')).toBe('stale');
    expect(await cli(['gaps', '--spec', fixture('complete'), '--check', file])).toMatchObject({ code: 1, err: expect.stringContaining('is stale') });
  });
});

describe('modelines reads what the loader read', () => {
  it('leaves a pipe and a file that is not UTF-8 as they are: no hang, no bad bytes replaced', async () => {
    const dir = await scratchCopy(fixture('complete'));
    execFileSync('mkfifo', [join(dir, 'errors', 'piped.yaml')]);
    const latin1 = Buffer.from('status: 404\ndescription: Caf\xe9\n', 'latin1');
    await writeFile(join(dir, 'errors', 'latin.yaml'), latin1);
    const result = await cli(['modelines', '--spec', dir]);
    expect(result.code).toBe(0);
    expect(result.err).toBe('2 content files could not be read and were left as they are (`specbench check` says why): errors/latin.yaml, errors/piped.yaml.\n');
    expect(await readFile(join(dir, 'errors', 'latin.yaml'))).toEqual(latin1);
    expect((await readFile(join(dir, 'resources', 'Order.yaml'), 'utf8')).startsWith('# yaml-language-server: $schema=')).toBe(true);
  });
});

describe('every write is atomic: a reader sees the old file or the new one, never part of one', () => {
  it('replaces the file by a rename (a new inode), leaves no temporary file, and keeps its mode', async () => {
    const dir = await scratch();
    const file = join(dir, 'GAPS.md');
    await writeFile(file, 'old\n');
    await chmod(file, 0o640);
    const before = await stat(file);
    expect((await cli(['gaps', '--spec', fixture('half-written'), '--write', file])).code).toBe(0);
    const after = await stat(file);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o640);
    expect(await readdir(dir)).toEqual(['GAPS.md']);
    expect((await cli(['gaps', '--spec', fixture('half-written'), '--check', file])).code).toBe(0);
  });

  it('writes through a symbolic link to the file it points at, and keeps the link', async () => {
    const dir = await scratch();
    await writeFile(join(dir, 'real.md'), 'old\n');
    await symlink('real.md', join(dir, 'link.md'));
    expect((await cli(['gaps', '--spec', fixture('half-written'), '--write', join(dir, 'link.md')])).code).toBe(0);
    expect(await readFile(join(dir, 'real.md'), 'utf8')).toContain('purpose/domain');
    expect((await lstat(join(dir, 'link.md'))).isSymbolicLink()).toBe(true);
    expect(await readdir(dir)).toEqual(['link.md', 'real.md']);
  });

  it('a reader polling while the file is rewritten 40 times only ever reads one whole version', async () => {
    const file = join(await scratch(), 'big.md');
    // Large enough that one write takes several system calls: a plain writeFile lets a reader see a prefix.
    const versions = ['a', 'b'].map((c) => `${c.repeat(4 * 1024 * 1024)}\n`);
    await writeFileAtomic(file, versions[0] ?? '');
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      for (let reads = 0; writing || reads === 0; reads++) {
        const text = await readFile(file, 'utf8');
        seen.add(versions.includes(text) ? 'whole' : `part of ${text.length} characters`);
      }
    })();
    for (let i = 0; i < 40; i++) await writeFileAtomic(file, versions[i % 2] ?? '');
    writing = false;
    await reader;
    expect([...seen]).toEqual(['whole']);
  });

  it('new still never replaces a file, and leaves no temporary file when it refuses', async () => {
    const dir = await scratch();
    await writeFile(join(dir, 'x.yaml'), 'mine\n');
    await expect(writeFileAtomic(join(dir, 'x.yaml'), 'theirs\n', { exclusive: true })).rejects.toThrow(/cannot write `.*x\.yaml`: it already exists \(EEXIST\)/);
    expect(await readFile(join(dir, 'x.yaml'), 'utf8')).toBe('mine\n');
    expect(await readdir(dir)).toEqual(['x.yaml']);
  });
});
