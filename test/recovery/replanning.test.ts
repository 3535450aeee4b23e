import { describe, expect, it } from 'vitest';
import type { Replanner, ReplanRequest, ReviewRequest } from '../../src/run/replanner.ts';
import { StepError } from '../../src/core/step-error.ts';
import { NestedPlanError } from '../../src/run/nested-plan-error.ts';
import { step } from '../run/fake-steps.ts';
import { planOf, startRun } from '../run/run-fixture.ts';
import { textAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from './job-harness.ts';
import { scriptedSteps } from './scripted-steps.ts';

const broken = (message = '404 not found') => ({ fail: new StepError(message, { transient: false }) });

/** A replanner answering from lists, keeping every request it got. */
function scriptedReplanner(replans: Awaited<ReturnType<Replanner['replan']>>[], reviews: boolean[] = []): Replanner & { requests: ReplanRequest[]; reviews: ReviewRequest[] } {
  const requests: ReplanRequest[] = [];
  const reviewed: ReviewRequest[] = [];
  return {
    requests,
    reviews: reviewed,
    async replan(request) {
      requests.push(request);
      return replans.shift() ?? { ok: false, problem: 'no scripted replan' };
    },
    async review(request) {
      reviewed.push(request);
      const fits = reviews.shift() ?? true;
      return { fits, reason: fits ? 'still fine' : 'the source says the tram opened first' };
    },
  };
}

describe('replanning around permanent failures', () => {
  it('replaces what is left, keeps completed steps, and tells the replanner every failure', async () => {
    const runner = scriptedSteps({ b: [broken()], x: [broken('x is gone too')] });
    const replanner = scriptedReplanner([
      { ok: true, steps: [step('x', ['a'])], why: 'try x' },
      { ok: true, steps: [step('y', ['a']), step('z', ['y'])], why: 'try y' },
    ]);
    const run = startRun(planOf([step('a'), step('b', ['a']), step('c', ['b'])]), runner, { replanner });
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(runner.calls).toEqual(['a', 'b', 'x', 'y', 'z']);
    expect(outcome.replans).toBe(2);
    expect(outcome.record.revisions).toEqual([
      { revision: 2, replaced: ['b', 'c'], added: ['x'], reason: 'step b failed: 404 not found — try x' },
      { revision: 3, replaced: ['x'], added: ['y', 'z'], reason: 'step x failed: x is gone too — try y' },
    ]);
    expect(outcome.record.steps.get('c')).toMatchObject({ state: 'skipped', skipReason: 'replaced by plan revision 2' });
    const second = replanner.requests[1]!;
    expect(second.completed.map((done) => [done.step.key, done.result])).toEqual([['a', 'result of a']]);
    expect(second.failures.map((failure) => failure.error)).toEqual(['404 not found', 'x is gone too']);
    expect([...second.usedKeys].sort()).toEqual(['a', 'b', 'c', 'x']);
    expect(outcome.resultStepKey).toBe('z');
  });

  it('escalates once limits.max_replans replans are used, with the last error and what was tried', async () => {
    const runner = scriptedSteps({ b: [broken()], x: [broken('x is gone too')] });
    const replanner = scriptedReplanner([{ ok: true, steps: [step('x', ['a'])] }]);
    const run = startRun(planOf([step('a'), step('b', ['a'])], { max_replans: 1 }), runner, { replanner });
    const outcome = await run.outcome;
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toBe(
      'step x failed and the 1 replan allowed (limits.max_replans) are used up. Last error: x is gone too. ' +
        'Tried: step b (reasoning) failed; step x (reasoning) failed; replanned once (plan revision 2).',
    );
    expect(outcome.escalation).toMatchObject({ lastError: 'x is gone too' });
    expect(run.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'escalated' });
  });

  // Found by an adversarial pass: the replanner was asked (a model call spent) for steps no replacement could have,
  // told to "write at most 0", and the run escalated blaming it for not writing a valid plan.
  it('escalates without asking the replanner when limits.max_steps leaves no room for a step', async () => {
    const runner = scriptedSteps({ b: [broken()] });
    const replanner = scriptedReplanner([{ ok: true, steps: [step('x', ['a'])] }]);
    const outcome = await startRun(planOf([step('a'), step('b', ['a'])], { max_steps: 2 }), runner, { replanner }).outcome;
    expect(replanner.requests).toHaveLength(0);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toBe(
      'step b failed and no step can replace it: the run has started the 2 steps limits.max_steps allows (raise it to leave room for a replan). ' +
        'Last error: 404 not found. Tried: step b (reasoning) failed.',
    );
  });

  // The last error was the failure the run had recovered from, and the review's reason was nowhere.
  it('escalates after a review with its reason as the last error, not a failure recovered from before it', async () => {
    const runner = scriptedSteps({ b: [broken()] });
    const replanner = scriptedReplanner([{ ok: true, steps: [step('x', ['a'], { review: true }), step('y', ['x'])] }], [false]);
    const outcome = await startRun(planOf([step('a'), step('b', ['a'])], { max_replans: 1 }), runner, { replanner }).outcome;
    expect(outcome.status).toBe('escalated');
    expect(outcome.escalation).toMatchObject({ lastError: 'the source says the tram opened first' });
    expect(outcome.reason).toContain('the review after step x found the plan no longer fits and the 1 replan allowed (limits.max_replans) are used up. Last error: the source says the tram opened first.');
  });

  it('joins a last error that ends in a full stop into the reason without doubling it', async () => {
    const runner = scriptedSteps({ b: [broken('Model call failed: 502 Bad Gateway. The endpoint failed; retry later.')] });
    const run = startRun(planOf([step('a'), step('b', ['a'])], { max_replans: 0 }), runner, { replanner: scriptedReplanner([]) });
    const outcome = await run.outcome;
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toMatch(/Last error: Model call failed: 502 Bad Gateway\. The endpoint failed; retry later\. Tried: step b \(reasoning\) failed\.$/);
    expect(outcome.reason).not.toMatch(/\.\./);
  });

  it('escalates when the replanner cannot write a valid plan, and when it reuses an id', async () => {
    for (const answer of [{ ok: false as const, problem: 'steps[0].tool: no tool browse' }, { ok: true as const, steps: [step('b')] }]) {
      const run = startRun(planOf([step('a'), step('b', ['a'])]), scriptedSteps({ b: [broken()] }), { replanner: scriptedReplanner([answer]) });
      const outcome = await run.outcome;
      expect(outcome.status).toBe('escalated');
      expect(outcome.reason).toMatch(/^step b failed and the replanner could not write a valid plan for what is left \((steps\[0\]\.tool: no tool browse|step id b was used before in this run; new steps need new ids)\)/);
      expect(outcome.results.get('a')).toBe('result of a');
    }
  });

  it('fails without replanning when on_failure is fail, and skips only dependents when it is continue', async () => {
    const replanner = scriptedReplanner([]);
    const failing = await startRun(planOf([step('a', [], { onFailure: 'fail' }), step('b', ['a'])]), scriptedSteps({ a: [broken()] }), { replanner }).outcome;
    expect(failing).toMatchObject({ status: 'failed', reason: 'step a failed: 404 not found' });
    const going = await startRun(planOf([step('a', [], { onFailure: 'continue' }), step('b', ['a']), step('c', [])]), scriptedSteps({ a: [broken()] }), { replanner }).outcome;
    expect(going.status).toBe('succeeded');
    expect(going.record.steps.get('b')).toMatchObject({ state: 'skipped', skipReason: 'upstream step a failed (on_failure: continue)' });
    expect(going.results.get('c')).toBe('result of c');
    expect(replanner.requests).toEqual([]);
  });

  // Found by an adversarial pass: a model replaced a used plan's step whose goals decided against it with a
  // step that skipped the check, and the run passed the gate.
  it('does not replan around a used plan whose goals decided against it, whatever on_failure asks; a used plan that failed otherwise is', async () => {
    const verdict = () => ({ fail: new NestedPlanError({ stepKey: 'a', uses: 'inner.yml', problem: "ran, but its goals decide against it: 'no TODO' not met", goalsUnmet: true }) });
    for (const onFailure of [undefined, 'replan'] as const) {
      const replanner = scriptedReplanner([{ ok: true, steps: [step('x')], why: 'skip the check' }]);
      const outcome = await startRun(planOf([step('a', [], onFailure ? { onFailure } : {}), step('b', ['a'])]), scriptedSteps({ a: [verdict()] }), { replanner }).outcome;
      expect(outcome).toMatchObject({ status: 'failed', replans: 0, reason: "step a failed: the plan inner.yml ran, but its goals decide against it: 'no TODO' not met" });
      expect(replanner.requests).toEqual([]);
    }
    const other = scriptedReplanner([{ ok: true, steps: [step('x')], why: 'try x' }]);
    const failed = () => ({ fail: new NestedPlanError({ stepKey: 'a', uses: 'inner.yml', problem: 'did not succeed: step 1 failed' }) });
    const replanned = await startRun(planOf([step('a'), step('b', ['a'])]), scriptedSteps({ a: [failed()] }), { replanner: other }).outcome;
    expect(replanned).toMatchObject({ status: 'succeeded', replans: 1 });
  });

  it('defaults on_failure to fail when no model (no replanner) is configured', async () => {
    const outcome = await startRun(planOf([step('a'), step('b', ['a'])]), scriptedSteps({ a: [broken()] })).outcome;
    expect(outcome).toMatchObject({ status: 'failed', replans: 0 });
  });
});

