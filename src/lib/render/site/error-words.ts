/**
 * How a response names the error it is, in one sentence whatever the error's title: none ("The
 * error `http-404`"), a name ("The error Conflict `http-409`"), or words that name it themselves,
 * starting with an article or saying "error" ("The detailed error response." reads "The detailed
 * error response (`http-404`)", not "The error The detailed error response."), the title's closing
 * full stop left to the sentence. A title that is a whole description (sentences, a Markdown link:
 * t32s R12, Asana's "This usually occurs because of a missing or malformed parameter. Check the
 * documentation…", and "See the [documentation on rate limiting](…)" printed raw) is not a name:
 * the error is named by its key, the title left to the error's page.
 */
export function errorWords(label: string, key: string): { label: string; titled: boolean; phrase: boolean } {
  const described = /[.!?]\s+\S/.test(label.trim()) || /\[[^\]]*\]\([^)]*\)/.test(label);
  const titled = label !== key && !described;
  const phrase = titled && /^(?:the|an?)\s|\berrors?\b/i.test(label);
  return { label: !titled ? key : phrase ? label.replace(/(?<!\.)\.$/, '') : label, titled, phrase };
}
