import { z } from 'zod';
import { AREA_KEYS, areaModule } from '../areas/index.ts';
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import { isGap, isObj, type FacetState, type Obj } from '../facet/state.ts';
import { summarizeFile, type Locate, type WalkUnit } from '../gaps/assess.ts';
import type { Coverage, FacetResult, Misplaced } from '../gaps/types.ts';
import { inspectAll, type ProseFound } from '../link/markdown.ts';
import { collectProse } from '../link/prose.ts';
import { fileReferences, type Reference } from '../link/references.ts';
import { classify } from '../load/classify.ts';
import { parseFile, placesOf, sourceOf } from '../load/parse-file.ts';
import type { Places } from '../load/read-values.ts';
import type { SourceFile } from '../load/source.ts';
import { configSchema } from '../model/config.ts';
import type { Status } from '../model/spec.ts';

/** What one content file says on its own: the same bytes and settings always give the same result, so it is kept and reused. */
export interface FileResult {
  path: string;
  /** The digest of the bytes and the settings it was read with. */
  key: string;
  /** Reading and validating the file. */
  diagnostics: Diagnostic[];
  /** What passed its schema. */
  data?: Obj;
  status?: Status;
  /** The gap walk of an area or item file: its gaps (located), how much of it is stated, and what its facets say of others. */
  gaps: FacetResult[];
  coverage: Coverage;
  /** Facets that name others that must close first (`blocked_by`, transitions by states). */
  blocked: Array<{ id: string; blockedBy: string[] }>;
  /** Stated values held up by a gap elsewhere (a payload by its resource's open fields). */
  heldUp: Array<{ id: string; by: string }>;
  duplicates: Misplaced[];
  ignored: Misplaced[];
  references: Reference[];
  /** Prose in which something was found (a link, HTML, an unsafe URL, a limit), without its text. */
  prose: ProseFound[];
}

/** A file's result, and its parsed text while it is in memory (never stored). */
export interface FileAnalysis {
  result: FileResult;
  source?: SourceFile;
}

/** The settings a content file is read with: which refinements the spec requires. */
export interface FileSettings {
  require: readonly string[];
}

/** What a file that holds no facets (settings, or content that could not be read) says of facets and links: nothing. */
const nothing = () => ({ gaps: [], coverage: { stated: 0, total: 0 }, blocked: [], heldUp: [], duplicates: [], ignored: [], references: [], prose: [] });

/**
 * Reads one file of the spec folder as far as it can be read alone: parse, validate, walk its
 * facets, find its references and inspect its prose. Pure and never throws on bad content; `key`
 * names the bytes and settings, so a kept result is reused while both stay the same.
 */
export function analyzeFile(path: string, bytes: Uint8Array, key: string, settings: FileSettings, read: { positional?: boolean } = {}): FileAnalysis {
  const place = classify(path);
  const schema = 'config' in place ? configSchema : 'area' in place ? (place.item === undefined ? areaModule(place.area).schema : areaModule(place.area).items?.schema) : undefined;
  if (!schema) return { result: { path, key, diagnostics: [], ...nothing() } };
  const parsed = parseFile(path, bytes, schema, read.positional);
  const base = { path, key, diagnostics: parsed.diagnostics, ...(parsed.data ? { data: parsed.data } : {}), ...(parsed.status ? { status: parsed.status } : {}) };
  let source = parsed.source;
  if (!('area' in place) || !parsed.data) return { result: { ...base, ...nothing() }, ...(source ? { source } : {}) };
  const unit: WalkUnit = { area: place.area, ...(place.item !== undefined ? { item: place.item } : {}), file: path, data: parsed.data };
  // A file read on the fast path has no positions: its gaps are placed from js-yaml's reading where
  // that is sure of the place (`valuePlaces`: warm, where `yaml`'s would be read cold), else it is
  // read again with them.
  let places: Places | null | undefined;
  const locate: Locate = (at, key) => {
    if (!source && places !== null) {
      places ??= placesOf(path, bytes) ?? null;
      const place = places?.(at, key);
      if (place) return place;
    }
    source ??= sourceOf(path, bytes);
    return source ? source.locate(at, key) : { line: 1, column: 1 };
  };
  // Only what the result keeps is built (a page walks its file again for the rest).
  const walked = summarizeFile(unit, { required: new Set(settings.require), locate });
  const gaps = walked.facets.filter((f) => isGap(f.state));
  const page = place.item === undefined ? place.area : `${place.area}/${place.item}`;
  const prose = inspectAll(collectProse([{ ...unit, source: page }], walked.facets))
    .filter((p) => p.links.length > 0 || p.html.length > 0 || p.unsafeUrls.length > 0 || p.malformed.length > 0 || p.limit !== undefined || p.rooted !== undefined || p.relative !== undefined || p.cutByCell !== undefined)
    .map(({ text: _text, ...found }) => found);
  return {
    result: {
      ...base,
      gaps,
      coverage: walked.coverage,
      blocked: walked.facets.filter((f) => f.blockedBy.length > 0).map((f) => ({ id: f.id, blockedBy: f.blockedBy })),
      heldUp: walked.heldUp,
      duplicates: walked.duplicates,
      ignored: walked.ignored,
      references: fileReferences(unit, page),
      prose,
    },
    ...(source ? { source } : {}),
  };
}

