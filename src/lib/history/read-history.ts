import { relative, resolve, sep } from 'node:path';
import { counted } from '../facet/words.ts';
import { Engine } from '../engine/engine.ts';
import { firstParent, gitRoot, readSpecAt, specCommits } from '../load/read-git.ts';
import { CHANGELOG_LIST_LIMIT, changelogEntry, type Changelog } from './changelog.ts';
import { historyPoint, type GapHistory, type HistoryStep, type SpecBefore } from './history.ts';

/**
 * Walks the last `limit` commits that touched a spec folder, oldest first, analysing each once and
 * handing it to `visit` with the spec before it; only two analyses are held at a time. With
 * `before` false, the oldest commit's predecessor is not read (the gap history does not need it).
 * One engine follows the walk, so a commit costs the files it changed. Returns how far back the
 * walk could see, in words.
 */
export async function walkSpecHistory(dir: string, limit: number, visit: (step: HistoryStep) => void, before = true, engine: Engine = new Engine()): Promise<{ note: string }> {
  const root = await gitRoot(resolve(dir));
  if (!root) return { note: 'Not in a git repository: no history.' };
  const rel = relative(root, resolve(dir)).split(sep).join('/');
  const { commits, shallow } = await specCommits(root, rel, limit);
  const first = commits[0];
  if (!first) return { note: 'No commit has touched the spec yet.' };
  let previous: SpecBefore = before ? await specBefore(root, first.sha, rel, engine) : { kind: 'unknown' };
  for (const commit of commits) {
    const { analysis } = engine.update(await readSpecAt(root, commit.sha, rel));
    visit({ commit, analysis, before: previous });
    previous = { kind: 'previous', analysis };
  }
  const reach = shallow
    ? `a shallow clone: history starts at ${first.sha.slice(0, 7)} (${first.date.slice(0, 10)}); older commits were not fetched`
    : commits.length === limit
      ? `the last ${limit} commits that touched the spec`
      : 'every commit that touched the spec';
  return { note: `${counted(commits.length, 'commit')}, ${reach}.` };
}

/** The spec just before a commit: at its first parent, empty at the repository's first commit, unknown past a shallow clone's edge. */
async function specBefore(root: string, sha: string, rel: string, engine: Engine): Promise<SpecBefore> {
  const parent = await firstParent(root, sha);
  if (parent.kind === 'missing') return { kind: 'unknown' };
  const files = parent.kind === 'root' ? [] : await readSpecAt(root, parent.sha, rel);
  return { kind: files.length === 0 ? 'empty' : 'previous', analysis: engine.update(files).analysis };
}

/** Reads the gap history of a spec folder from git: the last `limit` commits that touched it. */
export async function readGapHistory(dir: string, limit = 100): Promise<GapHistory> {
  const points: GapHistory['points'] = [];
  const { note } = await walkSpecHistory(dir, limit, ({ commit, analysis }) => points.push(historyPoint(commit, analysis)), false);
  return { points, note };
}

/**
 * The gap history and the changelog from one walk over git (each commit analysed once), for the
 * site: the chart and the changelog then agree on how far back they see. Each list of an entry
 * keeps at most `listLimit` names (with the whole count).
 */
export async function readSpecHistory(dir: string, limit = 100, listLimit = CHANGELOG_LIST_LIMIT): Promise<{ history: GapHistory; changelog: Changelog }> {
  const points: GapHistory['points'] = [];
  const entries: Changelog['entries'] = [];
  const { note } = await walkSpecHistory(dir, limit, (step) => {
    points.push(historyPoint(step.commit, step.analysis));
    entries.push(changelogEntry(step, listLimit));
  });
  return { history: { points, note }, changelog: { entries: entries.reverse(), note } };
}
