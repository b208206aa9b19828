import { describe, expect, it } from 'vitest';
import { linkOnSite } from '../../../src/lib/render/paths.ts';

describe('a link written in the spec, on the site', () => {
  it('resolves a relative link against the page of what states it, so every page that shows it leads to the same place', () => {
    expect(linkOnSite('../gaps/', '/purpose/')).toBe('/gaps/');
    expect(linkOnSite('../../gaps/', '/spec/endpoints/get-order/')).toBe('/spec/gaps/');
    expect(linkOnSite('#f-x', '/purpose/')).toBe('/purpose/#f-x');
    expect(linkOnSite('notes/?q=<b>"x"', '/purpose/')).toBe('/purpose/notes/?q=%3Cb%3E%22x%22');
  });

  it('leaves absolute links as written', () => {
    expect(linkOnSite('https://github.com/acme/spec/issues/1', '/purpose/')).toBe('https://github.com/acme/spec/issues/1');
    expect(linkOnSite('//cdn.example/x', '/purpose/')).toBe('//cdn.example/x');
  });
});
