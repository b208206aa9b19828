import { isObj, type Obj } from '../facet/state.ts';
import { markdownCode } from '../safety/markdown.ts';
import { seg, type Unmapped } from './result.ts';
import { usableName } from './schema-map.ts';

/** Said of a scope name the spec cannot hold. */
const UNUSABLE_SCOPE = 'a scope whose name is empty or holds line breaks or control characters is not kept: the spec names scopes by names without them';

/**
 * An OAuth 2.0 scheme's scopes, which OpenAPI and AsyncAPI state per flow: the spec keeps one
 * description per scope name (the first flow's; another flow's other words are said at their
 * pointer) and, where the flows do not all offer the same scopes, which each offers
 * (`flow_scopes`), so that no export gives a flow a scope it did not have. `key` is where a flow
 * states them (`scopes`, AsyncAPI 3's `availableScopes`).
 */
export function flowScopes(flows: Obj, key: string, pointer: string, unmapped: Unmapped[]): { scopes: Record<string, string>; flow_scopes?: Record<string, string[]> } {
  const scopes: Record<string, string> = {};
  const offered: Record<string, string[]> = {};
  for (const [flow, f] of Object.entries(flows)) {
    if (!isObj(f)) continue;
    const written = isObj(f[key]) ? f[key] : {};
    // A name the spec cannot hold (a tab, a line break: valid OpenAPI, t31t D17) is said and left out, here and in every requirement (`keptScopes`).
    for (const name of Object.keys(written)) if (!usableName(name)) unmapped.push({ pointer: `${pointer}/flows/${seg(flow)}/${seg(key)}/${seg(name)}`, reason: UNUSABLE_SCOPE });
    const stated = Object.fromEntries(Object.entries(written).filter(([name]) => usableName(name)));
    offered[flow] = Object.keys(stated);
    for (const [name, text] of Object.entries(stated)) {
      if (!(name in scopes)) scopes[name] = String(text);
      else if (scopes[name] !== String(text)) unmapped.push({ pointer: `${pointer}/flows/${seg(flow)}/${seg(key)}/${seg(name)}`, reason: `the scope \`${name}\` is described by an earlier flow in other words; the spec keeps one description of a scope, the first flow's, so these words are not kept` });
    }
  }
  const all = Object.keys(scopes);
  const differ = Object.values(offered).some((names) => names.length !== all.length);
  return { scopes, ...(differ ? { flow_scopes: offered } : {}) };
}

/**
 * The scope names an OAuth 2.0 scheme's flows state and the spec keeps (`flowScopes`), or undefined
 * where it states none: a requirement's scopes are then not checked against them (nor by `check`).
 */
export function declaredScopes(flows: Obj, key: string): ReadonlySet<string> | undefined {
  const names = Object.values(flows).flatMap((f) => (isObj(f) && isObj(f[key]) ? Object.keys(f[key]).filter(usableName) : []));
  return names.length > 0 ? new Set(names) : undefined;
}

/**
 * The scopes of a security requirement the spec keeps: a name it cannot hold is said and left out,
 * and so is a scope its scheme does not list (`declared`; OpenAPI and AsyncAPI ask no requirement's
 * scope to be among them, the spec's check does: t31t D8), never a spec that fails its check.
 * `at(j)` is where the `j`th scope is written.
 */
export function keptScopes(scopes: readonly string[], scheme: string, declared: ReadonlySet<string> | undefined, at: (j: number) => string, unmapped: { push: (u: Unmapped) => void }): string[] {
  return scopes.filter((scope, j) => {
    if (!usableName(scope)) {
      unmapped.push({ pointer: at(j), reason: UNUSABLE_SCOPE });
      return false;
    }
    if (declared === undefined || declared.has(scope)) return true;
    unmapped.push({ pointer: at(j), reason: `the scope ${markdownCode(scope)} is not one the scheme ${markdownCode(scheme)} lists (${[...declared].map((n) => markdownCode(n)).join(', ')}), and the spec names only a scheme's own scopes: it is not kept in this requirement` });
    return false;
  });
}
