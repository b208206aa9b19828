import { createHmac, timingSafeEqual } from 'node:crypto';
import { eachLine, MAX_CACHE_FILE, readHead, readRegular } from './cache-io.ts';

/*
 * The cache's file format. Every entry is sealed: an HMAC-SHA256, with the key of this cache
 * folder (created on first use, never committed, see cache-folder.ts), over the entry's exact
 * bytes and what names it (the build of the tool, the kind of file, the entry's key). An entry
 * whose seal does not match was not written by this cache: it is never used, only made again.
 * So whoever can write the cache folder, but cannot read its key, cannot make `check` say
 * anything: an answer, a file's result or a checks' memo they wrote is simply not there.
 *
 *   <seal>\t{"format":"specbench-cache","version":2,"tool":…,"kind":…,"run":…}
 *   <seal>\t<key>\t<run>\t<JSON of the entry>
 *   …
 *
 * `JSON.stringify` writes no tab and no line break, so a line is split at its first three tabs.
 * The run that last used an entry is outside its seal (it only orders what is kept longest).
 */

export const FORMAT = 'specbench-cache';
export const VERSION = 2;

/** What a file holds: file results and their checks' memos, or whole answers. */
export type Kind = 'results' | 'answers';

/** One entry as written: its key, the run that last used it, its seal and its JSON (not yet checked). */
export interface Line {
  key: string;
  run: number;
  seal: string;
  json: string;
}

/** A cache file whose header is this cache's own, for this build and kind: its run and its entries, by key, in file order. */
export interface Sealed {
  run: number;
  lines: Map<string, Line>;
}

/** What a file is for: the build of the tool that wrote it and what it holds. */
export interface Names {
  tool: string;
  kind: Kind;
}

const hmac = (secret: Uint8Array, parts: readonly string[]): string => {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part).update('\u0000');
  return mac.digest('hex');
};

const matches = (seal: string, expected: string): boolean => seal.length === expected.length && timingSafeEqual(Buffer.from(seal), Buffer.from(expected));

const entryParts = (names: Names, key: string, json: string) => ['entry', names.tool, names.kind, key, json];

/** An entry sealed with the folder's key. */
export function sealLine(secret: Uint8Array, names: Names, key: string, run: number, json: string): Line {
  return { key, run, seal: hmac(secret, entryParts(names, key, json)), json };
}

/** Whether an entry's seal is this cache's own for it. */
export function isSealed(secret: Uint8Array, names: Names, line: Line): boolean {
  return matches(line.seal, hmac(secret, entryParts(names, line.key, line.json)));
}

/** The whole text of a file of entries, its header sealed too. */
export function sealFile(secret: Uint8Array, names: Names, run: number, lines: Iterable<Line>): string {
  const header = JSON.stringify({ format: FORMAT, version: VERSION, tool: names.tool, kind: names.kind, run });
  const out = [`${hmac(secret, ['header', header])}\t${header}\n`];
  for (const line of lines) out.push(`${line.seal}\t${line.key}\t${line.run}\t${line.json}\n`);
  return out.join('');
}

/** A header line sealed with this key: the file was written by this cache (by any build of the tool); its fields when it was. */
function openHeader(secret: Uint8Array, line: string): Record<string, unknown> | undefined {
  const tab = line.indexOf('\t');
  const header = line.slice(tab + 1);
  if (tab < 0 || !matches(line.slice(0, tab), hmac(secret, ['header', header]))) return undefined;
  try {
    const fields: unknown = JSON.parse(header);
    return typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? (fields as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A cache file of this build and kind, when its header is sealed with this folder's key; undefined
 * for anything else (missing, not a regular file, too large, foreign, another build's or format).
 * The entries' seals are checked when each is used.
 */
export function readSealed(path: string, secret: Uint8Array, names: Names): Sealed | undefined {
  const file = readRegular(path, MAX_CACHE_FILE);
  if (!file) return undefined;
  const lines = file.bytes.toString('utf8').split('\n');
  const header = openHeader(secret, lines[0] ?? '');
  if (!header || header.format !== FORMAT || header.version !== VERSION || header.tool !== names.tool || header.kind !== names.kind) return undefined;
  const run = typeof header.run === 'number' && Number.isSafeInteger(header.run) ? header.run : 0;
  const entries = new Map<string, Line>();
  for (let i = 1; i < lines.length; i++) {
    const parts = splitLine(lines[i] ?? '');
    if (parts && !entries.has(parts.key)) entries.set(parts.key, parts);
  }
  return { run, lines: entries };
}

/**
 * The entries of `keys` in a cache file of this build and kind (as `readSealed` takes it), read a
 * chunk at a time and kept only when wanted: a spec folder's first mock took what it needed of
 * the 70 MB file every `check` of the checkout shares by reading it whole (a one-endpoint spec
 * started at 317 MB).
 */
export function readSealedKeys(path: string, secret: Uint8Array, names: Names, keys: ReadonlySet<string>): Sealed | undefined {
  let header: Record<string, unknown> | undefined;
  let first = true;
  const entries = new Map<string, Line>();
  const read = eachLine(path, MAX_CACHE_FILE, (bytes) => {
    if (first) {
      first = false;
      header = openHeader(secret, bytes.toString('utf8'));
      if (!header || header.format !== FORMAT || header.version !== VERSION || header.tool !== names.tool || header.kind !== names.kind) header = undefined;
      return;
    }
    if (!header) return;
    // The key, between the first two tabs, looked at before the line is decoded at all.
    const a = bytes.indexOf(9);
    const b = a < 0 ? -1 : bytes.indexOf(9, a + 1);
    if (b < 0 || !keys.has(bytes.toString('utf8', a + 1, b))) return;
    const parts = splitLine(bytes.toString('utf8'));
    if (parts && !entries.has(parts.key)) entries.set(parts.key, parts);
  });
  if (!read || !header) return undefined;
  const run = typeof header.run === 'number' && Number.isSafeInteger(header.run) ? header.run : 0;
  return { run, lines: entries };
}

/** An entry line's parts; undefined for a line cut short. */
function splitLine(text: string): Line | undefined {
  const a = text.indexOf('\t');
  const b = text.indexOf('\t', a + 1);
  const c = text.indexOf('\t', b + 1);
  if (a < 0 || b < 0 || c < 0) return undefined;
  const run = Number(text.slice(b + 1, c));
  return { seal: text.slice(0, a), key: text.slice(a + 1, b), run: Number.isSafeInteger(run) ? run : 0, json: text.slice(c + 1) };
}

/** Whether a file is one this cache wrote (its header sealed with this key, any build, any version of this format). */
export function isOwnFile(path: string, secret: Uint8Array): boolean {
  const head = readHead(path, 4096);
  const newline = head?.indexOf('\n') ?? -1;
  return head !== undefined && newline > 0 && openHeader(secret, head.slice(0, newline))?.format === FORMAT;
}
