import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';
import type { Replanner } from '../../src/run/replanner.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import type { CommandTool } from '../../src/plan/schema.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf, recordingTool } from './run-fixture.ts';

function step(key: string, tool: string, args: Record<string, unknown>, dependsOn: string[] = []): PlanStep {
  return { key, id: key, type: 'tool_call', description: `${key} with ${tool}`, tool, args, inputs: [], dependsOn };
}

async function run(steps: PlanStep[], tools: Tool[], extra: { resume?: ResumeState; replanner?: Replanner } = {}) {
  const events: RunEvent[] = [];
  const outcome = await runPlan(planOf(steps), {
    runStep,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    clock: systemClock,
    cwd: '/repo',
    inputs: { week: '2026-W48' },
    listeners: [(event) => events.push(event)],
    ...extra,
  });
  return { outcome, events };
}

function resumeFrom(events: RunEvent[]): ResumeState {
  const read = resumeStateFromEvents(events, 'test plan', 'the first run');
  if (!read.ok) throw new Error(read.problem);
  return read.state;
}

const permanent = (message: string) => new StepError(message, { transient: false });

describe('resuming a run', () => {
  const chain = (bArgs: Record<string, unknown> = { x: { step_result: 'a' } }) => [step('a', 'fetch', { n: 1 }), step('b', 'double', bArgs, ['a']), step('c', 'report', { x: { step_result: 'b' } }, ['b'])];

  it('reuses every completed step whose key matches and runs only the rest', async () => {
    const fetch = recordingTool('fetch', () => 21);
    const double = recordingTool('double', (args) => (args.x as number) * 2);
    let reportFails = true;
    const report = recordingTool('report', (args) => {
      if (reportFails) throw permanent('the report service said no');
      return `total ${String(args.x)}`;
    });
    const first = await run(chain(), [fetch.tool, double.tool, report.tool]);
    expect(first.outcome.status).toBe('failed');

    reportFails = false;
    const second = await run(chain(), [fetch.tool, double.tool, report.tool], { resume: resumeFrom(first.events) });
    expect(second.outcome).toMatchObject({ status: 'succeeded', finalResult: 'total 42' });
    // Steps a and b were not called again: their results came from the first run.
    expect(fetch.calls).toHaveLength(1);
    expect(double.calls).toHaveLength(1);
    expect(report.calls).toHaveLength(2);
    const reused = second.events.flatMap((event) => (event.type === 'step_completed' && event.reused ? [event.stepKey] : []));
    expect(reused).toEqual(['a', 'b']);
    expect(second.outcome.record.steps.get('b')).toMatchObject({ state: 'completed', result: 42, reused: expect.any(Object) });
  });

  it('runs a changed step and everything downstream of it again', async () => {
    const fetch = recordingTool('fetch', () => 21);
    const double = recordingTool('double', (args) => (args.x as number) * 2 + ((args.plus as number | undefined) ?? 0));
    const report = recordingTool('report', (args) => `total ${String(args.x)}`);
    const first = await run(chain(), [fetch.tool, double.tool, report.tool]);
    expect(first.outcome.status).toBe('succeeded');
    const second = await run(chain({ x: { step_result: 'a' }, plus: 1 }), [fetch.tool, double.tool, report.tool], { resume: resumeFrom(first.events) });
    expect(second.outcome.finalResult).toBe('total 43');
    expect([fetch.calls.length, double.calls.length, report.calls.length]).toEqual([1, 2, 2]);
  });

  it('refuses a trace of another plan', () => {
    const events: RunEvent[] = [{ type: 'plan_created', at: 0, format: 2, plan: { name: 'other', revision: 1, steps: [] } }];
    expect(resumeStateFromEvents(events, 'test plan', 'trace.jsonl')).toEqual({ ok: false, problem: "trace.jsonl is a trace of the plan 'other', not of 'test plan'; resume from a trace of this plan" });
    expect(resumeStateFromEvents([{ ...events[0]!, format: 1 } as RunEvent], 'other', 'old.jsonl')).toMatchObject({ ok: false, problem: expect.stringContaining('trace format 1') });
  });
});

