import { isObj, type Obj } from '../../facet/state.ts';
import { unrequiredDiscriminators, xNullables } from '../../load/swagger-upgrade.ts';
import { seg, type Unmapped } from '../result.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const BODY_REF = '#/components/requestBodies/';

/** A Swagger 2.0 parameter `$ref` to the document's own `parameters`: the parameter it names, or undefined. */
function refTarget(raw: Obj, p: unknown): Obj | undefined {
  if (!isObj(p) || typeof p.$ref !== 'string' || !p.$ref.startsWith('#/parameters/')) return undefined;
  const name = p.$ref.slice('#/parameters/'.length).replace(/~1/g, '/').replace(/~0/g, '~');
  const params = isObj(raw.parameters) ? raw.parameters : {};
  const target = Object.hasOwn(params, name) ? params[name] : undefined;
  return isObj(target) ? target : undefined;
}

/** A 2.0 parameter as written or, through a `$ref` to the document's `parameters`, the one it names. */
export function swaggerParameter(raw: Obj, p: unknown): Obj | undefined {
  return refTarget(raw, p) ?? (isObj(p) ? p : undefined);
}

const isBodyLike = (p: Obj | undefined) => p !== undefined && (p.in === 'body' || p.in === 'formData');

type Upgrade = (doc: Obj) => unknown;

/**
 * What @scalar/openapi-upgrader leaves wrong or unsaid in a Swagger 2.0 document it upgrades,
 * made right in `upgraded` (changed in place), with a word for each thing the spec cannot keep:
 * - a body or form parameter reached through `$ref: '#/parameters/…'` is left among the
 *   parameters as a reference to a request body, and the operation has no body: the reference is
 *   resolved and the body made as the upgrader makes an inline one (the same function, on the
 *   operation with its references inlined);
 * - path-level form fields (`in: formData`) are made a `multipart/form-data` body of the operations
 *   without form fields of their own only: they are merged into each operation's (its own field of
 *   a name wins), and the body made under the operation's `consumes`, as above;
 * - a response or body whose operation and document state no `produces` / `consumes` is put under
 *   `application/json`, which the file never states: it goes under `*∕*` (any type), what the
 *   import and export say of a body without a stated media type;
 * - a parameter's `x-example` (the usual 2.0 extension for a parameter's example) is deleted: it
 *   is kept as the parameter's `example`;
 * - a `collectionFormat` OpenAPI 3 has no style for (`tsv`; a header's or path's `ssv`, `pipes`,
 *   `tsv`, `multi`) is dropped, and a form field's is moved to an `encoding` the file never wrote:
 *   each is said under `collectionFormat` at the parameter.
 * Pointers of the returned entries are into the file as written.
 */
