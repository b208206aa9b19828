/**
 * Code highlighted by Starlight's Expressive Code, made light enough for a page that shows eight
 * samples: Expressive Code writes every token with both themes' colours inline
 * (`<span style="--0:#82AAFF;--1:#3B61B0">`), every line in two wrappers, and every block with its
 * copy button (a second copy of the code, and a script); eight samples of a GitHub operation took
 * 24 KB of a 60 KB page. Here each block becomes a plain `<pre><code>` of its lines, each colour
 * pair a short class (`c3`) defined once per page, whitespace unwrapped, and the copy button left
 * out: the colours are still in the page, so they show with JavaScript off, and nothing runs.
 *
 * Only Expressive Code's own markup is rewritten, matched exactly; a block that does not match
 * (another version's markup) is left as Expressive Code wrote it.
 */

/** One block as Expressive Code writes it: its stylesheet and script, a frame, the code's lines, the copy button. */
const BLOCK = /<div class="expressive-code">(?:<link rel="stylesheet" href="[^"<>]*">)?(?:<script type="module" src="[^"<>]*"><\/script>)?<figure class="frame[^"<>]*">(?:<figcaption class="header">(?:<span class="[^"<>]*">[^<]*<\/span>)*<\/figcaption>)?<pre data-language="([\w+#.-]*)"><code>((?:<div class="ec-line"><div class="code">(?:[^<]|<span[^>]*>|<\/span>)*<\/div><\/div>)*)<\/code><\/pre>(?:<div class="copy"><div aria-live="polite"><\/div><button(?: [\w-]+="[^"]*")*><div><\/div><\/button><\/div>)?<\/figure><\/div>/g;
const LINE = /<div class="ec-line"><div class="code">((?:[^<]|<span[^>]*>|<\/span>)*)<\/div><\/div>/g;
/** A token's colours for both themes (and their font style or weight): custom properties with plain values only. */
const TOKEN = /<span style="((?:--[0-9a-z]+:[#\w(),. %-]+;?)+)">/g;
const INDENT = /<span class="indent">((?:[^<]|<span[^>]*>[^<]*<\/span>)*)<\/span>/g;
const BLANK = /<span class=c\d+>(\s*)<\/span>/g;

/** The blocks of some HTML made light, and the stylesheet of the colour classes they use (empty when none). */
export function leanCode(html: string): { html: string; css: string } {
  const classes = new Map<string, string>();
  const out = html.replace(BLOCK, (_block, lang: string, lines: string) => {
    const code = [...lines.matchAll(LINE)]
      .map(([, line = '']) => line.replace(INDENT, '$1'))
      .join('\n')
      .replace(TOKEN, (_token, style: string) => {
        let name = classes.get(style);
        if (name === undefined) {
          name = `c${classes.size}`;
          classes.set(style, name);
        }
        return `<span class=${name}>`;
      })
      .replace(BLANK, '$1');
    // The block's most frequent colours are its own: those tokens need no element of their own.
    const counts = new Map<string, number>();
    for (const [, name = ''] of code.matchAll(/<span class=(c\d+)>/g)) counts.set(name, (counts.get(name) ?? 0) + 1);
    const base = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const lean = base === undefined ? code : code.replace(new RegExp(`<span class=${base}>([^<]*)<\\/span>`, 'g'), '$1');
    return `<pre class="sample-code${base === undefined ? '' : ` ${base}`}" data-language="${lang}" tabindex="0"><code>${lean}</code></pre>`;
  });
  // A block and its tokens sit in the samples' section: one selector names both.
  const css = [...classes].map(([style, name]) => `.samples .${name}{${style}}`).join('');
  return { html: out, css };
}

/** Where a page keeps the blocks it holds back from Starlight's tabs, in `Astro.locals` (a fresh object per page). */
const HELD = Symbol.for('specbench.held-code');
/** A held block's place: a focusable element, as the block's copy button is, so the tabs give its panel no `tabindex` either way. */
const PLACE = /<div data-sb-held="(\d+)"[^<>]*><\/div>/g;
/** A whole block as Expressive Code writes it, its copy button a plain one (focusable, as the tabs test it). */
const WHOLE = new RegExp(`^(?:${BLOCK.source})$`);
const PLAIN_BUTTON = /<button(?: (?!disabled=|hidden=|tabindex=)[\w-]+="[^"]*")*>/;

type Locals = Record<symbol, unknown>;
/** The blocks a page holds, by key, and how many it has held. */
interface Held {
  made: number;
  blocks: Map<string, string>;
}

/**
 * One highlighted block inside Starlight's `<Tabs>`, held back until `releaseCode` puts it in place:
 * the tabs read their panels' HTML into a tree, look for a focusable element in each and write
 * them out again, which for Expressive Code's markup (every token an element) was an eighth of a
 * build's time. The tabs see a placeholder instead. Only a block of Expressive Code's own markup
 * is held, which hast writes out exactly as it reads it; one with a carriage return or a NUL (which
 * an HTML parser rewrites) or any other markup is left where it is, for the tabs to read.
 */
export function holdCode(locals: object, html: string): string {
  if (!WHOLE.test(html) || !PLAIN_BUTTON.test(html) || /[\r\0]/.test(html)) return html;
  const store = locals as Locals;
  const held = (store[HELD] ??= { made: 0, blocks: new Map<string, string>() }) as Held;
  // Counted, never reused: another section's tabs may put theirs back in between.
  const key = String(held.made++);
  held.blocks.set(key, html);
  return `<div data-sb-held="${key}" tabindex="0"></div>`;
}

/** The HTML with each block `holdCode` held back in its place again; a placeholder whose block is not held is an error, never dropped. */
export function releaseCode(locals: object, html: string): string {
  const blocks = ((locals as Locals)[HELD] as Held | undefined)?.blocks;
  return html.replace(PLACE, (_place, key: string) => {
    const block = blocks?.get(key);
    if (block === undefined) throw new Error(`A code block held back from the tabs (${key}) was not found on this page.`);
    blocks?.delete(key);
    return block;
  });
}
