import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import specbench, { siteSettings, type SpecbenchOptions } from '../../src/site/plugin.ts';
import { MAX_BASE, type OptionName } from '../../src/site/options.ts';

/** The Starlight fixture's root: its spec is `../complete`. */
const ROOT = resolve('test/fixtures/starlight-site');
/** What the plugin makes of `options` (a config is plain JavaScript: anything may arrive), or the message it stops with. */
function said(options: unknown, env: Record<string, string | undefined> = {}): string {
  try {
    siteSettings(options as SpecbenchOptions, ROOT, '/', env);
    return 'taken';
  } catch (error) {
    // A raw TypeError from deeper down (`given.replace is not a function`) is what this guards against.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).constructor).toBe(Error);
    return (error as Error).message;
  }
}
const withSpec = (options: Record<string, unknown>) => ({ spec: '../complete', ...options });

describe('the plugin options, hostile and careless (issue 30, P1)', () => {
  it.each([
    [123, 'the number 123'],
    [['api'], 'an array'],
    [null, 'null'],
    [true, 'the boolean true'],
    [{ path: 'api' }, 'an object'],
  ])('refuses base %j with a message naming specbench({ base }), never a TypeError', (base, kind) => {
    expect(said(withSpec({ base }))).toBe(`specbench({ base }): expected a path inside the site as a string (e.g. \`api\`), got ${kind}.`);
  });

  it.each([
    [123, 'the number 123'],
    [['content'], 'an array'],
    [null, 'null'],
  ])('refuses spec %j with a message naming specbench({ spec }), never Node\'s "paths[1]" error', (spec, kind) => {
    expect(said({ spec })).toBe(`specbench({ spec }): expected the spec folder as a path string (from the project's root, e.g. \`content\`, or absolute), got ${kind}.`);
  });

  it('refuses a spec holding a NUL, shown visibly, never Node\'s null-byte error', () => {
    expect(said({ spec: '\0' })).toBe('specbench({ spec }): `␀` holds a NUL character, which no path can.');
    expect(said({ spec: 'content\0/x' })).toBe('specbench({ spec }): `content␀/x` holds a NUL character, which no path can.');
  });

  it.each([
    ['.', '`.` is'],
    ['', 'an empty string is'],
    ['./', '`./` is'],
    ['a/..', '`a/..` is'],
    [ROOT, `\`${ROOT}\` is`],
    [`${ROOT}/`, `\`${ROOT}/\` is`],
    ['..', '`..` holds'],
    ['../..', '`../..` holds'],
    ['/', '`/` holds'],
  ])('refuses spec %j: the project root itself, or a folder holding it, would read every YAML file of the project', (spec, start) => {
    expect(said({ spec })).toBe(
      `specbench({ spec }): ${start} the project's root folder (${ROOT}), so every YAML file of the project, node_modules/ included, would be read as the spec; the spec is a folder of area folders inside the project, e.g. \`content\`.`,
    );
  });

  it.each([
    ['_astro', 'the folder where Astro writes the built scripts, styles and images'],
    ['/_astro/', 'the folder where Astro writes the built scripts, styles and images'],
    ['_ASTRO/spec', 'the folder where Astro writes the built scripts, styles and images'],
    ['pagefind', 'the folder of Starlight\'s search index'],
    ['Pagefind/x', 'the folder of Starlight\'s search index'],
    ['404.html', 'the site\'s not-found page'],
    ['404', 'the site\'s not-found page'],
    ['index.html', 'the site\'s home page'],
    ['sitemap-index.xml', 'a file of the sitemap Starlight writes'],
    ['sitemap-0.xml', 'a file of the sitemap Starlight writes'],
    ['favicon.svg', 'Starlight\'s icon of the site'],
    ['_image', 'an address Astro serves itself'],
    ['_server-islands', 'an address Astro serves itself'],
    ['_specbench', 'where the dev server answers Specbench\'s own requests'],
  ])('refuses base %j: its first name is what Astro, Starlight or Specbench writes at the output\'s root', (base, what) => {
    const first = base.replace(/^\/+/, '').split('/')[0] ?? '';
    expect(said(withSpec({ base }))).toBe(`specbench({ base }): \`${first}\` is ${what}: the spec's pages would collide with it in the build's output. Choose another first name, e.g. \`api\`.`);
  });

  it('takes those names deeper in a base, and names that only look like them', () => {
    for (const base of ['api/_astro', 'api/pagefind', 'astro', 'pagefinder', 'sitemap', 'sitemap-index', '404s', 'my-index.html', 'api']) expect(said(withSpec({ base })), base).toBe('taken');
  });

  it('bounds the length of a base, showing only its start', () => {
    expect(said(withSpec({ base: 'x'.repeat(MAX_BASE) }))).toBe('taken');
    expect(said(withSpec({ base: `${'a/'.repeat(MAX_BASE / 2 - 1)}b` }))).toBe('taken');
    const message = said(withSpec({ base: 'x'.repeat(5000) }));
    expect(message).toBe(`specbench({ base }): \`${'x'.repeat(60)}…\` is 5,000 characters long; a base is at most ${MAX_BASE}.`);
    expect(said(withSpec({ base: 'x'.repeat(MAX_BASE + 1) }))).toMatch(/^specbench\(\{ base \}\): `x+…` is 201 characters long; a base is at most 200\.$/);
  });

  it('checks the type of every other option, naming each, one line for each problem', () => {
    expect(said(withSpec({ label: 5, guide: 'yes', editUrl: 7 })).split('\n')).toEqual([
      "specbench({ label }): expected the sidebar group's name as a string, got the number 5.",
      'specbench({ guide }): expected true or false (whether to serve the guide pages), got the string `yes`.',
      'specbench({ editUrl }): expected an absolute http or https URL as a string, got the number 7.',
    ]);
    expect(said(withSpec({ label: '' }))).toBe('specbench({ label }): expected a name for the sidebar group, got an empty string (leave the option out for the default, `Specification`).');
    expect(said(withSpec({ label: 'Orders\n<b>API' }))).toBe('specbench({ label }): `Orders\\n<b>API` holds a line break or another control character; a label is one line.');
    expect(said(withSpec({ label: 'L'.repeat(201) }))).toMatch(/^specbench\(\{ label \}\): `L+…` is 201 characters long; a label is at most 200\.$/);
    expect(said(withSpec({ editUrl: `https://example.com/${'e'.repeat(2100)}` }))).toMatch(/^specbench\(\{ editUrl \}\): `https:\/\/example\.com\/e+…` is 2,120 characters long; an edit URL is at most 2048\.$/);
    expect(said(withSpec({ label: 'Orders API', guide: false, editUrl: 'https://github.com/acme/spec/edit/main/content/', base: 'api' }))).toBe('taken');
  });

  it('refuses a misspelled option and options that are not an object', () => {
    expect(said(withSpec({ bsae: 'api' }))).toBe('specbench({ bsae }): not an option of the plugin; its options are `spec`, `base`, `label`, `guide`, `editUrl`, `compare`.');
    for (const [options, kind] of [
      ['api', 'the string `api`'],
      [null, 'null'],
      [['api'], 'an array'],
      [7, 'the number 7'],
    ] as const) {
      expect(said(options)).toBe(`specbench(options): expected an object of options such as \`{ spec: 'content', base: 'api' }\`, got ${kind}.`);
    }
  });

  it('checks the same options the plugin declares', () => {
    // Compile-time (tsc): an option added to SpecbenchOptions and not to the checks, or the other way round, does not type-check.
    expectTypeOf<OptionName>().toEqualTypeOf<keyof SpecbenchOptions>();
    const declared: Record<keyof SpecbenchOptions, true> = { spec: true, base: true, label: true, guide: true, editUrl: true, compare: true };
    for (const name of Object.keys(declared)) expect(said(withSpec({ [name]: Symbol('x') }))).toMatch(new RegExp(`^specbench\\(\\{ ${name} \\}\\): expected .*, got a symbol\\.$`));
  });

  it('stops the plugin itself, in its config:setup hook, before anything is read or added', async () => {
    const plugin = specbench({ spec: '../complete', base: 123 } as unknown as SpecbenchOptions);
    const added: string[] = [];
    const context = {
      config: {},
      astroConfig: { root: pathToFileURL(`${ROOT}/`), base: '/' },
      command: 'build',
      updateConfig: () => added.push('config'),
      addIntegration: () => added.push('integration'),
      addRouteMiddleware: () => added.push('middleware'),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    };
    const setup = plugin.hooks['config:setup'] as unknown as (c: typeof context) => Promise<void>;
    await expect(setup(context)).rejects.toThrow(/^specbench\(\{ base \}\): expected a path inside the site as a string \(e\.g\. `api`\), got the number 123\.$/);
    expect(added).toEqual([]);
  });
});
