import type { Analysis } from '../analyze.ts';
import type { Path } from '../facet/path.ts';
import { isObj, own, stated, type Obj } from '../facet/state.ts';
import { isResourceType } from '../areas/shape.ts';
import { SourceFile } from '../load/source.ts';
import { findItem } from '../model/spec.ts';
import { machines, statedStates } from './made.ts';

/** A place in the spec: the file and line (and column) that states something. */
export interface SpecPlace {
  file: string;
  line: number;
  column: number;
}

/** A shape and where it is written: the file, and the data path of the shape inside it. */
export interface ShapePlace {
  file: string;
  path: Path;
  shape: unknown;
  /** The resource whose top `fields` the path is at, where it is one. */
  resource?: string;
}

/** JSON Schema's keywords, as the key of a shape that states them. */
const KEY_OF: Record<string, string> = {
  type: 'type',
  enum: 'allowed',
  const: 'allowed',
  format: 'format',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusive_minimum',
  exclusiveMaximum: 'exclusive_maximum',
  multipleOf: 'multiple_of',
  minLength: 'min_length',
  maxLength: 'max_length',
  pattern: 'pattern',
  minItems: 'min_items',
  maxItems: 'max_items',
  uniqueItems: 'unique_items',
  oneOf: 'of',
  anyOf: 'of',
  allOf: 'of',
};

/**
 * The most text (UTF-16 code units, about its bytes) of the files a locator keeps parsed. A file
 * parsed for its positions takes some ten times its text in memory: refusals across GitHub's 1,223
 * endpoints under load kept every endpoint and resource parsed (some 80 MB more, never let go). The
 * least recently used go first; the file just parsed is always kept, so that a file larger than the
 * bound (the 0.9 MB synthetic endpoint) is not parsed again at each refused call.
 */
export const LOCATOR_TEXT = 2 * 1024 * 1024;

/**
 * Turns what a request broke back into the line of the spec that says so. Files are parsed for
 * their positions only when a request breaks something in them, and kept within `LOCATOR_TEXT` of
 * their text, the least recently used let go first; a file whose text an edit left as it was keeps
 * what the reading before parsed of it (`previous`): each edit of another file parsed the 0.9 MB
 * synthetic spec's endpoint again at its next refused call, 0.5 s of every client's time and its
 * garbage each time.
 */
export class Locator {
  readonly #analysis: Analysis;
  /** Each file parsed, with the text it was parsed from, least recently used first. */
  readonly #sources = new Map<string, { text: string | undefined; source: SourceFile | undefined }>();
  /** The text of the files in `#sources`, and its bound. */
  #held = 0;
  readonly #limit: number;

  constructor(analysis: Analysis, previous?: Locator, limit = LOCATOR_TEXT) {
    this.#analysis = analysis;
    this.#limit = limit;
    for (const [file, parsed] of previous ? previous.#sources : []) {
      if (parsed.text !== undefined && analysis.spec.sources.get(file)?.text === parsed.text) {
        this.#sources.set(file, parsed);
        this.#held += parsed.text.length;
      }
    }
    this.#trim();
  }

  /** How many files this locator parsed itself (not kept from the one before): for the tests. */
  get parsed(): number {
    return this.#parsed;
  }

