import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, FuncKeywordDefinition, Options, ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import { canonicalJson, isMultipleOf } from '../areas/json-values.ts';
import type { Obj } from '../facet/state.ts';
import { guardedPattern, patternBudget, type PatternBudget, type SlowPattern } from './patterns.ts';
import { typedValue } from './typed.ts';

export type { ErrorObject };

/**
 * JSON Schema's formats that ajv-formats has no check for (an unknown format takes any value:
 * `?e=notanemail` for an `idn-email`), checked by their form (t35t D1), and `float` by its range
 * (ajv-formats takes any number: `1e39` is past a float's).
 */
const LABEL = String.raw`(?!-)[\p{L}\p{N}\p{M}-]{1,63}(?<!-)`;
const MORE_FORMATS = {
  'idn-email': new RegExp(String.raw`^[^\s@"<>()[\],;:\\]+@${LABEL}(\.${LABEL})*$`, 'u'),
  'idn-hostname': { type: 'string' as const, validate: (s: string) => s.length <= 253 && new RegExp(String.raw`^${LABEL}(\.${LABEL})*\.?$`, 'u').test(s) },
  // eslint-disable-next-line no-control-regex
  iri: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`\u0000-\u001f\u007f]*$/u,
  // eslint-disable-next-line no-control-regex
  'iri-reference': /^[^\s<>"{}|\\^`\u0000-\u001f\u007f]*$/u,
  float: { type: 'number' as const, validate: (x: number) => !Number.isFinite(x) || Math.abs(x) <= 3.4028234663852886e38 },
};

/** The formats the mock checks a value of: ajv-formats' and `MORE_FORMATS`; any other is taken as any text (said at start). */
export const CHECKED_FORMATS: ReadonlySet<string> = new Set(['date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer', 'byte', 'int32', 'int64', 'double', 'password', 'binary', ...Object.keys(MORE_FORMATS)]);

/** Ajv and its formats, loaded when the mock first validates: no other command needs them. */
const load = createRequire(import.meta.url);
let classes: { Ajv: typeof Ajv2020; formats: FormatsPlugin } | undefined;
const ajvClasses = () => (classes ??= { Ajv: load('ajv/dist/2020.js') as typeof Ajv2020, formats: load('ajv-formats') as FormatsPlugin });

/** Ajv's `multipleOf` keyword as a function of the step and the number, reporting its error as Ajv's own keyword does. */
const multipleOf: NonNullable<FuncKeywordDefinition['validate']> = (step: unknown, value: unknown): boolean => {
  const ok = typeof step !== 'number' || !(step > 0) || typeof value !== 'number' || isMultipleOf(value, step);
  multipleOf.errors = ok ? [] : [{ keyword: 'multipleOf', params: { multipleOf: step }, message: `must be multiple of ${String(step)}` }];
  return ok;
};

/**
 * Ajv's `uniqueItems` keyword in one pass: each item's canonical JSON (keys sorted) kept in a set.
 * Ajv compares every pair of items that are not all scalars: 20,000 distinct objects (a 270 KB
 * body) took 11-29 s on the one thread every client shares.
 */
const uniqueItems: NonNullable<FuncKeywordDefinition['validate']> = (unique: unknown, value: unknown): boolean => {
  uniqueItems.errors = [];
  if (unique !== true || !Array.isArray(value)) return true;
  const seen = new Map<string, number>();
  for (let i = 0; i < value.length; i++) {
    const key = canonicalJson(value[i]);
    const j = seen.get(key);
    if (j !== undefined) {
      uniqueItems.errors = [{ keyword: 'uniqueItems', params: { i, j }, message: `must NOT have duplicate items (items ## ${String(j)} and ${String(i)} are identical)` }];
      return false;
    }
    seen.set(key, i);
  }
  return true;
};

/** The validators kept: every problem of a value (as read, or coerced), or its first problem only. */
type Kind = 'plain' | 'coercing' | 'first';

/** A value checked against a schema: the problems Ajv found (none when it fits), and the value as read (coerced, for parameters). */
export interface Checked {
  errors: ErrorObject[];
  value: unknown;
}

/**
 * A validator for one schema; undefined when the schema could not be compiled (the reason is
 * noted). `budget`: the request's budget for the tests of patterns under the time limit.
 */
