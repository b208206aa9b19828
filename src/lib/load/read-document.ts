import { realpathSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type SwaggerParserType from '@apidevtools/swagger-parser';
import { isObj, type Obj } from '../facet/state.ts';
import { visible } from '../safety/terminal.ts';
import { shapeViolations, SHOWN_VIOLATIONS } from './document-shape.ts';
import { upgradeAsWritten } from './swagger-upgrade.ts';
import { parseUntrusted, READ_LIMITS, UntrustedInputError } from './untrusted-yaml.ts';

type SwaggerParserOptions = SwaggerParserType.Options;
/** The document type swagger-parser takes (from openapi-types, which it depends on). */
type OpenApiDocument = NonNullable<Parameters<SwaggerParserType.ApiCallback>[1]>;

/** A source document that cannot be read: bad syntax, an unknown format, a failed validation, a bound passed. */
export class DocumentError extends Error {}

/** A parsed interchange document, ready for the pure importers. */
export type ApiDocument =
  | { kind: 'openapi'; source: string; doc: Obj; resolve: (ref: string) => unknown; raw: Obj; written?: (pointer: string) => string | undefined }
  | { kind: 'asyncapi'; source: string; doc: Obj; raw: Obj; written?: (pointer: string) => string | undefined };

/**
 * Which external `$ref`s an import follows. By default only files in the imported document's
 * folder (or below it), never the network: a document nobody here wrote must not pull
 * `/etc/passwd` or a private address into a spec that is then published.
 */
export interface RefPolicy {
  /** Also files outside the document's folder (`--allow-refs-outside`). */
  outside?: boolean;
  /** Also `http:` and `https:` addresses (`--allow-remote-refs`). */
  remote?: boolean;
}

/** The command-line flags that widen the policy, named in its refusals. */
export const REF_FLAGS = { outside: '--allow-refs-outside', remote: '--allow-remote-refs' } as const;

const kindOf = (s: import('node:fs').Stats) =>
  s.isDirectory() ? 'a directory' : s.isFIFO() ? 'a named pipe (FIFO)' : s.isSocket() ? 'a socket' : s.isCharacterDevice() || s.isBlockDevice() ? 'a device' : 'not a regular file';

/** The text of a file that is a regular file within the size bound; anything else is refused at once (a FIFO would block a read forever). */
async function readText(file: string): Promise<string> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new DocumentError(`cannot read \`${file}\`: ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EACCES' ? 'permission denied' : (error.code ?? error.message)}`);
  });
  if (!info.isFile()) throw new DocumentError(`\`${file}\` is ${kindOf(info)}; an import reads a regular file`);
  if (info.size > READ_LIMITS.bytes) throw new DocumentError(`\`${file}\` is ${info.size.toLocaleString('en-US')} bytes; an import reads files of at most ${READ_LIMITS.bytes.toLocaleString('en-US')} bytes`);
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new DocumentError(`cannot read \`${file}\`: ${error.code ?? error.message}`);
  });
}

/** The document's data and where each pointer of it is written, or a refusal located in the file (`file:line:column: why`). */
function parseText(file: string, text: string): ReturnType<typeof parseUntrusted> {
  try {
    return parseUntrusted(text);
  } catch (error) {
    if (error instanceof UntrustedInputError) throw new DocumentError(`${file}${error.line !== undefined ? `:${error.line}:${error.column}` : ''}: ${error.message}`);
    throw error;
  }
}

/** Whether a `$ref` target may be read under the policy, and if not, why (naming the flag that allows it). */
function refGuard(file: string, policy: RefPolicy): (target: string) => string | undefined {
  const folder = realpathSync(dirname(resolve(file)));
  return (target) => {
    if (/^https?:/i.test(target)) return policy.remote ? undefined : `\`${target}\` is on the network, and an import reads no address unless asked: add ${REF_FLAGS.remote} to follow it`;
    if (/^[a-z][a-z0-9+.-]+:/i.test(target) && !/^file:/i.test(target)) return `\`${target}\` is neither a file nor an http(s) address; an import does not follow it`;
    if (policy.outside) return undefined;
    const path = /^file:/i.test(target) ? fileURLToPath(target) : resolve(target);
    let real = path;
    try {
      real = realpathSync(path);
    } catch {
      // A file that is not there is refused by the reader itself.
    }
    const inside = relative(folder, real);
    return inside !== '' && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside) ? undefined : `\`${target}\` is outside the folder of the imported document: add ${REF_FLAGS.outside} to follow references outside it`;
  };
}

