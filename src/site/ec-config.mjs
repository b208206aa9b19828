// @ts-check
/**
 * Expressive Code's options for the site's code blocks (the samples on item pages and the guide's
 * blocks), as a project's `ec.config.mjs` gives them: the plugin hands this file to Expressive Code
 * where the project has no `ec.config.mjs` of its own (see `ecConfigHooks` in plugin.ts).
 *
 * The same content must give the same bytes. Shiki stops colouring a line after 500 ms by default
 * (`tokenizeTimeLimit`), so on a busy machine the first line of a block, which pays for compiling
 * its language's grammar, came out in other colours from one build to the next. Here no line has a
 * time limit; a line longer than `LONGEST_LINE` characters is left uncoloured instead, on every
 * build alike, so no value bounds a build's time by how long a grammar takes over it.
 */
export const LONGEST_LINE = 2_000;

export default {
  shiki: {
    transformers: [
      {
        name: 'specbench: the same colours on every build',
        /** @param {string} _code @param {{ tokenizeTimeLimit?: number; tokenizeMaxLineLength?: number }} options */
        preprocess(_code, options) {
          options.tokenizeTimeLimit = 0;
          options.tokenizeMaxLineLength = LONGEST_LINE;
        },
      },
    ],
  },
};
