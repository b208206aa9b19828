import { z } from 'zod';

/*
 * Whether a value passes a zod schema, answered without building zod's output or its issues: the
 * fast path's question (`parse-file.ts`), asked of every file of a spec that is read whole and valid.
 * zod answers it by parsing, which copies every object and array of the value and, in each union,
 * builds the issues of every option tried before the one that passes (half of a fresh check's
 * validation over GitHub's imported spec, and much of its garbage). The test of a schema is made
 * once from its definition (`_zod.def`), kind by kind, each as zod's own parse decides pass or fail
 * (zod 4's `schemas.js`), and every check a schema carries (lengths, patterns, formats,
 * refinements) is zod's own, run on the value. A kind not handled here, or a case it does not
 * follow (a default, a discriminated union, a check on a value whose output zod would change), is
 * asked of zod itself for that value. A file that fails is parsed by zod, which says why, so only
 * pass or fail must agree: `test/lib/load/schema-pass.test.ts` holds the two answers equal over
 * every fixture, the fuzz corpus and values mutated every way.
 */

/** Fails; passes and zod's output is the value as it is (its keys in the schema's order); passes and zod's output differs (a string trimmed, a key stripped). */
const FAIL = 0;
const SAME = 1;
const CHANGED = 2;
type Verdict = typeof FAIL | typeof SAME | typeof CHANGED;
type Test = (value: unknown) => Verdict;

/** What zod's checks are given and add their issues to. */
interface Payload {
  value: unknown;
  issues: unknown[];
}

/** The part of a zod check (`.min()`, `.regex()`, `.trim()`, a refinement) this reads. */
interface Check {
  _zod: { def: { when?: (payload: Payload) => boolean; pattern?: unknown }; traits: ReadonlySet<string>; check: (payload: Payload) => unknown };
}

/** The part of a zod schema's internals this reads (zod 4's `$ZodType`). */
interface Internals {
  _zod: {
    def: Def;
    traits: ReadonlySet<string>;
    optin?: 'optional' | 'defaulted';
    optout?: 'optional';
    innerType?: Internals;
    values?: ReadonlySet<unknown>;
  };
}

interface Def {
  type: string;
  checks?: Check[];
  coerce?: boolean;
  shape?: Record<string, Internals>;
  catchall?: Internals;
  options?: Internals[];
  discriminator?: string;
  inclusive?: boolean;
  element?: Internals;
  keyType?: Internals;
  valueType?: Internals;
  innerType?: Internals;
  mode?: string;
  partial?: boolean;
}

const internals = (schema: z.ZodType): Internals => schema as unknown as Internals;
const asSchema = (inst: Internals): z.ZodType => inst as unknown as z.ZodType;

/** zod's `isObject`: an object that is not null and not an array. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's `isPlainObject` (a record's test), as `zod/v4/core` writes it. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor: unknown = value.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prototype: unknown = (ctor as { prototype?: unknown }).prototype;
  return isObject(prototype) && Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf');
}

/** zod's own answer, for what is not followed here; its output is taken to differ from the value. */
function byZod(inst: Internals): Test {
  const test: Test = (value) => (z.safeParse(asSchema(inst), value).success ? CHANGED : FAIL);
  asked.add(test);
  return test;
}

/** The tests that ask zod, which runs the schema's checks itself. */
const asked = new WeakSet<Test>();

const tests = new WeakMap<Internals, Test>();

/** Whether `value` passes `schema`: the same answer as `schema.safeParse(value).success`. */
export function passes(schema: z.ZodType, value: unknown): boolean {
  return testOf(internals(schema))(value) !== FAIL;
}

function testOf(inst: Internals): Test {
  const known = tests.get(inst);
  if (known) return known;
  // A schema that holds itself (a shape's fields are shapes) reaches its own test while it is made: through this.
  let made: Test | undefined;
  tests.set(inst, (value) => (made ? made(value) : FAIL));
  const kind = kindTest(inst);
  made = asked.has(kind) ? kind : withChecks(inst, kind);
  tests.set(inst, made);
  return made;
}

/** The kinds whose output is the value itself when it passes (so a check sees what zod's would). */
const SCALARS: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);

