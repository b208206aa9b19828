import { isObj } from '../../facet/state.ts';
import type { Unmapped } from '../result.ts';

/**
 * The schema formats whose schema the spec's shapes read as written: AsyncAPI's own (the default,
 * which an export writes by writing the schema alone) and JSON Schema.
 */
const DEFAULT_FORMAT = /^application\/vnd\.aai\.asyncapi(\+json|\+yaml)?(;\s*version=[^;]*)?$/i;
const JSON_SCHEMA_FORMAT = /^application\/schema(\+json|\+yaml)?(;\s*version=[^;]*)?$/i;

/**
 * An AsyncAPI 3 payload written as a Multi Format Schema Object (`{schemaFormat, schema}`): its
 * schema, read as the payload is (as a payload with a message-level `schemaFormat` is in 2.x), and
 * the pointer it sits at. A format other than AsyncAPI's default is said at its pointer: the spec
 * keeps no format, and an export writes the schema in the default one.
 */
export function payloadSchema(payload: unknown, pointer: string, unmapped: Unmapped[]): { schema: unknown; at: string; multi: boolean } {
  if (!isObj(payload) || typeof payload.schemaFormat !== 'string' || !('schema' in payload)) return { schema: payload, at: pointer, multi: false };
  const format = payload.schemaFormat;
  const reason = schemaFormatWord(format);
  if (reason !== undefined) unmapped.push({ pointer: `${pointer}/schemaFormat`, reason });
  // A schema that is no object (Protobuf's `.proto` text): said, and the payload kept with its shape open, as an export's `payload: {}` reads back, never "the message gives no payload" (t31t D2).
  if (!isObj(payload.schema) && typeof payload.schema !== 'boolean' && payload.schema !== undefined && payload.schema !== null) {
    unmapped.push({ pointer: `${pointer}/schema`, reason: `the schema, written in \`${format}\`, is not a JSON Schema object, which the spec's shapes are read from: it is not kept, and the payload's shape is left open` });
    return { schema: {}, at: `${pointer}/schema`, multi: true };
  }
  return { schema: payload.schema, at: `${pointer}/schema`, multi: true };
}

/**
 * What is said of a payload's schema format (AsyncAPI 3's `{schemaFormat, schema}`, AsyncAPI 2.x's
 * message-level `schemaFormat`): nothing for AsyncAPI's default, else that the spec keeps no
 * format, and for one that is not JSON Schema (Avro's `record`, RAML's types) that its schema is
 * read as JSON Schema only where it can be, so what is listed beside it is why.
 */
export function schemaFormatWord(format: string): string | undefined {
  if (DEFAULT_FORMAT.test(format)) return undefined;
  return JSON_SCHEMA_FORMAT.test(format)
    ? `the schema format \`${format}\` has no place in the spec; its schema is kept as the payload, which an export writes in AsyncAPI's default format`
    : `the schema format \`${format}\` is not JSON Schema, which the spec's shapes are; its schema is read as JSON Schema where it can be (what cannot is listed), and an export writes it in AsyncAPI's default format`;
}
