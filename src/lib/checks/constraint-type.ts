import { aType, CONSTRAINTS } from '../areas/shape.ts';
import { misplacedConstraints } from './shapes.ts';
import type { Check } from './types.ts';

export const constraintType: Check = {
  code: 'constraint-type',
  description: 'A constraint on a type that cannot take it (a bound on a boolean, a pattern on an integer, an item count on a resource of fields): no value is checked against it, and the type or the constraint is wrong.',
  severity: 'error',
  example: 'paid: { type: boolean, minimum: 1 }',
  scope: 'file',
  run(ctx) {
    for (const m of misplacedConstraints(ctx)) {
      const takes = CONSTRAINTS[m.key].types.join(' and ');
      const type = m.resolved === undefined ? aType(m.type) : `\`${m.type}\`, ${m.resolved === 'object' ? 'an object of fields' : aType(m.resolved)}`;
      ctx.report({ message: `\`${m.key}\` applies to ${takes} values, but ${m.name} is ${type}: no value is checked against it. Remove it, or change the type.`, at: { file: m.file, path: m.path, key: true } });
    }
  },
};
