import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gapLinks, newFileText, sourceLinks, type FacetView } from '../../../src/lib/index.ts';
import { cli, fixture, specAt, siteViews } from '../../helpers.ts';

const GITHUB = 'https://github.com/acme/spec/edit/main/content/';

describe('sourceLinks', () => {
  it('derives GitHub’s file view, editor and new-file page from its edit URL', () => {
    const links = sourceLinks(GITHUB);
    expect(links?.host).toBe('github');
    expect(links?.view?.('endpoints/get-order.yaml', 12)).toBe('https://github.com/acme/spec/blob/main/content/endpoints/get-order.yaml#L12');
    expect(links?.edit('endpoints/get-order.yaml')).toBe('https://github.com/acme/spec/edit/main/content/endpoints/get-order.yaml');
    expect(links?.create?.('events/_area.yaml', 'inventory:\n  open: Which?\n')).toBe('https://github.com/acme/spec/new/main/content/events/?filename=_area.yaml&value=inventory%3A%0A%20%20open%3A%20Which%3F%0A');
  });

  it('takes any host with GitHub’s shape as GitHub Enterprise, with or without the trailing slash', () => {
    const links = sourceLinks('https://git.example.com/team/spec/edit/release/2.x/docs/spec');
    expect(links?.host).toBe('github');
    expect(links?.view?.('purpose/_area.yaml', 3)).toBe('https://git.example.com/team/spec/blob/release/2.x/docs/spec/purpose/_area.yaml#L3');
    expect(links?.create?.('errors/_area.yaml', 'x')).toBe('https://git.example.com/team/spec/new/release/2.x/docs/spec/errors/?filename=_area.yaml&value=x');
  });

  it('derives GitLab’s file view and editor, and claims no new-file page', () => {
    const links = sourceLinks('https://gitlab.com/group/sub/spec/-/edit/main/content/');
    expect(links?.host).toBe('gitlab');
    expect(links?.view?.('resources/Order.yaml', 7)).toBe('https://gitlab.com/group/sub/spec/-/blob/main/content/resources/Order.yaml#L7');
    expect(links?.edit('resources/Order.yaml')).toBe('https://gitlab.com/group/sub/spec/-/edit/main/content/resources/Order.yaml');
    expect(links?.create).toBeUndefined();
  });

  it('gives any other edit URL the editor link alone', () => {
    const links = sourceLinks('https://code.example.org/spec/src/branch/main/content');
    expect(links?.host).toBe('other');
    expect(links?.edit('resources/Order.yaml')).toBe('https://code.example.org/spec/src/branch/main/content/resources/Order.yaml');
    expect(links?.view).toBeUndefined();
    expect(links?.create).toBeUndefined();
    // A query or fragment leaves no place to put the file: no link at all rather than a wrong one.
    expect(sourceLinks('https://github.com/acme/spec/edit/main/content/?x=1')?.edit('a/b.yaml')).toBeUndefined();
  });

  it('has nothing without an edit URL or with one that is not http(s)', () => {
    expect(sourceLinks(undefined)).toBeUndefined();
    expect(sourceLinks('javascript:alert(1)//github.com/a/b/edit/main/')).toBeUndefined();
    expect(sourceLinks('not a url')).toBeUndefined();
  });

  it.each([
    ['a space', 'resources/My Order.yaml', 'resources/My%20Order.yaml'],
    ['a hash', 'resources/a#b.yaml', 'resources/a%23b.yaml'],
    ['a question mark', 'resources/a?b=1.yaml', 'resources/a%3Fb%3D1.yaml'],
    ['unicode', 'resources/Bestellung-ü.yaml', 'resources/Bestellung-%C3%BC.yaml'],
    ['a percent sign', 'resources/100%.yaml', 'resources/100%25.yaml'],
    ['markup', 'resources/"><script>.yaml', 'resources/%22%3E%3Cscript%3E.yaml'],
  ])('escapes %s in a file name, segment by segment', (_what, file, encoded) => {
    const links = sourceLinks(GITHUB);
    expect(links?.edit(file)).toBe(`https://github.com/acme/spec/edit/main/content/${encoded}`);
    expect(links?.view?.(file, 1)).toBe(`https://github.com/acme/spec/blob/main/content/${encoded}#L1`);
    const create = links?.create?.(file, '# "x" & <y>\n');
    expect(create).toBe(`https://github.com/acme/spec/new/main/content/resources/?filename=${encoded.slice('resources/'.length)}&value=%23%20%22x%22%20%26%20%3Cy%3E%0A`);
    // What the host reads back is the name and text as given.
    const url = new URL(create ?? '');
    expect(url.searchParams.get('filename')).toBe(file.slice('resources/'.length));
    expect(url.searchParams.get('value')).toBe('# "x" & <y>\n');
    expect(url.pathname).toBe('/acme/spec/new/main/content/resources/');
  });

  it.each(['../secrets.yaml', 'resources/../../x.yaml', './a.yaml', 'a//b.yaml', ''])('gives no link for `%s`, which a browser would resolve elsewhere', (file) => {
    for (const editUrl of [GITHUB, 'https://gitlab.com/g/p/-/edit/main/c/', 'https://example.org/edit/']) {
      const links = sourceLinks(editUrl);
      expect(links?.edit(file)).toBeUndefined();
      expect(links?.view?.(file, 1)).toBeUndefined();
      expect(links?.create?.(file, 'x')).toBeUndefined();
    }
  });
});

