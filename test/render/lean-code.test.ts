import { describe, expect, it } from 'vitest';
import { holdCode, leanCode, releaseCode } from '../../src/site/lean-code.ts';

/** A block as Expressive Code 0.44 writes it (`<Code frame="none">`), with its copy button. */
const block = (lines: string[], code: string) =>
  `<div class="expressive-code"><link rel="stylesheet" href="/_astro/ec.css"><script type="module" src="/_astro/ec.js"></script><figure class="frame not-content"><figcaption class="header"></figcaption><pre data-language="sh"><code>${lines.map((l) => `<div class="ec-line"><div class="code">${l}</div></div>`).join('')}</code></pre><div class="copy"><div aria-live="polite"></div><button title="Copy to clipboard" data-copied="Copied!" data-code="${code}"><div></div></button></div></figure></div>`;

const CMD = '--0:#82AAFF;--1:#3B61B0';
const STR = '--0:#ECC48D;--1:#984E4D';
const FG = '--0:#D6DEEB;--1:#403F53';

describe('code highlighted by Expressive Code, written light', () => {
  it('keeps the colours of both themes as short classes, unwraps whitespace and the block’s own colour, drops the copy button and the script', () => {
    const html = block(
      [`<span style="${CMD}">curl</span><span style="${FG}"> </span><span style="${STR}">'a &#x3C;b>'</span><span style="${FG}"> \\</span>`, `<span class="indent"><span style="${FG}">  </span></span><span style="${CMD}">--data</span><span style="${FG}"> x</span><span style="${FG}">=</span>`],
      "curl 'a <b>' \\\x7f  --data x",
    );
    const { html: lean, css } = leanCode(`<p>before</p>${html}<p>after</p>`);
    // The most frequent colours (the plain text's) are the block's own; whitespace needs no element.
    expect(lean).toBe(`<p>before</p><pre class="sample-code c1" data-language="sh" tabindex="0"><code><span class=c0>curl</span> <span class=c2>'a &#x3C;b>'</span> \\\n  <span class=c0>--data</span> x=</code></pre><p>after</p>`);
    expect(css).toBe(`.samples .c0{${CMD}}.samples .c1{${FG}}.samples .c2{${STR}}`);
    expect(lean).not.toMatch(/<script|<button|data-code|expressive-code/);
  });

  it('leaves what is not Expressive Code’s markup as it is, and a block it does not recognise whole', () => {
    const other = '<pre><code><span style="--0:#000;--1:#fff">x</span></code></pre>';
    const changed = block([`<span style="${CMD}">a</span>`], 'a').replace('<figcaption class="header"></figcaption>', '<figcaption class="header"><b>title</b></figcaption>');
    expect(leanCode(other + changed)).toEqual({ html: other + changed, css: '' });
  });

  it('takes no style that is not plain colours into the stylesheet', () => {
    const hostile = block([`<span style="--0:#fff}body{display:none">x</span>`], 'x');
    const { css } = leanCode(hostile);
    expect(css).toBe('');
  });
});

/**
 * Starlight's own tab processing (`<Tabs>` runs it on its panels' HTML): not among the package's
 * exports, so read from its file; if a Starlight update moves it, this test says so.
 */
const { processPanels } = (await import('../../node_modules/@astrojs/starlight/dist/user-components/tabs-processor.js')) as {
  processPanels: (html: string, index: number) => { html: string; panels: unknown[] };
};

/** What `<Tabs>` and `LeanCode` make of some panels, each held back from the tabs by `HeldCode` or not. */
function tabbed(blocks: string[], hold: boolean): { html: string; panels: unknown[] } {
  const locals = {};
  const panels = blocks.map((b, i) => `<starlight-tab-item data-label="L${i}">${hold ? holdCode(locals, b) : b}</starlight-tab-item>`).join('');
  const processed = processPanels(panels, 0);
  return { html: leanCode(releaseCode(locals, processed.html)).html, panels: processed.panels };
}

describe('code held back from the tabs', () => {
  // Text as hast writes it (as Expressive Code does) that a parser could read another way: markup characters, references, quotes, non-ASCII, a tab, DEL (the copy button's line break).
  const tricky = [
    `<span style="${CMD}">curl</span><span style="${FG}"> -d </span><span style="${STR}">'{"a":"&#x3C;b> &#x26; c &#x26;amp; é 😀 \u00a0\t"}'</span>`,
    `<span class="indent"><span style="${FG}">  </span></span><span style="${STR}">"&#x3C;/code>&#x3C;/pre>"</span>`,
  ];
  const blocks = [block(tricky, `curl -d '{&#x22;a&#x22;:&#x22;&#x3C;b> &#x26; c&#x22;}'\x7f  x`), block([`<span style="${CMD}">fetch</span>`], 'fetch'), `<pre class="sample-code" data-language="sh" tabindex="0"><code>plain &#x3C;b></code></pre>`];

  it('gives the same page as the tabs reading every block, while the tabs read placeholders only', () => {
    const locals = {};
    const held = blocks.map((b) => holdCode(locals, b));
    expect(held[0]).toBe('<div data-sb-held="0" tabindex="0"></div>');
    expect(held[1]).toBe('<div data-sb-held="1" tabindex="0"></div>');
    // Not Expressive Code's markup: left for the tabs to read.
    expect(held[2]).toBe(blocks[2]);
    expect(tabbed(blocks, true)).toEqual(tabbed(blocks, false));
    expect(tabbed(blocks, true).html).toContain('<span class=c0>curl</span>');
  });

  it('leaves a block the HTML parser would rewrite (a carriage return, a NUL) or one without its focusable copy button for the tabs to read', () => {
    const cr = block([`<span style="${CMD}">a\rb</span>`], 'a');
    const nul = block([`<span style="${CMD}">a\0b</span>`], 'a');
    const noButton = block([`<span style="${CMD}">a</span>`], 'a').replace(/<div class="copy">.*<\/div><\/figure>/, '</figure>');
    const disabled = block([`<span style="${CMD}">a</span>`], 'a').replace('<button title=', '<button disabled="" title=');
    for (const b of [cr, nul, noButton, disabled]) expect(holdCode({}, b)).toBe(b);
    // Without the button, the tabs make the panel itself focusable: a placeholder would have hidden that.
    expect(tabbed([noButton], false).html).toContain('tabindex="0"');
  });

  it('puts back each page’s own blocks, each once, and fails on a placeholder whose block is not held', () => {
    const one = {};
    const two = {};
    const a = holdCode(one, blocks[0] ?? '');
    holdCode(two, blocks[1] ?? '');
    expect(releaseCode(one, a)).toBe(blocks[0]);
    expect(releaseCode(two, a)).toBe(blocks[1]);
    // Each is put back once: a placeholder seen again (or never made) is an error.
    expect(() => releaseCode(one, a)).toThrow(/held back from the tabs \(0\) was not found/);
    expect(() => releaseCode(two, '<div data-sb-held="7" tabindex="0"></div>')).toThrow(/held back from the tabs \(7\) was not found/);
  });
});