/** A schema's checks, run after its kind's test passes, as zod runs them (`$ZodType`'s `runChecks`). */
function withChecks(inst: Internals, kind: Test): Test {
  const { def, traits } = inst._zod;
  // A format (`z.iso.date()`) is a check of its own besides those it carries.
  const checks: Check[] = [...(traits.has('$ZodCheck') ? [inst as unknown as Check] : []), ...(def.checks ?? [])];
  if (checks.length === 0) return kind;
  const scalar = SCALARS.has(def.type);
  const zod = byZod(inst);
  // Patterns alone (a facet's placeholder form, tried on every string a facet states): tested without a payload for each value.
  const patterns = checks.map(patternOf);
  if (patterns.every((p) => p !== undefined)) {
    return (value) => {
      const verdict = kind(value);
      if (verdict === FAIL) return FAIL;
      if (verdict === CHANGED && !scalar) return zod(value);
      for (const pattern of patterns) {
        pattern.lastIndex = 0;
        if (!pattern.test(value as string)) return FAIL;
      }
      return verdict;
    };
  }
  const steps = checks.map(stepOf);
  return (value) => {
    const verdict = kind(value);
    if (verdict === FAIL) return FAIL;
    // zod's checks see its output: a value it would change is left to zod.
    if (verdict === CHANGED && !scalar) return zod(value);
    const payload: Payload = { value, issues: [] };
    for (const step of steps) {
      const passed = step(payload);
      if (passed === undefined) return zod(value);
      if (!passed) return FAIL;
    }
    return payload.value === value ? verdict : CHANGED;
  };
}

/** A `.regex()` check that runs on every value (no `when`): its pattern, which `stepOf` would test; else undefined. */
function patternOf(check: Check): RegExp | undefined {
  const { when, pattern } = check._zod.def;
  return check._zod.traits.has('$ZodCheckRegex') && pattern instanceof RegExp && !when ? pattern : undefined;
}

/** One check run on a payload: whether it passed; undefined when it answered later (a promise, which zod refuses in `safeParse`). */
function stepOf(check: Check): (payload: Payload) => boolean | undefined {
  const { when, pattern } = check._zod.def;
  // `.regex()`, run as zod runs it but without building the issue of a value that fails (a facet's
  // placeholder form is tried on every string a facet states).
  if (check._zod.traits.has('$ZodCheckRegex') && pattern instanceof RegExp) {
    return (payload) => {
      if (when && !when(payload)) return true;
      pattern.lastIndex = 0;
      return pattern.test(payload.value as string);
    };
  }
  return (payload) => {
    if (when && !when(payload)) return true;
    const before = payload.issues.length;
    if (check._zod.check(payload) instanceof Promise) return undefined;
    return payload.issues.length === before;
  };
}

/** The test of a schema's kind, without its checks. */
function kindTest(inst: Internals): Test {
  const { def } = inst._zod;
  switch (def.type) {
    case 'string':
      return def.coerce ? byZod(inst) : (value) => (typeof value === 'string' ? SAME : FAIL);
    case 'number':
      return def.coerce ? byZod(inst) : (value) => (typeof value === 'number' && Number.isFinite(value) ? SAME : FAIL);
    case 'boolean':
      return def.coerce ? byZod(inst) : (value) => (typeof value === 'boolean' ? SAME : FAIL);
    case 'null':
      return (value) => (value === null ? SAME : FAIL);
    case 'never':
      return () => FAIL;
    case 'any':
    case 'unknown':
      return () => SAME;
    case 'literal':
    case 'enum': {
      const values = inst._zod.values;
      return values ? (value) => (values.has(value) ? SAME : FAIL) : byZod(inst);
    }
    case 'optional':
      return optionalTest(inst);
    case 'nullable': {
      const inner = def.innerType;
      if (!inner) return byZod(inst);
      const test = testOf(inner);
      return (value) => (value === null ? SAME : test(value));
    }
    case 'lazy': {
      let inner: Test | undefined;
      return (value) => {
        inner ??= inst._zod.innerType ? testOf(inst._zod.innerType) : byZod(inst);
        return inner(value);
      };
    }
    case 'array':
      return def.element ? arrayTest(testOf(def.element)) : byZod(inst);
    case 'object':
      return objectTest(inst);
    case 'record':
      return recordTest(inst);
    case 'union':
      return unionTest(inst);
    default:
      return byZod(inst);
  }
}

/** `.optional()`: absence passes, unless what it wraps puts a default in its place. */
function optionalTest(inst: Internals): Test {
  const inner = inst._zod.def.innerType;
  if (!inner || inner._zod.optin === 'defaulted') return byZod(inst);
  const test = testOf(inner);
  // `z.exactOptional()` leaves even `undefined` to what it wraps.
  if (inst._zod.traits.has('$ZodExactOptional')) return test;
  return (value) => (value === undefined ? SAME : test(value));
}

function arrayTest(element: Test): Test {
  return (value) => {
    if (!Array.isArray(value)) return FAIL;
    let verdict: Verdict = SAME;
    for (const item of value) {
      const v = element(item);
      if (v === FAIL) return FAIL;
      if (v === CHANGED) verdict = CHANGED;
    }
    return verdict;
  };
}

/** One key of an object's shape, with how zod treats its absence (`handlePropertyResult`). */
interface Field {
  key: string;
  test: Test;
  optin: 'optional' | 'defaulted' | undefined;
  optout: 'optional' | undefined;
  always: boolean;
}