describe('review: true', () => {
  it('asks after the step whether the rest still fits, and replans when it does not', async () => {
    const replanner = scriptedReplanner([{ ok: true, steps: [step('c2', ['a'])], why: 'write about the tram first' }], [false]);
    const runner = scriptedSteps();
    const run = startRun(planOf([step('a', [], { review: true }), step('b', ['a']), step('c', ['b'])]), runner, { replanner });
    const outcome = await run.outcome;
    expect(runner.calls).toEqual(['a', 'c2']);
    expect(replanner.reviews.map((review) => [review.reviewedStepKey, review.remaining.map((s) => s.key)])).toEqual([['a', ['b', 'c']]]);
    expect(replanner.requests[0]).toMatchObject({ review: { stepKey: 'a', reason: 'the source says the tram opened first' } });
    expect(outcome.record.revisions[0]?.reason).toBe('the review after step a found the rest of the plan no longer fits: the source says the tram opened first — write about the tram first');
  });

  it('goes on unchanged when the review says the plan fits, and counts a "no" against max_replans', async () => {
    const fits = scriptedReplanner([], [true]);
    const runner = scriptedSteps();
    await startRun(planOf([step('a', [], { review: true }), step('b', ['a'])]), runner, { replanner: fits }).outcome;
    expect(runner.calls).toEqual(['a', 'b']);
    const stale = scriptedReplanner([], [false]);
    const outcome = await startRun(planOf([step('a', [], { review: true }), step('b', ['a'])], { max_replans: 0 }), scriptedSteps(), { replanner: stale }).outcome;
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('the review after step a found the plan no longer fits and replanning is off (limits.max_replans: 0)');
  });
});