/*
 * The shapes of what a cache gives back, checked before anything is used: a kept result is plain
 * JSON from outside the process, so a field of the wrong type, or one too many, must mean "read the
 * file again", never a crash or a different answer further on. What passes is used as it is, its
 * keys in the order they were written (the output is byte for byte a fresh run's). Each schema is
 * typed by the interface it checks, so the two cannot drift apart. `data` is checked to be a
 * mapping only: it is what the file's own schema let through (only the keys that passed, for a
 * file with errors, so that schema cannot judge it again), and the cache vouches for it by its
 * seal (`src/cli/cache-seal.ts`).
 */

const pathSchema = z.array(z.union([z.string(), z.number()]));
const spanSchema = { file: z.string(), line: z.number(), column: z.number(), endLine: z.number().optional(), endColumn: z.number().optional() };

/** Every value of a union of strings, as a schema; the record makes the list complete. */
const oneOf = <T extends string>(values: Record<T, true>) => z.custom<T>((v) => typeof v === 'string' && Object.hasOwn(values, v));

export const diagnosticSchema: z.ZodType<Diagnostic> = z.strictObject({
  ...spanSchema,
  code: z.string(),
  severity: oneOf<Severity>({ error: true, warning: true, hint: true }),
  message: z.string(),
  related: z.array(z.strictObject({ ...spanSchema, message: z.string() })).optional(),
});

export const coverageSchema: z.ZodType<Coverage> = z.strictObject({ stated: z.number(), total: z.number() });

export const facetResultSchema: z.ZodType<FacetResult> = z.strictObject({
  id: z.string(),
  area: z.enum(AREA_KEYS),
  item: z.string().optional(),
  label: z.string(),
  state: oneOf<FacetState>({ stated: true, none: true, open: true, missing: true, placeholder: true, empty: true }),
  value: z.unknown().optional(),
  prose: z.literal(true).optional(),
  shown: z.string().optional(),
  question: z.string(),
  owner: z.string().optional(),
  link: z.string().optional(),
  blockedBy: z.array(z.string()),
  blocks: z.array(z.string()),
  file: z.string(),
  at: pathSchema,
  line: z.number().optional(),
  column: z.number().optional(),
  answeredBy: z.array(z.strictObject({ resource: z.string(), at: pathSchema, data: z.literal(true).optional() })).optional(),
});

const misplacedSchema: z.ZodType<Misplaced> = z.strictObject({ file: z.string(), at: pathSchema, id: z.string(), message: z.string() });

const referenceSchema: z.ZodType<Reference> = z.strictObject({ path: pathSchema, area: z.enum(AREA_KEYS), id: z.string(), via: z.string(), file: z.string(), source: z.string() });

const proseFoundSchema: z.ZodType<ProseFound> = z.strictObject({
  file: z.string(),
  path: pathSchema,
  source: z.string(),
  links: z.array(z.strictObject({ raw: z.string(), target: z.string(), label: z.string().optional() })),
  html: z.array(z.string()),
  unsafeUrls: z.array(z.strictObject({ text: z.string(), scheme: z.string(), hidden: z.boolean() })),
  malformed: z.array(z.string()),
  limit: z.string().optional(),
  rooted: z.array(z.string()).optional(),
  relative: z.array(z.string()).optional(),
  cutByCell: z.array(z.string()).optional(),
});

export const fileResultSchema: z.ZodType<FileResult> = z.strictObject({
  path: z.string(),
  key: z.string(),
  diagnostics: z.array(diagnosticSchema),
  data: z.custom<Obj>(isObj).optional(),
  status: oneOf<Status>({ valid: true, partial: true }).optional(),
  gaps: z.array(facetResultSchema),
  coverage: coverageSchema,
  blocked: z.array(z.strictObject({ id: z.string(), blockedBy: z.array(z.string()) })),
  heldUp: z.array(z.strictObject({ id: z.string(), by: z.string() })),
  duplicates: z.array(misplacedSchema),
  ignored: z.array(misplacedSchema),
  references: z.array(referenceSchema),
  prose: z.array(proseFoundSchema),
});

/** Whether a value read back from a cache has the shape of a file result, every field of it and nothing else (a cache is never trusted blindly). */
export function isFileResult(value: unknown): value is FileResult {
  return fileResultSchema.safeParse(value).success;
}