describe('gap links', () => {
  it('prefill the new-file page with exactly what `specbench new` writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-links-'));
    const specDir = relative(process.cwd(), dir).split(sep).join('/');
    for (const [area, id] of [['events'], ['errors', 'not_found'], ['limits', 'burst']] as const) {
      expect((await cli(['new', area, ...(id === undefined ? [] : [id]), '--spec', dir])).code).toBe(0);
      const file = id === undefined ? `${area}/_area.yaml` : `${area}/${id}.yaml`;
      const written = await readFile(join(dir, file), 'utf8');
      expect(newFileText(specDir, file)).toBe(written);
      const links = sourceLinks(GITHUB);
      if (!links) throw new Error('no links');
      const { create } = gapLinks(links, { editUrl: GITHUB, specDir }, { file, line: 1, create: true }, newFileText);
      const url = new URL(create ?? '');
      expect(`${url.origin}${url.pathname}`).toBe(`https://github.com/acme/spec/new/main/content/${area}/`);
      expect(url.searchParams.get('value')).toBe(written);
      expect(url.searchParams.get('filename')).toBe(file.slice(area.length + 1));
    }
  });

  it('reach the gaps of a spec read from disk: existing files at their line, a missing area file to be created', async () => {
    const analysis = await specAt(fixture('hostile'));
    const specDir = 'test/fixtures/hostile';
    const model = siteViews(analysis, { editUrl: GITHUB, specDir, newFile: (dir, file) => newFileText(dir, file) });
    expect(model.sources).toEqual({ editUrl: GITHUB, specDir });
    const gaps = new Map<string, FacetView>(model.areas.flatMap((a) => a.gaps.map((g) => [g.id, g] as const)));
    const domain = analysis.assessment.gaps.find((g) => g.id === 'purpose/domain');
    expect(domain?.line).toBeGreaterThan(1);
    // The view carries the links a page shows: the page calls nothing back for them.
    const blob = GITHUB.replace('/edit/', '/blob/');
    expect(gaps.get('purpose/domain')?.source).toEqual({ file: 'purpose/_area.yaml', line: domain?.line, links: { view: `${blob}purpose/_area.yaml#L${domain?.line}`, edit: `${GITHUB}purpose/_area.yaml` } });
    const create = gaps.get('errors/inventory')?.source;
    expect(create).toMatchObject({ file: 'errors/_area.yaml', line: 1, create: true });
    expect(new URL(create?.links.create ?? '').searchParams.get('value')).toBe(newFileText(specDir, 'errors/_area.yaml'));
    // Stated facets carry nothing; without an edit URL no gap does.
    expect(model.areas.flatMap((a) => a.facets).filter((f) => f.state === 'stated' && f.source !== undefined)).toEqual([]);
    const plain = siteViews(analysis);
    expect(plain.sources).toBeUndefined();
    expect(plain.areas.flatMap((a) => a.gaps).filter((g) => g.source !== undefined)).toEqual([]);
  });
});
