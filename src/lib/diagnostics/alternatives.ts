/**
 * Two alternatives of one form written together (`trigger: { endpoint: a, condition: b }`, a body
 * with both `resource` and `schema`): the one wording for it, wherever it is found. `subject` is
 * what says them (`The body`, `` `trigger` ``); `form`, when given, is the form the place takes.
 */
export function oneOfThem(subject: string, keys: readonly string[], form?: string): string {
  const said = keys.map((k) => `\`${k}\``).join(' and ');
  return `${subject} says ${said}; it is one of them. Keep the one that is meant${form === undefined ? '.' : `: \`${form}\`.`}`;
}