export type Check = (value: unknown, budget?: PatternBudget) => Checked;

/**
 * The most bytes of compiled checks kept at once: the length of the code Ajv generated (the
 * resources' a check reaches included) and `AJV_BYTES` for each Ajv. One call to each of
 * DigitalOcean's 290 operations kept every check compiled for good (the mock at 621 MB).
 */
export const KEPT_CODE_BYTES = 32 * 1024 * 1024;

/** What one Ajv costs before it compiles anything (its keywords, formats and meta-schemas: some 24 KB of heap), counted in the bytes kept. */
export const AJV_BYTES = 24 * 1024;

/**
 * The checks compiled into the same Ajvs (one per kind), which share the resources' checks: Ajv
 * keeps every function it compiles in its scope for as long as it lives, `removeSchema` or not, so
 * memory is given back only by letting go of a whole Ajv. One Ajv for good held every check ever
 * compiled (GitHub's 1,223 operations called in turn: the mock past 500 MB, while the bound on the
 * checks kept was met by the bookkeeping alone). Checks are compiled into the newest generation
 * until it holds half the bound; past the bound, the oldest generation goes, with its checks.
 */
interface Generation {
  ajvs: Map<Kind, Ajv2020>;
  /** The code's bytes of the functions its Ajvs hold, and `AJV_BYTES` for each. */
  bytes: number;
  /** How many of each Ajv's functions are counted in `bytes`. */
  counted: Map<Kind, number>;
  /** The keys of its checks still kept. */
  keys: Set<string>;
}

/** A check kept: what it was compiled from (the schema's JSON, and the reading it was last found the same in), and the generation it was compiled in. */
interface Kept {
  made: Check | string;
  json: string;
  generation: number;
  of: Generation | undefined;
}

/** The functions an Ajv compiled and holds (its scope's `validate` values). */
const compiledIn = (ajv: Ajv2020): unknown[] => (ajv.scope.get() as Record<string, unknown[] | undefined>).validate ?? [];

/** A schema's fingerprint: the hash of its JSON, and its weight in bytes with the resources it reaches. */
export interface Print {
  hash: string;
  weight: number;
}

/**
 * A schema weighing this many bytes or more (its JSON, and the resources' it reaches) is compiled
 * and checked on a check thread, where there is one: Ajv's code for the 0.9 MB synthetic spec's
 * body (7 MB) took V8 4-5 s to compile, and every other client waited as long on this thread.
 */
export const HEAVY_SCHEMA = 64 * 1024;

/**
 * What the kept checks hold (for the tests and the log): how many, their bytes, how many were
 * compiled in all, and the functions the Ajvs held compiled (counted in the Ajvs themselves, not
 * in this bookkeeping: what stays in memory).
 */
export interface KeptChecks {
  kept: number;
  bytes: number;
  compiled: number;
  functions: number;
}

/**
 * The validators of one analysis: Ajv (JSON Schema 2020-12, as the OpenAPI export writes it) with
 * the resources' schemas registered, each schema compiled once and kept. Bodies are checked as
 * they are; parameters and form fields, which arrive as text, are read as the schema's types first
 * (`"20"` as 20, one value as a list of one), as Ajv's `coerceTypes: 'array'` does.
 */
export class Validators {
  #resource: (ref: string) => Obj | undefined;
  #slow: (event: SlowPattern) => void;
  /** Each reference looked up, as the JSON of what it gave ('' for none): a later reading that gives the same for all can keep these validators (`adopt`). */
  readonly #refs = new Map<string, string>();
  /** The reading these validators serve (one more at each `adopt`): a check kept from an earlier one is compared with its schema once. */
  #generation = 0;
  #compiled = 0;
  readonly #limit: number;
  /** The clock a pattern's skip expires by (ms). */
  readonly #now: () => number;
  /** Each reference's schema as `#resource` made it for this reading (made once, not at every check compiled). */
  #made = new Map<string, Obj | undefined>();
  readonly #kept = new Map<string, Kept>();
  /** The generations of Ajvs, the oldest first. */
  readonly #generations: Generation[] = [];
  /** Each key's fingerprint (`print`), with the reading it was last found in. */
  readonly #prints = new Map<string, Print & { generation: number }>();
  static #count = 0;
  /**
   * Tells these validators from those of another analysis (a check thread keeps its own per id).
   * Kept by `adopt`, whose resources are the same: a thread keys its checks by their schema's
   * fingerprint (`print`), so that what it compiled serves across edits too.
   */
  readonly #id = ++Validators.#count;
  get id(): number {
    return this.#id;
  }

