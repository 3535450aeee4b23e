import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { undeclaredInputWarnings } from '../../src/action/undeclared-inputs.ts';
import { run } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';
import { startFakeGitHub } from '../helpers/github-server.ts';

afterEach(() => void vi.unstubAllEnvs());

// Found by a user-path review: INPUT_API_KEY in a .env (underscores) went unread, and the run said only that
// no API key was set. A runner warns of an unexpected with: key; a local run had nothing say so.
it('names each INPUT_ variable no declared input reads, with the input it likely means, and never its value', () => {
  const env = { INPUT_API_KEY: 'sk-secret-value', INPUT_PLAN: 'plan.yml', 'INPUT_BASE-URL': '', INPUT_COMENT: 'never', INPUT_Plan: 'x.yml', INPUT_COLOUR: 'blue', INPUT_MAX_COST_USD_PER_RUN: '1', 'INPUT_MAX COST USD PER RUN': '1', PATH: '/bin', MY_INPUT_X: '1' };
  const warnings = undeclaredInputWarnings(env, false);
  expect(warnings).toEqual([
    'INPUT_API_KEY names no input of plan-runner, so nothing reads it: did you mean api-key (INPUT_API-KEY)?',
    'INPUT_COLOUR names no input of plan-runner, so nothing reads it: action.yml lists the inputs there are',
    'INPUT_COMENT names no input of plan-runner, so nothing reads it: did you mean comment (INPUT_COMMENT)?',
    // Underscores or spaces for every dash: too many edits for a near name (found by review).
    'INPUT_MAX COST USD PER RUN names no input of plan-runner, so nothing reads it: did you mean max-cost-usd-per-run (INPUT_MAX-COST-USD-PER-RUN)?',
    'INPUT_MAX_COST_USD_PER_RUN names no input of plan-runner, so nothing reads it: did you mean max-cost-usd-per-run (INPUT_MAX-COST-USD-PER-RUN)?',
    'INPUT_Plan names no input of plan-runner, so nothing reads it: did you mean plan (INPUT_PLAN)?',
  ]);
  // On a runner, in the words of the workflow's with: key.
  expect(undeclaredInputWarnings({ INPUT_API_KEY: 'x' }, true)).toEqual(['with: key api_key (INPUT_API_KEY) names no input of plan-runner, so nothing reads it: did you mean api-key (INPUT_API-KEY)?']);
  expect(warnings.join('\n')).not.toContain('sk-secret-value');
});

it('warns of them as the action starts, as ::warning', async () => {
  vi.stubEnv('INPUT_API_KEY', 'sk-secret-value');
  const { commands, told } = recordingRunner({ comment: 'yes' });
  await run(commands);
  expect(told.warnings).toContain('INPUT_API_KEY names no input of plan-runner, so nothing reads it: did you mean api-key (INPUT_API-KEY)?');
  expect(told.warnings.join('\n')).not.toContain('sk-secret-value');
});

/** The starts of the warnings a run with a failed step it went on without and 12 report-only unmet goals writes, after `undeclared` undeclared inputs. */
async function warningsAfterUndeclaredInputs(undeclared: number): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-warning-room-'));
  const goals = Array.from({ length: 12 }, (_, i) => `  - { name: "goal ${i}", equals: "nope ${i}" }`).join('\n');
  await writeFile(path.join(dir, 'plan.yml'), `name: W\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: divide, args: { a: 1, b: 0 }, on_failure: continue }\n  - { id: b, type: tool_call, tool: add, args: { a: 1, b: 1 }, depends_on: [{ step: a, optional: true }] }\ngoals:\n${goals}\n`);
  for (const [name, value] of Object.entries({ GITHUB_WORKSPACE: dir, RUNNER_TEMP: path.join(dir, 'rt'), GITHUB_STATE: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '', GITHUB_EVENT_NAME: 'push', GITHUB_ACTIONS: 'true' })) vi.stubEnv(name, value);
  for (let i = 0; i < undeclared; i++) vi.stubEnv(`INPUT_EXTRA_${String.fromCharCode(65 + i)}`, '1');
  const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off', 'fail-on-unmet-goals': 'false', comment: 'never', 'check-run': 'false', resume: 'auto', 'state-retention-days': '7' });
  try {
    await run(commands);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return told.warnings.map((warning) => warning.split(':')[0]!);
}

// Found by a caps hunt: GitHub shows a step's first 10 warnings, and the annotations took 8 of them, as if the run
// wrote 2 before; one per undeclared input (and the runner's own) pushed "Step a failed" past the tenth.
it('leaves a failed step’s warning among the step’s first 10 however many warnings came before it', async () => {
  // 7 in all: the runner's own "Unexpected input(s)" before them, and two left for the warnings written after them.
  expect(await warningsAfterUndeclaredInputs(5)).toEqual([...Array.from({ length: 5 }, () => 'with'), '12 unmet goals (see the job summary)', 'Step a failed and the run went on without it']);
});

// Found by a review: with one slot left each kind still kept a line of its own, and the failed step's was the 11th.
it('sums up every kind in one line, the failed step first, when one is all there is room for', async () => {
  expect(await warningsAfterUndeclaredInputs(8)).toEqual([...Array.from({ length: 8 }, () => 'with'), '1 failed step the run went on without, 12 unmet goals (see the job summary)']);
});

// Found by a review: the annotations took all 10 but the runner's own, and "Could not complete the check run" (a
// required check left in progress, blocking a merge), written while the run publishes, after them, was the 11th.
it('leaves room for the warnings written after the annotations, a check run that could not be completed among them', async () => {
  const github = await startFakeGitHub();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-late-warnings-'));
  const goals = Array.from({ length: 12 }, (_, i) => `  - { name: "goal ${i}", equals: "nope ${i}" }`).join('\n');
  await writeFile(path.join(dir, 'plan.yml'), `name: W\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 1 } }\ngoals:\n${goals}\n`);
  const event = path.join(dir, 'event.json');
  await writeFile(event, JSON.stringify({ ref: 'refs/heads/main', repository: { id: 1, name: 'app', full_name: 'octo/app', owner: { login: 'octo' } }, sender: { login: 'octo', type: 'User' } }));
  await mkdir(path.join(dir, 'rt'));
  const env = { GITHUB_WORKSPACE: dir, RUNNER_TEMP: path.join(dir, 'rt'), GITHUB_STATE: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event, GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'octo/app', GITHUB_SHA: 'e'.repeat(40), GITHUB_API_URL: github.url, GITHUB_RUN_ID: '5' };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  github.fail('checks/update', { status: 422 }, { status: 422 }, { status: 422 });
  github.fail('checks/list-for-ref', { status: 422 }, { status: 422 });
  const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off', 'fail-on-unmet-goals': 'false', comment: 'never', 'check-run': 'true', 'github-token': 't', resume: 'auto', 'state-retention-days': '7' });
  try {
    await run(commands);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await github.stop();
  }
  const said = told.warnings.map((warning) => warning.split(':')[0]);
  // The runner's own "Unexpected input(s)" may come before them all: 10 with it.
  expect(said).toEqual([
    ...Array.from({ length: 6 }, () => 'Goal not met'),
    '6 more unmet goals (see the job summary)',
    "Could not list the check runs named 'W' on the commit, to see whether another job writes one of that name",
    "Could not complete the check run 'W'",
  ]);
});
