/**
 * Gap ids are `/`-separated paths (`resources/Order/fields/status/type`). A name written in the
 * spec becomes one segment, escaped so that two different places never share an id: `~` is
 * `~0` and `/` is `~1` (as in JSON pointers); inside a transition's segment, `,` is `~2` and
 * `>` is `~3`, so its separators `,` and `->` only ever separate.
 */
export function idSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

const inTransition = (name: string) => idSegment(name).replace(/,/g, '~2').replace(/>/g, '~3');

/** A transition's id segment: `draft->placed`, or `a,b->c` for several source states. */
export function transitionSegment(from: readonly string[], to: string): string {
  return `${from.map(inTransition).join(',')}->${inTransition(to)}`;
}

/** The id of a facet from its area, item and the keys below it: `resources/Order/fields/status/type`. */
export function facetId(area: string, item: string | undefined, ...keys: string[]): string {
  return [area, ...(item === undefined ? [] : [item]), ...keys.map(idSegment)].join('/');
}
