/**
 * The mock's own answers, as RFC 9457 problem details (`application/problem+json`): a gap that
 * leaves the answer open, a request the spec forbids, a path or method it does not state. Their
 * `type` is a `urn:specbench:mock:` name, so that no client takes them for the spec's own bodies.
 */

/** A problem document and its text. */
export interface Problem {
  status: number;
  text: string;
}

/** The kinds of problem the mock answers with. */
export type ProblemType = 'open-gap' | 'invalid-request' | 'unsupported-media-type' | 'not-acceptable' | 'no-endpoint' | 'method-not-allowed' | 'unstated-status' | 'informational-status' | 'unknown-example' | 'external-example' | 'cannot-write' | 'cannot-make' | 'spec-unreadable' | 'unauthorized' | 'rate-limited' | 'too-large' | 'bad-path' | 'bad-query' | 'internal-error' | 'stopping' | 'busy' | 'body-stalled';

/** A problem with its status, kind, title, detail and members of its own (`gaps`, `errors`, `closest`). */
export function problem(p: { status: number; type: ProblemType; title: string; detail: string; extra?: Record<string, unknown> }): Problem {
  const doc = { type: `urn:specbench:mock:${p.type}`, title: p.title, status: p.status, detail: p.detail, ...(p.extra ?? {}) };
  return { status: p.status, text: `${JSON.stringify(doc, null, 2)}\n` };
}
