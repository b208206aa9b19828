import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35k D6: a shape that names the same `all_of` part twice along one path (a page
 * `all_of [Paging, {items: [Album]}]` whose albums hold tracks that are `all_of [Paging, …]`) was
 * answered 501 `cannot-make`, the inner `Paging` dropped as if it were recursion (Spotify's
 * `GET /v1/me/albums`). Recursion is a part met again inside itself, not any repeat. Through the
 * real loader, the command line's server and real HTTP.
 */
const purpose = 'name: AllOf\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const get = (name: string) => [`endpoints/${name}.yaml`, `title: ${name}\nmethod: GET\npath: /${name}\nparameters: { none: None. }\nresponses:\n  "200": { resource: ${name} }\n`] as const;
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['resources/Paging.yaml', 'description: P\nfields:\n  total: { type: integer, required: true, examples: [4] }\n'],
  ['resources/Tracks.yaml', 'description: T\nvalue:\n  type: all_of\n  of:\n    - Paging\n    - type: object\n      fields:\n        items: { type: array, required: false, items: string }\n'],
  ['resources/Base.yaml', 'description: B\nfields:\n  name: { type: string, required: true }\n'],
  ['resources/Album.yaml', 'description: A\nvalue:\n  type: all_of\n  of:\n    - Base\n    - type: object\n      fields:\n        tracks: { type: Tracks, required: true }\n'],
  ['resources/AlbumPage.yaml', 'description: Page\nvalue:\n  type: all_of\n  of:\n    - Paging\n    - type: object\n      fields:\n        items: { type: array, required: true, items: Album }\n'],
  // Recursion still: a node whose `all_of` part holds a list of nodes, and a base that holds itself.
  ['resources/Node.yaml', 'description: N\nvalue:\n  type: all_of\n  of:\n    - Base\n    - type: object\n      fields:\n        children: { type: array, required: true, items: Node }\n'],
  get('AlbumPage'),
  get('Node'),
]);

describe('the mock (issue 35, t35k D6): an all_of part met twice along one path', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  it('makes the inner part too: the page of albums is a 200 whose every album has its tracks total', async () => {
    const answer = await call(served.origin, '/v1/AlbumPage');
    expect(answer.text).not.toContain('cannot-make');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ total: 4, items: [{ name: 'string', tracks: { total: 4, items: ['string'] } }] });
  });

  it('still stops at a part inside itself: a node answers its children as an empty list', async () => {
    const answer = await call(served.origin, '/v1/Node');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ name: 'string', children: [] });
  });
});
