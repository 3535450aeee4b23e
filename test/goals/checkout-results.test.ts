import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepState } from '../../src/core/run-event.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { checkoutResults, readsCheckout } from '../../src/goals/checkout-results.ts';
import { checkoutFreeToolNames } from '../../src/tools/checkout-free-tools.ts';

const step = (key: string, extra: Partial<PlanStep> = {}): PlanStep => ({ key, id: key, type: 'tool_call', description: key, inputs: [], dependsOn: [], ...extra }) as PlanStep;

describe('readsCheckout', () => {
  it('is true of a tool that may read the checkout, an agent that may call one, and a used plan', () => {
    const steps = [
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
    ];
    const free = checkoutFreeToolNames();
    expect(steps.filter((s) => readsCheckout(s, free)).map((s) => s.key)).toEqual(['cmd', 'file', 'agent-cmd', 'used']);
    // A tool the plan defines itself is a command, whatever its name (a review found a plan's own `add` counted as free).
    expect(readsCheckout(step('own', { tool: 'add' }), free, { add: { command: ['cat', 'code.txt'] } })).toBe(true);
    expect(readsCheckout(step('own-agent', { type: 'agent', tools: ['add'] }), free, { add: { command: ['cat', 'code.txt'] } })).toBe(true);
  });
});

describe('checkoutResults', () => {
  it('names the steps marked as read elsewhere, ran here or reused, and every step after one', () => {
    const steps = [
      step('here', { tool: 'read_code' }),
      step('reused', { tool: 'read_code' }),
      step('reused-clean', { tool: 'read_code' }),
      step('math', { tool: 'add' }),
      step('think', { type: 'reasoning', dependsOn: ['here'] }),
      step('think-reused', { type: 'reasoning', dependsOn: ['reused'] }),
      step('think-free', { type: 'reasoning', dependsOn: ['math', 'reused-clean'] }),
    ];
    const marks: Record<string, object> = { here: { elsewhere: true }, reused: { elsewhere: true, reused: { modelCalls: 0 } }, 'reused-clean': { reused: { modelCalls: 0 } } };
    const record = { plan: { steps }, steps: new Map(steps.map((s) => [s.key, marks[s.key] ?? {}])) } as unknown as RunRecord;
    const states = new Map<string, StepState>(steps.map((s) => [s.key, 'completed']));
    const found = checkoutResults(record, states);
    expect([...found.keys()].sort()).toEqual(['here', 'reused', 'think', 'think-reused']);
    expect(found.get('think')).toMatch(/^step here ran in this job with a tool that reads its checkout/);
    expect(found.get('think-reused')).toMatch(/^step reused was reused from a run that ran it with a tool that reads its checkout/);
  });

  it('names none where no step is marked', () => {
    const steps = [step('cmd', { tool: 'read_code' })];
    const record = { plan: { steps }, steps: new Map([['cmd', {}]]) } as unknown as RunRecord;
    expect(checkoutResults(record, new Map([['cmd', 'completed']])).size).toBe(0);
  });
});
