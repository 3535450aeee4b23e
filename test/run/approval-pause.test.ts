import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor, redactDeep } from '../../src/core/redact.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { ApprovalGate } from '../../src/run/approval-gate.ts';
import { approvalStepKey, pendingApprovalStep } from '../../src/run/approval-request.ts';
import { renderApprovalSection } from '../../src/report/approval-section.ts';
import type { Replanner } from '../../src/run/replanner.ts';
import { resumeStateFromEvents } from '../../src/run/resume-state.ts';
import type { GrantedApproval, RunDeps } from '../../src/run/run-deps.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';

function step(key: string, tool: string, args: Record<string, unknown>, dependsOn: string[] = [], extra: Partial<PlanStep> = {}): PlanStep {
  return { key, id: key, type: 'tool_call', description: `${key} with ${tool}`, tool, args, inputs: [], dependsOn, ...extra };
}

function countingTool(name: string, sideEffects: boolean, answer: (args: Record<string, unknown>) => unknown = () => name) {
  const calls: Record<string, unknown>[] = [];
  const tool: Tool = {
    name,
    description: name,
    inputSchema: { type: 'object' },
    sideEffects,
    async execute(args) {
      calls.push(args);
      return answer(args);
    },
  };
  return { tool, calls };
}

function planOf(steps: PlanStep[], approval?: 'never' | 'side-effects' | 'plan'): RunnablePlan {
  return { name: 'publish', steps, limits: { concurrency: 4, timeout_minutes: 30 }, source: { ...(approval && { approval }) } };
}

async function run(plan: RunnablePlan, tools: Tool[], extra: Partial<RunDeps> = {}) {
  const events: RunEvent[] = [];
  const outcome = await runPlan(plan, {
    runStep,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    clock: systemClock,
    cwd: '/repo',
    inputs: {},
    listeners: [(event) => events.push(event)],
    ...extra,
  });
  return { outcome, events };
}

/** The approval a person gives to the request of `events` (as the approving run builds it). */
function approvalOf(events: RunEvent[]): GrantedApproval {
  const read = resumeStateFromEvents(events, 'publish', 'the paused run');
  if (!read.ok || !read.state.approval) throw new Error('no approval request');
  return { hash: read.state.approval.hash, by: 'maintainer', approved: new Set(read.state.approval.pending.map((pending) => pending.approvalKey)) };
}

/**
 * A run of `steps` (`fetch` lists, `publish` writes with create_issue) that pauses, is approved as it
 * showed itself, and runs again in an approving run whose `fetch` answers with 'DROP TABLE' added;
 * `runWith` runs it again with another list.
 */
async function approvedThenListChanged(steps: PlanStep[]) {
  let list = ['alpha', 'beta'];
  const fetch = countingTool('list', false, () => list);
  const write = countingTool('create_issue', true);
  const first = await run(planOf(steps, 'side-effects'), [fetch.tool, write.tool]);
  const pending = first.outcome.record.approval!.pending;
  // The approving run has no result of fetch to reuse, so fetch runs again.
  const resume = resumeStateFromEvents(first.events.filter((event) => !(event.type === 'step_completed' && event.stepKey === 'fetch')), 'publish', 'first');
  if (!resume.ok) throw new Error(resume.problem);
  const approval = { ...approvalOf(first.events), shownArgs: new Map(pending.map((p) => [p.approvalKey, p.args!])) };
  const runWith = (items: string[]) => {
    list = items;
    return run(planOf(steps, 'side-effects'), [fetch.tool, write.tool], { resume: resume.state, approval });
  };
  return { pending, writes: write.calls, changed: await runWith(['alpha', 'beta', 'DROP TABLE']), runWith };
}

