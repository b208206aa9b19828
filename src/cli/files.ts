import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A file the command line could not read or write: the message names it and the reason; exit 2. */
export class FileError extends Error {}

/** What the file system's error codes mean, in words; the code follows in parentheses. */
const REASONS: Record<string, string> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
  EEXIST: 'it already exists',
  EFBIG: 'the file would be too large',
  EIO: 'an input/output error',
  ENAMETOOLONG: 'its name is too long',
  ELOOP: 'its path has a loop of symbolic links',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EBUSY: 'it is busy',
  ETXTBSY: 'it is busy',
};

/** `cannot <action> <file>: <reason> (<CODE>)`, for any error a file-system call throws. */
export function fileError(action: string, file: string, error: unknown): FileError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const words = (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
  const reason = code === 'ENOENT' && action === 'read' ? 'it does not exist' : words;
  return new FileError(`cannot ${action} \`${file}\`: ${reason}${code ? ` (${code})` : ''}.`);
}

const statOf = (path: string): Promise<Stats | undefined> => stat(path).catch(() => undefined);

/**
 * Writes a file whole or not at all: the text goes to a temporary file beside it, which is then
 * renamed over it, so a reader at the same time (a `gaps --check` in another terminal) sees the
 * old file or the new one, never half of one. With `exclusive`, an existing file is never
 * replaced (the temporary file is linked in, which fails if the name is taken). A device or a
 * pipe (`/dev/stdout`) cannot be replaced: it is written to directly. A symbolic link keeps
 * pointing where it did: the file it points at is replaced. Every failure is a FileError that
 * names `file`, and leaves no temporary file behind.
 */
export async function writeFileAtomic(file: string, text: string, options: { exclusive?: boolean } = {}): Promise<void> {
  const target = await realpath(file).catch(() => file);
  const existing = await statOf(target);
  if (existing?.isDirectory()) throw fileError('write', file, Object.assign(new Error('is a folder'), { code: 'EISDIR' }));
  if (existing && options.exclusive) throw fileError('write', file, Object.assign(new Error('exists'), { code: 'EEXIST' }));
  if (existing && !existing.isFile()) {
    await writeFile(target, text).catch((error: unknown) => {
      throw fileError('write', file, error);
    });
    return;
  }
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    if (existing) await chmod(temp, existing.mode & 0o7777);
    if (options.exclusive) await link(temp, target);
    else await rename(temp, target);
  } catch (error) {
    throw fileError('write', file, error);
  } finally {
    // After a rename there is nothing left to remove; after a link or a failure, the temporary name goes.
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Makes a folder and the folders above it, as `mkdir -p` does; a FileError when it cannot. */
export async function makeFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw fileError('create the folder', dir, error);
  });
}

/** Removes a file; a FileError when it cannot. */
export async function removeFile(file: string): Promise<void> {
  await rm(file).catch((error: unknown) => {
    throw fileError('remove', file, error);
  });
}

/**
 * Whether `file` holds exactly `expected`: 'missing' when there is no such file, 'stale' when it
 * differs. The size is compared before anything is read, so a huge file is never read whole, and
 * a pipe or a device (which could block or never end) is refused without being opened.
 */
export async function compareFile(file: string, expected: string): Promise<'current' | 'stale' | 'missing'> {
  let info: Stats;
  try {
    info = await stat(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return 'missing';
    throw fileError('read', file, error);
  }
  if (info.isDirectory()) throw fileError('read', file, Object.assign(new Error('is a folder'), { code: 'EISDIR' }));
  if (!info.isFile()) throw new FileError(`cannot read \`${file}\`: it is not a regular file (a pipe, socket or device).`);
  if (info.size !== Buffer.byteLength(expected)) return 'stale';
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw fileError('read', file, error);
  });
  return text === expected ? 'current' : 'stale';
}
