import { expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { redactingTools } from '../../src/tools/redacting-tools.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from './run-fixture.ts';

const FIRST = 'ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const SECOND = 'ghp_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

// Found by a hunt of for_each: two items revoking two tokens were refused as one call repeated, and nothing said why.
// Every tool gets its arguments with the run's secrets masked, so both items would make the same call: the refusal
// stands, and now says so, and how to give a tool a secret.
it('says a side effect refused as a repeat is the same call once the secrets in its arguments are masked', async () => {
  const got: unknown[] = [];
  const tool = (name: string, sideEffects: boolean, execute: Tool['execute']): Tool => ({ name, description: name, inputSchema: { type: 'object' }, sideEffects, execute });
  const redact = createRedactor([FIRST, SECOND]);
  const tools = redactingTools(
    new Map([
      ['list', tool('list', false, async () => [FIRST, SECOND])],
      ['revoke', tool('revoke', true, async (args) => (got.push(args.token), 'ok'))],
    ]),
    redact,
  );
  const steps: PlanStep[] = [
    { key: 'list', id: 'list', type: 'tool_call', description: 'list', tool: 'list', args: {}, inputs: [], dependsOn: [] },
    { key: 'rev', id: 'rev', type: 'tool_call', description: 'revoke', tool: 'revoke', args: { token: '${item}' }, inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' } },
  ];
  const outcome = await runPlan(planOf(steps), { runStep, tools, clock: systemClock, cwd: '/repo', inputs: {}, redact, listeners: [] });
  expect(got).toEqual(['***']);
  expect(outcome.status).toBe('escalated');
  expect(outcome.reason).toContain('(its arguments hold a secret, which every tool gets masked, so the tool would get the same call: give a tool a secret through its env: or headers:, not as an argument)');
});