export function repairUpgrade(raw: Obj, upgraded: Obj, upgrade: Upgrade): Unmapped[] {
  const said: Unmapped[] = [];
  // A `host` without `schemes`: Swagger 2.0 takes the scheme the document itself is read by, which
  // the file does not say; the upgrader writes `http://`, which it never states. No server is kept,
  // and the base address is left open: said at the host.
  const schemes = Array.isArray(raw.schemes) ? raw.schemes : [];
  if (typeof raw.host === 'string' && schemes.length === 0 && Array.isArray(upgraded.servers)) {
    delete upgraded.servers;
    const base = typeof raw.basePath === 'string' ? raw.basePath : '/';
    said.push({ pointer: '/host', reason: `the document states no \`schemes\`, and Swagger 2.0 then takes the scheme the document itself is read by, which the file does not say, so no server is kept for the host \`${raw.host}\` (base path \`${base}\`), and the base address is left open` });
  }
  const paths = isObj(raw.paths) ? raw.paths : {};
  const upPaths = isObj(upgraded.paths) ? upgraded.paths : {};
  const inlined = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    const upItem = upPaths[path];
    if (!isObj(item) || !isObj(upItem)) continue;
    const itemParams = Array.isArray(item.parameters) ? item.parameters : [];
    parameterWords(itemParams, `/paths/${seg(path)}/parameters`, said, upItem.parameters);
    for (const method of METHODS) {
      const op = item[method];
      const upOp = upItem[method];
      if (!isObj(op) || !isObj(upOp)) continue;
      const opParams = Array.isArray(op.parameters) ? op.parameters : [];
      parameterWords(opParams, `/paths/${seg(path)}/${method}/parameters`, said, upOp.parameters);
      const refs = [...itemParams, ...opParams].filter((p) => isBodyLike(refTarget(raw, p)));
      // The upgrader makes path-level form fields a multipart body of operations without form fields of their own only: they are merged into each operation's, as any path-level parameter.
      const formAtPath = itemParams.some((p) => swaggerParameter(raw, p)?.in === 'formData');
      if (refs.length > 0 || formAtPath) {
        for (const p of refs) if (isObj(p) && typeof p.$ref === 'string') inlined.add(p.$ref.slice('#/parameters/'.length));
        const inline = (list: unknown[]) => list.map((p) => structuredClone(swaggerParameter(raw, p) ?? p));
        // The path's parameters with the operation's: one of the operation's own by the same name and location (for a body, any body) wins, as Swagger 2.0 says.
        const key = (p: unknown) => {
          const q = swaggerParameter(raw, p);
          return q?.in === 'body' ? 'body' : `${String(q?.in)} ${String(q?.name)}`;
        };
        const own = new Set(opParams.map(key));
        const merged = [...itemParams.filter((p) => !own.has(key(p))), ...opParams];
        const mini: Obj = {
          swagger: '2.0',
          info: { title: '', version: '' },
          definitions: {},
          ...(raw.consumes !== undefined ? { consumes: raw.consumes } : {}),
          paths: { '/': { [method]: { ...(op.consumes !== undefined ? { consumes: op.consumes } : {}), parameters: inline(merged), responses: {} } } },
        };
        const made = upgrade(mini);
        const body = isObj(made) && isObj(made.paths) && isObj(made.paths['/']) && isObj(made.paths['/'][method]) ? made.paths['/'][method].requestBody : undefined;
        if (isObj(body)) upOp.requestBody = body;
      }
      const notBody = (p: unknown) => !(isObj(p) && typeof p.$ref === 'string' && p.$ref.startsWith(BODY_REF));
      if (Array.isArray(upOp.parameters)) {
        upOp.parameters = upOp.parameters.filter(notBody);
        if ((upOp.parameters as unknown[]).length === 0 && opParams.length > 0 && !opParams.some((p) => !isBodyLike(swaggerParameter(raw, p)))) delete upOp.parameters;
      }
      // 2.0 writes no `encoding`: one in the upgrade is a form field's `collectionFormat`, said at the field.
      if (isObj(upOp.requestBody) && isObj(upOp.requestBody.content)) for (const m of Object.values(upOp.requestBody.content)) if (isObj(m)) delete m.encoding;
      anyType(op.consumes ?? raw.consumes, upOp.requestBody);
      if (isObj(op.responses) && isObj(upOp.responses)) {
        for (const [code, r] of Object.entries(op.responses)) {
          if (isObj(r) && r.schema !== undefined && !namesJson(r)) anyType(op.produces ?? raw.produces, upOp.responses[code]);
          if (isObj(r) && isObj(r.schema) && r.schema.type === 'file') said.push({ pointer: `/paths/${seg(path)}/${method}/responses/${seg(code)}/schema/type`, reason: FILE_WORD });
        }
      }
    }
    if (Array.isArray(upItem.parameters)) upItem.parameters = upItem.parameters.filter((p) => !(isObj(p) && typeof p.$ref === 'string' && p.$ref.startsWith(BODY_REF)));
  }
  // The document's shared parameters: words at their own pointers; a body or form one resolved into its operations is no request body component of its own.
  const shared = isObj(raw.parameters) ? raw.parameters : {};
  const upComponents = isObj(upgraded.components) ? upgraded.components : {};
  const upParams = isObj(upComponents.parameters) ? upComponents.parameters : {};
  for (const [name, p] of Object.entries(shared)) parameterWord(p, `/parameters/${seg(name)}`, said, upParams[name]);
  if (isObj(upComponents.requestBodies)) {
    for (const name of inlined) delete upComponents.requestBodies[name];
    if (Object.keys(upComponents.requestBodies).length === 0) delete upComponents.requestBodies;
  }
  const responses = isObj(raw.responses) ? raw.responses : {};
  const upResponses = isObj(upComponents.responses) ? upComponents.responses : {};
  for (const [name, r] of Object.entries(responses)) if (isObj(r) && r.schema !== undefined && !namesJson(r)) sharedResponseTypes(raw, name, r, upResponses[name], said);
  for (const { pointer, property } of unrequiredDiscriminators(raw)) said.push({ pointer: `${pointer}/discriminator`, reason: discriminatorWord(property) });
  for (const { pointer, value } of xNullables(raw)) said.push({ pointer, reason: value ? X_NULLABLE : X_NOT_NULLABLE });
  return said;
}

