import type { AreaData, AreaInput } from '../../areas/index.ts';
import { purposeArea } from '../../areas/purpose/index.ts';
import { isObj, statedObj, type Obj } from '../../facet/state.ts';
import { text } from '../export-common.ts';
import { tagNotes } from '../../areas/tags.ts';
import { nameSchema } from '../../facet/values.ts';
import { externalDocsKey, importExternalDocs } from '../external-docs.ts';
import { seg, type Unmapped } from '../result.ts';
import { follow, toolKey } from './raw.ts';

const obj = (v: unknown): Obj => (isObj(v) ? v : {});

type About = Pick<NonNullable<AreaInput<'purpose'>>, 'contact' | 'license' | 'terms_of_service' | 'external_docs'>;

/** The keys of the document and of its `info` that an import reads (the rest are listed as not kept); AsyncAPI 2 states its tags and external docs beside `info`, 3 inside it. */
const READ = ['asyncapi', 'info', 'servers', 'channels', 'operations', 'components', 'defaultContentType'];
const INFO = ['title', 'version', 'description', 'contact', 'license', 'termsOfService'];
const ABOUT = ['tags', 'externalDocs'];

/** Where the document's own tags and external docs are: beside `info` (AsyncAPI 2), or in it (3). */
const aboutAt = (raw: Obj) => (String(raw.asyncapi).startsWith('2') ? { value: raw, pointer: '' } : { value: obj(raw.info), pointer: '/info' });

/** `base` and each of `keys` of `o` that `fits` (the purpose area's schema) beside what is kept before it; every other key of `o` is listed. */
function fields(o: Obj, keys: readonly string[], fits: (value: Obj) => boolean, pointer: string, what: string, unmapped: Unmapped[], base: Obj = {}): Obj {
  const out: Obj = { ...base };
  for (const [key, v] of Object.entries(o)) {
    if (key in base) continue;
    if (!keys.includes(key)) unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `${what}'s \`${key}\` has no place in the spec` });
    else if (typeof v === 'string' && v.trim() !== '' && fits({ ...out, [key]: v })) out[key] = v;
    else unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `\`${String(v)}\` is not a ${key === 'email' ? 'mail address' : key === 'url' ? 'web address (http or https)' : 'line of text'}, as the spec's ${what === 'a contact' ? 'contact' : 'licence'} holds it; it is not kept` });
  }
  return out;
}

/**
 * What an AsyncAPI document says of itself besides its title, version and description: its
 * contact, licence, terms of service and external docs as the purpose area's (its tags are read
 * by `importTags`). What `info` and the document's top level state that the import does not read
 * (an `id`, extensions) is listed,
 * and so is a value the spec cannot hold (an address that is not a web one). `raw` is the file as written.
 */
export function importInfo(raw: Obj, unmapped: Unmapped[]): About {
  const v2 = String(raw.asyncapi).startsWith('2');
  for (const key of Object.keys(raw)) if (!READ.includes(key) && !(v2 && ABOUT.includes(key)) && !toolKey(key)) unmapped.push({ pointer: `/${seg(key)}`, reason: `the document's \`${key}\` has no place in the spec` });
  const info = obj(raw.info);
  for (const key of Object.keys(info)) if (!INFO.includes(key) && !(!v2 && ABOUT.includes(key)) && !toolKey(key)) unmapped.push({ pointer: `/info/${seg(key)}`, reason: `\`info.${key}\` has no place in the spec` });
  const out: About = {};
  const about = aboutAt(raw);
  const written = follow(raw, about.value.externalDocs, `${about.pointer}/externalDocs`);
  const docs = about.value.externalDocs === undefined ? undefined : importExternalDocs(isObj(about.value.externalDocs) ? written.value : about.value.externalDocs, written.pointer, unmapped, toolKey);
  if (docs) out.external_docs = docs;
  if (isObj(info.contact)) {
    const contact = fields(info.contact, ['name', 'email', 'url'], (c) => purposeArea.shape.contact.safeParse(c).success, '/info/contact', 'a contact', unmapped);
    if (Object.keys(contact).length > 0) out.contact = contact;
  }
  if (isObj(info.license)) {
    const name = info.license.name;
    if (typeof name === 'string' && purposeArea.shape.license.safeParse({ name }).success) out.license = fields(info.license, ['name', 'url'], (l) => purposeArea.shape.license.safeParse(l).success, '/info/license', 'a licence', unmapped, { name }) as { name: string };
    else unmapped.push({ pointer: '/info/license', reason: 'a licence without a name of one line is not kept' });
  }
  if (info.termsOfService !== undefined) {
    if (typeof info.termsOfService === 'string' && purposeArea.shape.terms_of_service.safeParse(info.termsOfService).success) out.terms_of_service = info.termsOfService;
    else unmapped.push({ pointer: '/info/termsOfService', reason: `\`${String(info.termsOfService)}\` is not a web address (http or https); it is not kept` });
  }
  return out;
}

type TagNote = { description?: string; external_docs?: { url: string; description?: string } };

/**
 * The document's own tags (AsyncAPI 2's beside `info`, 3's in it) as the events area declares
 * them, every one in its order with its description and external docs; a tag without a name the
 * spec can hold, or declared a second time, is said.
 */
