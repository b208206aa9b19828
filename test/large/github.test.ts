import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { openApiProblems } from '../openapi-valid.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaOf, countOpenApi, exportOpenApi, type Analysis, type ImportResult } from '../../src/lib/index.ts';
import { statedObj } from '../../src/lib/facet/state.ts';
import { ids, importToSpec, operations } from '../interchange/helpers.ts';
import { droppedValues } from '../invariant/reach.ts';
import { contentFiles } from '../invariant/stated.ts';
import { buildSite } from '../site/build.ts';
import { GITHUB_API } from './fetch-github.ts';

// GitHub's REST description: ~13 MB, fetched by `npm run test:large` (never by plain `npm test`).
let imported: { result: ImportResult; dir: string; analysis: Analysis; source: Record<string, unknown> };

beforeAll(async () => {
  if (!existsSync(GITHUB_API)) throw new Error(`${GITHUB_API} is missing: run \`npm run test:large\`, which fetches it.`);
  // As the import's hint says to: GitHub's descriptions link docs.github.com's pages by paths from its root.
  imported = await importToSpec(GITHUB_API, { siteUrl: 'https://docs.github.com' });
});

describe('GitHub’s REST description', () => {
  it('holds what the issue says it holds', () => {
    expect(countOpenApi(imported.source)).toEqual({ paths: 811, operations: 1223, schemas: 969, webhooks: 270, securitySchemes: 0 });
  });

  it('imports with zero lost paths, operations, schemas, fields and webhooks', () => {
    const { analysis, source } = imported;
    const counts = countOpenApi(source);
    const ops = operations(analysis);
    expect(ops).toHaveLength(counts.operations);
    expect(new Set(ops.map((o) => o.split(' ')[1])).size).toBe(counts.paths);
    expect(ids(analysis, 'events')).toHaveLength(counts.webhooks);
    const schemas = (source.components as { schemas: Record<string, { properties?: object }> }).schemas;
    // A component is a resource: its properties are its fields, or the fields of its single value
    // (a nullable object, or a composition whose own properties are one of its parts).
    const resources = new Map(areaOf(analysis.spec, 'resources').items.map((r) => [r.id, r.data]));
    const fieldsOf = (data: unknown): string[] => {
      const d = data as { fields?: unknown; value?: unknown; of?: unknown };
      const own = statedObj(d.fields);
      if (own) return Object.keys(own);
      const value = statedObj(d.value);
      if (value) return fieldsOf(value);
      const parts = Array.isArray(d.of) ? d.of : [];
      return parts.flatMap((p) => (typeof p === 'object' && p !== null ? fieldsOf(p) : []));
    };
    for (const [name, schema] of Object.entries(schemas)) {
      expect(resources.has(name), name).toBe(true);
      for (const property of Object.keys(schema.properties ?? {})) expect(fieldsOf(resources.get(name)), `${name}.${property}`).toContain(property);
    }
  });

  it('reports what it could not map, each at a real place in the document', () => {
    const { result, source } = imported;
    expect(result.unmapped.length).toBeGreaterThan(0);
    const at = (pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Record<string, unknown> | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], source);
    for (const u of result.unmapped) expect(at(u.pointer), u.pointer).toBeDefined();
  });

  it('checks without errors, and with the one warning its document earns, once its links are whole addresses on docs.github.com', () => {
    // GitHub's three user responses are a one-of of `private-user` and `public-user` told apart by
    // `user_view_type`, which both leave any text; `public-user` is closed by `additionalProperties:
    // false`, which the spec cannot say (the import reports it unmapped), so as stated a private
    // user's value fits both, and `discriminator-overlap` (t35s N8) says so at each discriminator.
    const found = imported.analysis.diagnostics.filter((d) => d.severity !== 'hint');
    expect(found.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}`)).toEqual([
      'warning discriminator-overlap endpoints/users-get-authenticated.yaml:20',
      'warning discriminator-overlap endpoints/users-get-by-id.yaml:31',
      'warning discriminator-overlap endpoints/users-get-by-username.yaml:31',
    ]);
    expect(JSON.stringify(imported.result)).toContain('](https://docs.github.com/');
  });

  it('exports an OpenAPI 3.1 document that the official schema and swagger-parser accept', async () => {
    expect(await openApiProblems(exportOpenApi(imported.analysis))).toEqual([]);
  });

  let site = '';
  it('builds into a site with a page per item', async () => {
    const built = await buildSite(imported.dir);
    expect(built.code, built.output.slice(-2000)).toBe(0);
    site = built.outDir;
    // An item's folder each, the area's list (`index.html`), and its list past 1,000 rows (`list/2/`).
    const endpoints = await readdir(join(built.outDir, 'endpoints'));
    expect(endpoints.length).toBe(1223 + 2);
    expect(existsSync(join(built.outDir, 'endpoints', 'list', '2', 'index.html'))).toBe(true);
    expect(existsSync(join(built.outDir, 'endpoints', 'repos-get', 'index.html'))).toBe(true);
    expect((await readdir(join(built.outDir, 'events'))).length).toBe(270 + 1);
  });

  it('keeps item pages small whatever the size of the spec: with trees and samples the median item page is under 60 KB, the largest under 2 MB', async () => {
    expect(site).not.toBe('');
    const sizes: number[] = [];
    for (const area of ['resources', 'endpoints', 'events', 'errors', 'authentication']) {
      for (const item of await readdir(join(site, area), { withFileTypes: true })) {
        if (item.isDirectory() && item.name !== 'list') sizes.push((await stat(join(site, area, item.name, 'index.html'))).size);
      }
    }
    sizes.sort((a, b) => a - b);
    expect(sizes.length).toBeGreaterThan(2400);
    expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThan(60 * 1024);
    expect(sizes[sizes.length - 1]).toBeLessThan(2 * 1024 * 1024);
  });

  it('drops nothing it states: every value of every file reaches its page, the print page and the Markdown document', async () => {
    expect(site).not.toBe('');
    const files = await contentFiles(imported.dir);
    expect(files.length).toBeGreaterThan(2400);
    expect(await droppedValues(files, imported.analysis, site)).toEqual([]);
  });
});
