import { visible } from '../safety/terminal.ts';

/** What an OpenAPI key is called here, where the name differs: a camelCase key (`operationId`, `minLength`) needs no entry, `suggest` finds its snake_case one (one edit per `_`). */
const SYNONYMS: ReadonlyArray<{ key: string; meant: string; write?: string }> = [
  { key: 'summary', meant: 'title' },
  { key: 'enum', meant: 'allowed' },
  { key: 'requestBody', meant: 'request' },
  { key: 'properties', meant: 'fields' },
  { key: 'oneOf', meant: 'of', write: '`type: one_of` with `of: [ … ]`' },
  { key: 'anyOf', meant: 'of', write: '`type: any_of` with `of: [ … ]`' },
  { key: 'allOf', meant: 'of', write: '`type: all_of` with `of: [ … ]`' },
  { key: 'additionalProperties', meant: 'values', write: '`type: map` with `values`' },
];

/** A hint for a key written as OpenAPI writes it, and the key meant (whose example follows), when the place takes that key. */
export interface Habit {
  hint: string;
  meant?: string;
}

/** The last name of a reference (`#/components/schemas/Order` → `Order`), as a message may quote it. */
function referred(value: unknown): string {
  const name = typeof value === 'string' ? value.split('/').pop()?.trim() : undefined;
  return name ? visible(name.length > 60 ? `${name.slice(0, 60)}…` : name) : 'Order';
}

/**
 * The spelling this format uses for an OpenAPI habit (`summary`, `$ref: Order`, `enum`), where the
 * place written at (`known`, its keys) has it; undefined for any other key.
 */
export function openApiHabit(key: string, value: unknown, known: readonly string[]): Habit | undefined {
  if (key === '$ref' && (known.includes('type') || known.includes('resource'))) {
    const id = referred(value);
    // The hint is the line to write; an example of `type` would show another type.
    return { hint: known.includes('resource') ? `a resource is referred to by its id, as \`resource: ${id}\`.` : `a resource is referred to by its id, as \`type: ${id}\` (in a body, \`resource: ${id}\`).` };
  }
  const synonym = SYNONYMS.find((s) => s.key === key && known.includes(s.meant));
  if (!synonym) return undefined;
  return { hint: `OpenAPI's \`${key}\` is written ${synonym.write ?? `\`${synonym.meant}\``} here.`, meant: synonym.meant };
}
