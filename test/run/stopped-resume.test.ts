// A resumed run stopped (cancelled, out of budget, killed) before it reached a step the earlier run
// completed did not write that result into its own trace: a resume of the stopped run ran the step
// again, or escalated at its side effect. Documented as a known limit until `result_carried`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { parseResumeTrace } from '../../src/run/read-resume-trace.ts';
import type { ResumeState } from '../../src/run/resume-state.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf, recordingTool } from './run-fixture.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-stopped-resume-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function step(key: string, tool: string, args: Record<string, unknown>, dependsOn: string[] = [], extra: Partial<PlanStep> = {}): PlanStep {
  return { key, id: key, type: 'tool_call', description: key, tool, args, inputs: [], dependsOn, ...extra };
}

/**
 * One run of `steps`, one step at a time, through a trace file written with a redactor for `s3cret-value`
 * (as the CLI and the action write it); resumed from the trace file `from` when given. `stopWhen` cancels
 * the run when a tool is called with those arguments.
 */
async function run(name: string, steps: PlanStep[], tools: Tool[], options: { from?: string; stop?: AbortController } = {}) {
  let resume: ResumeState | undefined;
  if (options.from) {
    const read = parseResumeTrace({ file: options.from, text: readFileSync(path.join(dir, options.from), 'utf8') }, 'test plan');
    if (!read.ok) throw new Error(read.problem);
    resume = read.state;
  }
  const trace = traceWriter(path.join(dir, name), { redact: createRedactor(['s3cret-value']) });
  const events: RunEvent[] = [];
  const outcome = await runPlan(planOf(steps, { concurrency: 1 }), {
    runStep,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    clock: systemClock,
    cwd: dir,
    inputs: {},
    listeners: [trace.listener, (event) => events.push(event)],
    ...(options.stop && { signal: options.stop.signal }),
    ...(resume && { resume }),
  });
  await trace.close();
  return { outcome, events };
}

const completed = (events: RunEvent[]) => events.flatMap((event) => (event.type === 'step_completed' ? [event.stepKey] : []));

describe('a resumed run stopped before it reaches a step the earlier run completed', () => {
  it('carries that result in its trace: a resume of the stopped run reuses the step, its side effect is not met again, and a masked result stays masked', async () => {
    let reportFails = true;
    const stop = new AbortController();
    // `slow` with n: 2 is where the second run is cancelled, as its first step.
    const slow = recordingTool('slow', async (args) => {
      if (args['n'] === 2 && !stop.signal.aborted) stop.abort();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `slow ${String(args['n'])}`;
    });
    const fetch = recordingTool('fetch', () => ({ rows: 21 }));
    const deploy = recordingTool('deploy', () => 'deployed with s3cret-value', true);
    const report = recordingTool('report', (args) => {
      if (reportFails) throw new StepError('the report service said no', { transient: false });
      return `report of ${JSON.stringify(args)}`;
    });
    const steps = (n: number) => [
      step('slow', 'slow', { n }),
      step('fetch', 'fetch', {}),
      step('deploy', 'deploy', { version: '1.2.3' }),
      step('report', 'report', { slow: { step_result: 'slow' }, rows: '${steps.fetch.result.rows}', deployed: { step_result: 'deploy' } }, ['slow', 'fetch', 'deploy']),
    ];
    const tools = [slow.tool, fetch.tool, deploy.tool, report.tool];

    const first = await run('first.jsonl', steps(1), tools);
    expect(first.outcome.status).toBe('failed');
    expect(completed(first.events)).toEqual(['slow', 'fetch', 'deploy']);

    // `slow` changed, so it runs again first, and the run is cancelled there.
    const second = await run('second.jsonl', steps(2), tools, { from: 'first.jsonl', stop });
    expect(second.outcome.status).toBe('cancelled');
    // Ready when it stopped, with the first run's results standing: taken as they are (nothing runs), not skipped.
    const reusedAtStop = second.events.flatMap((event) => (event.type === 'step_completed' && event.reused ? [event.stepKey] : []));
    expect(reusedAtStop.sort()).toEqual(['deploy', 'fetch']);

    reportFails = false;
    const third = await run('third.jsonl', steps(2), tools, { from: 'second.jsonl' });
    expect(third.outcome.status).toBe('succeeded');
    expect(fetch.calls).toHaveLength(1);
    expect(deploy.calls).toHaveLength(1);
    const reused = third.events.flatMap((event) => (event.type === 'step_completed' && event.reused ? [[event.stepKey, event.masked ?? false]] : []));
    // `slow` completed in the second run, just as it was cancelled; `fetch` and `deploy` only in the first.
    expect(reused).toEqual(expect.arrayContaining([['fetch', false], ['deploy', true]]));
    expect(third.outcome.masked.get('deploy')).toBe('step deploy, reused as second.jsonl saved it');
    expect(third.outcome.finalResult).toContain('"rows":21');
  });

  it('carries the completed items of a for_each step it never started: only the failed item runs again', async () => {
    let failB = true;
    const stop = new AbortController();
    const slow = recordingTool('slow', async (args) => {
      if (args['n'] === 2 && !stop.signal.aborted) stop.abort();
      // Longer than any other step: the second run, which orders ready steps by the first one's times, starts it first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'slow';
    });
    const check = recordingTool('check', (args) => {
      if (args['name'] === 'b' && failB) throw new StepError('b is broken', { transient: false });
      return `checked ${String(args['name'])}`;
    });
    const list = recordingTool('names', () => ['a', 'b', 'c']);
    const steps = (n: number) => [
      step('names', 'names', {}),
      step('slow', 'slow', { n }),
      step('each', 'check', { name: '${item}' }, ['names'], { forEach: { list: '${steps.names.result}', as: 'item', onItemFailure: 'fail' } }),
    ];
    const names = ['a', 'b', 'c'];
    const withNames = (name: string, n: number, options: { from?: string; stop?: AbortController } = {}) => run(name, steps(n), [list.tool, slow.tool, check.tool], options);

    const first = await withNames('first.jsonl', 1);
    expect(first.outcome.status).toBe('failed');
    const ranFirst = check.calls.map((call) => call.args['name']);
    expect(ranFirst).toContain('b');

    const second = await withNames('second.jsonl', 2, { from: 'first.jsonl', stop });
    expect(second.outcome.status).toBe('cancelled');
    expect(second.events.some((event) => event.type === 'step_expanded')).toBe(false);

    failB = false;
    const third = await withNames('third.jsonl', 2, { from: 'second.jsonl' });
    expect(third.outcome.status).toBe('succeeded');
    // Every item the first run completed is reused; b (and only what the first run never finished) runs.
    const ranThird = check.calls.slice(ranFirst.length).map((call) => call.args['name']);
    expect(ranThird).toContain('b');
    for (const done of first.events.flatMap((event) => (event.type === 'item_completed' ? [names[event.index]] : []))) expect(ranThird).not.toContain(done);
    expect(third.outcome.finalResult).toEqual(['checked a', 'checked b', 'checked c']);
  });
});

