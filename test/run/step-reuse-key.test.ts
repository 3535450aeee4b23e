// Each dependent step's key held its dependencies' whole results, hashed (and redacted) again for every
// dependent: a list step's 10,000 dependents hashed its 10,000-item list 10,000 times (15 s). The run's
// inputs, which for a nested plan can be a dependency's whole result, were hashed again for every step too.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor, type Redactor } from '../../src/core/redact.ts';
import { stableHash } from '../../src/core/stable-hash.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { ResultHashes, stepReuseKey, type ReuseKeyInputs } from '../../src/run/step-reuse-key.ts';
import { planOf } from './run-fixture.ts';

const step = (key: string, dependsOn: string[] = []): PlanStep => ({ key, id: key, type: 'reasoning', description: key, inputs: [], dependsOn });
const LIST = step('list');
const DEPENDENTS = Array.from({ length: 20 }, (_, n) => step(`s${n}`, ['list']));
const RESULT = ['the list', 'of items', 'deploy key sk-proj-0123456789abcdefghij'];

const REDACT = createRedactor();

function inputs(results: ReadonlyMap<string, unknown>, resultHashes: ResultHashes, redact: Redactor = REDACT): ReuseKeyInputs {
  return { plan: planOf([LIST, ...DEPENDENTS]), tools: new Map(), inputsHash: stableHash({}), keys: new Map([['list', 'key-of-list']]), results, resultHashes, redact };
}

describe('a step reuse key', () => {
  it('redacts and hashes a dependency’s result once, however many steps depend on it', () => {
    let reads = 0;
    const base = createRedactor();
    const counting = (text: string) => {
      if (text === RESULT[0]) reads++;
      return base(text);
    };
    const from = inputs(new Map([['list', RESULT]]), new ResultHashes(counting), counting);
    const keys = DEPENDENTS.map((dependent) => stepReuseKey(dependent, from));
    expect(reads).toBe(1);
    expect(new Set(keys).size).toBe(DEPENDENTS.length); // each step's own definition still counts
  });

  it('changes with the dependency’s result, also a new result under the same key, and hashes it as the trace keeps it, redacted', () => {
    const hashes = new ResultHashes(REDACT);
    const before = stepReuseKey(DEPENDENTS[0]!, inputs(new Map([['list', RESULT]]), hashes));
    expect(stepReuseKey(DEPENDENTS[0]!, inputs(new Map([['list', RESULT]]), new ResultHashes(REDACT)))).toBe(before);
    expect(stepReuseKey(DEPENDENTS[0]!, inputs(new Map([['list', [...RESULT, 'one more']]]), hashes))).not.toBe(before);
    // The key a resume compares is made from the redacted result: another secret in the same place gives the same key.
    const otherSecret = [RESULT[0], RESULT[1], 'deploy key sk-proj-9876543210zyxwvutsrq'];
    expect(stepReuseKey(DEPENDENTS[0]!, inputs(new Map([['list', otherSecret]]), new ResultHashes(REDACT)))).toBe(before);
  });
});

it('hashes the run’s inputs once for all its steps', async () => {
  // An input whose JSON is written counts each time: a nested plan's inputs can be a dependency's whole result.
  let written = 0;
  const big = { toJSON: () => (written++, Array.from({ length: 100 }, (_, n) => n)) };
  const outcome = await runPlan(planOf([LIST, ...DEPENDENTS]), { runStep: async () => null, tools: new Map(), listeners: [], clock: systemClock, cwd: '.', inputs: { big } });
  expect(outcome.status).toBe('succeeded');
  expect(written).toBe(1);
});

// Found by a hunt of durable runs: a used plan calling an MCP tool of the top plan's server was reused whole after that
// server's env changed (the top plan's `mcp_servers`, which the used plan's file does not hold), with the old answer.
describe('a type: plan step’s reuse key', () => {
  const used = { name: 'Sub', steps: [{ key: '1', id: '1', type: 'tool_call', tool: 'srv__greet', description: 'greet', inputs: [], dependsOn: [] }], limits: {}, source: { name: 'Sub' } } as never;
  const using = (subplan: never) => ({ ...planOf([{ key: 'p', id: 'p', type: 'plan', uses: 'sub.yml', description: 'p', inputs: [], dependsOn: [] } as PlanStep]), subplans: new Map([['sub.yml', subplan]]) });
  const tool = (env: string) => ({ name: 'srv__greet', description: 'Greets', inputSchema: { type: 'object' }, sideEffects: false, origin: { command: ['node', 'server.mjs'], env: { GREETING: env } }, execute: async () => env });
  const key = (env: string, subplan = used) => {
    const plan = using(subplan);
    return stepReuseKey(plan.steps[0]!, { plan, tools: new Map([['srv__greet', tool(env)]]) as never, inputsHash: stableHash({}), keys: new Map(), results: new Map(), resultHashes: new ResultHashes(REDACT), redact: REDACT });
  };

  it('changes with the server of a tool its plan calls that the plan does not define', () => {
    expect(key('hello')).toBe(key('hello'));
    expect(key('goodbye')).not.toBe(key('hello'));
  });

  it('is as it was for a used plan that calls only its own tools', () => {
    const own = { ...(used as object), source: { name: 'Sub', tools: { srv__greet: { description: 'd', command: ['true'] } } } } as never;
    expect(key('goodbye', own)).toBe(key('hello', own));
  });
});
