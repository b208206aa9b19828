import type { ItemInput } from '../../areas/index.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { Ids, seg, uniqueUnmapped, type ImportedItem, type ImportResult, type Unmapped } from '../result.ts';
import { SchemaMapper } from '../schema-map.ts';
import { openApiContext, LOWER_METHODS } from './context.ts';
import { mapEndpoint, operationName, type EndpointFindings } from './endpoint.ts';
import { ErrorCollector } from './error.ts';
import { mapEvents } from './event.ts';
import { mapScheme } from './scheme.ts';

/** Counts of what an OpenAPI document holds, to compare with what the import produced. */
export interface OpenApiCounts {
  paths: number;
  operations: number;
  schemas: number;
  webhooks: number;
  securitySchemes: number;
}

export function countOpenApi(doc: Obj): OpenApiCounts {
  const ops = (paths: unknown) => Object.values(isObj(paths) ? paths : {}).reduce<number>((n, item) => n + (isObj(item) ? LOWER_METHODS.filter((m) => isObj(item[m])).length : 0), 0);
  const components = isObj(doc.components) ? doc.components : {};
  return {
    paths: Object.keys(isObj(doc.paths) ? doc.paths : {}).length,
    operations: ops(doc.paths),
    schemas: Object.keys(isObj(components.schemas) ? components.schemas : {}).length,
    webhooks: ops(doc.webhooks) + ops(doc['x-webhooks']),
    securitySchemes: Object.keys(isObj(components.securitySchemes) ? components.securitySchemes : {}).length,
  };
}

/**
 * Maps a bundled OpenAPI 3.x document (internal `$ref`s kept) into the spec, one mapper per kind
 * of item. `resolve` looks a local `$ref` up through the parser. What the document does not say
 * stays open; what has no place in the spec is listed as unmapped.
 */
export function importOpenApi(doc: Obj, resolve: (ref: string) => unknown): ImportResult {
  const unmapped: Unmapped[] = [];
  const ctx = openApiContext(resolve, new SchemaMapper(unmapped, resolve), unmapped);
  const info = ctx.deref(doc.info);
  const components = ctx.deref(doc.components);
  for (const [name, schema] of Object.entries(ctx.deref(components.schemas))) ctx.schemas.component(name, schema, `/components/schemas/${seg(name)}`);

  const schemeIds = new Ids();
  const schemes = Object.entries(ctx.deref(components.securitySchemes)).map(([name, s]) => ({ id: schemeIds.id(name), data: mapScheme(ctx.deref(s), `/components/securitySchemes/${seg(name)}`, unmapped) }));
  const errors = new ErrorCollector();
  const findings: EndpointFindings = { rateHeaders: new Set(), deprecationHeaders: new Set(), deprecated: 0 };
  const endpointIds = new Ids();
  const eventIds = new Ids();
  const endpoints: Array<{ id: string; data: ItemInput<'endpoints'> }> = [];
  const events: Array<{ id: string; data: ItemInput<'events'> }> = [];
  for (const [path, raw] of Object.entries(ctx.deref(doc.paths))) {
    const item = ctx.deref(raw);
    for (const method of LOWER_METHODS) {
      if (!isObj(item[method])) continue;
      const op = ctx.deref(item[method]);
      const pointer = `/paths/${seg(path)}/${method}`;
      const name = operationName(method, path, op);
      endpoints.push({ id: endpointIds.id(name), data: mapEndpoint(ctx, { method, path, item, op, pointer, security: doc.security }, schemeIds, errors, findings) });
      for (const [cbName, cb] of Object.entries(ctx.deref(op.callbacks))) {
        for (const [expression, cbItem] of Object.entries(ctx.deref(cb))) {
          events.push(...mapEvents(ctx, `${name}.${cbName}`, ctx.deref(cbItem), `${pointer}/callbacks/${seg(cbName)}/${seg(expression)}`, eventIds, `Callback of \`${name}\` to \`${expression}\`.`));
        }
      }
    }
  }
  for (const key of ['webhooks', 'x-webhooks'] as const) {
    for (const [name, raw] of Object.entries(ctx.deref(doc[key]))) events.push(...mapEvents(ctx, name, ctx.deref(raw), `/${key}/${seg(name)}`, eventIds));
  }
  for (const key of ['tags', 'externalDocs']) if (doc[key] !== undefined) unmapped.push({ pointer: `/${key}`, reason: `${key} have no place in the spec` });
  for (const key of Object.keys(components)) {
    if (!['schemas', 'securitySchemes', 'responses', 'parameters', 'requestBodies', 'headers'].includes(key)) unmapped.push({ pointer: `/components/${key}`, reason: `components.${key} are not mapped` });
  }
  const errorsFound = errors.finish(unmapped);

  const servers = Array.isArray(doc.servers) ? doc.servers.map(ctx.deref) : [];
  const url = typeof servers[0]?.url === 'string' ? servers[0].url : undefined;
  const absolute = url !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^{}\s]+$/i.test(url) ? url : undefined;
  if (servers.length > 1) unmapped.push({ pointer: '/servers', reason: `${servers.length} servers; the spec keeps the first as the base address` });
  if (url !== undefined && !absolute) unmapped.push({ pointer: '/servers/0/url', reason: `\`${url}\` is relative or templated; the base address stays a placeholder` });

  const version = typeof info.version === 'string' ? info.version : undefined;
  const { rateHeaders, deprecationHeaders, deprecated } = findings;
  const items: ImportedItem[] = [
    ...[...ctx.schemas.resources].map(([id, data]) => ({ area: 'resources' as const, id, data })),
    ...endpoints.map((e) => ({ area: 'endpoints' as const, ...e })),
    ...schemes.map((s) => ({ area: 'authentication' as const, ...s })),
    ...events.map((e) => ({ area: 'events' as const, ...e })),
    ...errorsFound.items.map((e) => ({ area: 'errors' as const, ...e })),
    ...(version ? [{ area: 'versioning' as const, id: new Ids().id(version), data: { title: `Version ${version}`, status: 'current' as const } }] : []),
  ];
  return {
    format: `OpenAPI ${String(doc.openapi ?? doc.swagger ?? '')}`,
    areas: {
      purpose: {
        name: typeof info.title === 'string' ? info.title : { open: true },
        base_url: absolute ?? '{base_url}',
        ...(typeof info.description === 'string' && info.description.trim() ? { purpose: info.description } : {}),
      },
      resources: { inventory: 'complete' },
      endpoints: { inventory: 'complete' },
      authentication: schemes.length > 0 ? { inventory: 'complete' } : { inventory: { open: 'The OpenAPI description defines no security scheme: is the service open?' } },
      events: events.length > 0 ? { inventory: 'complete' } : {},
      errors: errorsFound.body ? { body: errorsFound.body } : {},
      limits: rateHeaders.size > 0 ? { headers: [...rateHeaders].sort() } : {},
      versioning: {
        ...(version ? { inventory: 'complete' } : {}),
        ...(deprecated > 0 || deprecationHeaders.size > 0
          ? { deprecation: { open: `The description marks ${deprecated} operations deprecated${deprecationHeaders.size ? ` and uses the headers ${[...deprecationHeaders].sort().join(', ')}` : ''}: how much notice is given before removal?` } }
          : {}),
      },
    },
    items,
    unmapped: uniqueUnmapped(unmapped),
  };
}
