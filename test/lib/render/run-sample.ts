import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A value that breaks out of a string in one language or another and, when it does, leaves a mark:
 * a file `pwned` in the folder it runs in (shell, Ruby, PHP) or `globalThis.__pwned` (JavaScript).
 */
export const HOSTILE = `it's "dq" \\back $(touch pwned) \`touch pwned\` \${HOME} #{File.write('pwned','x')} {\${system('touch pwned')}}'); globalThis.__pwned = 1; ('\nline2 </script><script>alert(1)</script>`;

/**
 * Runs a curl sample under bash with `curl` replaced by a function that writes its arguments
 * down: first `bash -n` (it must parse), then for real in a fresh folder. Returns the arguments
 * curl would get, and whether anything in the sample ran (the mark was left).
 */
export async function runCurl(code: string): Promise<{ args: string[]; ran: boolean }> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-curl-'));
  const script = join(dir, 'sample.sh');
  await writeFile(script, `curl() { for a in "$@"; do printf '%s\\0' "$a"; done > args; }\n${code}\n`);
  await run('bash', ['-n', script]);
  await run('bash', [script], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir } });
  const args = (await readFile(join(dir, 'args'), 'utf8')).split('\0').slice(0, -1);
  return { args, ran: existsSync(join(dir, 'pwned')) };
}

/** The value of a curl option in its arguments (`--data`), every one of them when it repeats. */
export const curlOption = (args: readonly string[], option: string): string[] => args.flatMap((a, i) => (a === option && args[i + 1] !== undefined ? [args[i + 1] as string] : []));

/**
 * Runs a JavaScript fetch sample with `fetch` replaced by a stub that writes the request down: it
 * must parse (`new Function`), and runs with no other way out than the globals it names. Returns
 * the request, its body as text, and whether anything in the sample ran.
 */
export async function runFetch(code: string): Promise<{ url: string; method: string; headers: Record<string, string>; body?: string; ran: boolean }> {
  const calls: Array<[string, RequestInit | undefined]> = [];
  const stub = (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    return Promise.resolve(new Response(''));
  };
  const flag = globalThis as { __pwned?: unknown };
  delete flag.__pwned;
  // The sample's own globals are the ones a browser has; `fetch` is the stub.
  new Function('fetch', code)(stub);
  const ran = flag.__pwned !== undefined;
  delete flag.__pwned;
  const [url = '', init] = calls[0] ?? [];
  const body = init?.body;
  const text = body === undefined || body === null ? undefined : body instanceof FormData ? JSON.stringify([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`])) : String(body);
  return { url, method: init?.method ?? 'GET', headers: Object.fromEntries(Object.entries((init?.headers as Record<string, string> | undefined) ?? {})), ...(text !== undefined ? { body: text } : {}), ran };
}
