import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { recordingIO } from '../action/recording-io.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';

// The README's "Fanning out" example, trimmed: on_item_failure: continue and the goal "every package passes".
const PLAN = `name: Package checks
tools:
  list: { description: The packages, command: [sh, list.sh] }
  test_package: { description: Test one package, command: [sh, check.sh], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
workflow_sequence:
  - { id: packages, type: tool_call, tool: list, args: {} }
  - { id: test, type: tool_call, tool: test_package, for_each: "\${steps.packages.result}", fan_out: true, on_item_failure: continue, args: { n: "\${item}" } }
goals:
  - { name: every package passes, all_steps_completed: true }
`;

let workspace: string;
let store: RunStateStore;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'gate-fan-out-'));
  store = await memoryStateStore();
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  await writeFile(path.join(workspace, 'list.sh'), `printf '%s' '[0,1,2,3]'`);
  await writeFile(path.join(workspace, 'check.sh'), `printf '"ok"'`);
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

// What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
let prepared: string | undefined;
async function job(inputs: Record<string, string>) {
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs, ...(inputs.mode !== 'prepare' && prepared && { prepared }) };
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state: store });
  await result.published;
  if (inputs.mode === 'prepare') prepared = result.outputs.prepared;
  return { result, said };
}

describe('a fanned-out merge gate (the README example, trimmed)', () => {
  it('fails the merge when a shard job died: its packages were never tested, so not every step completed', async () => {
    await job({ mode: 'prepare', shards: '2' });
    await job({ mode: 'shard', shard: '1' });
    // shard 2 never ran (its runner was lost / cancelled): two of the four packages were never tested.
    const merge = await job({ mode: 'merge' });
    expect(merge.said.summary).toContain('left no result');
    expect(merge.result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(merge.said.summary).toContain('test (completed, 2 of 4 items failed)');
    expect(merge.result.failure).toBeDefined();
  });
});

// Run whole, an item whose call with side effects got no answer (killed, timed out) escalates the run when its
// step completes under on_item_failure: continue: a person checks whether it took effect. A shard leaves the step
// in progress, so it never got there, and the merge passed its goals over it (found by an adversarial pass).
describe('a fanned-out merge over an item whose call with side effects got no answer', () => {
  it('escalates, as the plan run whole does', async () => {
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('command: [sh, check.sh],', 'command: [sh, check.sh], side_effects: true,').replace('all_steps_completed: true', 'of: test, contains: "ok"'));
    // Item 3's call is killed mid-way: it may have taken effect.
    await writeFile(path.join(workspace, 'check.sh'), `input=$(cat)\ncase "$input" in *3*) kill -KILL $$;; esac\nprintf '"ok"'`);
    await job({ mode: 'prepare', shards: '2' });
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard });
    const merge = await job({ mode: 'merge' });
    expect(merge.result.outputs.status).toBe('escalated');
    expect(merge.result.failure).toContain('step test called test_package({"n":3}), a tool with side effects, and got no answer');
  });
});

// A tool step the merge job runs after the fan-out step is given its list with a null for each failed item, and is
// told nothing of them: its answer ("0 failures") is partial, as in a run of the plan whole.
describe('a fanned-out merge with a tool step after a fan-out step whose items failed', () => {
  it('has a partial result: a goal on it is not evaluated, and the summary says why', async () => {
    const count = `let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => process.stdout.write(JSON.stringify({ failures: JSON.parse(s).results.filter((r) => r !== null && r !== 'ok').length })))`;
    await writeFile(
      path.join(workspace, 'plan.yml'),
      PLAN.replace('workflow_sequence:', `  count_failures: { description: Counts the failed packages, command: [node, -e, "${count}"] }\nworkflow_sequence:`).replace(
        /goals:[\s\S]*$/,
        `  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${steps.test.result}" } }\ngoals:\n  - { name: no package failed, of: count, json_schema: { type: object, properties: { failures: { const: 0 } }, required: [failures] } }\n`,
      ),
    );
    // Package 3 fails its test.
    await writeFile(path.join(workspace, 'check.sh'), `input=$(cat)\ncase "$input" in *3*) echo broken >&2; exit 1;; esac\nprintf '"ok"'`);
    await job({ mode: 'prepare', shards: '2' });
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard });
    const merge = await job({ mode: 'merge' });
    expect(merge.result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    const goalLine = merge.said.summary.split('\n').find((line) => line.startsWith('|') && line.includes('no package failed')) ?? '';
    expect(goalLine).toContain('the result of step count lacks work the run left undone (step count: its tool was given the result of step test');
    expect(goalLine).toContain('1 of 4 items failed');
  });
});
