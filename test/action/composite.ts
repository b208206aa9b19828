// A composite action's steps run as GitHub's runner runs them, for the Action's tests: each `run:`
// step's script through bash with exactly the environment its `env:` gives (its `${{ }}` values
// evaluated from the inputs, the event and earlier steps' outputs), `$GITHUB_OUTPUT` read back as
// the step's outputs, `if:` evaluated, a failed step failing those after it unless their `if:` says
// otherwise. `uses:` steps (actions/cache, actions/upload-artifact) are not run; the test does what
// they would (an upload is a copy of the folder). Only the expressions the Action's files use are
// understood: paths (`inputs.x`, `github.event.a.b`, `steps.id.outputs.x`, `steps.id.outcome`,
// `runner.temp`), 'strings', `==`, `!=`, `&&`, `||`, `!`, `cancelled()`, `format()` is not.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { run, type Ran } from './run.ts';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface Context {
  inputs: Record<string, string>;
  github: Record<string, unknown>;
  runner: { temp: string };
  /** Variables every step has (what the runner sets: GITHUB_API_URL, GITHUB_SERVER_URL, GITHUB_STEP_SUMMARY...). */
  runnerEnv: Record<string, string>;
}

export interface StepRun {
  step: Step;
  env: Record<string, string>;
  ran: Ran | 'skipped';
  outputs: Record<string, string>;
}

type Value = string | boolean | number | undefined | null | object;

/** Evaluates one expression (the inside of `${{ }}` or an `if:`). */
function evaluate(text: string, scope: Record<string, unknown>): Value {
  const tokens = text.match(/'(?:[^']|'')*'|==|!=|&&|\|\||!|\(|\)|[A-Za-z_][\w.-]*(?:\(\))?|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const truthy = (v: Value) => v !== undefined && v !== null && v !== false && v !== '' && v !== 0;
  const primary = (): Value => {
    const t = tokens[at++];
    if (t === undefined) throw new Error(`expression ends early: ${text}`);
    if (t === '(') {
      const v = or();
      at++;
      return v;
    }
    if (t === '!') return !truthy(primary());
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'cancelled()') return false;
    if (t === 'success()') return scope.__failed !== true;
    if (t === 'failure()') return scope.__failed === true;
    if (t === 'always()') return true;
    if (/^\d+$/.test(t)) return Number(t);
    if (t.endsWith('()')) throw new Error(`function not understood: ${t}`);
    let value: unknown = scope;
    for (const part of t.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    return value as Value;
  };
  const compare = (): Value => {
    let left = primary();
    while (peek() === '==' || peek() === '!=') {
      const op = tokens[at++];
      const right = primary();
      const same = String(left ?? '').toLowerCase() === String(right ?? '').toLowerCase() && (left === undefined || left === null) === (right === undefined || right === null);
      left = op === '==' ? same : !same;
    }
    return left;
  };
  const and = (): Value => {
    let left = compare();
    while (peek() === '&&') {
      at++;
      const right = compare();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const or = (): Value => {
    let left = and();
    while (peek() === '||') {
      at++;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`expression not understood: ${text}`);
  return value;
}

const asText = (v: Value) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A value with its `${{ }}` expressions replaced. */
export function interpolate(text: string, scope: Record<string, unknown>): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => asText(evaluate(expression.trim(), scope)));
}

/** The steps of a composite action (its action.yml), run in `cwd`. */
export async function runComposite(actionYml: string, cwd: string, context: Context): Promise<StepRun[]> {
  const action = parse(await readFile(actionYml, 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { steps: Step[] } };
  const scratch = await mkdtemp(join(tmpdir(), 'specbench-runner-'));
  const steps: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
  const scope: Record<string, unknown> = { github: context.github, runner: context.runner, steps, inputs: {} };
  // Inputs: what the workflow gave, else the default (evaluated).
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) inputs[name] = context.inputs[name] ?? interpolate(input.default ?? '', scope);
  scope.inputs = inputs;
  const done: StepRun[] = [];
  let failed = false;
  for (const [index, step] of action.runs.steps.entries()) {
    scope.__failed = failed;
    const condition = step.if === undefined ? 'success()' : step.if.replace(/^\$\{\{([\s\S]*)\}\}$/, '$1').trim();
    const go = /\b(cancelled|always|failure)\(\)/.test(condition) || /\bsuccess\(\)/.test(condition) ? evaluate(condition, scope) : !failed && evaluate(condition, scope);
    if (!go || step.run === undefined) {
      done.push({ step, env: {}, ran: 'skipped', outputs: {} });
      if (step.id) steps[step.id] = { outputs: {}, outcome: 'skipped' };
      continue;
    }
    const output = join(scratch, `output-${index}`);
    await writeFile(output, '');
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = interpolate(v, scope);
    const script = join(scratch, `step-${index}.sh`);
    await writeFile(script, interpolate(step.run, scope));
    const ran = await run(cwd, 'bash', ['-e', script], { ...context.runnerEnv, ...env, GITHUB_ACTION_PATH: dirname(actionYml), GITHUB_OUTPUT: output, RUNNER_TEMP: context.runner.temp });
    const outputs = Object.fromEntries(
      (await readFile(output, 'utf8'))
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    if (ran.code !== 0) failed = true;
    if (step.id) steps[step.id] = { outputs, outcome: ran.code === 0 ? 'success' : 'failure' };
    done.push({ step, env, ran, outputs });
  }
  return done;
}

/** The run of the step whose script runs `file`. */
export function stepOf(runs: readonly StepRun[], file: string): StepRun | undefined {
  return runs.find((r) => r.step.run?.includes(file));
}
