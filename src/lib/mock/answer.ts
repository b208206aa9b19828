import type { Analysis } from '../analyze.ts';
import { facetId } from '../facet/ids.ts';
import { facetState, isGap, isObj, stated, statedData, statedObj, type Obj } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import { areaOf, findItem, type Item } from '../model/spec.ts';
import { exampleOf } from '../render/example.ts';
import { inMediaType } from '../render/media-example.ts';
import { statedValueOf } from '../render/request-sample.ts';
import { errorCarries, exampleContext, exampleNames, externalExamples, madeValue, typesWithExample, mediaPart, mediaTypes, responseCarries, shapeOpen, statedExamples, type Body, type Carried } from './body.ts';
import type { Gaps } from './gaps.ts';
import { csvOf } from './csv.ts';
import { isRateLimitHeader } from './guards.ts';
import { completeMade, madeNeeds, pastList, pastMadeBound, pastPattern, tooLongWords, undecided, valueNeeds } from './made.ts';
import { essence, negotiate } from './media.ts';
import { problem, type Problem } from './problem.ts';
import { bodySchema, type BodyShape, type OpenAt } from './schemas.ts';
import { ownBasePath } from './routes.ts';
import { brokenRules } from './validate.ts';
import { HEAVY_SCHEMA, type ErrorObject, type Validators } from './validators.ts';
import { bytes, HEADER_VALUE_LIMIT, headerValue, notStated, STATED_HEADERS_LIMIT } from './wire.ts';

/** A response ready to send but for what changes per request (rate-limit headers, the gaps header). */
export interface Prepared {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
  /** The gaps the answer used (its body's resources, its error), besides the endpoint's own. */
  used: string[];
  /** The gaps that left the answer open (a 501's). */
  unanswered: string[];
  notes: string[];
  /** The item (`resources/Loan`) the answer needed and the spec does not have, when that left it open. */
  missing?: string;
}

/** How a response is asked for: `Prefer: code=…` and `example=…`, and `Accept`. */
export interface Asked {
  code?: number;
  /** A `code` preference that is no HTTP status, as sent (`2XX`, `0404`): answered with a 400 listing the stated ones. */
  badCode?: string;
  example?: string;
  accept?: string;
}

/** The statuses a response key stands for: `404`, a range `4XX`, or `default`. */
const isExact = (key: string) => /^[1-5]\d\d$/.test(key);
const isRange = (key: string) => /^[1-5]XX$/i.test(key);

/**
 * The status a response key is answered with: its own, the asked one within its range (or for
 * `default`), else the stated status of the error it names when that fits (a `default` naming an
 * error of status 500 is a 500), else the range's first (`4XX` is 400) or 200 for `default`.
 */
function statusOf(key: string, code: number | undefined, errorStatus?: number): number {
  if (isExact(key)) return Number(key);
  const fits = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n >= 100 && n <= 599 && (!isRange(key) || Math.floor(n / 100) === Number(key[0]));
  if (fits(code)) return code;
  if (fits(errorStatus)) return errorStatus;
  return isRange(key) ? Number(key[0]) * 100 : 200;
}

/** The stated status of the error a response names, when it names one. */
function errorStatusOf(ctx: AnswerContext, entry: unknown): number | undefined {
  if (!isObj(entry) || typeof entry.error !== 'string') return undefined;
  const status = stated(areaOf(ctx.analysis.spec, 'errors').items.find((e) => e.id === entry.error)?.data.status);
  return typeof status === 'number' ? status : undefined;
}

/**
 * The response keys in the order the mock prefers them: the lowest stated 2XX status, a `2XX`
 * range, `default`, then the other statuses from the lowest and the other ranges.
 */
export function responseOrder(keys: readonly string[]): string[] {
  const exact = keys.filter(isExact).sort();
  const ranges = keys.filter(isRange).sort();
  const success = exact.filter((k) => k.startsWith('2'));
  const rest = [...success, ...ranges.filter((k) => k[0] === '2'), ...keys.filter((k) => k === 'default'), ...exact, ...ranges];
  return [...new Set(rest)];
}

/** The key that answers an asked status: the status itself, its range, else `default`. */
function keyFor(keys: readonly string[], code: number): string | undefined {
  const exact = String(code);
  if (keys.includes(exact)) return exact;
  const range = keys.find((k) => isRange(k) && Number(k[0]) === Math.floor(code / 100));
  return range ?? (keys.includes('default') ? 'default' : undefined);
}

/** What answering needs: the analysis, its gaps, and the notes of the request being answered. */
export interface AnswerContext {
  analysis: Analysis;
  gaps: Gaps;
  /** The path every endpoint is served under (`/v1`), for messages. */
  basePath: string;
  /** Checks what the mock makes against the shape it was made from. */
  validators: Validators;
  /** Whether a variant of a union leaves open what a value must fit (a `one_of` with one is checked as an `any_of`). */
  openAt: OpenAt;
  /** Where values are checked against heavy schemas (`HEAVY_SCHEMA`), off the thread that answers every client; on this thread without. */
  heavy?: ValueChecker;
}

/** Checks a value off the thread that answers every client: its errors, why it was not checked (a string), or undefined when it cannot (the caller checks it). */
export interface ValueChecker {
  checkValue(validators: Validators, key: string, schema: Obj, value: unknown): Promise<readonly ErrorObject[] | string | undefined>;
}

