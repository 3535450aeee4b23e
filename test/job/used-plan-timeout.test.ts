// A used plan (`type: plan`) that set no `limits.timeout_minutes` ran under the default 30 minutes, whatever the
// plan using it allowed: under `timeout_minutes: 120` its 45-minute step failed with "run timed out after 30 min"
// (found by a budget pass). It now runs under what remains of the using run's deadline; one that sets its own runs
// under the smaller of its own and that.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob } from '../../src/job/run-job.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-used-timeout-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `outer.yml` using `inner.yml`, whose one step takes `minutes` on the job's clock; the clock moves to then once the step has started. */
async function runFor(outer: string, inner: string, minutes: number) {
  writeFileSync(path.join(dir, 'outer.yml'), outer);
  writeFileSync(path.join(dir, 'inner.yml'), inner);
  const clock = new ManualClock();
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const slow: Tool = {
    name: 'slow',
    description: 'slow',
    inputSchema: { type: 'object' },
    sideEffects: false,
    async execute(_args, ctx) {
      started();
      await clock.sleep(minutes * 60_000, ctx.signal);
      return 'done';
    },
  };
  const events: RunEvent[] = [];
  const job = runJob(
    { planFile: path.join(dir, 'outer.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [(event) => void events.push(event)], clock, extraTools: [slow] },
  );
  // A job that ends before the step starts (a plan error) ends the wait too.
  await Promise.race([running, job]);
  // One timer at a time, each heard before the next fires: a deadline before the step's end stops it first.
  const until = minutes * 60_000;
  for (let due = clock.nextDue(); due !== undefined && due <= until; due = clock.nextDue()) {
    await nextTurn();
    clock.advanceTo(due);
  }
  const outcome = await job;
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  const failed = events.find((event) => event.type === 'step_failed' && event.stepKey === 'used');
  return { outcome, failed };
}

const INNER = 'name: Inner\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: slow, args: {} }\n';
const OUTER = (limits: string) => `name: Outer\n${limits}workflow_sequence:\n  - { id: used, type: plan, uses: inner.yml }\n`;

describe('a used plan’s timeout', () => {
  it('runs under the using plan’s timeout_minutes when it sets none of its own', async () => {
    const { outcome, failed } = await runFor(OUTER('limits: { timeout_minutes: 120 }\n'), INNER, 45);
    expect(failed && 'error' in failed ? failed.error : undefined).toBeUndefined();
    expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
  });

  it('is stopped by the using run’s deadline, which names that run’s limit', async () => {
    const { outcome, failed } = await runFor(OUTER('limits: { timeout_minutes: 20 }\n'), INNER, 45);
    expect(outcome.kind === 'ran' && outcome.status).toBe('failed');
    expect(failed).toMatchObject({ error: 'run timed out after 20 min' });
  });

  it('runs under its own timeout_minutes when that is the smaller', async () => {
    const own = 'name: Inner\nlimits: { timeout_minutes: 10 }\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: slow, args: {} }\n';
    const { outcome, failed } = await runFor(OUTER('limits: { timeout_minutes: 120 }\n'), own, 45);
    expect(outcome.kind === 'ran' && outcome.status).toBe('failed');
    expect(failed).toMatchObject({ error: expect.stringContaining('run timed out after 10 min') });
  });
});
