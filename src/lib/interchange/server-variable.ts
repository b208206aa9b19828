import { markdownCode } from '../safety/markdown.ts';
import type { Unmapped } from './result.ts';

/**
 * A server variable's allowed values, where its default is among them. OpenAPI's prose asks it to
 * be, its schema does not (nor AsyncAPI's), and the spec's check does: a default outside them
 * (t31t D7) keeps the default, which every variable needs, and the list is said and not kept (the
 * variable left open to any value), never a spec that fails its check.
 */
export function defaultAllowed(value: string, allowed: string[], at: string, unmapped: Unmapped[]): string[] {
  if (allowed.length === 0 || allowed.includes(value)) return allowed;
  unmapped.push({ pointer: `${at}/enum`, reason: `the default ${markdownCode(value)} is not among the variable's allowed values (${allowed.map((v) => markdownCode(v)).join(', ')}), and the spec asks a default to be one of them: the allowed values are not kept (the default is), so which values the variable takes is left open` });
  return [];
}
