import { counted } from '../facet/words.ts';
import { relative, resolve, sep } from 'node:path';
import { analyze } from '../analyze.ts';
import { gitRoot, readSpecAt, specCommits } from '../load/read-git.ts';
import { historyPoint, type GapHistory } from './history.ts';

/** Reads the gap history of a spec folder from git: the last `limit` commits that touched it. */
export async function readGapHistory(dir: string, limit = 100): Promise<GapHistory> {
  const root = await gitRoot(resolve(dir));
  if (!root) return { points: [], note: 'Not in a git repository: no history.' };
  const rel = relative(root, resolve(dir)).split(sep).join('/');
  const { commits, shallow } = await specCommits(root, rel, limit);
  if (commits.length === 0) return { points: [], note: 'No commit has touched the spec yet.' };
  const points = [];
  for (const c of commits) points.push(historyPoint(c, analyze(await readSpecAt(root, c.sha, rel))));
  const first = commits[0];
  const reach = shallow
    ? `a shallow clone: history starts at ${first?.sha.slice(0, 7)} (${first?.date.slice(0, 10)}); older commits were not fetched`
    : commits.length === limit
      ? `the last ${limit} commits that touched the spec`
      : 'every commit that touched the spec';
  return { points, note: `${counted(commits.length, 'commit')}, ${reach}.` };
}