describe('approval: side-effects', () => {
  // fetch → summarise → publish (a write) → announce; and an independent read beside them.
  const steps = () => [
    step('fetch', 'read', { n: 1 }),
    step('count', 'read', { n: 2 }, []),
    step('publish', 'create_issue', { title: 'Weekly', body: { step_result: 'fetch' } }, ['fetch']),
    step('announce', 'read', { n: 3 }, ['publish']),
  ];

  it('runs every step it can, pauses before the write with its arguments, and asks with a hash', async () => {
    const read = countingTool('read', false, (args) => `read ${String(args.n)}`);
    const write = countingTool('create_issue', true);
    const { outcome, events } = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool]);

    expect(outcome.status).toBe('awaiting-approval');
    expect(outcome.reason).toBe('step publish waits for approval; steps that did not need it have run');
    expect(write.calls).toHaveLength(0);
    expect(read.calls.map((args) => args.n)).toEqual([1, 2]);
    const states = Object.fromEntries([...outcome.record.steps].map(([key, record]) => [key, record.state]));
    expect(states).toEqual({ fetch: 'completed', count: 'completed', publish: 'waiting', announce: 'pending' });
    const request = outcome.record.approval!;
    expect(request.pending).toEqual([
      expect.objectContaining({ stepKey: 'publish', tool: 'create_issue', args: { title: 'Weekly', body: 'read 1' }, approvalKey: approvalStepKey(steps()[2]!) }),
    ]);
    expect(request.hash).toMatch(/^[0-9a-f]{32}$/);
    // Recorded before the run's last event, so the trace holds it.
    expect(events.at(-2)).toMatchObject({ type: 'approval_requested', request: { hash: request.hash } });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'awaiting-approval' });
  });

  it('an approved resume runs the waiting steps, reusing what ran, without calling the reads again', async () => {
    const read = countingTool('read', false, (args) => `read ${String(args.n)}`);
    const write = countingTool('create_issue', true);
    const first = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool]);
    const resume = resumeStateFromEvents(first.events, 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    const second = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool], { resume: resume.state, approval: approvalOf(first.events) });

    expect(second.outcome.status).toBe('succeeded');
    expect(write.calls).toEqual([{ title: 'Weekly', body: 'read 1' }]);
    expect(read.calls.map((args) => args.n)).toEqual([1, 2, 3]);
    expect(second.events[1]).toMatchObject({ type: 'approval_decided', decision: 'approved', by: 'maintainer', hash: first.outcome.record.approval!.hash });
  });

  // The approval covered the step, not its arguments: a dependency that ran again in the approving
  // run and answered otherwise made the write run with arguments nobody had seen.
  it('an approved step whose arguments are no longer those shown asks again, with the arguments it has now', async () => {
    let answer = 'read 1';
    const read = countingTool('read', false, (args) => (args.n === 1 ? answer : `read ${String(args.n)}`));
    const write = countingTool('create_issue', true);
    const first = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool]);
    // The approving run has no result of fetch to reuse (a step not saved), so fetch runs again and answers otherwise.
    const resume = resumeStateFromEvents(first.events.filter((event) => !(event.type === 'step_completed' && event.stepKey === 'fetch')), 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    const granted = approvalOf(first.events);
    const shownArgs = new Map(first.outcome.record.approval!.pending.map((pending) => [pending.approvalKey, pending.args!]));
    answer = 'read 1, but changed';
    const second = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool], { resume: resume.state, approval: { ...granted, shownArgs } });

    expect(write.calls).toHaveLength(0);
    expect(second.outcome.status).toBe('awaiting-approval');
    expect(second.outcome.record.steps.get('publish')?.waitReason).toMatch(/approved with other arguments than it has now/);
    expect(second.outcome.record.approval!.pending).toEqual([expect.objectContaining({ stepKey: 'publish', args: { title: 'Weekly', body: 'read 1, but changed' } })]);

    // With the arguments it was shown, the same approval runs it.
    answer = 'read 1';
    const third = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool], { resume: resume.state, approval: { ...granted, shownArgs } });
    expect(third.outcome.status).toBe('succeeded');
    expect(write.calls).toEqual([{ title: 'Weekly', body: 'read 1' }]);
  });

  // The shown arguments covered a tool step's args only: a for_each step's items and a used plan's
  // `with:` were not shown, and ran with whatever the dependency answered in the approving run.
  it('shows a for_each step’s items and checks them when it runs: a changed list asks again', async () => {
    const each = [
      step('fetch', 'list', {}),
      step('publish', 'create_issue', { title: '${item}' }, ['fetch'], { forEach: { list: '${steps.fetch.result}', as: 'item', onItemFailure: 'fail' } }),
    ];
    const approved = await approvedThenListChanged(each);
    expect(approved.pending).toEqual([expect.objectContaining({ stepKey: 'publish', args: { args: { title: '${item}' }, for_each: [{ item: 'alpha' }, { item: 'beta' }] } })]);
    expect(approved.writes).toHaveLength(0);
    expect(approved.changed.outcome.status).toBe('awaiting-approval');
    const third = await approved.runWith(['alpha', 'beta']);
    expect(third.outcome.status).toBe('succeeded');
    expect(approved.writes).toEqual([{ title: 'alpha' }, { title: 'beta' }]);
  });

  // An agent's items and the items of a step whose arguments a model picks were not shown: the request
  // had nothing to compare, and the approved step ran over whatever list its dependency gave later.
  it.each([
    ['an agent step', { type: 'agent', task: 'File an issue titled with the item', tools: ['create_issue'] }],
    ['a tool step whose arguments a model picks', { type: 'tool_call', tool: 'create_issue' }],
  ] as const)('shows the items of %s for_each and asks again when the list changed', async (_kind, shape) => {
    const { args: _none, ...publish } = step('publish', 'create_issue', {}, ['fetch'], { forEach: { list: '${steps.fetch.result}', as: 'item', onItemFailure: 'fail' } });
    const approved = await approvedThenListChanged([step('fetch', 'list', {}), { ...publish, ...shape } as PlanStep]);
    expect(approved.pending).toEqual([expect.objectContaining({ stepKey: 'publish', args: { for_each: [{ item: 'alpha' }, { item: 'beta' }] } })]);
    expect(approved.writes).toHaveLength(0);
    expect(approved.changed.outcome.status).toBe('awaiting-approval');
    expect(approved.changed.outcome.record.steps.get('publish')?.waitReason).toMatch(/approved with other arguments than it has now/);
  });

  // The task's references were copied into every item: 1,000 items naming a 600 KB result made a
  // request of 600 MB, and the run crashed hashing it instead of pausing.
  it('shows what an agent for_each step’s task names once, not once per item', () => {
    const each = { ...step('review', 'none', {}, ['files', 'diff']), type: 'agent', task: 'Review ${item} in this diff: ${steps.diff.result}', tools: ['create_issue'], forEach: { list: '${steps.files.result}', as: 'item', onItemFailure: 'fail' } } as PlanStep;
    const files = Array.from({ length: 1000 }, (_, i) => `file${i}.ts`);
    const diff = 'd'.repeat(600_000);
    const shown = pendingApprovalStep(each, { results: new Map<string, unknown>([['files', files], ['diff', diff]]), inputs: {} }).args!;
    expect(shown).toEqual({ task: { '${steps.diff.result}': diff }, for_each: files.map((item) => ({ item })) });
    expect(JSON.stringify(shown).length).toBeLessThan(700_000);
  });

  // Found by an adversarial pass: a tool step's args were resolved item by item, so the same 600 KB result
  // went into each of 1,000 items, and the run crashed hashing the request ("Invalid string length").
  it('shows what a tool for_each step’s args name once, and each item once', () => {
    const each = { ...step('publish', 'create_issue', { title: '${item}', body: '${steps.diff.result}' }, ['files', 'diff']), forEach: { list: '${steps.files.result}', as: 'item', onItemFailure: 'fail' } } as PlanStep;
    const files = Array.from({ length: 1000 }, (_, i) => `file${i}.ts`);
    const diff = 'd'.repeat(600_000);
    const shown = pendingApprovalStep(each, { results: new Map<string, unknown>([['files', files], ['diff', diff]]), inputs: {} }).args!;
    expect(shown).toEqual({ args: { title: '${item}', body: diff }, for_each: files.map((item) => ({ item })) });
    expect(JSON.stringify(shown).length).toBeLessThan(700_000);
  });

  it('asks again, saying why, for a for_each agent step approved on a request that did not show its items', async () => {
    let list = ['alpha', 'beta'];
    const fetch = countingTool('list', false, () => list);
    const write = countingTool('create_issue', true);
    const { args: _none, ...publish } = step('publish', 'create_issue', {}, ['fetch'], { forEach: { list: '${steps.fetch.result}', as: 'item', onItemFailure: 'fail' } });
    const each = [step('fetch', 'list', {}), { ...publish, type: 'agent', task: 'File ${steps.fetch.result}', tools: ['create_issue'] } as PlanStep];
    const first = await run(planOf(each, 'side-effects'), [fetch.tool, write.tool]);
    const pending = first.outcome.record.approval!.pending;
    // What an earlier plan-runner showed for it: only what its task names.
    const shownArgs = new Map(pending.map((p) => [p.approvalKey, { task: { '${steps.fetch.result}': list } }]));
    const resume = resumeStateFromEvents(first.events, 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    list = ['alpha', 'beta'];
    const second = await run(planOf(each, 'side-effects'), [fetch.tool, write.tool], { resume: resume.state, approval: { ...approvalOf(first.events), shownArgs } });
    expect(write.calls).toHaveLength(0);
    expect(second.outcome.status).toBe('awaiting-approval');
    expect(second.outcome.record.steps.get('publish')?.waitReason).toMatch(/the request it was approved on did not show its items \(an earlier plan-runner made it\), so it asks again with them$/);
  });

  // The request expanded a for_each list with the default limit, not the plan's: a plan allowing 1,500
  // items showed a 1,200-item list as "known when it runs", and the approved run checked none of them.
  it('shows and checks a for_each list as long as the plan’s max_items allows', async () => {
    const list = Array.from({ length: 1200 }, (_, i) => `item ${i}`);
    const fetch = countingTool('list', false, () => list);
    const write = countingTool('create_issue', true);
    const each = [
      step('fetch', 'list', {}),
      step('publish', 'create_issue', { title: '${item}' }, ['fetch'], { forEach: { list: '${steps.fetch.result}', as: 'item', onItemFailure: 'fail' } }),
    ];
    const plan = { ...planOf(each, 'side-effects'), limits: { concurrency: 4, timeout_minutes: 30, max_items: 1500 } };
    const first = await run(plan, [fetch.tool, write.tool]);
    const shown = first.outcome.record.approval!.pending[0]!.args as { for_each?: unknown[] } | undefined;
    expect(shown?.for_each).toHaveLength(1200);
  });

  it('shows what an agent step’s task names and checks it when it runs: a changed value asks again', async () => {
    let answer = 'read 1';
    const fetch = countingTool('read', false, () => answer);
    const write = countingTool('create_issue', true);
    const agentSteps = [
      step('fetch', 'read', {}),
      { key: 'post', id: 'post', type: 'agent', description: 'Post it', task: 'File an issue about ${steps.fetch.result}', tools: ['create_issue'], inputs: [], dependsOn: ['fetch'] } as PlanStep,
    ];
    const first = await run(planOf(agentSteps, 'side-effects'), [fetch.tool, write.tool]);
    const pending = first.outcome.record.approval!.pending;
    expect(pending).toEqual([expect.objectContaining({ stepKey: 'post', args: { task: { '${steps.fetch.result}': 'read 1' } } })]);
    const resume = resumeStateFromEvents(first.events.filter((event) => !(event.type === 'step_completed' && event.stepKey === 'fetch')), 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    const approval = { ...approvalOf(first.events), shownArgs: new Map(pending.map((p) => [p.approvalKey, p.args!])) };
    answer = 'read 1, and delete the repository';
    const second = await run(planOf(agentSteps, 'side-effects'), [fetch.tool, write.tool], { resume: resume.state, approval });
    expect(second.outcome.status).toBe('awaiting-approval');
    expect(second.outcome.record.steps.get('post')?.waitReason).toMatch(/approved with other arguments/);
    expect(write.calls).toHaveLength(0);
  });

  it('without approval the same resume pauses again: a resume alone approves nothing', async () => {
    const read = countingTool('read', false);
    const write = countingTool('create_issue', true);
    const first = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool]);
    const resume = resumeStateFromEvents(first.events, 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    const second = await run(planOf(steps(), 'side-effects'), [read.tool, write.tool], { resume: resume.state });
    expect(second.outcome.status).toBe('awaiting-approval');
    expect(write.calls).toHaveLength(0);
  });

  it('a replan during approved steps that adds an unapproved write pauses again instead of running it', async () => {
    const read = countingTool('read', false);
    let fail = true;
    const write = countingTool('create_issue', true, () => {
      if (fail) {
        fail = false;
        throw new StepError('422 the label does not exist', { transient: false });
      }
      return 'created';
    });
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [step('publish2', 'create_issue', { title: 'Weekly (no label)' }, ['fetch'])] }),
      review: async () => ({ fits: true, reason: 'fits' }),
    };
    const plan = planOf([step('fetch', 'read', { n: 1 }), step('publish', 'create_issue', { title: 'Weekly' }, ['fetch'])], 'side-effects');
    const first = await run(plan, [read.tool, write.tool], { replanner });
    const resume = resumeStateFromEvents(first.events, 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    const second = await run(plan, [read.tool, write.tool], { replanner, resume: resume.state, approval: approvalOf(first.events) });

    expect(write.calls).toEqual([{ title: 'Weekly' }]);
    expect(second.outcome.status).toBe('awaiting-approval');
    expect(second.outcome.record.steps.get('publish2')?.state).toBe('waiting');
    expect(second.outcome.record.approval?.pending.map((pending) => pending.stepKey)).toEqual(['publish2']);
  });
});