describe('side effects are never repeated blindly', () => {
  const sendStep = step('send', 'send_email', { to: 'team@example.com', subject: 'weekly' });

  it('a side-effect call that times out is unknown: the run escalates naming it, and never calls it again', async () => {
    // The email went out, then the call timed out: a transient error, an unknown outcome.
    const send = recordingTool('send_email', () => {
      throw new StepError("tool 'send_email' did not finish within 30 s and was stopped", { transient: true, toolName: 'send_email' });
    }, true);
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [step('send2', 'send_email', { to: 'team@example.com', subject: 'weekly' })] }),
      review: async () => ({ fits: true, reason: 'fits' }),
    };
    const { outcome, events } = await run([sendStep], [send.tool], { replanner });
    expect(send.calls).toHaveLength(1);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('step send called send_email({"to":"team@example.com","subject":"weekly"}), a tool with side effects, and got no answer that says whether it took effect (none came, the call was stopped, the answer was too large to read, or it was a failure that may have come after the effect: a server error, a temporary failure); it may have taken effect');
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool_returned', stepKey: 'send', outcome: 'unknown' }));

    // A resume from that run does not send again either.
    const again = await run([sendStep], [send.tool], { resume: resumeFrom(events) });
    expect(send.calls).toHaveLength(1);
    expect(again.outcome.status).not.toBe('succeeded');
    expect(again.outcome.record.steps.get('send')?.error).toContain('plan-runner never repeats one');
    // Nor a resume of the resumed run: its trace carries the call on (`kind: inherited`).
    const third = await run([sendStep], [send.tool], { resume: resumeFrom(again.events) });
    expect(send.calls).toHaveLength(1);
    expect(third.outcome.status).toBe('escalated');
  });

  it('a replan that repeats a side-effect call that succeeded is rejected', async () => {
    const send = recordingTool('send_email', () => 'sent', true);
    const check = recordingTool('check', () => {
      throw permanent('check failed');
    });
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [step('resend', 'send_email', { to: 'team@example.com', subject: 'weekly' })] }),
      review: async () => ({ fits: true, reason: 'fits' }),
    };
    const { outcome } = await run([sendStep, step('check', 'check', {}, ['send'])], [send.tool, check.tool], { replanner });
    expect(send.calls).toHaveLength(1);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('step resend repeats send_email({"to":"team@example.com","subject":"weekly"}), a call with side effects that already succeeded in step send');
  });

  it('every tool call is in the trace with its arguments, and command tools get a stable idempotency key', async () => {
    const flaky = recordingTool('flaky', (_args, n) => {
      if (n === 1) throw new StepError('try again', { transient: true });
      return 'ok';
    });
    const flakyStep = { ...step('f', 'flaky', { q: 'x' }), retry: { max_attempts: 2, initial_interval: '1ms' } } as PlanStep;
    const { outcome, events } = await run([flakyStep], [flaky.tool]);
    expect(outcome.status).toBe('succeeded');
    const keys = flaky.calls.map((call) => call.ctx.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(events.filter((event) => event.type === 'tool_called')).toEqual([
      expect.objectContaining({ stepKey: 'f', tool: 'flaky', args: { q: 'x' }, callKey: keys[0] }),
      expect.objectContaining({ stepKey: 'f', tool: 'flaky', args: { q: 'x' }, callKey: keys[0] }),
    ]);
    expect(events.filter((event) => event.type === 'tool_returned').map((event) => (event as { outcome: string }).outcome)).toEqual(['failed', 'succeeded']);
  });

  // Found by an adversarial pass: 1,000 items' arguments naming a 900 KB result 8 times were kept whole in the record and
  // the trace: 3.9 GB of memory and a 3.6 GB trace before the heap watch stopped the run.
  it('keeps long arguments of a call without side effects as a note in the trace, and those of one with side effects whole', async () => {
    const big = recordingTool('big', () => 'x'.repeat(100_000));
    const read = recordingTool('read', (args) => (args.text as string).length);
    const post = recordingTool('post', (args) => (args.text as string).length, true);
    const steps = [step('a', 'big', {}), step('r', 'read', { text: '${steps.a.result}' }, ['a']), step('p', 'post', { text: '${steps.a.result}' }, ['a'])];
    const { outcome, events } = await run(steps, [big.tool, read.tool, post.tool]);
    expect(outcome.status).toBe('succeeded');
    expect(read.calls[0]!.args.text).toHaveLength(100_000);
    const called = events.filter((event) => event.type === 'tool_called');
    expect(called.find((event) => event.tool === 'read')?.args).toEqual({ left_out_for_room: "the arguments of this call of 'read', 100,011 characters; its callKey is their hash" });
    expect(called.find((event) => event.tool === 'post')?.args).toEqual({ text: 'x'.repeat(100_000) });
    expect(called.find((event) => event.tool === 'big')?.args).toEqual({});
  });
});