/** External `$ref`s of the document as written (not `#…`), each with where it is, for refusals located in the file. */
function externalRefs(raw: unknown, base: string): Array<{ ref: string; target: string; pointer: string }> {
  const out: Array<{ ref: string; target: string; pointer: string }> = [];
  const stack: Array<[unknown, string]> = [[raw, '']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [value, pointer] = stack.pop() as [unknown, string];
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (isObj(value) && typeof value.$ref === 'string' && !value.$ref.startsWith('#')) {
      const ref = value.$ref;
      const address = ref.split('#')[0] ?? '';
      const target = /^[a-z][a-z0-9+.-]+:/i.test(address) ? address : resolve(dirname(base), decodeURIComponent(address));
      out.push({ ref, target, pointer: `${pointer}/$ref` });
    }
    for (const [k, v] of Object.entries(value)) stack.push([v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
  }
  return out;
}

/**
 * Reads an OpenAPI 3.0/3.1, Swagger 2.0 (upgraded with @scalar/openapi-upgrader) or AsyncAPI
 * 2.x/3.x document within the bounds of `READ_LIMITS`, following external references only as
 * `policy` allows. OpenAPI is bundled by swagger-parser, which keeps internal `$ref`s (so
 * components stay named) and resolves them on request; AsyncAPI is parsed and validated by
 * @asyncapi/parser. The parsers load when a document needs them, so that commands which read no
 * interchange document start fast.
 */
export async function readApiDocument(file: string, policy: RefPolicy = {}): Promise<ApiDocument> {
  const text = await readText(file);
  const { data: raw, locate, written } = parseText(file, text);
  if (!isObj(raw)) throw new DocumentError(`\`${file}\` is not an API description (no mapping at the top level)`);
  const guard = refGuard(file, policy);
  for (const { ref, target, pointer } of externalRefs(raw, file)) {
    const why = guard(target);
    const at = locate(pointer);
    if (why) throw new DocumentError(`${file}${at ? `:${at.line}:${at.col}` : ''}: the reference \`${ref}\` at ${pointer}: ${why}`);
  }
  if (typeof raw.asyncapi === 'string') return { ...(await readAsyncApi(file, text, raw, guard, locate)), written };
  const refuse = (pointer: string, why: string): never => {
    const at = locate(pointer);
    throw new DocumentError(`${file}${at ? `:${at.line}:${at.col}` : ''}: ${why}`);
  };
  checkVersions(raw, refuse, written);
  // The document as written against the official schema of its version, before anything maps it: every violation at its line and column.
  const violations = shapeViolations(raw);
  if (violations.length > 0) {
    // In the order of the file.
    const placed = violations.map((v) => ({ ...v, found: locate(v.pointer) ?? locate(v.pointer.slice(0, v.pointer.lastIndexOf('/'))) }));
    placed.sort((a, b) => (a.found?.line ?? 0) - (b.found?.line ?? 0) || (a.found?.col ?? 0) - (b.found?.col ?? 0));
    const lines = placed.slice(0, SHOWN_VIOLATIONS).map(({ pointer, message, found }) => `${file}${found ? `:${found.line}:${found.col}` : ''}: ${message} (at ${visible(pointer) || '/'})`);
    const more = violations.length - SHOWN_VIOLATIONS;
    throw new DocumentError(
      `\`${file}\` is not a valid ${raw.swagger === '2.0' ? 'Swagger 2.0' : `OpenAPI ${String(raw.openapi)}`} document (${violations.length === 1 ? 'one violation' : `${violations.length} violations`} of its official schema; nothing was imported):\n${lines.join('\n')}${more > 0 ? `\nand ${more} more` : ''}`,
    );
  }
  if (raw.swagger === '2.0' || typeof raw.openapi === 'string') {
    // Upgraded to 3.0, whose schemas say what 2.0's say in the same words (`format: byte`, `example`), so nothing is reported under a keyword the file never wrote.
    // Each `required` as the file wrote it: the upgrader adds a discriminator's property, which a Swagger 2.0 file must list but may not (said by the import).
    const upgrade = raw.swagger === '2.0' ? (await import('@scalar/openapi-upgrader')).upgrade : undefined;
    // (A document the schema check passed should upgrade; should the upgrader still fail on one, that is said about the document, never as an internal error.)
    let upgraded: Obj | undefined;
    try {
      upgraded = upgrade ? (upgradeAsWritten(structuredClone(raw), (d) => upgrade(d, '3.0')) as Obj) : undefined;
    } catch (error) {
      throw new DocumentError(`\`${file}\`: the upgrade of this Swagger 2.0 document to OpenAPI 3.0 failed (${visible(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))}); nothing was imported`);
    }
    const source = upgraded ? 'Swagger 2.0' : `OpenAPI ${String(raw.openapi)}`;
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const parser = new SwaggerParser();
    let refused: string | undefined;
    // Every external file or address goes through the guard first; one it refuses ends the import.
    const guarded = {
      order: 1,
      canRead: (f: { url: string }) => guard(f.url) !== undefined,
      read: (f: { url: string }) => {
        refused = `a reference inside a referenced file: ${guard(f.url) ?? ''}`;
        throw new Error(refused);
      },
    };
    try {
      // The file's path is the base that relative references resolve against; the data is what was read and bounded here.
      const options = { resolve: { guarded, ...(policy.remote ? {} : { http: false }) } } as unknown as SwaggerParserOptions;
      // OpenAPI 3.1 needs one of `paths`, `webhooks` and `components`; swagger-parser refuses a document without the first two (a library of shared schemas), so it reads one with no paths, and none is kept.
      const given = (upgraded ?? structuredClone(raw)) as Obj;
      const pathless = given.paths === undefined;
      const input = (pathless ? { ...given, paths: {} } : given) as unknown as OpenApiDocument;
      // A schema's `$id` (generators stamp one) moves the base its `#/components/…` references resolve against, so the reference bundler finds nothing there; swagger-parser's `validate`, and the writer, read them against the document: read so, each `$id` put back where it was written (and said by the import as any keyword it does not keep).
      const ids = typeof raw.openapi === 'string' ? schemaIds(input) : [];
      const bundled = (await parser.bundle(resolve(file), ids.length > 0 ? withoutIds(input, ids) : input, options)) as unknown as Obj;
      for (const { holder, id } of ids) holder.$id = id;
      if (!upgraded) refsAsWritten(raw, bundled);
      if (pathless) delete bundled.paths;
      return { kind: 'openapi', source, doc: bundled, raw, written, resolve: (ref) => (parser.$refs.exists(ref, {}) ? parser.$refs.get(ref) : undefined) };
    } catch (error) {
      const message = refused ?? (error instanceof Error ? error.message.split('\n')[0] : String(error));
      // A `$ref` to nothing is located where the file writes it.
      const missing = refused === undefined ? /Missing \$ref pointer "([^"]*)"/.exec(message ?? '')?.[1] : undefined;
      const where = missing === undefined ? undefined : refWritten(raw, missing);
      if (where !== undefined) refuse(where, `the reference \`${String(getAt(raw, where))}\` at ${where.slice(0, -'/$ref'.length) || '/'} points to nothing in the document (${message})`);
      throw new DocumentError(`\`${file}\`: ${message}`);
    }
  }
  throw new DocumentError(`\`${file}\` is not OpenAPI, Swagger 2.0 or AsyncAPI (no \`openapi\`, \`swagger\` or \`asyncapi\` key)`);
}

