import { z } from 'zod';
import type { Path } from '../facet/path.ts';
import { stated } from '../facet/state.ts';
import { idSchema, nameSchema } from '../facet/values.ts';
import type { AddReference } from './keys.ts';

/** One scheme a call must satisfy, with the scopes of it the call needs. */
export const securityRequirement = z.strictObject({
  /** An authentication scheme id. */
  scheme: idSchema,
  /** Scopes of that scheme the call needs. */
  scopes: z.array(nameSchema).optional(),
});

/**
 * One way a call can be authorized: one requirement, several that must all hold (`all`), or no
 * authentication at all (`anonymous: true`). A list of these means any one of them will do.
 */
export const securityAlternative = z.union([
  securityRequirement,
  z.strictObject({ /** Requirements that must all hold together. */ all: z.array(securityRequirement).min(2) }),
  z.strictObject({ /** Calling without any credentials also works. */ anonymous: z.literal(true) }),
]);
export type SecurityAlternative = z.infer<typeof securityAlternative>;
export type SecurityRequirement = z.infer<typeof securityRequirement>;

/** The requirements of a list of alternatives, each with where it is written. */
export function requirements(alternatives: readonly SecurityAlternative[] | undefined): Array<{ requirement: SecurityRequirement; path: Path }> {
  return (alternatives ?? []).flatMap((alt, i) =>
    'scheme' in alt ? [{ requirement: alt, path: [i] }] : 'all' in alt ? alt.all.map((r, j) => ({ requirement: r, path: [i, 'all', j] })) : [],
  );
}

const requirement = (r: SecurityRequirement) => `${r.scheme}${r.scopes?.length ? ` (${r.scopes.join(', ')})` : ''}`;

/** Security alternatives in words: "oauth2 (orders:read) and api-key, or no authentication". */
export function describeSecurity(alternatives: readonly SecurityAlternative[]): string {
  return alternatives.map((alt) => ('scheme' in alt ? requirement(alt) : 'all' in alt ? alt.all.map(requirement).join(' and ') : 'no authentication')).join(', or ');
}

/** The schemes a stated security facet names. */
export function securityReferences(value: unknown, path: Path, add: AddReference): void {
  const alternatives = stated(value);
  if (!Array.isArray(alternatives)) return;
  for (const { requirement, path: at } of requirements(alternatives as SecurityAlternative[])) add({ path: [...path, ...at, 'scheme'], area: 'authentication', id: requirement.scheme, via: 'security scheme' });
}
