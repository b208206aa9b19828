// The document of t3132g's repro-03 and its import, for test/lib/reader-pass11.test.ts and test/site/reader-pass11.test.ts.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../helpers.ts';

/** t3132g's repro-03: `Narrow` narrows fields `Base` types (another file once imported); `m` and `o` are typed nowhere. `Inline` is the same with its parts written in place (one file). */
export const NARROWING = `openapi: 3.0.3
info: {title: r03, version: '1'}
paths:
  /p:
    get:
      operationId: getP
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Narrow'}
components:
  schemas:
    Base:
      type: object
      properties:
        a: {type: string, nullable: true}
        b: {type: string}
        f: {type: string}
    Narrow:
      allOf:
        - $ref: '#/components/schemas/Base'
        - type: object
          properties:
            a: {nullable: false}
            b: {description: words only}
            f: {}
            m: {maxLength: 3}
            o: {description: typed nowhere}
    Inline:
      allOf:
        - type: object
          properties:
            f: {type: string}
        - type: object
          properties:
            f: {}
            z: {}
        - type: object
          properties:
            z: {}
`;

/** A spec folder the real import command wrote from a document. */
export async function imported(document: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-pass11-'));
  await writeFile(join(dir, 'doc.yaml'), document);
  const spec = join(dir, 'spec');
  const run = await cli(['import', join(dir, 'doc.yaml'), '--spec', spec]);
  expect(run.code, run.err).toBe(0);
  return spec;
}

