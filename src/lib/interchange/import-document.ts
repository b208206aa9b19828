import { AREAS } from '../areas/index.ts';
import { errors } from '../areas/errors/index.ts';
import { isObj, isOpenValue } from '../facet/state.ts';
import { escapeLiteralLinks, PROSE_LIMITS, proseLimit } from '../link/markdown.ts';
import { CONVERTED_AT_MOST, leastMarkdownLength } from './prose-bound.ts';
import { mapProse } from '../link/prose.ts';
import { readApiDocument, type RefPolicy } from '../load/read-document.ts';
import { upgradeAsWritten } from '../load/swagger-upgrade.ts';
import { importAsyncApi } from './asyncapi/import.ts';
import { NO_BODY } from './openapi/endpoint.ts';
import { importOpenApi } from './openapi/import.ts';
import { restoreProduces, swaggerPointer } from './openapi/swagger2.ts';
import { repairUpgrade } from './openapi/swagger2-repair.ts';
import { seg, uniqueUnmapped, type ImportResult, type Unmapped } from './result.ts';
import { PAST_2_53 } from './schema-map.ts';
import { nonZeroDecimal, sameDecimal } from './written-number.ts';

/**
 * An OpenAPI, Swagger 2.0 or AsyncAPI file as spec content: read within bounds and validated,
 * mapped to items, and its descriptions made Markdown without raw HTML (`htmlToMarkdown`), so that
 * what it imports passes `check`. Every pointer of the unmapped list is into the file as written
 * (a Swagger 2.0 file's own, not the upgraded document's). The HTML converter loads only when a
 * description has something to convert.
 */
export async function importDocument(file: string, policy: RefPolicy = {}): Promise<ImportResult> {
  const doc = await readApiDocument(file, policy);
  if (doc.source === 'Swagger 2.0') restoreProduces(doc.raw, doc.doc);
  // What the upgrader left wrong or unsaid, made right in the upgraded document; its words are at pointers of the file as written.
  const upgrade = doc.source === 'Swagger 2.0' ? (await import('@scalar/openapi-upgrader')).upgrade : undefined;
  const repaired = upgrade ? repairUpgrade(doc.raw, doc.doc, (d) => upgradeAsWritten(d, (x) => upgrade(x, '3.0'))) : [];
  const mapped = doc.kind === 'openapi' ? importOpenApi(doc.doc, doc.resolve, doc.source) : importAsyncApi(doc.doc, doc.raw);
  const toSource = (pointer: string) => swaggerPointer(pointer, doc.raw, doc.doc);
  const result =
    doc.source === 'Swagger 2.0'
      ? { ...mapped, items: mapped.items.map((i) => (i.from ? { ...i, from: i.from.map(toSource) } : i)), unmapped: uniqueUnmapped([...mapped.unmapped.map((u) => ({ ...u, pointer: toSource(u.pointer) })), ...repaired]) }
      : mapped;
  return markdownDescriptions(keptAsWritten(result, doc.written, doc.raw), doc.raw);
}

/**
 * A bound past 2^53 is said because its digits may not survive a double; where the file wrote the
 * very number an export writes (`maximum: 1e308`, written back `1e+308`), nothing differs, and
 * nothing is said. Compared by the text the file has at the pointer; one without it stays said.
 */
function keptAsWritten(result: ImportResult, written: ((pointer: string) => string | undefined) | undefined, raw?: unknown): ImportResult {
  const same = (pointer: string) => {
    const text = written?.(pointer);
    return text !== undefined && sameDecimal(text, String(Number(text))) === true;
  };
  const kept = result.unmapped.filter((u) => !(u.reason.includes(PAST_2_53) && same(u.pointer)));
  // An allowed value past 2^53 is named as the file writes it (`9007199254740993`), not as the double it reads as (…992).
  let quoted = false;
  const unmapped = kept.map((u) => {
    if (raw === undefined || !u.pointer.endsWith('/enum') || !u.reason.includes(ROUNDED)) return u;
    let at: unknown = raw;
    for (const key of u.pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))) at = isObj(at) || Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined;
    if (!Array.isArray(at)) return u;
    let reason = u.reason;
    at.forEach((v, i) => {
      const text = typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) ? written?.(`${u.pointer}/${i}`) : undefined;
      if (text !== undefined && /^-?\d+$/.test(text)) reason = reason.replace(`\`${String(v)}\` ${ROUNDED}`, `\`${text}\`\u0000${ROUNDED}`);
    });
    reason = reason.replace(/\u0000/g, ' ');
    if (reason === u.reason) return u;
    quoted = true;
    return { ...u, reason };
  });
  const under = raw === undefined || written === undefined ? [] : underflows(raw, written, new Set(unmapped.map((u) => u.pointer)));
  return unmapped.length === result.unmapped.length && !quoted && under.length === 0 ? result : { ...result, unmapped: [...unmapped, ...under] };
}

