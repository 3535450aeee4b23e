// A job stopped while a used plan's goals were checked (a cancel, the run's timeout) recorded that plan's run as
// `goals-unmet` and failed its step with "its goals decide against it: 'posted' could not be evaluated": the goals
// were cut short, not judged, and the step ended for the stop, as the steps of a stopped used plan say (found by an
// adversarial pass).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { CANCELLED_WHILE_JUDGING } from '../../src/goals/final-status.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { ChatResponse, ModelClient } from '../../src/llm/model-client.ts';

const INNER = 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: multiply, args: { a: 1, b: 2 } }\ngoals:\n  - { name: posted, judge: It was posted. }\n';
const OUTER = 'name: Outer\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: used, type: plan, uses: inner.yml }\n';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-used-goals-stopped-'));
  writeFileSync(path.join(dir, 'plan.yml'), OUTER);
  writeFileSync(path.join(dir, 'inner.yml'), INNER);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const verdict: ChatResponse = {
  id: 'x',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: '{"met": true, "reason": "posted"}', refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

/** The job, with `stop` called as the used plan's judge is asked; its events. */
async function judgedWhileStopped(stop: (controller: AbortController, deadlines: (() => void)[]) => void) {
  const controller = new AbortController();
  // The run's deadline (limits.timeout_minutes: a sleep of a minute or more) falls when `stop` says.
  const deadlines: (() => void)[] = [];
  const clock: Clock = {
    now: () => systemClock.now(),
    sleep: (ms, signal) => (ms < 60_000 ? systemClock.sleep(ms, signal) : new Promise((resolve) => void deadlines.push(() => resolve()))),
  };
  const model: ModelClient = {
    defaultModel: 'm',
    async complete(_request, label, signal) {
      if (label.purpose === 'goal:used/posted') stop(controller, deadlines);
      await nextTurn();
      signal?.throwIfAborted();
      return verdict;
    },
  };
  const events: RunEvent[] = [];
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [(event) => void events.push(event)], clock, signal: controller.signal, createModel: () => model },
  );
  const used = events.flatMap((event) => (event.type === 'nested_event' && event.stepKey === 'used' && event.event.type === 'goals_checked' ? [event.event] : []));
  const failed = events.find((event) => event.type === 'step_failed' && event.stepKey === 'used');
  return { outcome, used, failed };
}

describe('a used plan’s goals cut short by a stop', () => {
  it('a cancel: its run is cancelled while the goals were checked, and its step fails as cancelled', async () => {
    const { outcome, used, failed } = await judgedWhileStopped((controller) => controller.abort('SIGINT'));
    expect(outcome.kind === 'ran' && outcome.status).toBe('cancelled');
    expect(used).toMatchObject([{ status: 'cancelled', reason: CANCELLED_WHILE_JUDGING }]);
    expect(failed).toMatchObject({ error: 'cancelled (SIGINT)' });
  });

  it('the run’s timeout: its run and its step end for the timeout', async () => {
    const { outcome, used, failed } = await judgedWhileStopped((_controller, deadlines) => {
      for (const fall of deadlines.splice(0)) fall();
    });
    expect(outcome.kind === 'ran' && outcome.status).toBe('failed');
    expect(used).toMatchObject([{ status: 'failed', reason: 'run timed out after 30 min' }]);
    expect(failed).toMatchObject({ error: 'run timed out after 30 min' });
  });
});
