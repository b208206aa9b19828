import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway git repository with a spec folder; commits get fixed authors and dates. */
export async function makeRepo(): Promise<{ root: string; git: (...args: string[]) => string; commit: (message: string, files: Record<string, string | null>) => Promise<string> }> {
  const root = await mkdtemp(join(tmpdir(), 'specbench-repo-'));
  let tick = 0;
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Spec Writer',
        GIT_AUTHOR_EMAIL: 'writer@example.com',
        GIT_COMMITTER_NAME: 'Spec Writer',
        GIT_COMMITTER_EMAIL: 'writer@example.com',
        GIT_AUTHOR_DATE: `2026-01-0${1 + tick} 12:00:00 +0000`,
        GIT_COMMITTER_DATE: `2026-01-0${1 + tick} 12:00:00 +0000`,
      },
    });
  git('init', '-q', '-b', 'main');
  const commit = async (message: string, files: Record<string, string | null>) => {
    for (const [path, text] of Object.entries(files)) {
      const full = join(root, path);
      if (text === null) await rm(full, { force: true });
      else {
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, text);
      }
    }
    git('add', '-A');
    git('commit', '-q', '-m', message);
    tick++;
    return git('rev-parse', 'HEAD').trim();
  };
  return { root, git, commit };
}

/** The real content/ (the empty spec) copied into a repository folder. */
export async function copyContent(root: string, to = 'spec'): Promise<void> {
  await cp('content', join(root, to), { recursive: true });
}
