import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { isObj, type Obj } from '../facet/state.ts';

/** A source document that cannot be read: bad syntax, an unknown format, a failed validation. */
export class DocumentError extends Error {}

/** A parsed interchange document, ready for the pure importers. */
export type ApiDocument =
  | { kind: 'openapi'; source: string; doc: Obj; resolve: (ref: string) => unknown }
  | { kind: 'asyncapi'; source: string; doc: Obj; raw: Obj };

/**
 * Reads an OpenAPI 3.0/3.1, Swagger 2.0 (upgraded with @scalar/openapi-upgrader) or AsyncAPI
 * 2.x/3.0 document. OpenAPI is bundled by swagger-parser, which keeps internal `$ref`s (so
 * components stay named) and resolves them on request; AsyncAPI is parsed and validated by
 * @asyncapi/parser. The parsers load when a document needs them, so that commands which read no
 * interchange document start fast.
 */
export async function readApiDocument(file: string): Promise<ApiDocument> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new DocumentError(`cannot read \`${file}\``);
  });
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new DocumentError(`\`${file}\` is neither JSON nor YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!isObj(raw)) throw new DocumentError(`\`${file}\` is not an API description (no mapping at the top level)`);
  if (typeof raw.asyncapi === 'string') return readAsyncApi(file, text, raw);
  if (raw.swagger === '2.0' || typeof raw.openapi === 'string') {
    const upgraded = raw.swagger === '2.0' ? ((await import('@scalar/openapi-upgrader')).upgrade(raw, '3.1') as Obj) : undefined;
    const source = upgraded ? `Swagger 2.0 (upgraded to OpenAPI ${String(upgraded.openapi)})` : `OpenAPI ${String(raw.openapi)}`;
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const parser = new SwaggerParser();
    try {
      // From the file, so relative external references resolve next to it.
      const bundled = (await parser.bundle(upgraded ? (upgraded as never) : file)) as unknown as Obj;
      return { kind: 'openapi', source, doc: bundled, resolve: (ref) => (parser.$refs.exists(ref, {}) ? parser.$refs.get(ref) : undefined) };
    } catch (error) {
      throw new DocumentError(`\`${file}\`: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  throw new DocumentError(`\`${file}\` is not OpenAPI, Swagger 2.0 or AsyncAPI (no \`openapi\`, \`swagger\` or \`asyncapi\` key)`);
}

async function readAsyncApi(file: string, text: string, raw: Obj): Promise<ApiDocument> {
  const { Parser: AsyncApiParser } = await import('@asyncapi/parser');
  const { document, diagnostics } = await new AsyncApiParser().parse(text, { source: file });
  const errors = diagnostics.filter((d) => d.severity === 0);
  if (!document || errors.length > 0) {
    throw new DocumentError(`\`${file}\` is not valid AsyncAPI: ${errors.slice(0, 3).map((d) => `${d.message} at ${d.path.join('.')}`).join('; ')}`);
  }
  return { kind: 'asyncapi', source: `AsyncAPI ${String(raw.asyncapi)}`, doc: document.json() as unknown as Obj, raw };
}
