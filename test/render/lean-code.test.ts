import { describe, expect, it } from 'vitest';
import { leanCode } from '../../src/site/lean-code.ts';

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
