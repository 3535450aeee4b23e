import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepState } from '../../src/core/run-event.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { checkoutResults } from '../../src/goals/checkout-results.ts';
import { checkoutFreeToolNames } from '../../src/tools/checkout-free-tools.ts';

const step = (key: string, extra: Partial<PlanStep> = {}): PlanStep => ({ key, id: key, type: 'tool_call', description: key, inputs: [], dependsOn: [], ...extra }) as PlanStep;

describe('checkoutResults', () => {
  it('names the steps that ran here with a tool that may read the checkout, and every step after one; not those taken from the paused run', () => {
    const steps = [
      step('reused', { tool: 'read_code' }),
      step('cmd', { tool: 'read_code' }),
      step('file', { tool: 'read_file' }),
      step('math', { tool: 'add' }),
      step('pr', { tool: 'get_pull_request' }),
      step('web', { tool: 'http_get' }),
      step('agent-free', { type: 'agent', tools: ['add', 'list_pull_request_files'] }),
      step('agent-none', { type: 'agent' }),
      step('agent-cmd', { type: 'agent', tools: ['add', 'read_code'] }),
      step('used', { type: 'plan', uses: 'inner.yml' }),
      step('think', { type: 'reasoning', dependsOn: ['cmd'] }),
      step('think-free', { type: 'reasoning', dependsOn: ['math', 'reused'] }),
    ];
    const record = { plan: { steps }, steps: new Map(steps.map((s) => [s.key, s.key === 'reused' ? { reused: { modelCalls: 0 } } : {}])) } as unknown as RunRecord;
    const states = new Map<string, StepState>(steps.map((s) => [s.key, 'completed']));
    const found = checkoutResults(record, states, checkoutFreeToolNames());
    expect([...found.keys()].sort()).toEqual(['agent-cmd', 'cmd', 'file', 'think', 'used']);
    expect(found.get('think')).toMatch(/^step cmd ran in this job with a tool that reads its checkout/);
  });
});
