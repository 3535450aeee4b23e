import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { parseInputsMap } from '../../src/action/parse-inputs-map.ts';
import { runAction } from '../../src/action/run-action.ts';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';
import { cliInProcess } from '../helpers/cli-in-process.ts';

// Found by an adversarial pass: an input with no default took `inputs: 'a: 3'` in the action as the number 3 and
// `--input a=3` on the CLI as the text "3": the same plan with the same value passed in the workflow and failed on the
// machine ("`a` must be a number, not text: write 3 without quotes", which no command line can).
const PLAN = `name: Double
inputs:
  a: { description: what to double }
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, description: Double it, args: { a: "\${inputs.a}", b: 2 } }
goals:
  - { name: doubled, equals: "6" }
`;

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-input-values-'));
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

it('judges a plan given a number for an input with no default as the action does', async () => {
  const given: Record<string, string> = { plan: 'plan.yml', inputs: 'a: 3' };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const action = await runAction(read.settings, { io: recordingIO().io, redact: createRedactor(), clock: systemClock });
  await action.published;
  expect(action.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true', result: '6' });

  const at = (name: string) => path.join(workspace, name);
  const cli = await cliInProcess(['run', at('plan.yml'), '--input', 'a=3', '--trace', at('trace.jsonl'), '--summary', at('report.md')]);
  expect(cli.out).toContain('status: succeeded');
  expect(cli.code).toBe(0);
});

it('reads each --input value as the action’s inputs read the same value written bare', async () => {
  for (const text of ['3', '-0.25', '1.50', '007', '1e3', '1e+21', '12345678901234567890', 'true', 'True', 'false', '0x10', '.inf', 'Infinity', '2026-W48', ' 3']) {
    const cli = parseCliArgs(['run', 'plan.yml', '--input', `a=${text}`]);
    const action = await parseInputsMap(JSON.stringify({ a: 0 }).replace('0', text.trim() === text ? text : JSON.stringify(text)));
    expect(action.ok && action.inputs['a'], text).toEqual(cli.command === 'run' && cli.inputs['a']);
  }
});

// `--input a=` was the text "", which satisfied a required input that the action refuses given empty (`a:`): the same
// plan ran on the machine and was refused in the workflow. An empty value is an input not given on both.
it('refuses a required input given empty, on the command line as in the action', async () => {
  const given: Record<string, string> = { plan: 'plan.yml', inputs: 'a:' };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const action = await runAction(read.settings, { io: recordingIO().io, redact: createRedactor(), clock: systemClock });
  await action.published;
  expect(action.outputs).toMatchObject({ status: 'failed' });

  const at = (name: string) => path.join(workspace, name);
  const cli = await cliInProcess(['run', at('plan.yml'), '--input', 'a=', '--trace', at('trace.jsonl'), '--summary', at('report.md')]);
  expect(cli.out).toContain("input 'a' is required and was given empty, and the plan has no default for it");
  expect(cli.code).toBe(2);
});
