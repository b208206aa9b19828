import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';

/*
 * Reading and writing the cache's own files, whatever is found in their place: a pipe, a device,
 * a symbolic link to either, a file far too large, a folder. Nothing here throws or waits.
 */

/** The largest cache file read: far above what 20,000 kept results take, far below what a string can hold. */
export const MAX_CACHE_FILE = 256 * 1024 * 1024;

// Not every system has them (Windows); there a pipe or a link is still refused by its stat.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NO_BLOCK = constants.O_NONBLOCK ?? 0;

/**
 * A file's bytes (at most `limit`) and its stat, when it is a regular file; undefined for anything
 * else: missing, a symbolic link (never followed: it could lead to `/dev/zero`), a pipe (opened
 * without waiting for a writer, then refused), a device, a folder, or larger than `limit`.
 */
export function readRegular(path: string, limit: number = MAX_CACHE_FILE): { bytes: Buffer; info: Stats } | undefined {
  try {
    // Nothing but a regular file is opened at all (opening some devices does something).
    const seen = lstatSync(path);
    if (!seen.isFile() || seen.size > limit) return undefined;
    const fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
    try {
      const info = fstatSync(fd);
      if (!info.isFile() || info.ino !== seen.ino || info.dev !== seen.dev || info.size > limit) return undefined;
      // One byte more than the file said it holds: a file that grows while read is not taken.
      const bytes = Buffer.allocUnsafe(Math.min(info.size, limit) + 1);
      let length = 0;
      while (length < bytes.length) {
        const n = readSync(fd, bytes, length, bytes.length - length, null);
        if (n === 0) break;
        length += n;
      }
      return length > info.size ? undefined : { bytes: bytes.subarray(0, length), info };
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** The bytes read at a time by `eachLine`. */
const CHUNK = 1024 * 1024;

/**
 * Each line of a regular file (the same files `readRegular` takes, at most `limit` bytes), as its
 * bytes without the line break, read a chunk at a time: a 70 MB file is never held whole. False
 * for anything `readRegular` refuses, or a file that grows while read (its lines already seen may
 * be kept by the caller only when this says true).
 */
export function eachLine(path: string, limit: number, line: (bytes: Buffer) => void): boolean {
  try {
    const seen = lstatSync(path);
    if (!seen.isFile() || seen.size > limit) return false;
    const fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
    try {
      const info = fstatSync(fd);
      if (!info.isFile() || info.ino !== seen.ino || info.dev !== seen.dev || info.size > limit) return false;
      const chunk = Buffer.allocUnsafe(CHUNK);
      // The start of a line that a chunk ended in, copied (the chunk is read into again); joined
      // once its end comes, so a line of megabytes is copied once, never once per chunk.
      const rest: Buffer[] = [];
      let total = 0;
      for (;;) {
        const n = readSync(fd, chunk, 0, CHUNK, null);
        if (n === 0) break;
        total += n;
        if (total > info.size) return false;
        const bytes = chunk.subarray(0, n);
        let start = 0;
        for (let end = bytes.indexOf(10, start); end >= 0; end = bytes.indexOf(10, start)) {
          line(rest.length > 0 ? Buffer.concat([...rest.splice(0), bytes.subarray(start, end)]) : bytes.subarray(start, end));
          start = end + 1;
        }
        if (start < n) rest.push(Buffer.from(bytes.subarray(start)));
      }
      if (rest.length > 0) line(Buffer.concat(rest));
      return true;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/**
 * Writes a file whole, to a new temporary file beside it (mode 0600, never an existing name)
 * renamed into place, so two runs at once never leave half a file and a link or a pipe in its
 * place is replaced, never written through. False when it cannot be written.
 */
export function writeWhole(path: string, data: string | Uint8Array): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, data, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // A name that was taken is someone else's file: it stays.
    if (codeOf(error) !== 'EEXIST') rmSync(temporary, { force: true });
    return false;
  }
  try {
    renameSync(temporary, path);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

/** The first `limit` bytes of a regular file, as text (enough for a header line); undefined for anything else. */
export function readHead(path: string, limit: number): string | undefined {
  try {
    const seen = lstatSync(path);
    if (!seen.isFile()) return undefined;
    const fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
    try {
      if (!fstatSync(fd).isFile()) return undefined;
      const bytes = Buffer.alloc(limit);
      return bytes.subarray(0, readSync(fd, bytes, 0, limit, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** The file system's error code of a thrown error (`ENOENT`), if it has one. */
export function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
