import type { SpecDiff } from './diff.ts';

/** What a change counts, as the pull-request comment and the Changes page both say it: one source for both. */
export interface ChangeCounts {
  breaking: number;
  closed: number;
  opened: number;
  /** Open gaps before and after. */
  open: { before: number; after: number };
  added: number;
  removed: number;
  renamed: number;
  changed: number;
  /** Areas whose own file changed. */
  areaFiles: number;
  /** Every line of the list of items: items added, removed, renamed or changed, and area files changed. */
  items: number;
}

export function changeCounts(d: SpecDiff): ChangeCounts {
  const [added, removed, renamed, changed, areaFiles] = [d.itemsAdded.length, d.itemsRemoved.length, d.itemsRenamed.length, d.itemsChanged.length, d.areasChanged.length];
  return {
    breaking: d.breaking.length,
    closed: d.gapsClosed.length,
    opened: d.gapsOpened.length,
    open: { ...d.gapCount },
    added,
    removed,
    renamed,
    changed,
    areaFiles,
    items: added + removed + renamed + changed + areaFiles,
  };
}
