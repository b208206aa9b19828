import type { LayoutBlock } from '../../../areas/area.ts';
import { requirements, type SecurityAlternative } from '../../../areas/security.ts';
import { facetId, idSegment } from '../../../facet/ids.ts';
import { stated } from '../../../facet/state.ts';
import { facetPath } from '../paths.ts';
import type { SecurityBlock } from '../views.ts';
import type { BlockContext } from './context.ts';

export type SecurityInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'security' }> };

/** Security alternatives, in words, linking to the schemes and to where each scheme says what a scope allows. */
export function securityBlock(c: BlockContext, { itemId, data, block }: SecurityInput): SecurityBlock | undefined {
  const self = c.facet(`${itemId}/${idSegment(block.key)}`);
  if (!self) return undefined;
  const value = stated(data[block.key]);
  const alternatives = Array.isArray(value) ? (value as SecurityAlternative[]) : [];
  return {
    kind: 'security',
    security: {
      facet: self,
      alternatives: alternatives.map((alt) => ({
        anonymous: 'anonymous' in alt,
        requirements: requirements([alt]).map(({ requirement }) => {
          const link = c.link('authentication', requirement.scheme);
          const scopes = (requirement.scopes ?? []).map((name) => {
            // The scope's entry on its scheme's page, where the scheme states the scope.
            const id = facetId('authentication', requirement.scheme, 'scopes', name);
            return { name, ...(link && c.lookup(id) ? { path: facetPath(id) } : {}) };
          });
          return { scheme: requirement.scheme, ...(link ? { link } : {}), scopes };
        }),
      })),
    },
  };
}