/** What is said of Swagger 2.0's `x-nullable`, an extension (AutoRest's, go-swagger's) the upgrade to OpenAPI 3.0 reads. */
const X_NULLABLE = "the extension `x-nullable: true` (AutoRest's and go-swagger's, not Swagger 2.0's own) is read as OpenAPI 3.0's `nullable: true`: the value may be null";
const X_NOT_NULLABLE = 'the extension `x-nullable: false` says what a value is without it (not null): nothing is kept of it';

/** What is said of a Swagger 2.0 discriminator whose property the schema's `required` does not list. */
const discriminatorWord = (property: string) =>
  `Swagger 2.0 says a discriminator's property MUST be required, and this schema's \`required\` does not list \`${property}\`: the spec keeps \`required\` as the file writes it (\`${property}\` not required), not the rule`;

/** Whether a 2.0 response states `application/json` itself, as the key of an example. */
const namesJson = (r: Obj) => isObj(r.examples) && Object.hasOwn(r.examples, 'application/json');

/** A body the upgrader put under `application/json` for a file that states no media type: under `*∕*`, as the import keeps a body whose type is not stated. */
function anyType(stated: unknown, into: unknown): void {
  if (stated !== undefined || !isObj(into) || !isObj(into.content)) return;
  const content = into.content;
  // Form fields with no `consumes` state a form, not which of the two form types: the upgrader's
  // `multipart/form-data` alone would claim one; both are kept (as a body without a type is any type).
  const form = Object.keys(content);
  if (form.length === 1 && form[0] === 'multipart/form-data' && isObj(content[form[0]])) {
    const { encoding: _, ...media } = content[form[0]] as Obj;
    content['application/x-www-form-urlencoded'] = structuredClone(media);
    return;
  }
  if (!('application/json' in content) || '*/*' in content) return;
  into.content = Object.fromEntries(Object.entries(content).map(([t, m]) => [t === 'application/json' ? '*/*' : t, m]));
}

/** A list of media types as written (its texts), or undefined where none is stated. */
const typesOf = (produces: unknown): string[] | undefined => (Array.isArray(produces) ? produces.filter((t): t is string => typeof t === 'string') : undefined);

/**
 * The media types of a shared response (`responses:` at the top of a 2.0 document): Swagger 2.0
 * gives a response the `produces` of the operation using it (its own, else the document's), and
 * the upgrader gives a shared one the document's alone (or none: `*∕*`). Where every operation
 * using it states the same types, the response takes them; where they differ, it keeps the
 * document's (or `*∕*`), and each operation whose types differ from those says so at its `$ref`.
 */
