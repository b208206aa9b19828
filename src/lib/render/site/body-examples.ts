import { isObj, stated, stated as statedValue, statedObj, type Obj } from '../../facet/state.ts';
import { exampleCutWords, exampleOrCuts, type ExampleContext, type ExampleMode } from '../example.ts';
import { inMediaType, isUrlEncodedForm } from '../media-example.ts';
import type { ExampleView } from './views.ts';

/** A stated example of a body: named (with its summary and description) or not, its value or where it is kept. */
type Stated = { name?: string; summary?: string; description?: string; value?: unknown; external?: string };

/** The media types a body states, in order. */
export const mediaTypesOf = (v: Obj): string[] => (typeof v.content_type === 'string' ? [v.content_type] : Array.isArray(v.content_type) ? v.content_type.map(String) : []);

/**
 * The examples the shape a body carries states, each one without a name: its own shape's (an
 * OpenAPI schema's `example`), or the resource's it carries (not a list of it: its example is one
 * item), where that resource is a single value that states them.
 */
export function shapeExamples(v: Obj, ctx: Pick<ExampleContext, 'resource'>): Stated[] {
  const shape = typeof v.resource === 'string' ? (v.list === true ? undefined : statedObj(ctx.resource(v.resource)?.value)) : statedObj(v.schema);
  const examples = stated(shape?.examples);
  return Array.isArray(examples) ? examples.map((value) => ({ value })) : [];
}

/** The examples a body states: its named ones in order, then its `example`. */
function statedExamples(v: Obj): Stated[] {
  const named = isObj(v.named_examples)
    ? Object.entries(v.named_examples).flatMap(([name, e]): Stated[] => {
        if (!isObj(e)) return [];
        return [{
          name,
          ...(typeof e.summary === 'string' ? { summary: e.summary } : {}),
          ...(typeof e.description === 'string' ? { description: e.description } : {}),
          ...('value' in e ? { value: e.value } : {}),
          ...(typeof e.external_value === 'string' ? { external: e.external_value } : {}),
        }];
      })
    : [];
  return 'example' in v ? [...named, { value: v.example }] : named;
}

/**
 * An example of what a body carries, made from its shape: its resource (or a list of it) or its
 * own shape; `cutWords` says what it leaves out of what the shape requires (`exampleCutWords`).
 * Where none is made for what its shape requires left out (r14 H4: a required field's pattern one
 * level down), `unmade` says why, in the same words.
 */
export function madeExample(v: Obj, ctx: ExampleContext, mode: ExampleMode): { value: unknown; cutWords?: string[] } | { unmade: string } | undefined {
  const made = typeof v.resource === 'string' ? exampleOrCuts(v.resource, ctx, mode) : isObj(stated(v.schema)) ? exampleOrCuts(stated(v.schema), ctx, mode) : undefined;
  if (!made) return undefined;
  const words = exampleCutWords(made.cuts, v.list === true ? '[0]' : '');
  if (!('value' in made)) return { unmade: unmadeWords(words) };
  return { value: v.list === true ? [made.value] : made.value, ...(words.length > 0 ? { cutWords: words } : {}) };
}

/** Why no example of a body is made, from what its shape's example had to leave out (no closing stop: the page and the notes add their own). */
export function unmadeWords(cutWords: readonly string[]): string {
  return `no value of its shape can be made without what it requires. ${cutWords.join(' ')}`.replace(/\.$/, '');
}

/**
 * The value a body's first example carries, stated or made: what a request's code sample sends (and what a made one leaves out);
 * `unmade` where none is made, and why.
 */
export function firstExampleValue(v: Obj, ctx: ExampleContext, mode: ExampleMode): { value: unknown; cutWords?: string[] } | { unmade: string } | undefined {
  const first = statedExamples(v).find((e) => 'value' in e);
  return first ? { value: first.value } : madeExample(v, ctx, mode);
}

/** The fields of a body's shape sent as files in a form: strings of format `binary`. */
export function fileFields(v: Obj, ctx: ExampleContext): string[] {
  const fields = typeof v.resource === 'string' ? statedObj(ctx.resource(v.resource)?.fields) : statedObj(statedObj(v.schema)?.fields);
  return Object.entries(fields ?? {}).flatMap(([name, f]) => (isObj(f) && stated(f.format) === 'binary' ? [name] : []));
}

export interface ExamplesContext extends ExampleContext {
  /** Prose as safe HTML (a named example's description). */
  prose(text: string): string;
  /** The id of the stated `example`, for its place on the page. */
  facetId?: string;
  /** The examples the shape it carries states count as the body's stated ones (the body states none itself): `shapeExamples`. */
  shapeExamples?: boolean;
}

