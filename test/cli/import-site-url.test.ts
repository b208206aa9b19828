// Links to paths from the root of the document's own site (Spotify's `/documentation/web-api/...`):
// `check` and `import` say that no page of the spec is there, and `import --site-url` writes them
// as whole addresses on that site (issue 33). Real documents through the real command line.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.ts';

/** A description as Spotify's writes its links: to pages of developer.spotify.com, from its root. */
const SPOTIFY_STYLE = `openapi: 3.0.3
info: { title: Tracks, version: "1.0", description: "Read [the guide](/documentation/web-api/) first." }
paths:
  /tracks/{id}:
    get:
      operationId: getTrack
      description: "Get a track. See [scopes](/documentation/web-api/concepts/scopes) and [ids][ids].\\n\\n[ids]: /documentation/web-api/concepts/spotify-uris-ids"
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        "200": { description: "A track, see [the track object](/documentation/web-api/reference/get-track) or [elsewhere](https://example.com/x)." }
`;

async function imported(args: string[]): Promise<{ dir: string; out: string; check: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-site-url-'));
  await writeFile(join(dir, 'tracks.yaml'), SPOTIFY_STYLE);
  const made = await cli(['import', join(dir, 'tracks.yaml'), '--spec', join(dir, 'spec'), ...args]);
  expect(made.code, made.err).toBe(0);
  const checked = await cli(['check', '--spec', join(dir, 'spec')]);
  return { dir, out: made.out, check: checked.out };
}

describe('links to paths from the root of another site', () => {
  it('are reported by check, and import says how to write them whole', async () => {
    const { out, check } = await imported([]);
    expect(out).toContain("4 links in the descriptions lead to a path from the site's root that no page of the spec has (`missing-page`): import again with `--site-url URL`");
    const reported = check.split('\n').filter((l) => / warning missing-page /.test(l));
    expect(reported.map((l) => /The link `([^`]*)`/.exec(l)?.[1]).sort()).toEqual([
      '/documentation/web-api/',
      '/documentation/web-api/concepts/scopes',
      '/documentation/web-api/concepts/spotify-uris-ids',
      '/documentation/web-api/reference/get-track',
    ]);
    expect(reported.find((l) => l.includes('/concepts/scopes'))).toMatch(/^.*endpoints\/getTrack\.yaml:\d+:\d+ warning missing-page /);
  });

  it('are written as whole addresses on the site --site-url names, and then check is clean', async () => {
    const { dir, out, check } = await imported(['--site-url', 'https://developer.spotify.com']);
    expect(out).toContain('4 links to paths from the root written as whole addresses on https://developer.spotify.com.');
    expect(check).toContain('no problems');
    const endpoint = await readFile(join(dir, 'spec/endpoints/getTrack.yaml'), 'utf8');
    expect(endpoint).toContain('[scopes](https://developer.spotify.com/documentation/web-api/concepts/scopes)');
    expect(endpoint).toContain('[ids]: https://developer.spotify.com/documentation/web-api/concepts/spotify-uris-ids');
    expect(endpoint).toContain('[elsewhere](https://example.com/x)');
  });

  it('refuses a --site-url that is no http(s) address', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-site-url-'));
    await writeFile(join(dir, 'tracks.yaml'), SPOTIFY_STYLE);
    const made = await cli(['import', join(dir, 'tracks.yaml'), '--spec', join(dir, 'spec'), '--site-url', 'javascript:alert(1)']);
    expect(made.code).toBe(2);
    expect(made.err).toContain('--site-url `javascript:alert(1)` is not an absolute http or https URL');
  });
});