function sharedResponseTypes(raw: Obj, name: string, response: Obj, upgraded: unknown, said: Unmapped[]): void {
  const ref = `#/responses/${seg(name)}`;
  const users: Array<{ pointer: string; types: string[] | undefined }> = [];
  const paths = isObj(raw.paths) ? raw.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op) || !isObj(op.responses)) continue;
      for (const [code, r] of Object.entries(op.responses)) if (isObj(r) && r.$ref === ref) users.push({ pointer: `/paths/${seg(path)}/${method}/responses/${seg(code)}`, types: typesOf(op.produces ?? raw.produces) });
    }
  }
  const key = (types: string[] | undefined) => (types === undefined ? '' : JSON.stringify(types));
  const first = users[0]?.types;
  const agreed = users.length > 0 && first !== undefined && first.length > 0 && users.every((u) => key(u.types) === key(first));
  if (agreed && isObj(upgraded) && isObj(upgraded.content)) {
    const content = upgraded.content;
    const schema = Object.values(content).find((c): c is Obj => isObj(c) && c.schema !== undefined)?.schema;
    const examples = isObj(response.examples) ? response.examples : {};
    upgraded.content = Object.fromEntries([...first.map((t) => [t, content[t] ?? { schema }] as const), ...Object.entries(content).filter(([t]) => !first.includes(t) && Object.hasOwn(examples, t))]);
    return;
  }
  anyType(raw.produces, upgraded);
  const kept = isObj(upgraded) && isObj(upgraded.content) ? Object.keys(upgraded.content) : [];
  const words = (types: string[]) => types.map((t) => `\`${t}\``).join(', ');
  for (const u of users) {
    if (u.types !== undefined && key(u.types) === JSON.stringify(kept)) continue;
    said.push({
      pointer: u.pointer,
      reason: `the shared response \`${name}\` is kept under ${words(kept)}${kept.includes('*/*') ? ' (any media type)' : ''}: the operations using it produce different media types, and this one ${u.types === undefined || u.types.length === 0 ? 'states none' : `produces ${words(u.types)}`}`,
    });
  }
}

/** The words and repairs for a list of 2.0 parameters as written (a `$ref` one is said where it is declared). */
function parameterWords(list: unknown[], pointer: string, said: Unmapped[], upList: unknown): void {
  const ups = Array.isArray(upList) ? upList : [];
  list.forEach((p, i) => {
    if (!isObj(p) || p.$ref !== undefined) return;
    const up = ups.find((u) => isObj(u) && u.name === p.name && u.in === p.in);
    parameterWord(p, `${pointer}/${i}`, said, up);
  });
}

/** What becomes of Swagger 2.0's `type: file`, which the upgrader rewrites before the import sees it. */
const FILE_WORD = 'Swagger 2.0’s `type: file` is kept as OpenAPI 3 writes it: `type: string`, `format: binary`';

/** What is said of a 2.0 body parameter's `name`: OpenAPI 3's request body has none, and neither has the spec's. */
const bodyNameWord = (name: string) =>
  `the body parameter's name ${shownName(name)} is not kept: a request body has no name in OpenAPI 3 or in the spec (the name is never sent; code generators name the argument with it), so an export writes none; the body itself is kept as the endpoint's request`;

/** A name in a reason: in a code span, its control characters and back-quotes made visible, at most 80 characters. */
function shownName(name: string): string {
  const text = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd').replace(/`/g, "'");
  return text === '' ? 'that is empty' : `\`${text.length > 80 ? `${text.slice(0, 79)}…` : text}\``;
}

/** OpenAPI 3 styles by location for a 2.0 `collectionFormat` the upgrader writes one for. */
const STYLED: Record<string, readonly string[]> = { query: ['csv', 'ssv', 'pipes', 'multi'], path: ['csv'], header: ['csv'] };

function parameterWord(p: unknown, pointer: string, said: Unmapped[], up: unknown): void {
  if (!isObj(p)) return;
  if (p.type === 'file') said.push({ pointer: `${pointer}/type`, reason: FILE_WORD });
  if (p.in === 'body' && typeof p.name === 'string') said.push({ pointer: `${pointer}/name`, reason: bodyNameWord(p.name) });
  if (p['x-example'] !== undefined && !isObj(p['x-example']) && p.in !== 'body' && p.in !== 'formData' && isObj(up) && up.example === undefined && up.examples === undefined) up.example = p['x-example'];
  const format = p.collectionFormat;
  if (p.type !== 'array' || typeof format !== 'string' || typeof p.in !== 'string') return;
  if (p.in === 'formData') {
    if (format !== 'csv') said.push({ pointer: `${pointer}/collectionFormat`, reason: `a form field's \`collectionFormat: ${format}\` has no place in the spec (OpenAPI 3 writes it as the media type's \`encoding\`, which the spec does not keep): the field's array is kept, its serialization is not` });
    return;
  }
  if (!(STYLED[p.in] ?? []).includes(format)) said.push({ pointer: `${pointer}/collectionFormat`, reason: `\`collectionFormat: ${format}\` has no OpenAPI 3 style for a ${p.in} parameter, and the spec keeps none: the parameter's array is kept, not its serialization (an export leaves OpenAPI 3's default for it)` });
}