/**
 * Each number the file writes other than 0 that reads as 0 (`1e-400`: nearer to 0 than the
 * smallest double, t31t D18): kept as the 0 it reads as, and said at its place, as a bound past the
 * largest double and a whole number past 2^53 are. Not said again where a word is already given.
 */
function underflows(raw: unknown, written: (pointer: string) => string | undefined, said: ReadonlySet<string>): Unmapped[] {
  const out: Unmapped[] = [];
  const stack: Array<[unknown, string]> = [[raw, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop() as [unknown, string];
    if (v === 0) {
      const text = written(at);
      if (text !== undefined && !said.has(at) && nonZeroDecimal(text)) out.push({ pointer: at, reason: `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\` is nearer to 0 than the smallest number a double holds: it reads as 0` });
    } else if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, `${at}/${i}`]));
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) stack.push([x, `${at}/${seg(k)}`]);
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** How a reason says an allowed value past 2^53 is read (`unkeptValue`). */
const ROUNDED = 'is a whole number past 2^53, read as the nearest double';

/** A text a file's prose budget leaves out of some of its places: why, and how many places keep it and lose it. */
interface Left {
  why: string;
  kept: number;
  dropped: number;
}

/** What stands for a prose value that is not kept, until its key is removed. */
const DROPPED = '\u0000specbench-dropped\u0000';

/**
 * Data with every key whose value is `DROPPED` removed. A response left with nothing (its words were
 * all it stated) is a response that states no body, as the import reads one that says nothing: no
 * question is opened about content its source never had.
 */
function withoutDropped(value: unknown, parent?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutDropped(v));
  if (!isObj(value)) return value;
  const kept = Object.entries(value).filter(([, v]) => v !== DROPPED);
  if (parent === 'responses') return Object.fromEntries(kept.map(([k, v]) => [k, isObj(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => x === DROPPED) ? { none: NO_BODY } : withoutDropped(v, k)]));
  return Object.fromEntries(kept.map(([k, v]) => [k, withoutDropped(v, k)]));
}

/**
 * An area without the paths (only the endpoints area lists them) whose words were all left out (`/p: {}`, which the import
 * never writes otherwise): such a path says nothing, as one without words, so an export orders it
 * among its endpoints as it orders those, and the import of that export, which meets no words
 * there either, reads the same order back (a fixed point whichever words a budget kept).
 */
function withoutWordlessPaths(area: unknown): unknown {
  if (!isObj(area) || !isObj(area.paths)) return area;
  const paths = Object.entries(area.paths).filter(([, note]) => !isObj(note) || Object.keys(note).length > 0);
  return paths.length > 0 ? { ...area, paths: Object.fromEntries(paths) } : Object.fromEntries(Object.entries(area).filter(([key]) => key !== 'paths'));
}

/** The questions open facets ask in their own words, which count as prose. */
function questions(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) questions(v, out);
  else if (isObj(value)) {
    if (isOpenValue(value) && typeof value.open === 'string') out.push(value.open);
    for (const v of Object.values(value)) questions(v, out);
  }
  return out;
}

/** How long a text is as written and, where converting it changed that, as Markdown: what a reason about its length says. */
function lengthOf(written: string, markdown: string): string {
  const n = (t: string) => t.length.toLocaleString('en');
  return written.length === markdown.length ? `${n(written)} characters` : `${n(written)} characters as written (${n(markdown)} as Markdown)`;
}

