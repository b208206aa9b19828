import { isObj, type Obj } from '../facet/state.ts';
import { seg, type Unmapped } from './result.ts';

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
    const stated = isObj(f[key]) ? f[key] : {};
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