/**
 * The rules `value` breaks of `schema` (kept compiled under `key`): on the check thread where the
 * schema is heavy (compiling it here held every other client for seconds), else here. A check
 * that cannot be made is said in `notes`, and finds nothing broken.
 */
async function brokenBy(ctx: AnswerContext, key: string, schema: Obj, value: unknown, what: string, notes: string[], made = false): Promise<{ rules: string[]; total: number }> {
  const of = (errors: readonly ErrorObject[]) => ({ rules: brokenRules(errors), total: errors.length });
  if (ctx.heavy !== undefined && ctx.validators.print(key, schema).weight >= HEAVY_SCHEMA) {
    const errors = await ctx.heavy.checkValue(ctx.validators, key, schema, value);
    if (typeof errors === 'string') notes.push(`${what} is not checked against its shape: ${errors}`);
    if (errors !== undefined) return typeof errors === 'string' ? { rules: [], total: 0 } : of(errors);
  }
  const check = ctx.validators.check(key, schema, false);
  // A made body no check can judge is not sent as if it fitted (`pattern: "["` made `"<a string matching [>"`, t35s N3).
  if (typeof check === 'string') return made ? { rules: [`its shape cannot be checked (${check})`], total: 1 } : { rules: [], total: 0 };
  // A made body is sent only when every pattern judged it: one whose test ran out of time is no check (t35s N2: a 5 MB text sent "unchecked").
  const budget = made ? ctx.validators.budget(Infinity) : undefined;
  const broken = of(check(value, budget).errors);
  const untested = budget ? [...budget.ranOut, ...budget.notJudged] : [];
  if (untested.length > 0) return { rules: [...broken.rules, ...untested.map((p) => `its text could not be tested against the pattern ${JSON.stringify(p)} in time`)], total: broken.total + untested.length };
  return broken;
}

/** Broken rules in words, the first three, and how many more there are (of all the value breaks, not only those worded). */
const someRules = (broken: { rules: string[]; total: number }) => `${broken.rules.slice(0, 3).join('; ')}${broken.total > 3 ? `; and ${broken.total - 3} more` : ''}`;

/** An endpoint as messages name it: `GET /v1/orders/{order_id} (get-order)`. */
export function endpointWords(ctx: AnswerContext, endpoint: Item<'endpoints'>): string {
  return `${stated(endpoint.data.method) ?? '(method open)'} ${ownBasePath(endpoint) ?? ctx.basePath}${stated(endpoint.data.path) ?? ''} (${endpoint.id})`;
}

/** The gap of a facet when it is one, else nothing (a facet that closed since). */
const gapsAt = (ctx: AnswerContext, ids: readonly string[]): FacetResult[] => ids.flatMap((id) => ctx.gaps.gap(id) ?? []);

/** A 501: the answer is open, with the gaps that leave it so; `status` keeps a status the spec decides (401, 429) with the same body. */
export function unanswered(ctx: AnswerContext, what: string, reason: string, gaps: readonly FacetResult[], status = 501): Prepared {
  const named = gaps.map((g) => ctx.gaps.named(g));
  const detail = `${what}: ${reason}${gaps.length > 0 ? `; ${gaps.length === 1 ? 'the gap' : 'the gaps'} below must be closed first` : ''}. The mock does not make up what the spec leaves open.`;
  const p = problem({ status, type: 'open-gap', title: 'The spec does not say yet', detail, extra: { gaps: named } });
  return { ...fromProblem(p), used: [], unanswered: gaps.map((g) => g.id), notes: [] };
}

/**
 * Notes (for the log) a stated example that breaks its own shape, as `check` reports it: it is
 * answered as stated, and the client's validator will refuse it, so the log says why.
 */
async function statedBreaks(ctx: AnswerContext, endpoint: Item<'endpoints'>, key: string, type: string, part: { shape: BodyShape; prefix: string }, value: unknown, name: string | undefined, notes: string[]): Promise<void> {
  const schema = bodySchema(part.shape, 'response', { at: `${part.prefix}/schema`, openAt: ctx.openAt });
  const example = `the stated example${name !== undefined ? ` ${JSON.stringify(name)}` : ''} of ${endpoint.id}, its ${key} response,`;
  const broken = schema ? await brokenBy(ctx, `stated\u0000${endpoint.id}\u0000${key}\u0000${type}`, schema, value, example, notes) : { rules: [], total: 0 };
  if (broken.total > 0) notes.push(`${example} breaks its own shape (${someRules(broken)}); it is answered as stated`);
}

/**
 * A 501 for a body the spec states whole but the mock cannot make (no finite body fits, the
 * generator cannot fit a rule): not a gap, so never said to be one (`open-gap` with no gaps told
 * clients the spec was undecided when it was not).
 */
function cannotMake(what: string, reason: string, status = 501): Prepared {
  return fromProblem(problem({ status, type: 'cannot-make', title: 'The mock cannot make this body', detail: `${what}: ${reason}.` }));
}