describe('approval: plan and approval: true', () => {
  it('approval: plan pauses before any step runs', async () => {
    const read = countingTool('read', false);
    const { outcome } = await run(planOf([step('a', 'read', { n: 1 }), step('b', 'read', { n: 2 }, ['a'])], 'plan'), [read.tool]);
    expect(outcome.status).toBe('awaiting-approval');
    expect(read.calls).toHaveLength(0);
    expect(outcome.record.approval?.pending.map((pending) => pending.stepKey)).toEqual(['a', 'b']);
    expect(outcome.record.steps.get('a')?.state).toBe('waiting');
  });

  it('a step with approval: true waits even when the plan asks for none; a failure elsewhere still fails the run, which skips it', async () => {
    const read = countingTool('read', false);
    const broken = countingTool('broken', false, () => {
      throw new StepError('boom', { transient: false });
    });
    const { outcome } = await run(planOf([step('a', 'read', { n: 1 }, [], { approval: true }), step('b', 'broken', {}, [])]), [read.tool, broken.tool]);
    expect(read.calls).toHaveLength(0);
    expect(outcome.record.steps.get('a')?.state).toBe('skipped');
    expect(outcome.status).toBe('failed');
  });

  it('a plan with approval: never runs side effects without asking', async () => {
    const write = countingTool('create_issue', true);
    const { outcome } = await run(planOf([step('a', 'create_issue', { title: 'x' })], 'never'), [write.tool]);
    expect(outcome.status).toBe('succeeded');
    expect(write.calls).toHaveLength(1);
  });
});

