import { expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { stepDurations } from '../../src/run/trace-step-weights.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from './run-fixture.ts';

const steps: PlanStep[] = [
  { key: 'slow', id: 'slow', type: 'tool_call', description: 'slow', tool: 'slow', args: {}, inputs: [], dependsOn: [] },
  { key: 'last', id: 'last', type: 'tool_call', description: 'last', tool: 'last', args: {}, inputs: [], dependsOn: ['slow'] },
];

/** One run on a clock each tool moves: `slow` takes 5 s, `last` 20 ms and fails while `broken`. */
async function run(broken: boolean, resume?: ResumeState): Promise<RunEvent[]> {
  const clock = new ManualClock();
  const tool = (name: string, ms: number, fails = false): Tool => ({
    name,
    description: name,
    inputSchema: { type: 'object' },
    sideEffects: false,
    execute: async () => {
      clock.advance(ms);
      if (fails) throw new StepError(`${name} is broken`, { transient: false });
      return name;
    },
  });
  const events: RunEvent[] = [];
  await runPlan(planOf(steps), {
    runStep,
    tools: new Map([['slow', tool('slow', 5000)], ['last', tool('last', 20, broken)]]),
    clock,
    cwd: '/repo',
    inputs: {},
    listeners: [(event) => events.push(event)],
    ...(resume && { resume }),
  });
  return events;
}

const stateOf = (events: RunEvent[], from: string): ResumeState => {
  const read = resumeStateFromEvents(events, 'test plan', from);
  if (!read.ok) throw new Error(read.problem);
  return read.state;
};

// Found by a review: a reused step's trace line had no time, so `weights-from` a resumed run's trace weighed the steps
// it reused at the mean of those it ran (20 ms for a 5 s step here), and the longest chain did not start first.
it("a resumed run's trace keeps the time a reused step took where it ran, through a chain of resumes", async () => {
  const first = await run(true);
  expect(stepDurations(first)).toEqual(new Map([['slow', 5000], ['last', 20]]));
  const second = await run(false, stateOf(first, 'attempt 1'));
  expect(second.find((event) => event.type === 'step_completed' && event.stepKey === 'slow')).toMatchObject({ durationMs: 0, reused: { durationMs: 5000 } });
  expect(stepDurations(second)).toEqual(new Map([['slow', 5000], ['last', 20]]));
  // What it carries on is written before any step runs (`result_carried`): a resume of a run killed just after
  // that, which reuses both steps, still weighs them by where they ran.
  const third = await run(false, stateOf(second, 'attempt 2'));
  const carried = third.filter((event) => event.type === 'result_carried');
  expect(carried.map((event) => [event.stepKey, event.durationMs])).toEqual([['slow', 5000], ['last', 20]]);
  const killed = third.slice(0, third.indexOf(carried.at(-1)!) + 1);
  const fourth = await run(false, stateOf(killed, 'attempt 3'));
  expect(stepDurations(fourth)).toEqual(new Map([['slow', 5000], ['last', 20]]));
});
