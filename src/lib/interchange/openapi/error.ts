import type { z } from 'zod';
import type { ItemInput } from '../../areas/index.ts';
import type { payloadSchema } from '../../areas/payload.ts';
import { Ids, type Unmapped } from '../result.ts';
import { titled } from '../text.ts';

type Payload = z.input<typeof payloadSchema>;

/**
 * A response's words as an error states them: a short line is its title, as a summary is (soft
 * line breaks read as spaces); text of several lines (amadeus' 13-row Markdown table of codes) is
 * its description, kept exactly as written, so that it reads as written and an export writes it
 * back unchanged (the page titles an error that states no title by its id). So is a line that
 * reads as a description, not a name: sentences, or Markdown a title would show raw (a link, code,
 * emphasis: t32t S3, "… See the [documentation on rate limiting](…) for more information.").
 */
function errorWords(description: string | undefined): { title?: string; description?: string } {
  if (description === undefined || description.trim() === '') return {};
  if (/\n/.test(description.trim()) || DESCRIBES.test(description)) return { description };
  return titled(description);
}

/** A line that is a description: sentences (`errorWords` in render/site names such an error by its key), a Markdown link or image, code, or emphasis. */
const DESCRIBES = /[.!?]\s+\S|!?\[[^\]]*\]\([^)]*\)|\[[^\]]+\]\[[^\]]*\]|`[^`]+`|(\*\*?|__)(?=\S)[^*_]*?\S\1/;

/**
 * The error codes of a document: one per response component (or per inline status, `default`
 * and ranges such as `5XX` included). A component used under a second status becomes a second
 * error, `<name>-<status>`, so every error keeps one status, and a second body under the same
 * name and status a second error (`<name>-2`), so every error keeps its one body, and so is a
 * response without words where the error has some (its export would say them). Shared bodies are
 * found by comparing them, not assumed.
 */
export class ErrorCollector {
  private readonly ids = new Ids();
  private readonly byKey = new Map<string, string>();
  private readonly firstStatus = new Map<string, string>();
  private readonly bodies = new Map<string, number>();
  /** The name taken for a body written in place, by its title, status and body. */
  private readonly chosen = new Map<string, string>();
  private readonly errors = new Map<string, { data: ItemInput<'errors'>; description?: string; body?: Payload }>();

  /**
   * The error a response is; `sameBody` says whether the response's body is the error's, so need not
   * be repeated. `named`: for a response written in place (no component), the names the document
   * gives it, tried in turn before `name` (`http-default`): its schema's title, then its
   * operation's id with the status (`chat_postMessage-default`); one is taken when no other body
   * has it at that status, so 174 operations' own `default` bodies are not `http-default-2` …
   * `http-default-112` (t32r N8) and one body shared by several operations stays one error.
   */
  add(name: string, status: string, description: string | undefined, body: Payload | undefined, named: readonly string[] = []): { id: string; description?: string; body: boolean } {
    if (named.length > 0) {
      // The same body under the same title and status is one error, whichever operation met it first.
      const same = `${named.length > 1 ? named[0] : ''}@${status}@${JSON.stringify(body ?? null)}`;
      const chosen = this.chosen.get(same) ?? named.find((n) => this.free(n, status, body));
      if (chosen !== undefined) {
        this.chosen.set(same, chosen);
        name = chosen;
      }
    }
    // One error per name, status and body: a second body under the same status is a second error.
    const shared = `${name}@${status}@${JSON.stringify(body ?? null)}`;
    // A response without words (`description: ""`) is not the error an earlier one gave words to: it would be written back with them.
    const worded = this.byKey.get(shared);
    const key = description === undefined && worded !== undefined && this.errors.get(worded)?.description !== undefined ? `${shared}@wordless` : shared;
    let id = this.byKey.get(key);
    if (id === undefined) {
      const first = this.firstStatus.get(name);
      if (first === undefined) this.firstStatus.set(name, status);
      const base = first === undefined || first === status ? name : `${name}-${status}`;
      // The same name and status with another body: a name of its own (`http-404-2`).
      const seen = (this.bodies.get(base) ?? 0) + 1;
      this.bodies.set(base, seen);
      id = this.ids.id(seen === 1 ? base : `${base}#${seen}`);
      this.byKey.set(key, id);
      const code = /^\d+$/.test(status) ? Number(status) : { open: status === 'default' ? 'The source gives this as its default response, for any status it does not list.' : `The source gives the range ${status}.` };
      this.errors.set(id, { data: { ...errorWords(description), status: code }, ...(description !== undefined ? { description } : {}), ...(body ? { body } : {}) });
    }
    const error = this.errors.get(id);
    const same = JSON.stringify(error?.body) === JSON.stringify(body);
    return { id, ...(error?.description !== undefined ? { description: error.description } : {}), body: same };
  }

  /** Whether a name can be an error of this status and body: no error has it yet at the status, or this very one has. */
  private free(name: string, status: string, body: Payload | undefined): boolean {
    if (this.byKey.has(`${name}@${status}@${JSON.stringify(body ?? null)}`)) return true;
    const first = this.firstStatus.get(name);
    const base = first === undefined || first === status ? name : `${name}-${status}`;
    // Not a name another error's id already is (`Error` beside an `error` component).
    return !this.bodies.has(base) && !this.ids.clashes(base);
  }

  /** The names kept under another id (`notFound` beside `NotFound` is `notFound-2`), said as every renamed name is; `where` is `''` for a name the document does not write (`http-404#2`). */
  reported(where: (name: string) => string): Unmapped[] {
    return this.ids.reported(where, 'response').filter((u) => u.pointer !== '');
  }

  /**
   * The errors, and the errors area's body when every error's body has one shape (the same
   * resource or schema and media types; examples and descriptions may differ). An error keeps its
   * own body where it says more than that shared one.
   */
  finish(): { items: Array<{ id: string; data: ItemInput<'errors'> }>; body?: Payload } {
    const all = [...this.errors.values()];
    const shape = (b: Payload | undefined) => (b === undefined ? undefined : JSON.stringify({ ...b, example: undefined, description: undefined }));
    const first = all[0]?.body;
    const shared = first !== undefined && all.every((e) => shape(e.body) === shape(first)) ? (({ example: _, description: __, ...rest }) => rest)(first) : undefined;
    return {
      items: [...this.errors].map(([id, e]) => ({ id, data: e.body && JSON.stringify(e.body) !== JSON.stringify(shared) ? { ...e.data, body: e.body } : e.data })),
      ...(shared ? { body: shared } : {}),
    };
  }
}