/** The `check` errors of field examples (default-value, "The example of field …") in the files a made body's shape stands on: the endpoint's and its resources'. */
function fieldExampleErrors(ctx: AnswerContext, endpoint: Item<'endpoints'>, shape: BodyShape): Array<{ file: string; line: number; column: number; code: string; message: string }> {
  const files = new Set([endpoint.file, ...ctx.gaps.resourcesOf(shape as { resource?: unknown; schema?: unknown }).flatMap((id) => findItem(ctx.analysis.spec, 'resources', id)?.file ?? [])]);
  return ctx.analysis.diagnostics
    .filter((d) => d.code === 'default-value' && d.severity === 'error' && d.message.startsWith('The example of field ') && files.has(d.file))
    .map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code, message: d.message }));
}

/** The answer where a made body takes field examples that break their own fields' rules: a 503 naming each error's file, line and column. */
function exampleErrorAnswer(what: string, errors: ReadonlyArray<{ file: string; line: number; column: number; code: string; message: string }>): Prepared {
  const where = errors.slice(0, 5).map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`).join(', ');
  const p = problem({
    status: 503,
    type: 'spec-unreadable',
    title: 'The spec has an error this answer stands on',
    detail: `${what}: a body made from its shape takes the stated examples of its fields, and ${errors.length === 1 ? 'one breaks its field\'s' : 'some break their fields\''} own rules (${where}${errors.length > 5 ? `, and ${errors.length - 5} more` : ''}): ${errors[0]?.message ?? ''} Nothing is made from ${errors.length === 1 ? 'it' : 'them'} until ${errors.length === 1 ? 'it is' : 'they are'} mended; \`specbench check\` lists the errors.`,
    extra: { errors },
  });
  return fromProblem(p);
}

/** Why no body fits a shape whose `unfilled` fields are required at every level. */
const noFiniteBody = (unfilled: readonly string[]) => `no body of finite size fits its shape: ${unfilled.map((f) => `\`${f}\``).join(', ')} ${unfilled.length === 1 ? 'is' : 'are'} required at every level and can be neither empty nor null`;

/** A problem as a prepared answer. */
export function fromProblem(p: Problem): Prepared {
  return { status: p.status, headers: [['Content-Type', 'application/problem+json']], body: bytes(p.text), used: [], unanswered: [], notes: [] };
}

/**
 * The stated response headers of a response, each with a value the spec states (else one made from
 * its shape); left out, and noted, when none can be had or sent. `open`: the gaps a header's value
 * would have to make up (its allowed values open, and no stated value), which leave the answer open.
 */
function statedHeaders(ctx: AnswerContext, entry: Obj, prefix: { endpoint: string; key: string }, notes: string[]): { headers: Array<[string, string]>; open: FacetResult[]; left: FacetResult[] } {
  const out: Array<[string, string]> = [];
  const open: FacetResult[] = [];
  const left: FacetResult[] = [];
  let block = 0;
  const over: string[] = [];
  for (const [name, h] of Object.entries(statedObj(entry.headers) ?? {})) {
    if (!isObj(h)) continue;
    const why = notStated(name);
    if (why !== undefined) {
      notes.push(`the stated header ${JSON.stringify(name)} is not sent: ${why}`);
      continue;
    }
    const given = statedValueOf(h);
    // A rate-limit header says where a caller stands under a quota: with no value stated, it is the
    // endpoint's quota's to fill (`finish` in mock.ts, where the limits area names it), never a count
    // made from its shape (`X-RateLimit-Remaining: 0` sent for an endpoint nobody limited, t35s N10).
    if (given === undefined && isRateLimitHeader(name)) {
      notes.push(`the stated header ${name} is not made from its shape: a rate-limit header carries only the count of the endpoint's quota, where it has one and the limits area names the header`);
      continue;
    }
    if (given === undefined) {
      const needs = valueNeeds(ctx.analysis, ctx.gaps, h, facetId('endpoints', prefix.endpoint, 'responses', prefix.key, 'headers', name), 'response');
      if (needs.open.length > 0) {
        // A header the answer need not send (not stated required, its `required` not undecided) is left out, its gaps named; one it must send leaves the answer open.
        const must = stated(h.required) === true || undecided(h.required);
        (must ? open : left).push(...needs.open);
        if (!must) notes.push(`the header ${name} is not sent: its value is not decided yet (${needs.open.map((g) => g.id).join(', ')})`);
        continue;
      }
      const long = needs.long[0];
      if (long !== undefined) {
        notes.push(`the header ${name} is not sent: ${tooLongWords(long)}`);
        continue;
      }
    }
    const value = given !== undefined ? { value: given } : exampleOf(h, exampleContext(ctx.analysis), 'response');
    if (value === undefined || value.value === undefined) continue;
    // A made value of a header with a syntax of its own keeps that syntax (T35u U11: `ETag: string`, `Link: string`).
    if (given === undefined && typeof value.value === 'string') {
      const lower = name.toLowerCase();
      const bare = stated(h.pattern) === undefined && stated(h.allowed) === undefined && stated(h.max_length) === undefined;
      if (lower === 'etag' && bare && !/^(?:W\/)?"[^"]*"$/.test(value.value) && !value.value.includes('"')) {
        // An entity tag is a quoted text (RFC 9110 §8.8.3); a client sends it back in If-None-Match as it came.
        value.value = `"${value.value}"`;
      } else if (lower === 'link' && !/^\s*</.test(value.value)) {
        // A Link value is `<uri>; rel=…` (RFC 8288): no text made from a bare shape is one, and a relation would be made up.
        if (stated(h.required) !== true) {
          notes.push(`the header ${name} is not sent: a value made from its shape would not be a link (\`<uri>; rel=…\`, RFC 8288), and the spec states none`);
          continue;
        }
        notes.push(`the header ${name} is sent as made from its shape, ${JSON.stringify(value.value)}, which is no link (\`<uri>; rel=…\`, RFC 8288): the spec states no value of it`);
      }
    }
    // A list of cookies is one `Set-Cookie` line each: that header is never joined by commas, which its values hold (RFC 6265 §3; t35t D15).
    const cookies = name.toLowerCase() === 'set-cookie' && Array.isArray(value.value);
    const texts = cookies ? (value.value as unknown[]).map((v) => headerValue(simpleStyle(v, h.explode === true))) : [headerValue(simpleStyle(value.value, h.explode === true))];
    const longest = Math.max(0, ...texts.map((t) => t.length));
    if (longest > HEADER_VALUE_LIMIT) {
      notes.push(`the header ${name} is not sent: its value is ${longest} characters long, past ${HEADER_VALUE_LIMIT}`);
      continue;
    }
    // `Name: value` and its line end, in bytes (the value is ASCII: `headerValue` encodes the rest).
    const size = texts.reduce((n, text) => n + name.length + 2 + text.length + 2, 0);
    if (block + size > STATED_HEADERS_LIMIT) {
      over.push(name);
      continue;
    }
    block += size;
    for (const text of texts) out.push([name, text]);
  }
  if (over.length > 0) notes.push(`the stated header${over.length === 1 ? '' : 's'} ${over.join(', ')} ${over.length === 1 ? 'is' : 'are'} not sent: the stated headers sent came to ${block} bytes, and ${STATED_HEADERS_LIMIT} is the most sent (clients refuse a header block past 16 KB in all)`);
  return { headers: out, open, left };
}

