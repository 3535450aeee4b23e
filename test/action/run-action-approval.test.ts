import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from './recording-io.ts';

// A write (a command tool with side effects that appends to a file) after a read.
const PLAN = `name: Publish
approval: side-effects
toolsets: [math]
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: publish, args: { total: { step_result: 1 } } }
goals:
  - name: published
    command: ["test", "-s", "published.txt"]
`;

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-approval-action-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

async function run(plan: string | undefined, inputs: Record<string, string> = {}) {
  if (plan !== undefined) await writeFile(path.join(workspace, 'plan.yml'), plan);
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
  await result.published;
  return { result, said };
}

describe('the action pausing for approval', () => {
  it('ends awaiting-approval with the write not made, the summary saying what waits and how to approve, and the gate failed', async () => {
    const { result, said } = await run(PLAN);
    // The plan has a required goal, so the job is a gate, and its goals were not checked: it fails (fail closed).
    expect(result.failure).toMatch(/^The run is paused for approval, so its goals were not checked, and a gate whose goals were not checked does not pass\. \/approve continues the run/);
    expect(result.outputs).toMatchObject({ status: 'awaiting-approval', 'goals-met': 'false' });
    await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(said.summary).toContain('⏸️ plan-runner: Publish');
    expect(said.summary).toContain('Goals are not checked yet');
    expect(said.summary).toContain('2. publish — calls `publish` with `{"total":42}`');
    expect(said.summary).toContain('`/approve`');
    const trace = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; request?: { hash: string } });
    const requested = trace.find((event) => event.type === 'approval_requested');
    expect(said.summary).toContain(`Approval hash: \`${requested?.request?.hash}\``);
    // Goals were not judged: no verdict says "unmet".
    expect(trace.some((event) => event.type === 'goals_checked')).toBe(false);
  });
});

describe('a paused run that is no gate', () => {
  it('passes the job when the plan has no required goal: nothing failed, and nothing was to be judged', async () => {
    for (const plan of [PLAN.replace(/goals:[\s\S]*$/, ''), PLAN.replace('  - name: published', '  - name: published\n    severity: warning')]) {
      const { result } = await run(plan);
      expect(result.outputs).toMatchObject({ status: 'awaiting-approval', 'goals-met': 'false' });
      expect(result.failure).toBeUndefined();
    }
  });

  it('fails it with required goals under fail-on-unmet-goals: true only', async () => {
    const { result } = await run(PLAN, { 'fail-on-unmet-goals': 'false' });
    expect(result.failure).toBeUndefined();
  });
});

describe('mode: plan writes a frozen plan file', () => {
  it('sets plan-file to a plan that mode: run executes as written', async () => {
    const planned = await run(PLAN.replace('approval: side-effects', 'approval: never'), { mode: 'plan' });
    expect(planned.result.failure).toBeUndefined();
    const frozen = planned.result.outputs['plan-file'];
    expect(frozen).toMatch(/plan-yml-[0-9a-f]{8}\.plan\.yml$/);
    await writeFile(path.join(workspace, 'frozen-plan.yml'), await readFile(frozen, 'utf8'));
    const ran = await run(undefined, { plan: 'frozen-plan.yml' });
    expect(ran.result.outputs).toMatchObject({ status: 'succeeded', 'plan-file': '' });
    expect(JSON.parse(await readFile(path.join(workspace, 'published.txt'), 'utf8'))).toEqual({ total: 42 });
  });
});