/**
 * Every description and prose facet of an import as Markdown without raw HTML, within the limits
 * `check` holds prose to. A link a page would not follow (`javascript:`, `data:`…) keeps its text
 * and loses its address; a value past the limits of one prose value is not kept, nor, longest
 * first, the values that take a file past its prose budget. A link, a comment or a text past the
 * limits of one value is listed as unmapped at every string of `source` (the document as written)
 * that holds it; a text one file's budget leaves out, at the places of that file's item that hold
 * it (an operation's `…/headers/x/description`, through the `$ref`s it follows), as a text shared
 * by several files may be kept in one and left out of another.
 */
export async function markdownDescriptions(result: ImportResult, source?: unknown): Promise<ImportResult> {
  const { describedAsMarkdown, withSpecLinks } = await import('./html.ts');
  const own = ownSiteLinks(result, source);
  /** Links into the document's own site that no item answers (`#tag/…`, `../guide`): their words kept, said at the texts that write them. */
  const notOnSite = new Set<string>();
  const { describedAsLine } = await import('./line-text.ts');
  const dropped = new Set<string>();
  /** The texts each dropped address was read from: one written with character references (`java&#x09;script:`, `javascript&colon;`) is not in its text as the page reads it (t31t D1). */
  const droppedFrom = new Map<string, Set<string>>();
  /** Addresses of links and images in titles and summaries, which a line of plain text cannot hold. */
  const unkept = new Map<string, Set<string>>();
  /** A line as `titled` makes one of a text (trimmed, soft line breaks as spaces), to find the texts a line was made of. */
  const asLine = (text: string) => text.trim().replace(/[ \t]*\r?\n[ \t]*/g, ' ');
  const comments = new Set<string>();
  /** The opening tags of HTML elements no Markdown holds (a frame, a script, a form), which the conversion leaves out (their words stay), with the texts that wrote them as markup. */
  const elements = new Map<string, Set<string>>();
  const leftOutOf = (text: string, tags: string[]) => {
    for (const e of tags) elements.set(e, (elements.get(e) ?? new Set()).add(text));
  };
  /** Texts past the limits of one prose value: not kept anywhere. */
  const tooLong = new Map<string, string>();
  const original = new Map<string, string>();
  const convert = (text: string) => {
    // Measured before the HTML is converted, whose cost grows faster than the text (3 MB: tens of seconds, gigabytes): a text many times the limit is said without converting it.
    if (text.length > CONVERTED_AT_MOST * PROSE_LIMITS.length) {
      const least = leastMarkdownLength(text);
      const size = least > PROSE_LIMITS.length
        ? `The text is at least ${least.toLocaleString('en')} characters long as Markdown, ${text.length.toLocaleString('en')} as written`
        : `The text is ${text.length.toLocaleString('en')} characters long as written, more than ${CONVERTED_AT_MOST} times the ${PROSE_LIMITS.length.toLocaleString('en')} of one prose value, too long to convert`;
      tooLong.set(text, `the text is past the limits of one prose value (${size}); it is not kept`);
      return DROPPED;
    }
    const out = describedAsMarkdown(text, own);
    for (const url of out.dropped) {
      dropped.add(url);
      droppedFrom.set(url, (droppedFrom.get(url) ?? new Set()).add(text));
    }
    for (const url of out.notOnSite) notOnSite.add(url);
    for (const c of out.comments) comments.add(c);
    leftOutOf(text, out.elements);
    // HTML with no text (`<p/>`, as AWS documents write an empty description) says nothing: no description is kept, as for an empty one.
    if (out.text !== text && out.text.trim() === '' && text.trim() !== '') return DROPPED;
    // The document's `[[Pet]]` is two brackets, never a prose link: written `\[[Pet]]` (the export writes it back).
    const within = proseLimit(out.text);
    // The spec links made of links into the document's site (`#operation/…`) written once the document's own `[[` are escaped.
    const markdown = withSpecLinks(within === undefined ? escapeLiteralLinks(out.text) : out.text, out.specLinks);
    const limit = within ?? proseLimit(markdown);
    if (limit !== undefined) {
      // The limits are the Markdown's: where converting HTML changed the length, both are said.
      const converted = out.text.length > PROSE_LIMITS.length && out.text.length !== text.length ? ` as Markdown, ${text.length.toLocaleString('en')} as written` : '';
      tooLong.set(text, `the text is past the limits of one prose value (${limit.split(';')[0]}${converted}); it is not kept`);
      return DROPPED;
    }
    original.set(markdown, text);
    return markdown;
  };
  /**
   * One file's data: converted, and within the file's prose budget; `left` gets each text the budget
   * leaves out (as written), with why and how many of its places in the file keep it. What is left
   * out is each place's text, not every place of a text: longest first and, of texts as long (one
   * text written at several places), the later first, so the earlier places keep theirs.
   */
  const fit = <T>(schema: Parameters<typeof mapProse>[0], data: T, left: Map<string, Left>): T => {
    const mapped = mapProse(schema, data, convert);
    const prose: string[] = [];
    mapProse(schema, mapped, (t) => (t !== DROPPED && prose.push(t), t));
    let total = [...prose, ...questions(mapped)].reduce((n, t) => n + t.length, 0);
    const over = new Set<number>();
    const byLength = prose.map((_, i) => i).sort((a, b) => (prose[b]?.length ?? 0) - (prose[a]?.length ?? 0) || b - a);
    for (const i of byLength) {
      if (total <= PROSE_LIMITS.file) break;
      const text = prose[i] ?? '';
      over.add(i);
      total -= text.length;
    }
    if (over.size === 0) return withoutDropped(mapped) as T;
    prose.forEach((text, i) => {
      const written = original.get(text) ?? text;
      const place = left.get(written) ?? { why: `the file it would go to passes the ${PROSE_LIMITS.file.toLocaleString('en')} characters of prose one file holds; this text of ${lengthOf(written, text)}, among the longest, is not kept there`, kept: 0, dropped: 0 };
      if (over.has(i)) place.dropped++;
      else place.kept++;
      left.set(written, place);
    });
    for (const [written, place] of left) if (place.dropped === 0) left.delete(written);
    // The same walk over the same data meets the same texts in the same order: the n-th is the n-th above.
    let n = 0;
    return withoutDropped(mapProse(schema, mapped, (t) => (t === DROPPED ? t : over.has(n++) ? DROPPED : t))) as T;
  };
  /** Texts a file's budget left out where the file's item is not known to be written, or was not found there: said wherever the document holds them. */
  const anywhere = new Map<string, string>();
  const unmapped: Unmapped[] = [...result.unmapped];
  /**
   * An error's title, made of a response's one-line words, which are Markdown: HTML in it read as
   * the words it shows, its unsafe links said; undefined when nothing is written. A summary or title
   * the document writes itself is plain text (OpenAPI's and AsyncAPI's), kept as written, tags and
   * all (`Make <b>item</b>`, as `info.title` is): a page shows it as text, never as markup (t32r N9:
   * the tags went without a word, where `info.title` kept them).
   */
  const lineOfText = (line: string): string | undefined => {
    if (!/<[A-Za-z!/]/.test(line)) return line;
    const out = describedAsLine(line);
    for (const url of out.dropped) {
      dropped.add(url);
      droppedFrom.set(url, (droppedFrom.get(url) ?? new Set()).add(line));
    }
    for (const c of out.comments) comments.add(c);
    leftOutOf(line, out.elements);
    for (const url of out.unkept) unkept.set(url, (unkept.get(url) ?? new Set()).add(line));
    return out.text;
  };
  const areas: Record<string, unknown> = {};
  for (const module of AREAS) {
    const data = result.areas[module.key];
    if (data === undefined) continue;
    const left = new Map<string, Left>();
    const fitted = fit(module.schema, data, left);
    areas[module.key] = withoutWordlessPaths(fitted);
    for (const [text, place] of left) anywhere.set(text, place.why);
  }
  const items = result.items.map((item) => {
    const schema = AREAS.find((m) => m.key === item.area)?.items?.schema;
    if (!schema) return item;
    const left = new Map<string, Left>();
    const data = item.area === errors.key && typeof item.data.title === 'string' ? { ...item.data, title: lineOfText(item.data.title) } : item.data;
    if (data.title === undefined) delete data.title;
    const fitted = { ...item, data: fit(schema, data as typeof item.data, left) };
    if (left.size > 0) {
      // A text the file keeps at its first places and leaves out of the later ones is said at the later places the document writes it.
      const met = new Map<string, number>();
      const found = new Set<string>();
      for (const { pointer, text } of item.from && source !== undefined ? stringsUnder(source, item.from) : []) {
        const place = left.get(text);
        if (place === undefined) continue;
        const before = met.get(text) ?? 0;
        met.set(text, before + 1);
        if (before < place.kept) continue;
        unmapped.push({ pointer, reason: place.why });
        found.add(text);
      }
      for (const [text, place] of left) if (!found.has(text)) anywhere.set(text, place.why);
    }
    return fitted;
  });
  const withOwnWords = sameWordsAsError(items as ImportResult['items']);
  if (dropped.size > 0 || tooLong.size > 0 || comments.size > 0 || elements.size > 0 || anywhere.size > 0 || unkept.size > 0 || notOnSite.size > 0) {
    for (const { pointer, text } of strings(source)) {
      for (const [e, texts] of elements) {
        // Said where a text that wrote it as markup is written (whole, or a part of what was converted), not where another names the tag in words (`the <ruby> tag`).
        if (text.includes(e) && (texts.has(text) || [...texts].some((t) => t.includes(text) || text.includes(t)))) unmapped.push({ pointer, reason: `the HTML element \`${e.length > 80 ? `${e.slice(0, 79)}…` : e}\` is not kept, as a spec's prose holds no markup; the words a page shows of it are kept in its place in the text, as plain words` });
      }
      for (const c of comments) {
        if (text.includes(c)) unmapped.push({ pointer, reason: `the HTML comment \`${c.length > 80 ? `${c.slice(0, 79)}…` : c}\` is not kept, as a page does not show it` });
      }
      for (const url of dropped) {
        const from = droppedFrom.get(url);
        if (text.includes(url) || from?.has(text) === true || [...(from ?? [])].some((t) => text.includes(t))) unmapped.push({ pointer, reason: `the link to \`${url.length > 80 ? `${url.slice(0, 79)}…` : url}\` is not kept, as a page would not follow it; the link's text is kept in its place, as plain words` });
      }
      for (const url of notOnSite) {
        if (text.includes(url)) unmapped.push({ pointer, reason: `the link to \`${url.length > 80 ? `${url.slice(0, 79)}…` : url}\` is not kept: it is relative to a page of the document's own site, and no page of the spec answers it; the link's words are kept in its place, as plain words` });
      }
      // Said where the text an error's title was made of is written (a response's description).
      for (const [url, lines] of unkept) {
        if (text.includes(url) && lines.has(asLine(text))) unmapped.push({ pointer, reason: `these words are an error's title, a line of plain text: the link to \`${url.length > 80 ? `${url.slice(0, 79)}…` : url}\` is not kept; the link's words are kept in its place in the title` });
      }
      const why = tooLong.get(text) ?? anywhere.get(text);
      if (why !== undefined) unmapped.push({ pointer, reason: why });
    }
  }
  return { ...result, areas: areas as ImportResult['areas'], items: withOwnWords, unmapped: uniqueUnmapped(unmapped) };
}