// A resumed for_each item under on_item_failure: continue whose call was refused as a repeat became null,
// and the run succeeded, exit 0, with that item never made (found by an adversarial pass).
describe('a for_each item refused as a repeat', () => {
  it('escalates the resumed run, as a plain step refused so does, rather than completing with the item as null', async () => {
    let lost = true;
    const publish = recordingTool('publish', (args) => {
      if (args['name'] === 'b' && lost) throw new StepError('the request timed out', { transient: true, toolName: 'publish' });
      return `published ${String(args['name'])}`;
    }, true);
    const names = recordingTool('names', () => ['a', 'b', 'c']);
    const each: PlanStep = { ...step('each', 'publish', { name: '${item}' }, ['names']), forEach: { list: '${steps.names.result}', as: 'item', onItemFailure: 'continue' } };
    const first = await run([step('names', 'names', {}), each], [names.tool, publish.tool]);
    expect(first.outcome.status).toBe('escalated');
    lost = false;
    const again = await run([step('names', 'names', {}), each], [names.tool, publish.tool], { resume: resumeFrom(first.events) });
    expect(again.outcome.status).toBe('escalated');
    expect(again.outcome.reason).toContain('step each would call publish({"name":"b"}) again, a tool with side effects that got no answer in an earlier run');
    expect(publish.calls.map((call) => call.args['name'])).toEqual(['a', 'b', 'c']);
  });
});

// A replacement for_each step whose item was refused as a repeat failed with the item's error, not the
// refusal: the run replanned again and succeeded, exit 0, past a call nobody checked (found by an adversarial pass).
describe('a replaced step whose call was refused as a repeat', () => {
  it('escalates, as a step refused with its own error does, rather than replanning past it', async () => {
    const publish = recordingTool('publish', (args) => {
      if (args['name'] === 'bad') throw permanent('the service refused it');
      return `published ${String(args['name'])}`;
    }, true);
    const names = recordingTool('names', () => ['a', 'bad']);
    const done = recordingTool('done', () => 'done');
    const each: PlanStep = { ...step('each', 'publish', { name: '${item}' }, ['names']), forEach: { list: '${steps.names.result}', as: 'item', onItemFailure: 'fail' } };
    let replans = 0;
    const replanner: Replanner = {
      replan: async () => (++replans === 1 ? { ok: true, steps: [{ ...each, key: 'again', id: 'again' }] } : { ok: true, steps: [step('done', 'done', {}, ['names'])] }),
      review: async () => ({ fits: true, reason: 'fits' }),
    };
    const { outcome } = await run([step('names', 'names', {}), each], [names.tool, publish.tool, done.tool], { replanner });
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('step again would call publish({"name":"a"}) again');
    expect(replans).toBe(1);
    expect(done.calls).toHaveLength(0);
    expect(publish.calls.filter((call) => call.args['name'] === 'a')).toHaveLength(1);
  });
});