/**
 * A header's value as OpenAPI's `simple` style writes it (the only style of headers): a list as its
 * items joined by commas (`admin,editor`), an object as `key,value,…` (`key=value,…` exploded), a
 * scalar as its text; a value nested deeper as JSON, which the style does not say how to write.
 */
function simpleStyle(value: unknown, explode: boolean): string {
  const scalar = (v: unknown) => (v === null ? '' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (isObj(value)) return Object.entries(value).map(([k, v]) => (explode ? `${k}=${scalar(v)}` : `${k},${scalar(v)}`)).join(',');
  return scalar(value);
}

/** The gap ids an answer's body uses: its resources' (and theirs'), its error's, the errors area's body where it is the shared one. */
function usedBy(ctx: AnswerContext, body: Body | undefined, error: string | undefined): string[] {
  const ids: string[] = [];
  if (body) ids.push(...ctx.gaps.ofResources(body.data));
  if (error !== undefined) ids.push(...ctx.gaps.of(`errors/${error}`).map((g) => g.id));
  if (body?.shared) ids.push(...ctx.gaps.under('errors/body').map((g) => g.id));
  // An error's response that states only its example (`{ error: gone, example: … }`): the example is
  // of the error's body, whose gaps the answer uses as a made one does (t35t D6: they were dropped).
  if (error !== undefined && body !== undefined && body.error === undefined && !['resource', 'schema', 'content'].some((k) => body.data[k] !== undefined)) {
    const own = errorCarries(ctx.analysis, ctx.gaps, error);
    if (own.kind === 'body') ids.push(...ctx.gaps.ofResources(own.body.data), ...(own.body.shared ? ctx.gaps.under('errors/body').map((g) => g.id) : []));
  }
  return ids;
}

/** Status codes whose responses carry no body: 1XX, 204, 304 (RFC 9110 §6.4.1) and 205 (§15.3.6: no content). */
const BODYLESS = (status: number) => status < 200 || status === 204 || status === 205 || status === 304;

/**
 * A stated response, answered: its body (the asked named example, else the first stated example,
 * named ones first, else one made from its shape by the pages' example generator) in the media
 * type `Accept` asks for among the stated ones, and its stated headers. What is open in it is a
 * 501 naming the gaps; nothing is made up for it.
 */
export async function answerResponse(ctx: AnswerContext, endpoint: Item<'endpoints'>, key: string, status: number, entry: unknown, asked: Asked, guard?: number): Promise<Prepared> {
  const what = `${endpointWords(ctx, endpoint)}, its ${key} response`;
  const state = facetState(entry);
  if (isGap(state)) return unanswered(ctx, what, 'it is not stated yet', gapsAt(ctx, [facetId('endpoints', endpoint.id, 'responses', key)]), guard);
  if (state === 'none' || !isObj(entry)) return { status, headers: [], body: new Uint8Array(), used: [], unanswered: [], notes: [] };
  const notes: string[] = [];
  const carried: Carried = responseCarries(ctx.analysis, ctx.gaps, endpoint, key, entry);
  const error = typeof entry.error === 'string' ? entry.error : undefined;
  if (carried.kind === 'open') {
    const open = unanswered(ctx, what, carried.reason, carried.gaps, guard);
    return { ...open, used: usedBy(ctx, undefined, error), ...(carried.missing !== undefined ? { missing: carried.missing } : {}) };
  }
  const told = statedHeaders(ctx, entry, { endpoint: endpoint.id, key }, notes);
  if (told.open.length > 0) return { ...unanswered(ctx, what, 'the values of its stated headers are not decided yet', told.open, guard), used: usedBy(ctx, carried.kind === 'body' ? carried.body : undefined, error) };
  const headers = told.headers;
  const leftIds = told.left.map((g) => g.id);
  // A media type stated with no shape, resource or example: a body is stated, what it holds is not.
  // Answered with none, a client learnt "no body" (t35t D18); the mock says what is missing instead.
  const shapeless = carried.kind === 'none' && error === undefined ? mediaTypes(entry) : [];
  if (shapeless.length > 0 && !BODYLESS(status)) return { ...cannotMake(what, `it states a body of ${shapeless.join(', ')} but not what the body holds (no \`schema\`, \`resource\` or \`example\`), so nothing tells what to send, and an empty answer would claim there is no body`), used: [...usedBy(ctx, undefined, error), ...leftIds], notes };
  if (carried.kind === 'none' || BODYLESS(status)) {
    // A body stated where HTTP sends none is not sent, and the log says so (t35t D13: dropped without a word for 204/304, sent for 205).
    if (carried.kind === 'body') notes.push(`${what} states a body, which is not sent: a ${status} response carries none (RFC 9110 ${status === 205 ? '§15.3.6' : status === 304 ? '§15.4.5' : '§15.3.5'})`);
    return { status, headers, body: new Uint8Array(), used: [...usedBy(ctx, undefined, error), ...leftIds], unanswered: [], notes };
  }
  const body = carried.body;
  const used = [...usedBy(ctx, body, error), ...leftIds];
  const types = mediaTypes(body.data);
  // A named example asked for is answered in a media type that states it (`Accept` choosing among those).
  const holding = asked.example !== undefined ? typesWithExample(body, asked.example).filter((t): t is string => t !== undefined) : [];
  const type = negotiate(holding.length > 0 ? holding : types.length > 0 ? types : ['application/json'], asked.accept);
  if (type === undefined && holding.length > 0 && holding.length < types.length) {
    const p = problem({ status: 406, type: 'not-acceptable', title: 'The named example is not in an acceptable media type', detail: `${what} states the named example \`${asked.example ?? ''}\` as ${holding.join(', ')}; the request accepts none of them (send \`Accept: ${holding[0] ?? ''}\`).`, extra: { available: holding } });
    return { ...fromProblem(p), used, notes };
  }
  if (type === undefined) {
    // No media type stated: the body is JSON, and the 406 says so (T35u U2: "comes as ;", `available: []`).
    const offered = types.length > 0 ? types : ['application/json'];
    const p = problem({ status: 406, type: 'not-acceptable', title: 'No stated media type is acceptable', detail: `${what} comes as ${offered.join(', ')}${types.length === 0 ? ' (it states no media type: a body with none is JSON)' : ''}; the request accepts none of them.`, extra: { available: offered } });
    return { ...fromProblem(p), used, notes };
  }
  const part = mediaPart(body, types.length > 0 ? type : undefined);
  const examples = statedExamples(body, types.length > 0 ? type : undefined);
  let value: { value: unknown } | undefined;
  if (asked.example !== undefined) {
    const hit = examples.find((e) => e.name === asked.example);
    const external = externalExamples(body, types.length > 0 ? type : undefined).get(asked.example);
    if (!hit && external !== undefined) {
      const p = problem({ status: 501, type: 'external-example', title: 'The named example is kept elsewhere', detail: `${what} gives the named example \`${asked.example}\` by its external_value (${external}), which the mock does not fetch; ask for one the spec writes out${exampleNames(body).length > 1 ? ` (${exampleNames(body).filter((n) => n !== asked.example).map((n) => `\`${n}\``).join(', ')})` : ''}.`, extra: { examples: exampleNames(body), external_value: external } });
      return { ...fromProblem(p), used, notes };
    }
    if (!hit) {
      const names = exampleNames(body);
      const p = problem({ status: 400, type: 'unknown-example', title: 'No such named example', detail: `${what} states no named example \`${asked.example}\`${names.length > 0 ? `; it states ${names.map((n) => `\`${n}\``).join(', ')}` : ''}. A name is asked for as \`Prefer: example=name\` (UTF-8), or percent-encoded as RFC 8187 writes it, \`Prefer: example*=UTF-8''caf%C3%A9\` for \`café\`.`, extra: { examples: names } });
      return { ...fromProblem(p), used, notes };
    }
    value = { value: hit.value };
    await statedBreaks(ctx, endpoint, key, type, part, hit.value, asked.example, notes);
  } else if (examples[0]) {
    value = { value: examples[0].value };
    await statedBreaks(ctx, endpoint, key, type, part, examples[0].value, examples[0].name, notes);
  }
  else {
    const open = shapeOpen(ctx.analysis, ctx.gaps, part);
    if (open) return { ...unanswered(ctx, what, open.reason, open.gaps, guard), used, ...(open.missing !== undefined ? { missing: open.missing } : {}) };
    const needs = madeNeeds(ctx.analysis, ctx.gaps, part, 'response');
    if (needs.open.length > 0) return { ...unanswered(ctx, what, `parts of its shape are not stated yet, and a body made without them would claim what nobody decided`, needs.open, guard), used };
    // Refused before anything is made: the text alone would cost the time and memory of its length.
    if (needs.long.length > 0) return { ...cannotMake(what, `the mock cannot make a body that fits its shape (${needs.long.slice(0, 3).map(tooLongWords).join('; ')}); a stated example of it would be answered as stated`, guard), used };
    let made = madeValue(ctx.analysis, part.shape, 'response');
    const whole = typeof part.shape.resource === 'string' ? (part.shape.list === true ? { type: 'array', items: part.shape.resource } : part.shape.resource) : stated(part.shape.schema);
    // The generator's bound left a required field out: a body of the required fields alone may fit
    // (700 optional fields before a required `id`, t35s N4); the optional ones are left out then.
    if (made && 'value' in made && leftForBound(ctx, made.value, whole)) {
      const lean = madeValue(ctx.analysis, part.shape, 'response', true);
      if (lean && 'value' in lean && !leftForBound(ctx, lean.value, whole)) {
        made = lean;
        notes.push(`the body made for ${what} leaves its optional fields out: with them it would be larger than the mock makes`);
      }
    }
    if (!made || !('value' in made)) {
      // Nothing made because a required field's pattern got no text, at any depth: said with the
      // patterns (r14 M2, where the cut emptied the whole body), never as a size bound.
      const patternCuts = (made?.cuts ?? []).filter((c) => c.why === 'pattern');
      if (patternCuts.length > 0) return { ...cannotMake(what, pastPattern(patternCuts), guard), used };
      // Nothing made: resources that hold each other through required fields (`A.b: B`, `B.a: A`)
      // are cut at every turn; the fields an empty one lacks say why, where there are any.
      // A list the generator left out (a unique one with too few values its items allow): said so, not as a size bound (T32v H-1).
      const listed = (made?.cuts ?? []).filter((c) => c.why === 'unique' || c.why === 'items');
      if (listed.length > 0) return { ...cannotMake(what, pastList(listed), guard), used };
      const cut: string[] = [];
      const unfilled = completeMade(ctx.analysis, {}, typeof part.shape.resource === 'string' ? part.shape.resource : whole, 'response', cut);
      return { ...cannotMake(what, unfilled.length > 0 ? noFiniteBody(unfilled) : cut.length > 0 ? pastMadeBound(cut) : 'its shape states nothing a body could be made from', guard), used };
    }
    // The generator's value is the mock's own to mend (a stated example inside it is left as it is).
    value = { value: structuredClone(made.value) };
    const cut: string[] = [];
    // The endpoint a state machine names as a transition's trigger: its made state is where the transition leads (T35u U12).
    const unfilled = completeMade(ctx.analysis, value.value, whole, 'response', cut, endpoint.id);
    if (unfilled.length > 0) return { ...cannotMake(what, noFiniteBody(unfilled), guard), used };
    // A required field left out for its pattern is said with its pattern, not as a size bound (r14 M2).
    const patterned = (made.cuts ?? []).filter((c) => c.why === 'pattern');
    const listed = (made.cuts ?? []).filter((c) => c.why === 'unique' || c.why === 'items');
    if (cut.length > 0) return { ...cannotMake(what, patterned.length > 0 ? pastPattern(patterned) : listed.length > 0 ? pastList(listed) : pastMadeBound(cut), guard), used };
    if (body.error !== undefined) problemStatus(ctx, value.value, whole, status, body.error);
    // A body made up must fit its own shape, as a client's validator reads the export: one the
    // generator could not fit (an email of 5 characters at most) is no answer.
    const schema = bodySchema(part.shape, 'response', { at: `${part.prefix}/schema`, openAt: ctx.openAt });
    const broken = schema ? await brokenBy(ctx, `made\u0000${endpoint.id}\u0000${key}\u0000${type}`, schema, value.value, `the body made for ${what}`, notes, true) : { rules: [], total: 0 };
    // The whole body is its shape's own stated example (`schema: { format: date, examples: ["2024-02-30"] }`):
    // answered as stated, as a body's stated example that breaks its shape is, and the log says so (t35s N5:
    // a 501 advised "a stated example would be answered" while one was stated).
    if (broken.total > 0 && ownExample(ctx, part.shape, value.value)) {
      notes.push(`the stated example of the shape of ${what} breaks its own shape (${someRules(broken)}); it is answered as stated`);
    } else if (broken.total > 0) {
      // A field's stated example the made body takes breaks the field's own rules, an error `check` locates
      // (default-value): the 503 names it, as for a default, rather than advise a stated example (T35u U13).
      const examples = fieldExampleErrors(ctx, endpoint, part.shape);
      if (examples.length > 0) return { ...exampleErrorAnswer(what, examples), used };
      return { ...cannotMake(what, `the mock cannot make a body that fits its shape (${broken.rules.join('; ')}${broken.total > broken.rules.length ? `; and ${broken.total - broken.rules.length} more` : ''}); a stated example of it would be answered as stated`, guard), used };
    }
  }
  const concrete = type.includes('*') ? 'application/json' : type;
  const name = typeof part.shape.resource === 'string' ? part.shape.resource : undefined;
  const writeAs = (media: string) => {
    // Records as CSV, a format the pages do not write (a page shows the stated example as it is).
    const csv = /^text\/csv\b/i.test(media) && typeof value.value !== 'string' ? csvOf(value.value) : undefined;
    // A structured value under a vendor type (`application/vnd.github.object`) is JSON by the only
    // reading it has: stated as an object or list, it is written so, never refused as binary.
    const vendorJson = /^application\/vnd\./i.test(media) && typeof value.value === 'object' && value.value !== null;
    return csv !== undefined ? { text: csv } : vendorJson ? inMediaType(value.value, 'application/json') : inMediaType(value.value, media, name, fileFields(ctx, part.shape));
  };
  const written = writeAs(concrete);
  if ('reason' in written) {
    // Not a gap: the spec states the media type; the mock has no way to write this value in it.
    // Only the other stated types that can write it are suggested (text/plain was, for an object it cannot write either).
    const writable = types.filter((t) => t !== type && !t.includes('*') && !('reason' in writeAs(t)));
    const instead = writable.length > 0 ? `ask for another stated media type in Accept (${writable.join(', ')})` : `${types.length > 1 ? 'no other stated media type can write it either; ' : ''}a stated example in that media type would be answered as it is`;
    const p = problem({ status: guard ?? 501, type: 'cannot-write', title: 'The mock cannot write this body', detail: `${what}: the mock cannot write its body as ${concrete} (${written.reason}); ${instead}.`, extra: { available: types } });
    return { ...fromProblem(p), used, notes };
  }
  // A media type a header cannot carry as it is (`x=é`) was sent percent-encoded, which no client
  // parses: its type alone is sent, and the log says so.
  const contentType = headerValue(concrete) === concrete ? concrete : essence(concrete);
  if (contentType !== concrete) notes.push(`the media type ${JSON.stringify(concrete)} is sent as ${contentType}: its parameters hold characters a header cannot carry`);
  return { status, headers: [['Content-Type', headerValue(contentType)], ...headers], body: bytes(written.text), used, unanswered: [], notes };
}

/** Whether a made body is the stated example of its shape itself (the shape's first `examples`, else its first named example with a value; a resource's value shape). */
function ownExample(ctx: AnswerContext, shape: BodyShape, value: unknown): boolean {
  if (shape.list === true) return false;
  const top = typeof shape.resource === 'string' ? stated(findItem(ctx.analysis.spec, 'resources', shape.resource)?.data.value) : stated(shape.schema);
  if (!isObj(top)) return false;
  const examples = stated(top.examples);
  const named = isObj(top.named_examples) ? Object.values(top.named_examples).find((e) => isObj(e) && 'value' in e) : undefined;
  const own = Array.isArray(examples) && examples.length > 0 ? { value: examples[0] as unknown } : isObj(named) ? { value: named.value } : undefined;
  return own !== undefined && JSON.stringify(own.value) === JSON.stringify(value);
}

/** Whether `completeMade` would find required fields of a made value left out for the generator's bound (it is tried on a copy). */
function leftForBound(ctx: AnswerContext, value: unknown, whole: unknown): boolean {
  const cut: string[] = [];
  const unfilled = completeMade(ctx.analysis, structuredClone(value), whole, 'response', cut);
  return unfilled.length === 0 && cut.length > 0;
}

/** The fields of a body's shape sent as files in a form: strings of format `binary`. */
function fileFields(ctx: AnswerContext, shape: Obj): string[] {
  const resource = typeof shape.resource === 'string' ? areaOf(ctx.analysis.spec, 'resources').items.find((r) => r.id === shape.resource) : undefined;
  const fields = resource ? statedObj(resource.data.fields) : statedObj(statedObj(shape.schema)?.fields);
  return Object.entries(fields ?? {}).flatMap(([n, f]) => (isObj(f) && stated(f.format) === 'binary' ? [n] : []));
}

/** Which stated response answers: the asked status (its range, `default`), else the one that states the asked example, else the success response. */
export type Choice =
  | { kind: 'response'; key: string; status: number; entry: unknown }
  | { kind: 'open'; gaps: FacetResult[]; why?: string }
  | { kind: 'none' }
  | { kind: 'unstated'; keys: string[]; why?: string }
  /** The answer would be a stated `1XX` response (`key`): no final answer, never sent as one; `keys`, the final statuses stated. */
  | { kind: 'informational'; key: string; keys: string[] };

/** Whether a response key is an informational status (`101`, `1XX`): the client waits for a final answer after it (RFC 9110 §15.2). */
const informational = (key: string) => /^1(\d\d|XX)$/i.test(key);

/**
 * The open gaps of the status of the error a `default` or range response names: its answer's
 * status is the error's, and with that open, a 200 (or the range's first, or a status asked for
 * with `Prefer`) would be a status nobody stated (T35v V1: `Prefer: code=418` answered the error as
 * a 418, a bare `4XX` as a 400). Empty when the status is stated (or the response names no error).
 */
function openErrorStatus(ctx: AnswerContext, key: string, entry: unknown): FacetResult[] {
  if (isExact(key) || !isObj(entry) || typeof entry.error !== 'string' || errorStatusOf(ctx, entry) !== undefined) return [];
  return gapsAt(ctx, [facetId('errors', entry.error, 'status')]);
}

/** A chosen response, or the gaps of its status where that is open (a `default` or range naming an error whose status is open). */
function chosen(ctx: AnswerContext, key: string, code: number | undefined, entry: unknown): Choice {
  const open = openErrorStatus(ctx, key, entry);
  if (open.length > 0) return { kind: 'open', gaps: open, why: `its \`${key}\` response is the error \`${String((entry as Obj).error)}\`, whose status is not stated yet` };
  return { kind: 'response', key, status: statusOf(key, code, errorStatusOf(ctx, entry)), entry };
}

/** The response that answers a call, as asked. */
export function chooseResponse(ctx: AnswerContext, endpoint: Item<'endpoints'>, asked: Asked): Choice {
  const responses = endpoint.data.responses;
  const state = facetState(responses);
  if (state === 'none') return { kind: 'none' };
  const all = statedObj(responses);
  if (!all) return { kind: 'open', gaps: gapsAt(ctx, [facetId('endpoints', endpoint.id, 'responses')]) };
  const keys = Object.keys(all);
  const order = responseOrder(keys);
  if (asked.badCode !== undefined) return { kind: 'unstated', keys: order };
  if (asked.code !== undefined) {
    const key = keyFor(keys, asked.code);
    if (key === undefined) return { kind: 'unstated', keys: order };
    // A range or `default` answered by an error of a stated status is that status only: its body never claims another (`invalid_order`, status 400, as a 404).
    const errorStatus = isExact(key) ? undefined : errorStatusOf(ctx, all[key]);
    if (errorStatus !== undefined && errorStatus !== asked.code) {
      const statuses = [...new Set(order.map((k) => (isExact(k) ? k : (errorStatusOf(ctx, all[k]) ?? k)).toString()))];
      return { kind: 'unstated', keys: statuses, why: `its ${key} response is the error \`${String((all[key] as Obj).error)}\`, whose stated status is ${errorStatus}` };
    }
    // A 1XX sent as the answer leaves the client waiting for the final one (t35t D12).
    if (asked.code < 200) return { kind: 'informational', key, keys: order.filter((k) => !informational(k)) };
    return chosen(ctx, key, asked.code, all[key]);
  }
  const final = order.filter((k) => !informational(k));
  if (asked.example !== undefined) {
    for (const key of final) {
      const entry = all[key];
      const carried = isObj(entry) && facetState(entry) === 'stated' ? responseCarries(ctx.analysis, ctx.gaps, endpoint, key, entry) : undefined;
      if (carried?.kind === 'body' && exampleNames(carried.body).includes(asked.example)) return chosen(ctx, key, undefined, entry);
    }
  }
  const key = final[0];
  if (key === undefined && order[0] !== undefined) return { kind: 'informational', key: order[0], keys: [] };
  return key === undefined ? { kind: 'unstated', keys: [] } : chosen(ctx, key, undefined, all[key]);
}

/** The error a spec states for a status: the first error code (by id) that comes with it. */
export function errorWithStatus(analysis: Analysis, status: number): string | undefined {
  return areaOf(analysis.spec, 'errors').items.find((e) => stated(e.data.status) === status)?.id;
}

/**
 * An error's body made from its shape says the status it is sent with: a `status` number at its
 * top (RFC 9457's member, the HTTP status code) that the spec gives no value of its own is the
 * response's status, not the generator's 0 (or its lower bound). Kept as made when the status
 * breaks the field's stated bounds. A `title` made from its type is the error's stated title.
 */
function problemStatus(ctx: AnswerContext, value: unknown, shape: unknown, status: number, errorId: string): void {
  if (!isObj(value)) return;
  const v = typeof shape === 'string' ? { type: shape } : shape;
  if (!isObj(v)) return;
  const type = stated(v.type);
  const resource = typeof type === 'string' ? areaOf(ctx.analysis.spec, 'resources').items.find((r) => r.id === type) : undefined;
  const fields = resource ? statedObj(resource.data.fields) : statedObj(v.fields);
  /** A field the generator filled from its type alone (no example, allowed values or default stated). */
  const made = (name: string, kinds: readonly string[]) => {
    const field = fields?.[name];
    return isObj(field) && kinds.includes(String(stated(field.type))) && stated(field.examples) === undefined && stated(field.allowed) === undefined && statedData(field.default) === undefined ? field : undefined;
  };
  // The error's stated title, in place of `"string"` (RFC 9457's `title`, as most error bodies have it).
  // A title written as `"{title}"` is a stated title (`gaps` lists no gap for it, the pages and the export keep it): sent as stated (t35t D9).
  const titleData: unknown = findItem(ctx.analysis.spec, 'errors', errorId)?.data.title;
  const title = ['stated', 'placeholder'].includes(facetState(titleData)) ? titleData : undefined;
  if (typeof title === 'string' && typeof value.title === 'string' && made('title', ['string'])) value.title = title;
  const field = typeof value.status === 'number' ? made('status', ['integer', 'number']) : undefined;
  if (!field) return;
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  const [min, max] = [num(stated(field.minimum)), num(stated(field.maximum))];
  if ((min !== undefined && status < min) || (max !== undefined && status > max)) return;
  value.status = status;
}