/** The `$id`s of a document's schemas (not inside examples, defaults or allowed values), each with the object that states it. */
function schemaIds(doc: unknown): Array<{ holder: Obj; id: unknown }> {
  const out: Array<{ holder: Obj; id: unknown }> = [];
  const stack: unknown[] = [doc];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (isObj(value) && typeof value.$id === 'string') out.push({ holder: value, id: value.$id });
    for (const [k, v] of Object.entries(value)) if (!['example', 'examples', 'default', 'enum', 'const'].includes(k)) stack.push(v);
  }
  return out;
}

/** The document with those `$id`s taken out while the bundler reads it (the objects are the ones bundled, so each is put back after). */
function withoutIds<T>(doc: T, ids: ReadonlyArray<{ holder: Obj }>): T {
  for (const { holder } of ids) delete holder.$id;
  return doc;
}

/** The value at a JSON pointer of data. */
/**
 * Each internal `$ref` of a bundled OpenAPI 3 document as the file writes it. The bundler rewrites
 * references along a cycle of bare ones (`A: {$ref: B}`, `B: {$ref: A}`): each component became a
 * reference to itself and the response's `$ref: A` one to `B` (t31s D4). The two documents have one
 * shape, so the file's reference is found at the same place; `bundled` is changed in place.
 */