  readonly #timeLimit: number | undefined;
  readonly #budgetMs: number | undefined;
  /** The budget of the request whose value is being checked (set for the length of one synchronous check). */
  #budget: PatternBudget | undefined;

  /**
   * `resource` makes the schema (with its `$id`) a `$ref` names, when it is a resource's; each is
   * made when first reached. `timeLimit`: one guarded pattern test's; `budgetMs`: one request's, in
   * all; `now`: the clock a slow pattern's skip expires by.
   */
  constructor(resource: (ref: string) => Obj | undefined, slow: (event: SlowPattern) => void, timeLimit?: number, budgetMs?: number, now: () => number = Date.now, limit = KEPT_CODE_BYTES) {
    this.#now = now;
    this.#timeLimit = timeLimit;
    this.#budgetMs = budgetMs;
    this.#resource = this.#recording(resource);
    this.#slow = slow;
    this.#limit = limit;
  }

  /** `resource`, each reference's first answer recorded (`#refs`) and kept for this reading (`#made`). */
  #recording(resource: (ref: string) => Obj | undefined): (ref: string) => Obj | undefined {
    this.#made = new Map();
    return (ref) => {
      if (this.#made.has(ref)) return this.#made.get(ref);
      const made = resource(ref);
      this.#made.set(ref, made);
      if (!this.#refs.has(ref)) this.#refs.set(ref, made ? JSON.stringify(made) : '');
      return made;
    };
  }

  /**
   * These validators for a new reading of the spec, when every resource's schema they looked up
   * is the same in it (an edit of an endpoint, of another file): what they compiled is kept, and a
   * kept check is used again where its schema is the same too (compared once). Each edit compiled
   * everything anew, the old left to the garbage collector: 66 MB more per edit while serving, and
   * 2-3 s of every client's time at the next call of a large endpoint. Undefined when a resource's
   * schema changed (the resources are registered in Ajv by their `$id`): new validators then.
   */
  adopt(resource: (ref: string) => Obj | undefined, slow: (event: SlowPattern) => void): this | undefined {
    for (const [ref, json] of this.#refs) {
      const made = resource(ref);
      if ((made ? JSON.stringify(made) : '') !== json) return undefined;
    }
    this.#resource = this.#recording(resource);
    this.#slow = slow;
    this.#generation++;
    return this;
  }

  /**
   * A schema's fingerprint (a hash of its JSON) and weight (the bytes of its JSON and of the
   * resources' schemas it reaches), worked out once per key and reading: a check thread keeps its
   * checks by fingerprint, and a schema of `HEAVY_SCHEMA` bytes or more is checked there.
   */
  print(key: string, schema: Obj): Print {
    const kept = this.#prints.get(key);
    if (kept !== undefined && kept.generation === this.#generation) return kept;
    const json = JSON.stringify(schema);
    const hash = createHash('sha256').update(json).digest('base64url');
    if (kept !== undefined && kept.hash === hash) {
      kept.generation = this.#generation;
      return kept;
    }
    let weight = json.length;
    for (const made of this.reached(schema).values()) weight += JSON.stringify(made).length;
    const made = { hash, weight, generation: this.#generation };
    this.#prints.set(key, made);
    return made;
  }

  /** What the kept checks hold. */
  keptChecks(): KeptChecks {
    let functions = 0;
    let bytes = 0;
    for (const g of this.#generations) {
      bytes += g.bytes;
      for (const ajv of g.ajvs.values()) functions += compiledIn(ajv).length;
    }
    return { kept: this.#kept.size, bytes, compiled: this.#compiled, functions };
  }

  /** Forgets a kept check (its functions stay in its generation's Ajv until the generation goes; one left with no check goes at once). */
  #forget(id: string, kept: Kept): void {
    this.#kept.delete(id);
    if (!kept.of) return;
    kept.of.keys.delete(id);
    const at = this.#generations.indexOf(kept.of);
    if (kept.of.keys.size === 0 && at >= 0 && at < this.#generations.length - 1) this.#generations.splice(at, 1);
  }

  /** The Ajv of the newest generation for a kind (a new generation once the newest holds half the bound). */
  #current(kind: Kind): Generation {
    let newest = this.#generations.at(-1);
    if (newest === undefined || newest.bytes >= this.#limit / 2) {
      newest = { ajvs: new Map(), bytes: 0, counted: new Map(), keys: new Set() };
      this.#generations.push(newest);
    }
    if (!newest.ajvs.has(kind)) {
      newest.ajvs.set(kind, this.#ajv(kind));
      newest.bytes += AJV_BYTES;
    }
    return newest;
  }

  /** Counts in a generation's bytes the functions its Ajv of `kind` compiled since last counted. */
  #tally(g: Generation, kind: Kind): void {
    const ajv = g.ajvs.get(kind);
    if (!ajv) return;
    const held = compiledIn(ajv);
    for (let i = g.counted.get(kind) ?? 0; i < held.length; i++) {
      const f = held[i];
      if (typeof f === 'function') g.bytes += Function.prototype.toString.call(f).length;
    }
    g.counted.set(kind, held.length);
  }

  /** The schema a `$ref` names (a resource's, for a direction), or undefined. */
  resolve(ref: string): Obj | undefined {
    return this.#resource(ref);
  }

  /** Loads Ajv now rather than at the first request (each check's Ajv is made, and the resources its schema reaches registered, as it is compiled). */
  warm(): void {
    this.#ajv('plain');
  }

  /** A new budget for the pattern tests of one request's values. */
  budget(ms?: number): PatternBudget {
    return patternBudget(this.#timeLimit, ms ?? this.#budgetMs);
  }

  /** Runs a check with `budget` as the one its pattern tests spend (checks are synchronous: no other request's runs meanwhile). */
  #spending<T>(budget: PatternBudget | undefined, run: () => T): T {
    this.#budget = budget;
    try {
      return run();
    } finally {
      this.#budget = undefined;
    }
  }

  /** Says a pattern was not judged for time where these validators cannot see it (on a body thread). */
  slow(event: SlowPattern): void {
    this.#slow(event);
  }

  /**
   * The resources' schemas a schema reaches (and the ones those reach), by reference, but those in
   * `known`, which it adds to (a reference that is no resource's too: it is not looked up again).
   */
  reached(schema: Obj, known = new Set<string>()): Map<string, Obj> {
    const out = new Map<string, Obj>();
    const queue: unknown[] = [schema];
    let visits = 0;
    while (queue.length > 0 && visits++ < 1_000_000) {
      const at = queue.pop();
      if (Array.isArray(at)) {
        queue.push(...at);
        continue;
      }
      if (typeof at !== 'object' || at === null) continue;
      for (const [key, value] of Object.entries(at)) {
        if (key === '$ref' && typeof value === 'string' && !known.has(value)) {
          known.add(value);
          const made = this.#resource(value);
          if (made) {
            out.set(value, made);
            queue.push(made);
          }
        } else if (typeof value === 'object' && value !== null) queue.push(value);
      }
    }
    return out;
  }

  /** The references each Ajv has registered (or found to be no resource). */
  readonly #registered = new WeakMap<Ajv2020, Set<string>>();

  /** Registers, before a schema is compiled, the resources it reaches (and the ones those reach) that are not registered yet. */
  #register(ajv: Ajv2020, schema: Obj): void {
    const done = this.#registered.get(ajv) ?? new Set<string>();
    this.#registered.set(ajv, done);
    for (const made of this.reached(schema, done).values()) ajv.addSchema(made);
  }

  /** A new Ajv (for a generation, `Generation`). */
  #ajv(kind: Kind): Ajv2020 {
    const coerce = kind === 'coercing';
    const { Ajv, formats } = ajvClasses();
    const regExp = Object.assign((pattern: string, flags: string) => guardedPattern(pattern, flags, (event) => this.#slow(event), this.#timeLimit, () => this.#budget, this.#now), { code: 'specbench-guarded-pattern' });
    // Only what a client sent counts: a field named `constructor` or `toString` is not there because
    // every object inherits one (without `ownProperties`, `{}` lacked a required `constructor` as
    // "not an object" and an optional one was "not a string"). Ajv's pass that tidies the code it
    // generates (`optimize`) is skipped: for a shape of 6,000 fields it took seconds of the first
    // call and left the process 100–200 MB larger (the checks are the same, their code unpruned).
    const options: Options = { allErrors: kind !== 'first', strict: false, logger: false, validateSchema: false, ownProperties: true, code: { regExp, optimize: false }, ...(coerce ? { coerceTypes: 'array' } : {}) };
    const ajv = new Ajv(options);
    formats(ajv);
    for (const [name, format] of Object.entries(MORE_FORMATS)) ajv.addFormat(name, format);
    // `multipleOf` by the rule every check of the spec's values uses (within rounding): Ajv's own
    // remainder test refused 0.07 as a multiple of 0.01 (0.07 / 0.01 is 7.000000000000001).
    ajv.removeKeyword('multipleOf');
    ajv.addKeyword({ keyword: 'multipleOf', type: 'number', schemaType: 'number', errors: true, validate: multipleOf });
    ajv.removeKeyword('uniqueItems');
    ajv.addKeyword({ keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate: uniqueItems });
    return ajv;
  }

  /**
   * The check of a schema, kept under `key`; a string (why) when it does not compile (a pattern
   * that is no regular expression, a resource that is not there). `firstOnly`: the check stops at
   * the value's first problem, looking for no other (Ajv collects every problem otherwise: 800,000
   * of them for an 11 MB body took 5 s and 230 MB).
   */
  check(key: string, schema: Obj, coerce: boolean, firstOnly = false): Check | string {
    const kind: Kind = coerce ? 'coercing' : firstOnly ? 'first' : 'plain';
    const id = `${kind}\u0000${key}`;
    const kept = this.#kept.get(id);
    const json = kept === undefined || kept.generation !== this.#generation ? JSON.stringify(schema) : kept.json;
    if (kept !== undefined && kept.json === json) {
      kept.generation = this.#generation;
      // The most recently used last.
      this.#kept.delete(id);
      this.#kept.set(id, kept);
      return kept.made;
    }
    if (kept !== undefined) this.#forget(id, kept);
    let made: Check | string;
    const of = this.#current(kind);
    const ajv = of.ajvs.get(kind) as Ajv2020;
    try {
      this.#register(ajv, schema);
      this.#compiled++;
      if (coerce) {
        // Coercion writes the value read into its parent: the value is checked inside a holder.
        const holder = { type: 'object', properties: { value: schema } };
        const validate: ValidateFunction = ajv.compile(holder);
        // Read first as parameters are (\`typedValue\`): a form field's \`null\` where null is allowed is
        // null, as in the query (T35u U7: Ajv's coercion refused it as "expected a number or \`null\`").
        made = (value, budget) => {
          const holder = { value: typedValue(value, schema, (ref) => this.resolve(ref)) };
          this.#spending(budget, () => validate(holder));
          return { errors: (validate.errors ?? []).map((e) => ({ ...e, instancePath: e.instancePath.replace(/^\/value/, '') })), value: holder.value };
        };
      } else {
        const validate: ValidateFunction = ajv.compile(schema);
        made = (value, budget) => {
          this.#spending(budget, () => validate(value));
          return { errors: [...(validate.errors ?? [])], value };
        };
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Ajv's words for a reference it cannot resolve name its own ids (`specbench:resources/…`): said as the spec's error instead.
      made = /can't resolve reference|MissingRef/i.test(message) ? 'its shape names a resource or type the spec does not have (`specbench check` reports it as unresolved-reference)' : message;
    }
    // What the compile added to the generation's Ajv (the resources' checks it reached too; a compile that failed may have left some).
    this.#tally(of, kind);
    this.#kept.set(id, { made, json, generation: this.#generation, of });
    of.keys.add(id);
    // Past the bound, the oldest generations go with their checks (never the newest: the one just made is being used).
    let total = this.#generations.reduce((n, g) => n + g.bytes, 0);
    while (total > this.#limit && this.#generations.length > 1) {
      const oldest = this.#generations.shift() as Generation;
      total -= oldest.bytes;
      for (const key of oldest.keys) this.#kept.delete(key);
    }
    return made;
  }
}
