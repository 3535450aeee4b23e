import { describe, expect, it } from 'vitest';
import { partialRuns } from '../goals/partial-runs.ts';
import { textAnswer } from '../helpers/chat-server.ts';

// A used plan with a required goal gates the run: its verdict decides its step, and so the job. Found by an adversarial
// hunt: a replan dropped the step that ran it (a model writes no plan step), a used plan that failed before its goals
// were checked was replanned around, dependents that took it as optional made its failure a `continue` nobody wrote, and a
// step before it that failed under `on_failure: continue` left it skipped: each time the job passed, its gate unchecked.
const runs = partialRuns('used-plan-gate');

const inner = (says: string, severity = 'required'): string => `name: Inner
tools:
  say: { description: Says something, command: [printf, '${says}'] }
workflow_sequence:
  - { id: s, type: tool_call, tool: say, args: {}, retry: { max_attempts: 1 } }
goals:
  - { name: says goodbye, contains: goodbye, severity: ${severity} }
`;
const GOODBYE = inner('goodbye');
const HELLO = inner('hello');
const FAILING = `name: Inner
tools:
  broken: { description: Fails, command: ['false'] }
workflow_sequence:
  - { id: s, type: tool_call, tool: broken, args: {}, retry: { max_attempts: 1 } }
goals:
  - { name: says goodbye, contains: goodbye }
`;

const TOOLS = `tools:
  flaky: { description: Fails, command: ['false'] }
  done: { description: Says done, command: [printf, done] }
`;
/** The model's replan: one step that says done, in place of everything not done. */
const REPLAN = textAnswer(JSON.stringify({ steps: [{ id: 'finish', type: 'tool_call', tool: 'done', args: {}, depends_on: [], why: 'go on without it' }], why: 'route around' }));

describe('a used plan whose goals gate the run', () => {
  it('is not replaced by a replan after an earlier step fails: the failure stands and the job fails', async () => {
    runs.chat.script([REPLAN]);
    const plan = `name: Outer
${TOOLS}workflow_sequence:
  - { id: prep, type: tool_call, tool: flaky, args: {}, retry: { max_attempts: 1 } }
  - { id: check, type: plan, uses: inner.yml, depends_on: [prep] }
`;
    const { result, said } = await runs.run(plan, { 'inner.yml': GOODBYE });
    expect(runs.chat.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
    expect(result.failure).toBeDefined();
    expect(said.summary).toContain('⏭️ **check. plan** — upstream step prep failed');
    expect(said.summary).not.toContain('replaced by plan revision');
  });

  it('is not replanned around when its run fails before its goals are checked', async () => {
    runs.chat.script([REPLAN]);
    const plan = `name: Outer
${TOOLS}workflow_sequence:
  - { id: check, type: plan, uses: inner.yml }
`;
    const { result } = await runs.run(plan, { 'inner.yml': FAILING });
    expect(runs.chat.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
    expect(result.failure).toBeDefined();
  });

  it('fails its step when the steps after it take it as optional, unless it says on_failure: continue', async () => {
    const plan = (onFailure: string) => `name: Outer
${TOOLS}workflow_sequence:
  - { id: check, type: plan, uses: inner.yml${onFailure} }
  - { id: finish, type: tool_call, tool: done, args: {}, depends_on: [{ step: check, optional: true }] }
`;
    const implicit = await runs.run(plan(''), { 'inner.yml': HELLO });
    expect(implicit.result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
    expect(implicit.result.failure).toBeDefined();
    expect(implicit.said.summary).toContain("its goals decide against it: 'says goodbye' not met");
    // Written out, `continue` is the plan's own word that this check does not decide the run.
    const written = await runs.run(plan(', on_failure: continue'), { 'inner.yml': HELLO });
    expect(written.result.outputs).toMatchObject({ status: 'succeeded' });
    expect(runs.chat.requests).toHaveLength(0);
  });

  it('fails the run when it was skipped because a step before it failed under on_failure: continue', async () => {
    const plan = `name: Outer
${TOOLS}workflow_sequence:
  - { id: prep, type: tool_call, tool: flaky, args: {}, on_failure: continue, retry: { max_attempts: 1 } }
  - { id: check, type: plan, uses: inner.yml, depends_on: [prep] }
  - { id: finish, type: tool_call, tool: done, args: {}, depends_on: [] }
`;
    const { result, said } = await runs.run(plan, { 'inner.yml': GOODBYE });
    expect(result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
    expect(result.failure).toBeDefined();
    const reason = 'the goals of the plan inner.yml, which gate this run, were not checked: step check runs it, and it was skipped because step prep failed (on_failure: continue)';
    expect(said.summary).toContain(reason);
    // Without the used plan's required goal nothing gates: the run goes on past prep as it always did.
    const ungated = await runs.run(plan, { 'inner.yml': inner('goodbye', 'warning') });
    expect(ungated.result.outputs).toMatchObject({ status: 'succeeded' });
  });

  it('takes no review that could replace it, and passes once it has run and its goals are met', async () => {
    runs.chat.script([textAnswer(JSON.stringify({ fits: false, reason: 'drop the check' })), REPLAN]);
    const plan = `name: Outer
${TOOLS}workflow_sequence:
  - { id: first, type: tool_call, tool: done, args: {}, review: true }
  - { id: check, type: plan, uses: inner.yml, depends_on: [first] }
`;
    const { result } = await runs.run(plan, { 'inner.yml': GOODBYE });
    expect(runs.chat.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
  });

  it('leaves a used plan with only warning goals to the replanner, as before', async () => {
    runs.chat.script([REPLAN]);
    const plan = `name: Outer
${TOOLS}workflow_sequence:
  - { id: prep, type: tool_call, tool: flaky, args: {}, retry: { max_attempts: 1 } }
  - { id: check, type: plan, uses: inner.yml, depends_on: [prep] }
`;
    const { result, said } = await runs.run(plan, { 'inner.yml': inner('goodbye', 'warning') });
    expect(runs.chat.requests).toHaveLength(1);
    expect(result.outputs).toMatchObject({ status: 'succeeded' });
    expect(said.summary).toContain('replaced by plan revision 2');
  });
});
