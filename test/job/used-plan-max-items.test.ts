// A used plan (`type: plan`) that set no `limits.max_items` mapped over up to the default 1,000 items, whatever the
// plan using it set: under a top plan's `max_items: 3` it ran all 5 items of a list its tool made, and under
// `max_items: 2000` it refused 1,200 (found by an adversarial pass). It now takes the using plan's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-used-items-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const INNER = 'name: Inner\nworkflow_sequence:\n  - { id: list, type: tool_call, tool: list, args: {} }\n  - { id: each, type: tool_call, tool: echo, for_each: "${steps.list.result}", args: { v: "${item}" }, depends_on: [list] }\n';

/** Runs a top plan with `limits` whose used plan maps `echo` over `count` items; the calls echo got, and how `used` ended. */
async function runOver(limits: string, count: number, inner = INNER) {
  writeFileSync(path.join(dir, 'outer.yml'), `name: Outer\nlimits: ${limits}\nworkflow_sequence:\n  - { id: used, type: plan, uses: inner.yml }\n`);
  writeFileSync(path.join(dir, 'inner.yml'), inner);
  let calls = 0;
  const list: Tool = { name: 'list', description: 'list', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => Array.from({ length: count }, (_, i) => i) };
  const echo: Tool = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: async (args) => (calls++, args['v']) };
  const events: RunEvent[] = [];
  const outcome = await runJob(
    { planFile: path.join(dir, 'outer.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [(event) => void events.push(event)], clock: systemClock, extraTools: [list, echo] },
  );
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  const failed = events.find((event) => event.type === 'step_failed' && event.stepKey === 'used');
  return { outcome, calls, error: failed && 'error' in failed ? failed.error : undefined };
}

describe('a used plan’s max_items', () => {
  it('is the using plan’s lower one when it sets none: its for_each runs no item past it', async () => {
    const { outcome, calls, error } = await runOver('{ max_items: 3 }', 5);
    expect(calls).toBe(0);
    expect(error).toContain('for_each gave 5 items, more than max_items 3');
    expect(outcome.status).toBe('failed');
  });

  it('is the using plan’s higher one when it sets none', async () => {
    const { outcome, calls, error } = await runOver('{ max_items: 2000 }', 1200);
    expect(error).toBeUndefined();
    expect(calls).toBe(1200);
    expect(outcome.status).toBe('succeeded');
  });

  it('is its own when it sets one', async () => {
    const own = INNER.replace('workflow_sequence:', 'limits: { max_items: 10 }\nworkflow_sequence:');
    const { calls, error } = await runOver('{ max_items: 3 }', 5, own);
    expect(error).toBeUndefined();
    expect(calls).toBe(5);
  });
});