/**
 * Where links into the document's own site go in the spec: a Redoc anchor of an operation
 * (`#operation/<operationId>`, also `#tag/<tag>/operation/<operationId>`) to the endpoint the
 * operation was imported as; nothing else (ExaVault's `#section/…` and `#tag/…`, relative paths)
 * has a page of the spec (t32j: 1,192 dead links on Spotify's and ExaVault's pages).
 */
function ownSiteLinks(result: ImportResult, source: unknown): (url: string) => string | undefined {
  // Every item made from an operation (an endpoint; a webhook's or callback's, an event), by its operationId.
  const operations = new Map<string, string>();
  for (const item of result.items) {
    const operation = item.from?.[0] !== undefined && source !== undefined ? valueAt(source, item.from[0]) : undefined;
    const id = isObj(operation) ? operation.operationId : undefined;
    if (typeof id === 'string' && !operations.has(id)) operations.set(id, `${item.area}/${item.id}`);
  }
  return (url) => {
    const operation = /^#(?:tag\/[^/]*\/)?operation\/([^/]+)$/.exec(url)?.[1];
    if (operation === undefined) return undefined;
    let name: string;
    try {
      name = decodeURIComponent(operation);
    } catch {
      return undefined;
    }
    return operations.get(name);
  };
}

/**
 * The items with each endpoint's error response that says its error's words once converted
 * (`A<br>\nB` and `A<br>\nB\n` are one Markdown text) saying none of its own: they were told apart
 * as written, and an export would write one in full and its import read it back as the error's.
 */
