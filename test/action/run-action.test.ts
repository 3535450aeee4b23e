import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { run as runMainStep } from '../../src/run.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { checkConclusion } from '../../src/action/job-failure.ts';
import type { RunStatus } from '../../src/core/run-event.ts';
import { newRunRecord } from '../../src/core/run-record.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { systemClock } from '../../src/core/clock.ts';
import { recordingIO } from './recording-io.ts';
import { recordingRunner } from './recording-runner.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { startFakeGitHub } from '../helpers/github-server.ts';

const FAILING_PLAN = `name: Division
toolsets: [math]
workflow_sequence:
  - id: 1
    type: tool_call
    tool: multiply
    description: Multiply 3 × 4
    args: { a: 3, b: 4 }
  - id: 2
    type: tool_call
    tool: divide
    description: Divide by zero
    args: { a: { step_result: 1 }, b: 0 }
`;


let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-action-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

async function run(plan: string, inputs: Readonly<Record<string, string>> = {}) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
  await result.published;
  return { result, said };
}

describe('runAction', () => {
  it('reports a failed step: a log group, an error annotation on the plan file, outputs and the failure', async () => {
    const { result, said } = await run(FAILING_PLAN);
    expect(result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false', result: '' });
    expect(result.failure).toMatch(/^The run failed: .*See the job summary/);
    expect(said.groups.map((group) => group.title)).toEqual([
      expect.stringMatching(/^✅ Step 1: Multiply 3 × 4 — completed/),
      expect.stringMatching(/^❌ Step 2: Divide by zero — failed/),
    ]);
    expect(said.groups[1]?.lines.slice(-2)).toEqual(['error:', '│ divide: cannot divide 12 by zero; check the step that produced b']);
    expect(said.annotations).toContainEqual(expect.objectContaining({ level: 'error', title: 'Step 2 failed', file: 'plan.yml' }));
    expect(said.summary).toContain('## ❌ plan-runner: Division');
    expect(await readFile(result.outputs.report, 'utf8')).toBe(said.summary);
    expect(said.log.join('')).toContain('No PR comment: the push event has no pull request or issue to comment on.');
  });

  it('says how to give the action a model, in its own words, when a step needs one', async () => {
    const { result, said } = await run('name: Ask\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\n');
    expect(result.outputs.status).not.toBe('succeeded');
    const told = JSON.stringify(said);
    expect(told).toContain('step 1 needs a model, and none is configured: set the api-key input');
    // The CLI's ways are not the action's.
    expect(told).not.toMatch(/OPENAI_API_KEY is|--replay|--api-key-env/);
  });

  // Found by a user-path review: the advice named --agent and mode run, which the action has not, and
  // mode agent's refusal, which has a place in the file, was annotated without a line.
  it('refuses a task beside the plan’s steps in its own words, and mode agent with steps at workflow_sequence’s line', async () => {
    const task = await run(FAILING_PLAN, { task: 'Add them up' });
    expect(task.said.annotations).toEqual([
      expect.objectContaining({
        level: 'error',
        title: 'Cannot start the run',
        message: 'the task input was given, but this plan has its own steps, which would run without it: give the task input only with a plan that has no workflow_sequence (a model then writes the steps, or mode: agent runs the task as one agent step), or leave it out',
      }),
    ]);
    const agent = await run(FAILING_PLAN, { mode: 'agent', task: 'Add them up' });
    expect(agent.said.annotations).toEqual([
      expect.objectContaining({
        level: 'error',
        title: 'Plan file error',
        file: 'plan.yml',
        startLine: 3,
        message: 'mode: agent runs the task as one agent step, but this plan already has steps: run it with mode: run and without the task input (its steps run as written), or remove workflow_sequence (at workflow_sequence)',
      }),
    ]);
  });

  it('succeeds with goals-met=true for a plan without goals, writing the trace it names', async () => {
    const { result } = await run(FAILING_PLAN.replace('b: 0', 'b: 2'));
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true', result: '6' });
    expect(result.failure).toBeUndefined();
    expect(path.dirname(result.outputs.trace)).toBe(path.join(workspace, '.plan-runner'));
    expect(path.basename(result.outputs.trace)).toMatch(/^plan-yml-[0-9a-f]{8}\.trace\.jsonl$/);
    const types = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => (JSON.parse(line) as { type: string }).type);
    // The trace is the audit record: every tool call with its outcome, and the goals' verdict after the run.
    expect(types).toEqual(['plan_created', 'step_started', 'tool_called', 'tool_returned', 'step_completed', 'step_started', 'tool_called', 'tool_returned', 'step_completed', 'run_finished', 'goals_checked']);
  });

  // Found by a user-path review: the job passed, and its log showed a red "Goal not met".
  it('annotates an unmet goal as a warning when fail-on-unmet-goals is false and the job passes', async () => {
    const plan = `${FAILING_PLAN.replace('b: 0', 'b: 2')}goals:\n  - name: seven\n    equals: "7"\n`;
    const { result, said } = await run(plan, { 'fail-on-unmet-goals': 'false' });
    expect(result.outputs.status).toBe('goals-unmet');
    expect(result.failure).toBeUndefined();
    expect(said.annotations).toEqual([expect.objectContaining({ level: 'warning', title: 'Goal not met: seven', file: 'plan.yml' })]);
  });

  // Found by an adversarial pass: a weekly report's `inputs: 'week: ${{ steps.week.outputs.week }}'` whose date step
  // wrote nothing (BSD date on a macOS runner) ran for the input's default week, every week, without a word.
  it('says when an input is given empty and the plan’s default is taken for it', async () => {
    const plan = 'name: Weekly\ninputs:\n  week: { default: 48 }\n  team: { default: core }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, description: Report the week, args: { a: "${inputs.week}", b: 2 } }\n';
    const { result, said } = await run(plan, { inputs: 'week:\nteam: web' });
    expect(result.outputs.status).toBe('succeeded');
    expect(said.warnings).toEqual([
      "Input `week` is given empty (`week:` in the action's `inputs`, `--input week=` on the CLI), so the plan's default is used: 48. A value from an expression (`${{ steps.week.outputs.week }}`) or a shell variable that came out empty is one nothing set: check what sets it, or leave the input out where the default is meant.",
    ]);
    expect(result.outputs.result).toBe('50');
    const given = await run(plan, { inputs: 'week: 49' });
    expect(given.result.outputs.result).toBe('51');
    expect(given.said.warnings).toEqual([]);
  });

  // Found by an adversarial pass: `wek: ${{ … }}` that came out empty was warned about as the plan's input, "the plan's
  // default is used", and the run went on, where the same typo with a value was refused as undeclared.
  it('refuses an input given empty that the plan does not declare, as it refuses one given a value', async () => {
    const plan = 'name: Weekly\ninputs:\n  week: { default: 48 }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, description: Report the week, args: { a: "${inputs.week}", b: 2 } }\n';
    const valued = await run(plan, { inputs: 'wek: 49' });
    const empty = await run(plan, { inputs: 'wek:' });
    expect(empty.result.outputs.status).toBe('failed');
    expect(empty.result.failure).toBe(valued.result.failure);
    expect(empty.said.annotations).toEqual(valued.said.annotations);
    expect(empty.said.annotations).toEqual([expect.objectContaining({ level: 'error', title: 'Cannot start the run', file: 'plan.yml', message: "input 'wek' is not declared in the plan's inputs: declared: week" })]);
    expect(empty.said.warnings).toEqual([]);
  });

  it('warns of declared inputs given empty only, naming each default, and refuses a required one given empty', async () => {
    const plan = 'name: Weekly\ninputs:\n  week: { default: 48 }\n  team: { default: core }\n  note: { required: false }\n  owner: { required: true }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, description: Report the week, args: { a: "${inputs.week}", b: 2 } }\n';
    const { result, said } = await run(plan, { inputs: 'week:\nteam:\nnote:\nowner: me' });
    expect(result.outputs.result).toBe('50');
    expect(said.warnings).toEqual([
      'Inputs `week`, `team`, `note` are given empty (`NAME:` in the action\'s `inputs`, `--input NAME=` on the CLI), so the plan\'s defaults are used: `week` 48, `team` "core", `note` none (it is left unset). A value from an expression (`${{ steps.week.outputs.week }}`) or a shell variable that came out empty is one nothing set: check what sets it, or leave the input out where the default is meant.',
    ]);
    const required = await run(plan, { inputs: 'week: 49\nowner:' });
    expect(required.result.outputs.status).toBe('failed');
    expect(required.said.annotations).toEqual([
      expect.objectContaining({ level: 'error', title: 'Cannot start the run', message: "input 'owner' is required and was given empty, and the plan has no default for it: give it a value (the action's 'inputs', the CLI's --input owner=…); a value from an expression or a shell variable that came out empty is one nothing set" }),
    ]);
    expect(required.said.warnings).toEqual([]);
  });

  it('with mode: plan shows the plan and its graph in the summary and runs no step', async () => {
    const { result, said } = await run(FAILING_PLAN, { mode: 'plan' });
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'false' });
    expect(said.summary).toContain('Divide by zero');
    expect(said.summary).toContain('```mermaid');
    expect(said.groups).toEqual([]);
    expect(result.outputs.result).toBe('');
  });
});

