import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction, TRACE_OPENED_STATE } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Sums
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 3, b: 4 } }
  - { id: 2, type: tool_call, tool: divide, args: { a: { step_result: 1 }, b: 2 } }
`;

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-resume-action-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

async function run(plan: string, inputs: Record<string, string> = {}, saveState?: (name: string, value: string) => void) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, ...(saveState && { saveState }) });
  await result.published;
  return { result, said };
}

describe('the action with resume-from', () => {
  it('reuses the completed steps of the earlier trace and says so in the summary', async () => {
    const first = await run(PLAN.replace('b: 2 }', 'b: 0 }'));
    expect(first.result.outputs.status).toBe('failed');
    const earlier = path.join(workspace, 'earlier.jsonl');
    await copyFile(first.result.outputs.trace, earlier);
    const second = await run(PLAN, { 'resume-from': 'earlier.jsonl' });
    expect(second.result.outputs).toMatchObject({ status: 'succeeded', result: '6' });
    expect(second.said.summary).toContain('Resumed: 1 step reused from the earlier run');
    const trace = (await readFile(second.result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; stepKey?: string; reused?: unknown });
    expect(trace.filter((event) => event.type === 'step_completed' && event.reused).map((event) => event.stepKey)).toEqual(['1']);
    expect(trace.filter((event) => event.type === 'tool_called').map((event) => event.stepKey)).toEqual(['2']);
  });

  // Found by a user-path review: it said to give "the --trace file", which the action has not, and said it
  // twice, as a notice and as the job's error.
  it('refuses to run, saying why once and what to give resume-from, when the trace is missing', async () => {
    const { result, said } = await run(PLAN, { 'resume-from': 'nope.jsonl' });
    expect(result.failure).toBe(
      `plan-runner refused to run: resume-from: no trace at ${path.join(workspace, 'nope.jsonl')}: give it the trace output of an earlier step of this job, or a trace you downloaded (the run's state artifact, with actions/download-artifact); a re-run of a job resumes from its own saved state without it (state: artifact, resume: auto)`,
    );
    expect(said.annotations).toEqual([]);
    expect(result.outputs.status).toBe('failed');
  });

  // Found by a hunt of the action's inputs: a file that is no trace was refused by the job as "cannot resume", on the plan
  // file's annotation, telling the action to give "the --trace file".
  it('refuses resume-from that names a file that is no trace, naming the input and what to give it', async () => {
    const { result, said } = await run(PLAN, { 'resume-from': 'plan.yml' });
    expect(result.failure).toBe(
      `plan-runner refused to run: resume-from: ${path.join(workspace, 'plan.yml')} is not a trace: its first line is not JSON; give it the trace output of an earlier step of this job, or a trace you downloaded (the run's state artifact, with actions/download-artifact); a re-run of a job resumes from its own saved state without it (state: artifact, resume: auto)`,
    );
    expect(said.annotations).toEqual([]);
  });

  // Found by a hunting pass: weights-from, the other input that takes a trace, still said to give "(--trace)", an option
  // of the CLI's only, for a file that was missing or no trace.
  it('refuses weights-from that names no trace, saying what to give it in the action’s words', async () => {
    await writeFile(path.join(workspace, 'notes.txt'), 'not a trace\n');
    for (const [given, problem] of [['nope.jsonl', 'no such file'], ['notes.txt', 'notes.txt:1: not a JSON line']]) {
      const { result } = await run(PLAN, { 'weights-from': given! });
      expect(result.outputs.status).toBe('failed');
      expect(result.failure).toContain(`plan-runner refused to run: weights-from: ${path.join(workspace, given!)}`);
      expect(result.failure).toContain(problem);
      expect(result.failure).toMatch(/; give it the trace output of an earlier run of this plan .*actions\/download-artifact/);
      expect(result.failure).not.toContain('--trace');
    }
  });

  // A resume the job refuses (here: the trace is another plan's) truncated the trace it was to resume when
  // resume-from named the action's own trace file, losing the earlier run's record.
  it('leaves the trace it resumes untouched when the job refuses it, though it is the action’s own trace file', async () => {
    const first = await run(PLAN.replace('b: 2 }', 'b: 0 }'));
    const before = await readFile(first.result.outputs.trace);
    const refused = await run(PLAN.replace('name: Sums', 'name: Other sums'), { 'resume-from': first.result.outputs.trace });
    expect(refused.result.outputs.status).not.toBe('succeeded');
    // Annotated as what it is: the plan file has no error (it was titled "Plan file error").
    expect(refused.said.annotations).toEqual([expect.objectContaining({ level: 'error', title: 'Cannot start the run', file: 'plan.yml', message: expect.stringMatching(/^cannot resume: .* is a trace of the plan 'Sums'/) })]);
    expect((await readFile(first.result.outputs.trace)).equals(before)).toBe(true);
  });

  // The post step takes a trace resumed in place for this run's only once this run opened it (TRACE_OPENED_STATE):
  // the state is saved when the file is opened, at the run's first event, and not by a run the job refuses.
  it('saves that it opened a trace it resumes in place when the run starts, and not when the job refuses the resume', async () => {
    const first = await run(PLAN.replace('b: 2 }', 'b: 0 }'));
    const saved: string[] = [];
    const save = (name: string, value: string) => saved.push(`${name}=${value}`);
    await run(PLAN.replace('name: Sums', 'name: Other sums'), { 'resume-from': first.result.outputs.trace }, save);
    expect(saved.filter((entry) => entry.startsWith(TRACE_OPENED_STATE))).toEqual([]);
    const resumed = await run(PLAN, { 'resume-from': first.result.outputs.trace }, (name, value) => {
      // Saved once the file holds this run's events only: the earlier run's are gone from it.
      if (name === TRACE_OPENED_STATE) saved.push(`${name}=${value}:${readFileSync(first.result.outputs.trace, 'utf8').length}`);
    });
    expect(resumed.result.outputs.status).toBe('succeeded');
    expect(saved.filter((entry) => entry.startsWith(TRACE_OPENED_STATE))).toEqual([`${TRACE_OPENED_STATE}=true:0`]);
  });
});
