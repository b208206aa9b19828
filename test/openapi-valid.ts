import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';

/**
 * What is wrong with an OpenAPI document, by two real validators: the official 3.1 JSON Schema
 * (@seriousme/openapi-schema-validator, which carries the schema's fixes; swagger-parser's copy
 * still rejects a server variable's `description`) and swagger-parser's resolution of every `$ref`.
 * Empty when the document is valid.
 */
export async function openApiProblems(doc: unknown): Promise<string[]> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
  const problems = result.valid ? [] : (Array.isArray(result.errors) ? result.errors : [result.errors]).map((e) => (typeof e === 'string' ? e : `${e?.instancePath ?? ''} ${e?.message ?? ''}`));
  await SwaggerParser.dereference(structuredClone(doc) as never).catch((e: unknown) => problems.push(String(e)));
  return problems;
}