describe('checkConclusion', () => {
  const report = (status: RunStatus, ran: boolean): FinalReport => ({ status, goals: [], markdown: '', planErrors: [], ...(ran ? { record: newRunRecord() } : {}) });

  it('passes only a run that ran and met its goals', () => {
    expect(checkConclusion(report('succeeded', true), true)).toBe('success');
    expect(checkConclusion(report('goals-unmet', true), true)).toBe('failure');
    expect(checkConclusion(report('goals-unmet', true), false)).toBe('neutral');
    expect(checkConclusion(report('failed', false), true)).toBe('failure');
    expect(checkConclusion(report('escalated', true), false)).toBe('failure');
    expect(checkConclusion(report('cancelled', true), true)).toBe('cancelled');
  });

  it('never ends on a conclusion a required check passes on when no goal was checked', () => {
    // GitHub's required checks pass on success, neutral and skipped.
    expect(checkConclusion(report('succeeded', false), true)).toBe('action_required'); // mode: plan ran nothing
    expect(checkConclusion(report('awaiting-approval', true), true)).toBe('action_required');
    expect(checkConclusion(report('rejected', true), true)).toBe('failure');
  });

  it('completes the check run as a failure when plan-runner itself breaks while reporting', async () => {
    const github = await startFakeGitHub();
    try {
      await writeFile(path.join(workspace, 'plan.yml'), `${FAILING_PLAN.replace('b: 0', 'b: 2')}goals:\n  - name: six\n    equals: "6"\n`);
      const given: Record<string, string> = { plan: 'plan.yml', 'check-run': 'true', 'github-token': 't' };
      const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_SHA: 'a'.repeat(40), GITHUB_API_URL: github.url };
      const read = await readActionSettings((name) => given[name] ?? '', env);
      if (!read.ok) throw new Error(read.problems.join('\n'));
      const { io } = recordingIO();
      // A bug while the final report is made (here: a redactor that breaks on the plan's name) must not leave the check run in progress.
      const redact = (text: string): string => {
        if (text === 'Division') throw new Error('the report broke');
        return text;
      };
      const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {} });
      await expect(runAction(read.settings, { io, redact, clock: systemClock, github: octokit })).rejects.toThrow('the report broke');
      expect(github.checkRuns).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
      expect(JSON.stringify(github.checkRuns[0]?.['output'])).toContain('plan-runner stopped with an internal error: the report broke');
    } finally {
      await github.stop();
    }
  });
});