describe('approval keys and the redactor', () => {
  const redact = createRedactor(['eu-central-primary']);
  const publish = step('publish', 'publish', { region: 'eu-central-primary' });
  const hidden = step('publish', 'publish', { region: '***' });

  it('keys a step as the trace keeps it: the step and its redacted copy read back from a trace have one key', () => {
    expect(approvalStepKey(publish, redact)).toBe(approvalStepKey(hidden, redact));
    expect(approvalStepKey(publish)).not.toBe(approvalStepKey(hidden));
  });

  it('a run paused before keys were taken redacted (its key the unredacted step’s) still covers that step', async () => {
    const { tool, calls } = countingTool('publish', true);
    const approval: GrantedApproval = { hash: 'h', by: 'maintainer', approved: new Set([approvalStepKey(publish)]) };
    const { outcome } = await run(planOf([publish], 'side-effects'), [tool], { approval, redact });
    expect(outcome.status).toBe('succeeded');
    expect(calls).toHaveLength(1);
  });
});

// A run that failed asks for no approval, but its steps waiting for one were left ⏸️ and their dependents
// ⬜ at its end, 2 of 4 steps unaccounted for in the counts (found by an adversarial pass).
describe('a step waiting for approval in a run that failed', () => {
  it('is skipped with its dependents, saying why, instead of left waiting', async () => {
    const broken = countingTool('broken', false, () => {
      throw new StepError('broken for good', { transient: false });
    });
    const write = countingTool('write', true);
    const plan = planOf([step('a', 'broken', {}, [], { onFailure: 'fail' }), step('b', 'write', {}, [], { approval: true }), step('d', 'write', { n: 2 }, ['b'])]);
    const { outcome } = await run(plan, [broken.tool, write.tool]);
    expect(outcome.status).toBe('failed');
    expect(write.calls).toHaveLength(0);
    for (const key of ['b', 'd']) expect(outcome.record.steps.get(key)).toMatchObject({ state: 'skipped', skipReason: 'not run: it waits for approval, which a run that failed does not ask for' });
  });
});