  /** The files kept parsed, least recently used first, and the length of their text: for the tests. */
  get kept(): { files: string[]; text: number } {
    return { files: [...this.#sources.keys()], text: this.#held };
  }

  #parsed = 0;

  /** The file's parsed source (parsed now, or kept), marked as the most recently used. */
  #source(file: string): SourceFile | undefined {
    const kept = this.#sources.get(file);
    if (kept) {
      this.#sources.delete(file);
      this.#sources.set(file, kept);
      return kept.source;
    }
    const text = this.#analysis.spec.sources.get(file)?.text;
    const source = text === undefined ? undefined : new SourceFile(file, text);
    this.#sources.set(file, { text, source });
    this.#held += text?.length ?? 0;
    this.#parsed++;
    this.#trim();
    return source;
  }

  /** Lets the least recently used files go past the bound (the most recent one stays, whatever its size). */
  #trim(): void {
    for (const [file, parsed] of this.#sources) {
      if (this.#held <= this.#limit || this.#sources.size <= 1) break;
      this.#sources.delete(file);
      this.#held -= parsed.text?.length ?? 0;
    }
  }

  /** The line and column of a data path in a file (the deepest part of it that is written, when not all of it is). */
  place(file: string, path: Path): SpecPlace {
    const source = this.#source(file);
    if (!source) return { file, line: 1, column: 1 };
    const span = source.locate(path);
    return { file, line: span.line, column: span.column };
  }

  /** A resource as a shape and where it is written: its `value`, or its fields as an object at the top of its file. */
  resourcePlace(id: string): ShapePlace | undefined {
    const item = findItem(this.#analysis.spec, 'resources', id);
    if (!item) return undefined;
    const value = stated(item.data.value);
    if (isObj(value)) return { file: item.file, path: ['value'], shape: value };
    return { file: item.file, path: [], shape: { type: 'object', fields: item.data.fields }, resource: id };
  }

  /**
   * Where the spec states what a value broke: the shape of the value's part at `instance` (an
   * Ajv instance path, `/lines/0/quantity`), followed from `root` through fields, items, map
   * values and the resources named on the way, then the key of the rule broken (`minimum`,
   * `allowed`; for a missing field, its `required`). Where the way cannot be followed (a union), the
   * deepest shape reached.
   */
  shapePlace(root: ShapePlace, instance: string, keyword: string, params: Obj, pick?: VariantPick): SpecPlace {
    const parts = instance === '' ? [] : instance.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const walked = this.#walk(root, parts, pick);
    let at = walked.at;
    let held = walked.held;
    if (parts.length > 0 && at.path.length !== 2) held = undefined;
    // A value a state machine takes only among its states (a field with no allowed values of its own): the machine's file says so.
    const machine = keyword === 'enum' && held !== undefined && own(at.shape, 'allowed') === undefined ? machines(this.#analysis).get(`${held.resource}\u0000${held.field}`) : undefined;
    if (machine && statedStates(machine)) return this.place(machine.file, ['states']);
    at = this.#enter(this.#resolve(at), instance, pick);
    const missing = keyword === 'required' && typeof params.missingProperty === 'string' ? params.missingProperty : undefined;
    const fields = stated(own(at.shape, 'fields'));
    if (missing !== undefined && isObj(fields) && Object.hasOwn(fields, missing)) return this.place(at.file, [...at.path, 'fields', missing, 'required']);
    const key = KEY_OF[keyword];
    return this.place(at.file, key !== undefined && own(at.shape, key) !== undefined ? [...at.path, key] : at.path);
  }

  /** A shape with a resource named as its type replaced by the resource's own shape (up to 16 hops). */
  #resolve(place: ShapePlace, hops = 0): ShapePlace {
    const shape = typeof place.shape === 'string' ? { type: place.shape } : place.shape;
    const type = stated(own(shape, 'type'));
    if (hops < 16 && typeof type === 'string' && isResourceType(type) && stated(own(shape, 'fields')) === undefined) {
      const resource = this.resourcePlace(type);
      if (resource) return this.#resolve(resource, hops + 1);
    }
    return { ...place, shape };
  }

  /** A union's variant that `pick` picks for the value at `instance` (and so on, for a union of unions); the union itself where it picks none. */
  #enter(place: ShapePlace, instance: string, pick: VariantPick | undefined): ShapePlace {
    let at = place;
    for (let hops = 0; hops < 16 && pick; hops++) {
      const type = stated(own(at.shape, 'type'));
      const of = stated(own(at.shape, 'of'));
      if ((type !== 'one_of' && type !== 'any_of') || !Array.isArray(of)) return at;
      const i = pick(instance, of);
      if (i === undefined || i < 0 || i >= of.length) return at;
      at = this.#resolve({ file: at.file, path: [...at.path, 'of', i], shape: of[i] });
    }
    return at;
  }

  /** The shape reached from `root` along a value's parts (fields, items, map values, the resources named and the unions' variants `pick` picks on the way). */
  #walk(root: ShapePlace, parts: readonly string[], pick?: VariantPick): { at: ShapePlace; held: { resource: string; field: string } | undefined; whole: boolean } {
    let at = root;
    let held: { resource: string; field: string } | undefined;
    let instance = '';
    for (const part of parts) {
      at = this.#enter(this.#resolve(at), instance, pick);
      instance += `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      held = at.resource !== undefined && at.path.length === 0 ? { resource: at.resource, field: part } : undefined;
      const shape = at.shape;
      const fields = stated(own(shape, 'fields'));
      const items = stated(own(shape, 'items'));
      const values = stated(own(shape, 'values'));
      if (/^\d+$/.test(part) && items !== undefined) at = { file: at.file, path: [...at.path, 'items'], shape: items };
      else if (isObj(fields) && Object.hasOwn(fields, part)) at = { file: at.file, path: [...at.path, 'fields', part], shape: fields[part] };
      else if (values !== undefined) at = { file: at.file, path: [...at.path, 'values'], shape: values };
      else return { at, held, whole: false };
    }
    return { at, held, whole: true };
  }

  /** The shape of the value at an Ajv instance path (`/payment`), followed from `root` as `shapePlace` follows it, a resource named there resolved, a union there not entered. */
  shapeAt(root: ShapePlace, instance: string, pick?: VariantPick): unknown {
    const parts = instance === '' ? [] : instance.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const walked = this.#walk(root, parts, pick);
    if (!walked.whole) return undefined;
    return this.#resolve(walked.at).shape;
  }
}

/**
 * Which variant of a union (its `of`) the value at an Ajv instance path is held against, where
 * the caller knows (a discriminator's value, the variant an error's rule is written in); undefined
 * where it does not.
 */
export type VariantPick = (instance: string, of: readonly unknown[]) => number | undefined;

/** The resource a union's variant names (`Card`, `{ type: Card }`), undefined for a variant written out. */
export function variantResource(variant: unknown): string | undefined {
  const type = typeof variant === 'string' ? variant : stated(own(variant, 'type'));
  return typeof type === 'string' && isResourceType(type) && stated(own(variant, 'fields')) === undefined ? type : undefined;
}