// Found by a hunt of the events: a merge queue runs the required checks on merge_group, whose sender is the queue's
// bot, and the merge gate was refused there ("not listed in the allowed-bots input"): no check on the queue's commit.
describe('the merge gate on a merge queue (merge_group)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('runs and puts its check run on the queue commit, though the sender is github-merge-queue[bot]', async () => {
    const github = await startFakeGitHub();
    try {
      const queueSha = 'd'.repeat(40);
      await writeFile(path.join(workspace, 'plan.yml'), `${FAILING_PLAN.replace('b: 0', 'b: 2')}goals:\n  - name: six\n    equals: "6"\n`);
      const payload = {
        action: 'checks_requested',
        merge_group: { head_sha: queueSha, head_ref: 'refs/heads/gh-readonly-queue/main/pr-40-aaaa', base_sha: 'a'.repeat(40), base_ref: 'refs/heads/main' },
        repository: { id: 1296269, name: 'app', full_name: 'octo/app', owner: { login: 'octo', type: 'Organization' } },
        sender: { login: 'github-merge-queue[bot]', id: 118344674, type: 'Bot' },
      };
      const event = path.join(workspace, 'event.json');
      await writeFile(event, JSON.stringify(payload));
      await mkdir(path.join(workspace, 'runner'));
      const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'merge_group', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_SHA: queueSha, GITHUB_API_URL: github.url, GITHUB_RUN_ID: '77', RUNNER_TEMP: path.join(workspace, 'runner') };
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off', 'check-run': 'true', 'github-token': 't' });
      await runMainStep(commands);
      expect(told.failed).toEqual([]);
      expect(told.outputs['status']).toBe('succeeded');
      expect(github.checkRuns.map((check) => [check['name'], check['head_sha'], check['conclusion']])).toEqual([['Division', queueSha, 'success']]);
    } finally {
      await github.stop();
    }
  });
});