// A used plan's own `approval:` paused its nested run, which failed its step: no approval could ever reach
// it (found by a review). Its step in the outer run now waits in its stead.
describe('a used plan that asks for approval', () => {
  const planStep = (key: string, uses: string, dependsOn: string[] = []): PlanStep => ({ key, id: key, type: 'plan', description: `run ${uses}`, uses, inputs: [], dependsOn });
  const used = (steps: PlanStep[], approval?: 'never' | 'side-effects' | 'plan', subplans?: RunnablePlan['subplans']): RunnablePlan => ({ ...planOf(steps, approval), ...(subplans && { subplans }) });

  it('makes its step wait in the outer run, saying why; the approval of that step runs the used plan through', async () => {
    const read = countingTool('read', false, () => 'read');
    const inner = used([step('double', 'read', {})], 'plan');
    const plan: RunnablePlan = { ...planOf([step('first', 'read', {}), planStep('nested', 'inner.yml', ['first'])]), subplans: new Map([['inner.yml', inner]]) };
    const first = await run(plan, [read.tool]);
    expect(first.outcome.status).toBe('awaiting-approval');
    expect(read.calls).toHaveLength(1);
    expect(first.outcome.record.steps.get('nested')?.state).toBe('waiting');
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'step_waiting', stepKey: 'nested', reason: 'awaiting approval: the plan inner.yml asks for approval before its step double: the plan asks for approval before any step runs (approval: plan)' }));
    expect(first.outcome.record.approval?.pending.map((pending) => pending.stepKey)).toEqual(['nested']);
    // The person approving reads what the approval covers: the used plan, all of it, and which of its steps asks.
    expect(renderApprovalSection(first.outcome.record, (text) => text)).toContain(
      '- nested. run inner.yml — runs the plan `inner.yml`, all of it (the plan inner.yml asks for approval before its step double: the plan asks for approval before any step runs (approval: plan))',
    );

    const resume = resumeStateFromEvents(first.events, 'publish', 'first');
    if (!resume.ok) throw new Error(resume.problem);
    const second = await run(plan, [read.tool], { resume: resume.state, approval: approvalOf(first.events) });
    expect(second.outcome.status).toBe('succeeded');
    expect(read.calls).toHaveLength(2);
    // The outer trace records the approval once: the used plan's run goes on with its step's.
    expect(second.events.filter((event) => event.type === 'approval_decided')).toHaveLength(1);
    expect(second.events.filter((event) => event.type === 'nested_event' && event.event.type === 'approval_decided')).toEqual([]);
  });

  it('asks for a step with approval: true two plans down, and for a side effect only where the used plan has one', async () => {
    const read = countingTool('read', false, () => 'read');
    const write = countingTool('write', true);
    const deepest = used([step('deploy', 'read', {}, [], { approval: true })]);
    const middle = used([planStep('deeper', 'deepest.yml')], undefined, new Map([['deepest.yml', deepest]]));
    const reads = used([step('look', 'read', {})], 'side-effects');
    const writes = used([step('post', 'write', {})], 'side-effects');
    const plan: RunnablePlan = {
      ...planOf([planStep('a', 'middle.yml'), planStep('b', 'reads.yml'), planStep('c', 'writes.yml')]),
      subplans: new Map([['middle.yml', middle], ['reads.yml', reads], ['writes.yml', writes]]),
    };
    const { outcome, events } = await run(plan, [read.tool, write.tool]);
    expect(outcome.status).toBe('awaiting-approval');
    const states = Object.fromEntries([...outcome.record.steps].map(([key, record]) => [key, record.state]));
    expect(states).toEqual({ a: 'waiting', b: 'completed', c: 'waiting' });
    expect(write.calls).toEqual([]);
    expect(read.calls).toHaveLength(1);
    const reasons = events.flatMap((event) => (event.type === 'step_waiting' ? [`${event.stepKey}: ${event.reason}`] : []));
    expect(reasons).toEqual([
      'a: awaiting approval: the plan middle.yml asks for approval before its step deeper: the plan deepest.yml asks for approval before its step deploy: the step asks for approval (approval: true)',
      'c: awaiting approval: the plan writes.yml asks for approval before its step post: it uses write, a tool with side effects (approval: side-effects)',
    ]);
  });

  // Looked at through every path, a plan used by 20 steps of a plan used by 20 steps was walked 400 times
  // for each step the gate asked about (plans nest 4 deep: 8,000 times at 20 wide).
  it('looks at each used plan once, however many paths lead to it', () => {
    let looked = 0;
    const leafSteps = [step('deploy', 'read', {})];
    const leaf: RunnablePlan = {
      ...used([]),
      get steps() {
        looked++;
        return leafSteps;
      },
    };
    const wide = (uses: string, inner: RunnablePlan): RunnablePlan => used(Array.from({ length: 20 }, (_, index) => planStep(`p${index}`, uses)), undefined, new Map([[uses, inner]]));
    const middle = wide('leaf.yml', leaf);
    const top: RunnablePlan = { ...planOf([planStep('a', 'wide.yml')]), subplans: new Map([['wide.yml', wide('middle.yml', middle)]]) };
    const gate = new ApprovalGate(top, new Map());
    expect(gate.needs(top.steps[0]!)).toBeUndefined();
    expect(gate.needs(top.steps[0]!)).toBeUndefined();
    expect(looked).toBe(1);
  });
});

// Found by an adversarial pass: the title a request shows was its description's first 200 characters, cut with no
// mark, so the redactor took the start of a known secret the cut left for text: the trace, the saved state and the
// hash kept 12 of its characters.
describe('the title of a step waiting for approval', () => {
  it('ends with … where it is cut, so no start of a secret the cut left is kept', () => {
    const secret = 'Zq7vX9pL2kR4mN8tWc';
    const redact = createRedactor([secret]);
    const words = 'Deploy the build to production. '.repeat(6).slice(0, 187);
    const long = step('deploy', 'deploy', {}, [], { description: `${words} ${secret} now` });
    const shown = redactDeep(pendingApprovalStep(long, { results: new Map(), inputs: {} }, { redact }), redact);
    expect(shown.title).toBe(`${words} ***…`);
  });
});
