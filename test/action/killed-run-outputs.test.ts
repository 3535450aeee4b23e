import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { run } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';

afterEach(() => void vi.unstubAllEnvs());

const PLAN = 'name: Gate\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }\n  - { id: b, type: tool_call, tool: add, args: { a: 1, b: 2 } }\ngoals:\n  - { name: three, equals: "3" }\n';

// Found by a hunting pass: the runner reads a step's outputs file even when it kills the step (a cancel,
// `timeout-minutes`), and a main step killed mid-run had set none: a later step's
// `if: steps.plan.outputs.goals-met != 'false'` read the empty value as a pass, where the README says `false`.
it('says cancelled and goals-met false while the run is under way, the run’s own outputs replacing them at its end', async (context) => {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-killed-outputs-'));
  context.onTestFinished(() => rm(workspace, { recursive: true, force: true }));
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  vi.stubEnv('GITHUB_WORKSPACE', workspace);
  vi.stubEnv('RUNNER_TEMP', path.join(workspace, 'runner'));
  const { commands, told } = recordingRunner({ plan: 'plan.yml', comment: 'never', state: 'off' });
  // A step's log group is written once it ended, while the run goes on: what a kill then would leave.
  const underWay: Array<Record<string, string>> = [];
  await run({ ...commands, startGroup: (name) => void underWay.push({ ...told.outputs, group: name }) });
  expect(underWay.length).toBeGreaterThan(0);
  for (const outputs of underWay) expect(outputs).toMatchObject({ status: 'cancelled', 'goals-met': 'false' });
  expect(told.failed).toEqual([]);
  expect(told.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true', result: '3' });
});