// Found by a review: with steps completed before the failure, `of` was left to the goal check; with none,
// the replacement was checked against it and could never pass (the model may not reuse the id), so the run escalated.
it('takes a replacement for the step a goal’s `of` names, whether or not a step completed before the failure', async () => {
  const replacement = textAnswer(
    JSON.stringify({
      steps: [
        { id: 3, type: 'tool_call', tool: 'add', args: '{"a":1,"b":2}', description: 'add instead' },
        { id: 4, type: 'reasoning', description: 'report', depends_on: [3] },
      ],
      why: 'boom is broken',
    }),
  );
  const boom = 'tools:\n  boom: { description: B, command: ["sh", "-c", "exit 3"], input: { type: object } }\n';
  const plan = (first: string) =>
    `name: G\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n${boom}workflow_sequence:\n${first}  - { id: 2, type: reasoning, description: report }\ngoals:\n  - { name: reported, of: 2, contains: "3", severity: warning }\n`;
  const firstFails = '  - { id: 1, type: tool_call, tool: boom, args: {} }\n';
  const oneCompletes = '  - { id: 0, type: tool_call, tool: add, args: { a: 0, b: 0 } }\n  - { id: 1, type: tool_call, tool: boom, args: {}, depends_on: [] }\n';
  for (const first of [firstFails, oneCompletes]) {
    const job = await runOfflineJob({ plan: plan(first), script: [replacement, textAnswer('3')] });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('4')?.result).toBe('3');
    // The goal's step was replaced: the goal check says so (a warning here, so the run still succeeds).
    expect(job.outcome.kind === 'ran' && job.outcome.goals.map((goal) => [goal.name, goal.outcome])).toEqual([['reported', 'error']]);
  }
});

// Found by a review: keeping only the edges between completed steps left a completed aggregate, whose one
// optional input failed, with nothing to combine, and the check for that refused every replacement.
it('takes a replacement that keeps a completed aggregate whose only, optional, input failed', async () => {
  const replacement = textAnswer(JSON.stringify({ steps: [{ id: 4, type: 'tool_call', tool: 'add', args: '{"a":1,"b":2}', description: 'add instead', depends_on: [] }], why: 'boom is broken' }));
  const boom = 'tools:\n  boom: { description: B, command: ["sh", "-c", "exit 3"], input: { type: object } }\n';
  const plan = `name: G\ngoal: add things\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n${boom}workflow_sequence:\n  - { id: 1, type: tool_call, tool: boom, args: {} }\n  - { id: 2, type: aggregate, description: combine, depends_on: [{ step: 1, optional: true }] }\n  - { id: 3, type: tool_call, tool: boom, args: {}, depends_on: [2] }\n`;
  const job = await runOfflineJob({ plan, script: [textAnswer('combined'), replacement] });
  expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
  expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('4')?.result).toBe(3);
});
