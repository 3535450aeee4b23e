// A used plan (`type: plan`) that set no `limits.concurrency` ran at most the default 4 of its steps at once, though
// the plan using it allowed 8: its 8 independent steps took two rounds (found by an adversarial pass). It now takes
// the using plan's, which still caps the whole job.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-used-concurrency-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const steps = Array.from({ length: 8 }, (_, i) => `  - { id: s${i}, type: tool_call, tool: busy, args: {}, depends_on: [] }\n`).join('');
const INNER = `name: Inner\nworkflow_sequence:\n${steps}`;

/** The most `busy` calls running at once when a top plan with `limits` uses `inner`. */
async function mostAtOnce(limits: string, inner = INNER): Promise<number> {
  writeFileSync(path.join(dir, 'outer.yml'), `name: Outer\nlimits: ${limits}\nworkflow_sequence:\n  - { id: used, type: plan, uses: inner.yml }\n`);
  writeFileSync(path.join(dir, 'inner.yml'), inner);
  let running = 0;
  let most = 0;
  const busy: Tool = {
    name: 'busy',
    description: 'busy',
    inputSchema: { type: 'object' },
    sideEffects: false,
    async execute() {
      most = Math.max(most, ++running);
      for (let turn = 0; turn < 3; turn += 1) await nextTurn();
      running -= 1;
      return 'done';
    },
  };
  const outcome = await runJob(
    { planFile: path.join(dir, 'outer.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [], clock: systemClock, extraTools: [busy] },
  );
  if (outcome.kind !== 'ran' || outcome.status !== 'succeeded') throw new Error(JSON.stringify(outcome));
  return most;
}

describe('a used plan’s concurrency', () => {
  it('is the using plan’s when it sets none', async () => {
    expect(await mostAtOnce('{ concurrency: 8 }')).toBe(8);
  });

  it('is its own when it sets one, within the using plan’s', async () => {
    expect(await mostAtOnce('{ concurrency: 8 }', INNER.replace('workflow_sequence:', 'limits: { concurrency: 2 }\nworkflow_sequence:'))).toBe(2);
    expect(await mostAtOnce('{ concurrency: 3 }', INNER.replace('workflow_sequence:', 'limits: { concurrency: 6 }\nworkflow_sequence:'))).toBe(3);
  });
});