// Items of a for_each step that completed were carried one by one as well as the step whole: each
// item's result written three times in the resumed run's trace (found by a review).
it('carries a completed for_each step whole, not also item by item', async () => {
  const check = recordingTool('check', (args) => `checked ${String(args['name'])}`);
  const list = recordingTool('names', () => ['a', 'b', 'c']);
  const failing = recordingTool('late', () => {
    throw new StepError('late is broken', { transient: false });
  });
  const steps = [
    step('names', 'names', {}),
    step('each', 'check', { name: '${item}' }, ['names'], { forEach: { list: '${steps.names.result}', as: 'item', onItemFailure: 'fail' } }),
    step('late', 'late', {}, ['each']),
  ];
  await run('first.jsonl', steps, [list.tool, check.tool, failing.tool]);
  const second = await run('second.jsonl', steps, [list.tool, check.tool, failing.tool], { from: 'first.jsonl' });
  const carried = second.events.flatMap((event) => (event.type === 'result_carried' ? [event.item ? `${event.stepKey}[${event.item.index}]` : event.stepKey] : []));
  expect(carried.sort()).toEqual(['each', 'names']);
  expect(check.calls).toHaveLength(3);
});

// c7ed58b's carried results counted as completions of the run resumed: a step that completed in a run
// before it, then changed and called in the run resumed, was taken as done there, and its calls in the
// run resumed were not told to it (an agent is told them, so as not to make them again in other words).
describe('a step changed and cut off in a resumed run', () => {
  it('is told, in the resume of that run, of the calls it made in both earlier runs', async () => {
    let calledWith2!: () => void;
    const deployingV2 = new Promise<void>((resolve) => (calledWith2 = resolve));
    const deploy = recordingTool('deploy', async (args) => {
      if (args['v'] === 2) {
        calledWith2();
        await new Promise(() => {});
      }
      return `deployed ${String(args['v'])}`;
    }, true);
    const told: unknown[] = [];
    const stepRunner: import('../../src/steps/step-context.ts').StepRunner = async (ctx) => {
      told.push(ctx.earlierCalls?.map((call) => `${String(call.args['v'])}:${call.outcome}`) ?? []);
      return ctx.callTool(deploy.tool, { v: ctx.step.args!['v'] });
    };
    const planOfV = (v: number) => planOf([step('x', 'deploy', { v })], { concurrency: 1 });
    const once = async (name: string, v: number, from?: string, stop?: AbortController) => {
      let resume: ResumeState | undefined;
      if (from) {
        const read = parseResumeTrace({ file: from, text: readFileSync(path.join(dir, from), 'utf8') }, 'test plan');
        if (!read.ok) throw new Error(read.problem);
        resume = read.state;
      }
      const trace = traceWriter(path.join(dir, name));
      const outcome = await runPlan(planOfV(v), { runStep: stepRunner, tools: new Map([[deploy.tool.name, deploy.tool]]), clock: systemClock, cwd: dir, inputs: {}, listeners: [trace.listener], ...(resume && { resume }), ...(stop && { signal: stop.signal }) });
      await trace.close();
      return outcome;
    };
    expect((await once('a.jsonl', 1)).status).toBe('succeeded');
    const stop = new AbortController();
    const cut = once('b.jsonl', 2, 'a.jsonl', stop);
    // Cut off once the call is out, not after a fixed 50 ms, which a loaded machine could pass first.
    await deployingV2;
    stop.abort();
    expect((await cut).status).toBe('cancelled');
    await once('c.jsonl', 3, 'b.jsonl');
    expect(told.at(-1)).toEqual(['1:succeeded', '2:unknown']);
  });
});