/**
 * A body's examples as its page shows them. Stated ones come first, each with its name: named
 * ones in order, then the one without a name, written in the body's first media type; each other
 * media type shows the first of them again in its own form. Without a stated example, one is made
 * from the body's shape, in every media type that can carry it. Where a media type cannot carry
 * one, `noExample` says why.
 */
export function bodyExamples(v: Obj, ctx: ExamplesContext, mode: ExampleMode, types: readonly string[] = mediaTypesOf(v)): { examples: ExampleView[]; noExample: string[] } {
  const name = typeof v.resource === 'string' ? v.resource : undefined;
  const examples: ExampleView[] = [];
  const noExample: string[] = [];
  /** A value written in a media type (none stated: as JSON), or the reason it cannot be. */
  const files = fileFields(v, ctx);
  const write = (value: unknown, type: string | undefined) => inMediaType(value, type ?? 'application/json', name, files);
  const own = statedExamples(v);
  const stated = own.length === 0 && ctx.shapeExamples === true ? shapeExamples(v, ctx) : own;
  if (stated.length > 0) {
    const [first, ...others] = types;
    for (const e of stated) {
      const head = {
        ...(e.name !== undefined ? { name: e.name } : {}),
        ...(e.summary !== undefined ? { summary: e.summary } : {}),
        ...(e.description !== undefined ? { descriptionHtml: ctx.prose(e.description) } : {}),
        ...(e.name === undefined && ctx.facetId !== undefined ? { facetId: ctx.facetId } : {}),
      };
      if (e.external !== undefined) {
        examples.push({ ...head, ...(first !== undefined ? { mediaType: first } : {}), lang: 'text', external: e.external });
        continue;
      }
      const written = write(e.value, first);
      // A stated value its media type cannot carry is shown as written, with the reason.
      if ('reason' in written) {
        noExample.push(written.reason);
        examples.push({ ...head, lang: 'json', text: JSON.stringify(e.value, null, 2) });
      } else if (first !== undefined && isUrlEncodedForm(first)) {
        // A form percent-encodes every value: the value is shown as written first, then as the form sends it.
        examples.push({ ...head, lang: 'json', text: JSON.stringify(e.value, null, 2) });
        examples.push({ mediaType: first, lang: written.lang, text: written.text, of: e.name ?? 'the stated example', ...(written.encoding ? { encoding: written.encoding } : {}) });
      } else examples.push({ ...head, ...(first !== undefined ? { mediaType: first } : {}), lang: written.lang, text: written.text, ...(written.encoding ? { encoding: written.encoding } : {}) });
    }
    const again = stated.find((e) => 'value' in e);
    for (const type of again ? others : []) {
      const written = write(again?.value, type);
      if ('reason' in written) noExample.push(written.reason);
      else if (!sameAs(examples, type, written)) examples.push({ mediaType: type, lang: written.lang, text: written.text, of: again?.name ?? 'the stated example', ...(written.encoding ? { encoding: written.encoding } : {}) });
    }
    return { examples, noExample };
  }
  const made = madeExample(v, ctx, mode);
  if (made && 'unmade' in made) {
    noExample.push(`${types.length > 0 ? types.join(', ') : 'its body'}: ${made.unmade}`);
    return { examples, noExample };
  }
  if (!made) {
    // A body that is one text whose pattern no text was made for (t32t S6): said, as a field's is under its example.
    const shape = typeof v.resource === 'string' ? statedObj(ctx.resource(v.resource)?.value) : statedObj(v.schema);
    const pattern = shape && statedValue(shape.type) === 'string' ? statedValue(shape.pattern) : undefined;
    if (typeof pattern === 'string') noExample.push(`${types.length > 0 ? types.join(', ') : 'its body'}: no text was made that its pattern \`${pattern}\` matches, and a placeholder would not match it`);
    return { examples, noExample };
  }
  for (const type of types.length > 0 ? types : [undefined]) {
    const written = write(made.value, type);
    if ('reason' in written) noExample.push(written.reason);
    else if (type === undefined || !sameAs(examples, type, written)) examples.push({ ...(type !== undefined ? { mediaType: type } : {}), lang: written.lang, text: written.text, generated: true, ...(made.cutWords ? { cutWords: made.cutWords } : {}), ...(written.encoding ? { encoding: written.encoding } : {}) });
  }
  return { examples, noExample };
}

/**
 * Where another media type writes a value exactly as an example already shown (`text/json` as
 * `application/json`), that example names the type too instead of the page showing it twice.
 */
function sameAs(examples: ExampleView[], type: string, written: { text: string; lang: string }): boolean {
  const same = examples.find((e) => e.text === written.text && e.lang === written.lang && e.mediaType !== undefined);
  if (!same) return false;
  same.alsoAs = [...(same.alsoAs ?? []), type];
  return true;
}
