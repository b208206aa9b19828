import { createRequire } from 'node:module';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, Options, ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import type { Obj } from '../facet/state.ts';
import { guardedPattern } from './patterns.ts';

export type { ErrorObject };

/** Ajv and its formats, loaded when the mock first validates: no other command needs them. */
const load = createRequire(import.meta.url);
let classes: { Ajv: typeof Ajv2020; formats: FormatsPlugin } | undefined;
const ajvClasses = () => (classes ??= { Ajv: load('ajv/dist/2020.js') as typeof Ajv2020, formats: load('ajv-formats') as FormatsPlugin });

/** A value checked against a schema: the problems Ajv found (none when it fits), and the value as read (coerced, for parameters). */
export interface Checked {
  errors: ErrorObject[];
  value: unknown;
}

/** A validator for one schema; undefined when the schema could not be compiled (the reason is noted). */
export type Check = (value: unknown) => Checked;

/**
 * The validators of one analysis: Ajv (JSON Schema 2020-12, as the OpenAPI export writes it) with
 * the resources' schemas registered, each schema compiled once and kept. Bodies are checked as
 * they are; parameters and form fields, which arrive as text, are read as the schema's types first
 * (`"20"` as 20, one value as a list of one), as Ajv's `coerceTypes: 'array'` does.
 */
export class Validators {
  readonly #resources: readonly Obj[];
  readonly #slow: (pattern: string) => void;
  #plain: Ajv2020 | undefined;
  #coercing: Ajv2020 | undefined;
  readonly #kept = new Map<string, Check | string>();

  constructor(resources: readonly Obj[], slow: (pattern: string) => void) {
    this.#resources = resources;
    this.#slow = slow;
  }

  /** Loads Ajv and registers the resources' schemas now rather than at the first request. */
  warm(): void {
    this.#ajv(false);
    this.#ajv(true);
  }

  #ajv(coerce: boolean): Ajv2020 {
    const made = coerce ? this.#coercing : this.#plain;
    if (made) return made;
    const { Ajv, formats } = ajvClasses();
    const regExp = Object.assign((pattern: string, flags: string) => guardedPattern(pattern, flags, this.#slow), { code: 'specbench-guarded-pattern' });
    const options: Options = { allErrors: true, strict: false, logger: false, validateSchema: false, code: { regExp }, ...(coerce ? { coerceTypes: 'array' } : {}) };
    const ajv = new Ajv(options);
    formats(ajv);
    for (const schema of this.#resources) ajv.addSchema(schema);
    if (coerce) this.#coercing = ajv;
    else this.#plain = ajv;
    return ajv;
  }

  /**
   * The check of a schema, kept under `key`; a string (why) when it does not compile (a pattern
   * that is no regular expression, a resource that is not there).
   */
  check(key: string, schema: Obj, coerce: boolean): Check | string {
    const id = `${coerce ? 'c' : 'p'}\u0000${key}`;
    const kept = this.#kept.get(id);
    if (kept !== undefined) return kept;
    let made: Check | string;
    try {
      const ajv = this.#ajv(coerce);
      if (coerce) {
        // Coercion writes the value read into its parent: the value is checked inside a holder.
        const validate: ValidateFunction = ajv.compile({ type: 'object', properties: { value: schema } });
        made = (value) => {
          const holder = { value };
          validate(holder);
          return { errors: (validate.errors ?? []).map((e) => ({ ...e, instancePath: e.instancePath.replace(/^\/value/, '') })), value: holder.value };
        };
      } else {
        const validate: ValidateFunction = ajv.compile(schema);
        made = (value) => {
          validate(value);
          return { errors: [...(validate.errors ?? [])], value };
        };
      }
    } catch (error) {
      made = error instanceof Error ? error.message : String(error);
    }
    this.#kept.set(id, made);
    return made;
  }
}