function refsAsWritten(raw: unknown, bundled: unknown): void {
  const stack: Array<[unknown, unknown]> = [[raw, bundled]];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [unknown, unknown];
    if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object' || seen.has(b)) continue;
    seen.add(b);
    if (isObj(a) && isObj(b) && typeof a.$ref === 'string' && a.$ref.startsWith('#') && typeof b.$ref === 'string' && b.$ref.startsWith('#') && a.$ref !== b.$ref) b.$ref = a.$ref;
    for (const [k, v] of Object.entries(a)) if (v !== null && typeof v === 'object') stack.push([v, (b as Record<string, unknown>)[k]]);
  }
}

function getAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const key of pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))) value = isObj(value) ? value[key] : Array.isArray(value) ? value[Number(key)] : undefined;
  return value;
}

/** How a Swagger 2.0 file writes a reference the upgrade to 3.0 rewrote (`#/definitions/X` for `#/components/schemas/X`). */
const SWAGGER_REFS: Array<[string, string]> = [['#/components/schemas/', '#/definitions/'], ['#/components/parameters/', '#/parameters/'], ['#/components/responses/', '#/responses/'], ['#/components/securitySchemes/', '#/securityDefinitions/']];

/** Where the document as written first writes a `$ref` to `target` (or to what the Swagger 2.0 upgrade made it): the pointer of that `$ref`. */
function refWritten(raw: unknown, target: string): string | undefined {
  const wanted = new Set([target, ...SWAGGER_REFS.filter(([now]) => target.startsWith(now)).map(([now, was]) => was + target.slice(now.length))]);
  // Read in the order the file writes it, nearest the top first (a queue read by its index: no shift, which is linear, per node).
  const queue: Array<[unknown, string]> = [[raw, '']];
  const seen = new Set<unknown>();
  for (let i = 0; i < queue.length; i++) {
    const [value, pointer] = queue[i] as [unknown, string];
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (isObj(value) && typeof value.$ref === 'string' && wanted.has(value.$ref)) return `${pointer}/$ref`;
    for (const [k, v] of Object.entries(value)) queue.push([v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
  }
  return undefined;
}

/** The OpenAPI and Swagger versions an import reads. */
const OPENAPI_VERSIONS = /^(?:3\.0\.[0-4]|3\.1\.[0-2])$/;

/**
 * The version keys of an OpenAPI or Swagger document, refused where they are written when an import
 * cannot read them: a version other than Swagger 2.0 or OpenAPI 3.0/3.1, a version or an
 * `info.version` written as a number (YAML reads `version: 1` so), a document that states none of
 * what its version requires (`paths`; in 3.1, one of `paths`, `webhooks`, `components`).
 */
function checkVersions(raw: Obj, refuse: (pointer: string, why: string) => never, written?: (pointer: string) => string | undefined): void {
  if (raw.swagger === undefined && raw.openapi === undefined && raw.asyncapi === undefined && typeof raw.swaggerVersion === 'string') refuse('/swaggerVersion', `Swagger ${raw.swaggerVersion} is not read: an import reads Swagger 2.0, OpenAPI 3.0 and 3.1, and AsyncAPI 2 and 3 (convert the document to OpenAPI first)`);
  const key = raw.swagger !== undefined ? 'swagger' : raw.openapi !== undefined ? 'openapi' : undefined;
  if (key === undefined) return;
  const version = raw[key];
  if (typeof version !== 'string') refuse(`/${key}`, `\`${key}\` is ${JSON.stringify(version)}, not a text: write the version in quotes (\`${key}: "${key === 'swagger' ? '2.0' : '3.1.0'}"\`)`);
  if (key === 'swagger' && version !== '2.0') refuse('/swagger', `Swagger ${String(version)} is not read: an import reads Swagger 2.0, OpenAPI 3.0 and 3.1, and AsyncAPI 2 and 3 (convert the document to OpenAPI first)`);
  if (key === 'openapi' && !OPENAPI_VERSIONS.test(String(version))) refuse('/openapi', `OpenAPI ${String(version)} is not read: an import reads OpenAPI 3.0.0 to 3.0.4 and 3.1.0 to 3.1.2, Swagger 2.0, and AsyncAPI 2 and 3`);
  if (isObj(raw.info) && raw.info.version !== undefined && typeof raw.info.version !== 'string') {
    // Quoted as the file writes it (`1.0`, which YAML reads as the number 1): the advice keeps the version written.
    const text = written?.('/info/version');
    const as = text !== undefined && /^[^\s"\\]+$/.test(text) ? text : JSON.stringify(raw.info.version);
    refuse('/info/version', `\`info.version\` is ${text !== undefined && text !== JSON.stringify(raw.info.version) ? `written \`${text}\`, which reads as the number ${JSON.stringify(raw.info.version)}` : JSON.stringify(raw.info.version)}, not a text: write the version in quotes (\`version: "${as}"\`)`);
  }
  const v31 = key === 'openapi' && String(version).startsWith('3.1.');
  if (raw.paths === undefined && !(v31 && (raw.webhooks !== undefined || raw.components !== undefined))) {
    refuse(`/${key}`, v31 ? 'an OpenAPI 3.1 document states at least one of `paths`, `webhooks` and `components`; this one states none' : `${key === 'swagger' ? 'a Swagger 2.0' : 'an OpenAPI 3.0'} document states its \`paths\` (\`paths: {}\` where it has none); this one does not`);
  }
}

async function readAsyncApi(file: string, text: string, raw: Obj, guard: (target: string) => string | undefined, locate: (pointer: string) => { line: number; col: number } | undefined): Promise<ApiDocument> {
  const { Parser: AsyncApiParser } = await import('@asyncapi/parser');
  let refused: string | undefined;
  // The parser tries its resolvers in order and takes the first text one returns: a refused target gets an empty document, and the import ends.
  const resolvers = ['file', 'http', 'https'].map((schema) => ({
    schema,
    order: 1,
    canRead: (uri: { toString(): string }) => guard(uri.toString()) !== undefined,
    read: (uri: { toString(): string }) => {
      refused ??= `a reference inside a referenced file: ${guard(uri.toString()) ?? ''}`;
      return '{}';
    },
  }));
  const { document, diagnostics } = await new AsyncApiParser({ __unstable: { resolver: { resolvers } } }).parse(text, { source: resolve(file) });
  if (refused) throw new DocumentError(`\`${file}\`: ${refused}`);
  const errors = diagnostics.filter((d) => d.severity === 0);
  if (!document || errors.length > 0) {
    // Each at its line and column, the deepest first said (a container's failed alternatives, `must match "then" schema`, say nothing more), bounded, and never a stack trace of the parser's own.
    const pointers = errors.map((d) => d.path.map((k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1')).map((k) => `/${k}`).join(''));
    const deepest = errors.map((d, i) => ({ d, pointer: pointers[i] as string })).filter(({ d, pointer }) => !(/must match "(?:then|else)" schema|must have required property "oneOf"|must match exactly one schema in oneOf/.test(d.message) && pointers.some((p) => p.startsWith(`${pointer}/`))));
    const said = [...new Map((deepest.length > 0 ? deepest : errors.map((d, i) => ({ d, pointer: pointers[i] as string }))).map(({ d, pointer }) => {
      const first = (d.message.split('\n')[0] ?? '').replace(/, stack: .*$/, '');
      // The parser's own rules failing on a member of the wrong type (`message: null`): said as that, the parser's words after.
      const failed = /^Error thrown during AsyncAPI document validation\. Name: (\w+), message: (.*)$/.exec(first);
      const message = visible(failed ? `the AsyncAPI parser failed on the document, most likely on a member that is \`null\` or of the wrong type (${failed[1]}: ${failed[2]})` : first);
      return [`${pointer}\u0000${message}`, { pointer, message }];
    })).values()];
    const lines = said.slice(0, SHOWN_VIOLATIONS).map(({ pointer, message }) => {
      const found = locate(pointer);
      return `${file}${found ? `:${found.line}:${found.col}` : ''}: ${message} (at ${visible(pointer) || '/'})`;
    });
    const more = said.length - SHOWN_VIOLATIONS;
    throw new DocumentError(`\`${file}\` is not valid AsyncAPI ${visible(String(raw.asyncapi))} (${said.length === 1 ? 'one violation' : `${said.length} violations`}; nothing was imported):\n${lines.join('\n')}${more > 0 ? `\nand ${more} more` : ''}`);
  }
  return { kind: 'asyncapi', source: `AsyncAPI ${String(raw.asyncapi)}`, doc: document.json() as unknown as Obj, raw };
}