// A deploy that did its effect and was then stopped for too much output, or killed by a signal (an
// out-of-memory kill), was recorded as failed for certain: a resume deployed again (found by an adversarial pass).
describe('a side-effect command stopped or killed after its effect', () => {
  it.each([
    ['stopped for printing more than the cap', 'process.stdout.write("x".repeat(4096))', { maxStdoutBytes: 1024 }, /wrote more than 1 KiB to stdout and was stopped/],
    ['killed by a signal', 'process.kill(process.pid, "SIGKILL")', {}, /was killed by SIGKILL/],
  ] as const)('counts as a call that may have happened when %s: never made again', async (_case, after, limits, why) => {
    const { commandTool } = await import('../../src/tools/command-tool.ts');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const log = join(mkdtempSync(join(tmpdir(), 'plan-runner-effect-')), 'effects.log');
    const deploy = commandTool(
      'deploy',
      { description: 'deploys', command: [process.execPath, '-e', `require("node:fs").appendFileSync(${JSON.stringify(log)}, "deployed\\n"); ${after}`], side_effects: true },
      { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' }, ...limits },
    );
    const first = await run([step('deploy', 'deploy', { version: '1.2.3' })], [deploy]);
    expect(first.outcome.record.steps.get('deploy')?.error).toMatch(why);
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'tool_returned', stepKey: 'deploy', outcome: 'unknown' }));
    const again = await run([step('deploy', 'deploy', { version: '1.2.3' })], [deploy], { resume: resumeFrom(first.events) });
    expect(again.outcome.status).not.toBe('succeeded');
    expect(readFileSync(log, 'utf8')).toBe('deployed\n');
  });
});

describe('command tools and idempotency', () => {
  it('a command tool sees PLAN_RUNNER_IDEMPOTENCY_KEY, the same for the same call in a later run', async () => {
    const { commandTool } = await import('../../src/tools/command-tool.ts');
    const printKey = commandTool(
      'print_key',
      { description: 'prints its key', command: [process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.env.PLAN_RUNNER_IDEMPOTENCY_KEY ?? null))'], side_effects: true },
      { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' } },
    );
    const first = await run([step('k', 'print_key', { to: 'x' })], [printKey]);
    const second = await run([step('k2', 'print_key', { to: 'x' })], [printKey]);
    expect(first.outcome.finalResult).toMatch(/^[0-9a-f]{32}$/);
    expect(second.outcome.finalResult).toBe(first.outcome.finalResult);
  });
});

// A step that asked for a replan (A) failed while another step with on_failure: fail (B) failed too: the
// replan was dropped, A's dependents stayed pending, and the run's end skipped them as an executor bug,
// counting a third failure that never happened (found by an adversarial pass).
describe('a failure that asks for a replan beside one that fails the run', () => {
  it('stands as a failure: its dependents are skipped for it, and the count is the failures there were', async () => {
    let replans = 0;
    const replanner: Replanner = {
      replan: async () => ((replans += 1), { ok: false, problem: 'not asked' }),
      review: async () => ({ fits: true, reason: 'fits' }),
    };
    const broken = recordingTool('broken', () => {
      throw permanent('A is broken');
    });
    const late = recordingTool('late', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw permanent('B is broken too');
    });
    const after = recordingTool('after', () => 'never');
    const { outcome } = await run([step('A', 'broken', {}), { ...step('B', 'late', {}), onFailure: 'fail' }, step('C', 'after', {}, ['A'])], [broken.tool, late.tool, after.tool], { replanner });
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toBe('step A failed: A is broken (and 1 more failed)');
    expect(outcome.record.steps.get('C')).toMatchObject({ state: 'skipped', skipReason: 'upstream step A failed' });
    expect(replans).toBe(0);
    expect(after.calls).toHaveLength(0);
  });
});

// A completed step that did without an optional dependency that failed kept its edge to it: the graph of a
// replacement refused it ("depends on extra, which is not in the plan") and the run escalated (found by an adversarial pass).
describe('a replan after a step that did without a failed optional dependency', () => {
  it('keeps that step and runs the replacement', async () => {
    const broken = recordingTool('broken', () => {
      throw permanent('broken for good');
    });
    const fine = recordingTool('fine', () => 'fine');
    const notes: PlanStep = { ...step('notes', 'fine', {}, ['extra']), optional: ['extra'] };
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [step('instead', 'fine', { again: true }, ['notes'])] }),
      review: async () => ({ fits: true, reason: 'fits' }),
    };
    const { outcome } = await run([step('extra', 'broken', {}), notes, step('more', 'broken', { n: 2 }, ['notes'])], [broken.tool, fine.tool], { replanner });
    expect(outcome.reason ?? '').not.toContain('not in the plan');
    expect(outcome.record.steps.get('instead')).toMatchObject({ state: 'completed' });
  });
});

