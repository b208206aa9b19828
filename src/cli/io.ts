/** What a command may touch of the outside world; tests pass their own. */
export interface Io {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Exit codes, documented in the guide's command line page. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** A wrong command line: printed with the usage, exit 2. */
export class UsageError extends Error {}