export function importTags(raw: Obj, unmapped: Unmapped[]): Record<string, TagNote> {
  const about = aboutAt(raw);
  const list = follow(raw, about.value.tags, `${about.pointer}/tags`);
  const out = new Map<string, TagNote>();
  (Array.isArray(about.value.tags) ? about.value.tags : []).forEach((t, i) => {
    const { value: tag, pointer } = follow(raw, t, `${list.pointer}/${i}`);
    const name = tag.name;
    if (typeof name !== 'string' || !nameSchema.safeParse(name).success) {
      unmapped.push({ pointer, reason: 'a tag without a name (or one with line breaks or control characters) is not kept' });
      return;
    }
    if (out.has(name)) {
      unmapped.push({ pointer, reason: `the tag \`${name}\` is declared a second time; the first is kept` });
      return;
    }
    out.set(name, noteOf(raw, tag, pointer, unmapped));
  });
  // A map, not an object, while collecting: a tag called `__proto__` is a name like any other.
  return Object.fromEntries(out);
}

/** A tag object's words as the events area keeps a group's (its description and external docs); what else it states besides its name is said. */
function noteOf(raw: Obj, tag: Obj, pointer: string, unmapped: Unmapped[]): TagNote {
  const written = follow(raw, tag.externalDocs, `${pointer}/externalDocs`);
  const docs = tag.externalDocs === undefined ? undefined : importExternalDocs(isObj(tag.externalDocs) ? written.value : tag.externalDocs, written.pointer, unmapped, toolKey);
  for (const key of Object.keys(tag)) if (!['name', 'description', 'externalDocs'].includes(key) && !toolKey(key)) unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `a tag's \`${key}\` has no place in the spec` });
  return { ...(typeof tag.description === 'string' && tag.description.trim() !== '' ? { description: tag.description } : {}), ...(docs ? { external_docs: docs } : {}) };
}

/** A tag written where it is used (on a message, a channel, an operation) that says more than its name: its words, and where. */
export interface PlacedTag {
  name: string;
  note: TagNote;
  pointer: string;
}

/** The tags of a message, channel or operation (`list`, at `pointer`): their names, and the words of those that say more than their name. */
export function placedTags(raw: Obj, list: unknown, pointer: string, unmapped: Unmapped[]): { names: string[]; placed: PlacedTag[] } {
  const names: string[] = [];
  const placed: PlacedTag[] = [];
  (Array.isArray(list) ? list : []).forEach((t, i) => {
    const { value: tag, pointer: at } = follow(raw, t, `${pointer}/${i}`);
    const name = typeof tag.name === 'string' ? tag.name : '';
    if (name !== '') names.push(name);
    const note = noteOf(raw, tag, at, unmapped);
    if (Object.keys(note).length === 0) return;
    if (nameSchema.safeParse(name).success) placed.push({ name, note, pointer: at });
    else unmapped.push({ pointer: at, reason: 'the words of a tag without a name (or one with line breaks or control characters) are not kept' });
  });
  return { names, placed };
}

/**
 * The document's declared tags with the words of tags written where they are used (AsyncAPI writes
 * a whole tag object on a message, a channel or an operation; the spec keeps a group's words once,
 * as the events area's declaration of it, where OpenAPI's declared tags are kept too): a tag the
 * document does not declare is declared after its own, with the words it is first written with (an
 * export declares it in `info.tags`, and names it where it is used), which is said; words that
 * differ from the declaration's, or from those the tag was first written with, are said and not kept.
 */
export function withPlacedTags(declared: Record<string, TagNote>, placed: readonly PlacedTag[], unmapped: Unmapped[]): Record<string, TagNote> {
  const out = new Map(Object.entries(declared));
  /** Where the words of a tag the document does not declare were first read. */
  const first = new Map<string, string>();
  for (const { name, note, pointer } of placed) {
    const known = out.get(name);
    const where = first.get(name);
    if (known === undefined || (where !== undefined && JSON.stringify(known) === JSON.stringify(note))) {
      if (known === undefined) {
        out.set(name, note);
        first.set(name, pointer);
      }
      unmapped.push({ pointer, reason: `the tag's words are kept as the events area's declaration of the group \`${name}\`, which the document does not declare (the spec keeps a group's words once); an export declares it in \`info.tags\` and names it here` });
    } else if (JSON.stringify(known) !== JSON.stringify(note)) {
      unmapped.push({ pointer, reason: where !== undefined ? `the tag \`${name}\` is written with other words at ${where}; those are kept as the group's, these are not` : `the document declares the tag \`${name}\` with other words; the declaration's are kept, these are not` });
    }
  }
  return Object.fromEntries(out);
}

/** The events area's declared tags as AsyncAPI 3's `info.tags`, in their order. */
export function exportTags(events: AreaData<'events'>): Obj[] {
  return tagNotes(events).map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), ...externalDocsKey(t.external_docs) }));
}

/** The purpose area's contact, licence and terms of service as AsyncAPI 3's `info` states them; `say` lists what it cannot (a licence's SPDX identifier). */
export function exportInfo(purpose: AreaData<'purpose'>, say: (id: string, reason: string) => void): Obj {
  const contact = statedObj(purpose.contact);
  const license = statedObj(purpose.license);
  if (license && typeof license.identifier === 'string') say('purpose/license/identifier', 'AsyncAPI names and links a licence; it has no place for an SPDX identifier');
  const terms = text(purpose.terms_of_service);
  return {
    ...(terms !== undefined ? { termsOfService: terms } : {}),
    ...(contact ? { contact } : {}),
    ...(license ? { license: { name: license.name, ...(typeof license.url === 'string' ? { url: license.url } : {}) } } : {}),
    ...externalDocsKey(purpose.external_docs),
  };
}