// A completed step that published, given a checklist label (`title:`) or another timeout, retry or on_failure after
// the run failed further on, ran again on the re-run: its call was refused as a repeat, and the run escalated over
// a label (found by an adversarial pass).
describe('a completed step changed only in how it is shown or run', () => {
  it.each([
    ['a title', { title: 'Send the weekly mail' }],
    ['a timeout', { timeoutSeconds: 120 }],
    ['a retry policy', { retry: { max_attempts: 1 } }],
    ['an on_failure', { onFailure: 'continue' }],
  ] as const)('is reused when it gets %s, and its call is not made again', async (_case, change) => {
    const send = recordingTool('send_email', () => 'sent', true);
    let checkFails = true;
    const check = recordingTool('check', () => {
      if (checkFails) throw permanent('check failed');
      return 'checked';
    });
    const sendStep = step('send', 'send_email', { to: 'team@example.com' });
    const first = await run([sendStep, step('check', 'check', {}, ['send'])], [send.tool, check.tool]);
    expect(first.outcome.status).toBe('failed');
    checkFails = false;
    const again = await run([{ ...sendStep, ...change } as PlanStep, step('check', 'check', {}, ['send'])], [send.tool, check.tool], { resume: resumeFrom(first.events) });
    expect(again.outcome.status).toBe('succeeded');
    expect(send.calls).toHaveLength(1);
    expect(again.outcome.record.steps.get('send')).toMatchObject({ state: 'completed', reused: expect.any(Object) });
  });

  // Found by an adversarial pass: the step’s own timeout and retry had left its key, but its tool’s had not, so raising
  // a command tool’s timeout_seconds after a later step of it timed out ran the completed publish step again.
  it.each([
    ['a timeout', { timeout_seconds: 600 }],
    ['a retry policy', { retry: { max_attempts: 1 } }],
  ] as const)('is reused when its tool gets %s, and its call is not made again', async (_case, change) => {
    const send = recordingTool('send_email', () => 'sent', true);
    let checkFails = true;
    const check = recordingTool('check', () => {
      if (checkFails) throw permanent('check failed');
      return 'checked';
    });
    const defined: CommandTool = { description: 'send a mail', command: ['send-mail'], side_effects: true, timeout_seconds: 60 };
    const steps = [step('send', 'send_email', { to: 'team@example.com' }), step('check', 'check', {}, ['send'])];
    const withTool = async (tool: CommandTool, resume?: ResumeState) => {
      const events: RunEvent[] = [];
      const plan: RunnablePlan = { ...planOf(steps), source: { tools: { send_email: tool } } };
      const tools = new Map([send.tool, check.tool].map((one) => [one.name, one]));
      const outcome = await runPlan(plan, { runStep, tools, clock: systemClock, cwd: '/repo', inputs: {}, listeners: [(event) => events.push(event)], ...(resume && { resume }) });
      return { outcome, events };
    };
    const first = await withTool(defined);
    expect(first.outcome.status).toBe('failed');
    checkFails = false;
    const again = await withTool({ ...defined, ...change }, resumeFrom(first.events));
    expect(again.outcome.status).toBe('succeeded');
    expect(send.calls).toHaveLength(1);
    expect(again.outcome.record.steps.get('send')).toMatchObject({ state: 'completed', reused: expect.any(Object) });
    const described = await withTool({ ...defined, description: 'send a mail to the team' }, resumeFrom(first.events));
    expect(described.outcome.record.steps.get('send')?.reused).toBeUndefined();
  });

  it('runs again when its arguments change', async () => {
    const send = recordingTool('send_email', () => 'sent', true);
    const sendStep = step('send', 'send_email', { to: 'team@example.com' });
    const first = await run([sendStep], [send.tool]);
    const again = await run([{ ...sendStep, title: 'Send', args: { to: 'ops@example.com' } }], [send.tool], { resume: resumeFrom(first.events) });
    expect(again.outcome.status).toBe('succeeded');
    expect(send.calls.map((call) => call.args['to'])).toEqual(['team@example.com', 'ops@example.com']);
  });
});