function sameWordsAsError(items: ImportResult['items']): ImportResult['items'] {
  const words = new Map<string, unknown>();
  for (const item of items) if (item.area === errors.key && typeof item.data.description === 'string') words.set(item.id, item.data.description);
  if (words.size === 0) return items;
  return items.map((item) => {
    // What names an error is a response's `error` (an endpoint's): any item's responses are read alike.
    const stated: unknown = (item.data as Record<string, unknown>).responses;
    if (!isObj(stated)) return item;
    let changed = false;
    const responses = Object.fromEntries(
      Object.entries(stated).map(([status, r]) => {
        if (!isObj(r) || typeof r.error !== 'string' || r.description === undefined || words.get(r.error) !== r.description) return [status, r];
        changed = true;
        const { description: _, ...rest } = r;
        return [status, rest];
      }),
    );
    return changed ? { ...item, data: { ...item.data, responses } } : item;
  }) as ImportResult['items'];
}

/** The value a pointer names, each local `$ref` met on the way followed (`hops` bounds a chain of them, which may be a loop). */
function valueAt(doc: unknown, pointer: string, hops = 0): unknown {
  let node = doc;
  for (const part of pointer.split('/').slice(1)) {
    node = followRef(doc, node, hops);
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) || isObj(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return followRef(doc, node, hops);
}

/** What a local `$ref` object names, or the value itself. */
function followRef(doc: unknown, value: unknown, hops = 0): unknown {
  if (!isObj(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  if (hops >= 32) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(value.$ref.slice(1));
  } catch {
    return undefined; // not a pointer the reader could follow either
  }
  return valueAt(doc, pointer, hops + 1);
}

/** A `$ref` to a named schema, which is a resource of its own (its own file), not part of the item that uses it. */
const SCHEMA_REF = /^#\/(?:components\/schemas|definitions)\//;

/** The `$ref` targets a walk went through to reach a place, innermost first: a target met again is a loop. */
type Chain = { target: unknown; up: Chain | undefined } | undefined;
const within = (chain: Chain, target: unknown): boolean => chain !== undefined && (chain.target === target || within(chain.up, target));

/** How many values one item's walk reads at most: a document's references cannot make it read without end. */
const WALK_BUDGET = 200_000;

/**
 * Every string of what a document writes at `starts` and under it, with its pointer from there:
 * each local `$ref` is followed (but into a named schema, which is a file of its own), so a text a
 * reference brings is at the pointer of the reference plus its place (`…/headers/x/description`),
 * once for each place that brings it, as the item's file holds it once for each.
 */
function stringsUnder(doc: unknown, starts: readonly string[]): Array<{ pointer: string; text: string }> {
  const out: Array<{ pointer: string; text: string }> = [];
  const stack: Array<[unknown, string, Chain]> = starts.map((p) => [valueAt(doc, p), p, undefined] as [unknown, string, Chain]).reverse();
  for (let read = 0; stack.length > 0 && read < WALK_BUDGET; read++) {
    const [v, pointer, chain] = stack.pop() as [unknown, string, Chain];
    if (typeof v === 'string') out.push({ pointer, text: v });
    if (!Array.isArray(v) && !isObj(v)) continue;
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i] as [string, unknown];
      if (k !== '$ref' || typeof x !== 'string') stack.push([x, `${pointer}/${seg(k)}`, chain]);
      else if (x.startsWith('#/') && !SCHEMA_REF.test(x)) {
        const target = followRef(doc, v);
        if (!within(chain, target)) stack.push([target, pointer, { target, up: chain }]);
      }
    }
  }
  return out;
}

/** Every string of a document, with its JSON pointer. */
function strings(value: unknown): Array<{ pointer: string; text: string }> {
  const out: Array<{ pointer: string; text: string }> = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [v, pointer] = stack.pop() as [unknown, string];
    if (typeof v === 'string') out.push({ pointer, text: v });
    else if ((Array.isArray(v) || isObj(v)) && !seen.has(v)) {
      seen.add(v);
      for (const [k, x] of Object.entries(v)) stack.push([x, `${pointer}/${seg(k)}`]);
    }
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}