function objectTest(inst: Internals): Test {
  const { shape = {}, catchall } = inst._zod.def;
  const byKey = new Map<string, Field>();
  // The fields whose absence is not simply a pass, or that a value inherits (`constructor`): each looked at as zod does, present or not.
  const always: Field[] = [];
  for (const key of Object.keys(shape)) {
    const schema = shape[key];
    if (!schema) continue;
    const field: Field = { key, test: testOf(schema), optin: schema._zod.optin, optout: schema._zod.optout, always: false };
    byKey.set(key, field);
    // zod never reads a `__proto__` of the shape.
    if (key === '__proto__') continue;
    field.always = !(field.optout === 'optional' && field.optin === 'optional') || key in Object.prototype;
    if (field.always) always.push(field);
  }
  const rest = catchall ? (catchall._zod.def.type === 'never' ? 'never' : testOf(catchall)) : undefined;
  return (value) => {
    if (!isObject(value)) return FAIL;
    let verdict: Verdict = SAME;
    for (const { key, test, optin, optout } of always) {
      const field = value[key];
      if (field === undefined && !(key in value)) {
        // Absent: zod still runs the field's schema on `undefined`, then judges by optin and optout.
        if (optout === 'optional' && optin === 'optional') continue;
        const absent = test(undefined);
        if (absent === FAIL) {
          if (optin !== undefined && optout === 'optional') continue;
          return FAIL;
        }
        if (optin === undefined) return FAIL;
        verdict = CHANGED;
        continue;
      }
      const v = test(field);
      if (v === FAIL) return FAIL;
      if (v === CHANGED) verdict = CHANGED;
    }
    // The other fields, those the value has (an absent one passes), then every key not in the shape
    // as zod's `handleCatchall` reads them (`for...in`).
    for (const key in value) {
      const field = byKey.get(key);
      if (field) {
        if (field.always || key === '__proto__') continue;
        const v = field.test(value[key]);
        if (v === FAIL) return FAIL;
        if (v === CHANGED) verdict = CHANGED;
        continue;
      }
      if (rest === 'never') return FAIL;
      // Stripped from the output: no catchall (a plain `z.object`), or a `__proto__`.
      if (rest === undefined || key === '__proto__') {
        verdict = CHANGED;
        continue;
      }
      const v = rest(value[key]);
      if (v === FAIL) return FAIL;
      if (v === CHANGED) verdict = CHANGED;
    }
    return verdict;
  };
}

function recordTest(inst: Internals): Test {
  const { keyType, valueType, partial, mode } = inst._zod.def;
  // A record over listed keys (an enum's) is judged by the keys it must have: zod's.
  if (!keyType || !valueType || (keyType._zod.values && !partial)) return byZod(inst);
  const keyTest = testOf(keyType);
  const valueTest = testOf(valueType);
  const zod = byZod(inst);
  const numeric = z.core.regexes.number;
  // A key that is any string (JSON's objects, `z.json()`) passes as it is.
  const anyKey = keyType._zod.def.type === 'string' && !keyType._zod.def.coerce && (keyType._zod.def.checks ?? []).length === 0 && !keyType._zod.traits.has('$ZodCheck');
  return (value) => {
    if (!isPlainObject(value)) return FAIL;
    let verdict: Verdict = SAME;
    // zod reads the enumerable keys of `Reflect.ownKeys`: the strings (`Object.keys`), then the symbols (which no YAML makes).
    const symbols = Object.getOwnPropertySymbols(value);
    const keys: ReadonlyArray<string | symbol> = symbols.length === 0 ? Object.keys(value) : [...Object.keys(value), ...symbols.filter((s) => Object.prototype.propertyIsEnumerable.call(value, s))];
    for (const key of keys) {
      if (key === '__proto__') {
        verdict = CHANGED;
        continue;
      }
      if (anyKey && typeof key === 'string') {
        const v = valueTest(value[key]);
        if (v === FAIL) return FAIL;
        if (v === CHANGED) verdict = CHANGED;
        continue;
      }
      let k = keyTest(key);
      // zod tries a key that reads as a number again as that number.
      if (k === FAIL && typeof key === 'string' && numeric.test(key) && keyTest(Number(key)) !== FAIL) k = CHANGED;
      if (k === FAIL) {
        // A loose record passes the key through as it is; any other fails on it.
        if (mode === 'loose') continue;
        return FAIL;
      }
      // A key zod writes otherwise (one that might become `__proto__`, which zod then skips): zod's answer.
      if (k === CHANGED) return zod(value);
      const v = valueTest(value[key as string]);
      if (v === FAIL) return FAIL;
      if (v === CHANGED) verdict = CHANGED;
    }
    return verdict;
  };
}

/** A union passes when one of its options does; zod's output is the first such option's (in its order, which a facet's stated-first order agrees with). */
function unionTest(inst: Internals): Test {
  const { options, discriminator, inclusive } = inst._zod.def;
  if (!options || discriminator !== undefined || inclusive === false) return byZod(inst);
  const tests = options.map(testOf);
  return (value) => {
    for (const test of tests) {
      const v = test(value);
      if (v !== FAIL) return v;
    }
    return FAIL;
  };
}
