import type { Check } from './types.ts';

export const blockedByCycle: Check = {
  code: 'blocked-by-cycle',
  description: 'A gap is blocked by itself, directly or through a chain of `blocked_by`: none of the gaps in the chain could ever close.',
  severity: 'error',
  example: 'domain: { open: true, blocked_by: [purpose/domain] }',
  scope: 'spec',
  run(ctx) {
    // Only the written `blocked_by` lists: the model's own blocks (transitions by states) cannot loop.
    const written = new Map<string, string[]>();
    const gaps = new Map(ctx.gaps.map((g) => [g.id, g]));
    for (const f of ctx.gaps) {
      const list = f.state === 'open' && typeof f.value === 'object' && f.value !== null ? (f.value as { blocked_by?: unknown }).blocked_by : undefined;
      if (Array.isArray(list)) written.set(f.id, list.filter((x): x is string => typeof x === 'string'));
    }
    const done = new Set<string>();
    const reported = new Set<string>();
    for (const start of written.keys()) {
      if (done.has(start)) continue;
      // Depth-first without recursion; `path` is the chain of gaps from `start` being followed.
      const path: string[] = [];
      const onPath = new Set<string>();
      const stack: Array<{ id: string; next: number }> = [{ id: start, next: 0 }];
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (!top) break;
        if (top.next === 0) {
          path.push(top.id);
          onPath.add(top.id);
        }
        const targets = written.get(top.id) ?? [];
        if (top.next >= targets.length) {
          stack.pop();
          path.pop();
          onPath.delete(top.id);
          done.add(top.id);
          continue;
        }
        const index = top.next++;
        const target = targets[index] ?? '';
        if (onPath.has(target)) {
          const cycle = path.slice(path.indexOf(target));
          const key = [...cycle].sort().join('\n');
          if (reported.has(key)) continue;
          reported.add(key);
          const facet = gaps.get(top.id);
          if (!facet) continue;
          const chain = [...cycle, target].map((id) => `\`${id}\``).join(' → ');
          ctx.report({
            message: cycle.length === 1 ? `\`${target}\` is blocked by itself, so it could never close; remove it from its own \`blocked_by\`.` : `These gaps block each other in a circle (${chain}), so none could ever close; remove one of the \`blocked_by\` entries.`,
            at: { file: facet.file, path: [...facet.at, 'blocked_by', index] },
          });
        } else if (!done.has(target) && written.has(target)) stack.push({ id: target, next: 0 });
      }
    }
  },
};
