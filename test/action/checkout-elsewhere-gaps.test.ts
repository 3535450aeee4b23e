// A pull_request_target job's checkout is the base branch's, while its check goes on the pull request's head: no goal is
// checked on what a step read from that checkout (`elsewhere`), here or where the step is reused. Each test below let
// the gate pass on the base branch's file: the first two found by a hunt of the merge gate, the rest by a review of
// its fix.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { harness } from './prt-gate-harness.ts';

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-elsewhere-gaps-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

const READ_PLAN =
  'name: Gate\ntools:\n  read_code: { description: The code under review, command: [sh, -c, "cat code.txt"] }\nworkflow_sequence:\n  - { id: read, type: tool_call, tool: read_code, args: {} }\ngoals:\n  - { name: the code read is good, of: read, equals: good }\n';

it('a run resumed from a pull_request_target trace (resume-from) checks no goal on the base-checkout result it reused', async () => {
  const attempt = harness(() => workspace, () => github);
  await writeFile(path.join(workspace, 'plan.yml'), READ_PLAN);
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const first = await attempt({}, '1');
  expect(first.result.outputs['goals-met']).toBe('false');
  expect(first.check?.['conclusion']).toBe('failure');
  await writeFile(path.join(workspace, 'earlier.jsonl'), await readFile(first.result.outputs.trace, 'utf8'));
  const second = await attempt({ 'resume-from': 'earlier.jsonl' }, '2');
  expect(second.said.summary).toContain('step read was reused from a run that ran it with a tool that reads its checkout');
  expect(second.result.outputs['goals-met']).toBe('false');
  expect(second.check?.['conclusion']).toBe('failure');
});

it('"Re-run failed jobs" of a pull_request_target gate (state: artifact, resume: auto) checks no goal on the result it reused', async () => {
  const attempt = harness(() => workspace, () => github);
  await writeFile(path.join(workspace, 'plan.yml'), READ_PLAN);
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  expect((await attempt({ state: 'artifact' }, '1')).result.failure).toBeDefined();
  const second = await attempt({ state: 'artifact' }, '2');
  expect(second.said.summary).toMatch(/reused/);
  expect(second.result.outputs['goals-met']).toBe('false');
  expect(second.check?.['conclusion']).toBe('failure');
});

it('a used plan given what a step read from the base checkout checks no goal on it', async () => {
  const attempt = harness(() => workspace, () => github);
  await mkdir(path.join(workspace, 'plans'));
  await writeFile(
    path.join(workspace, 'plan.yml'),
    'name: Gate\ntools:\n  read_code: { description: The code under review, command: [sh, -c, "cat code.txt"] }\nworkflow_sequence:\n  - { id: read, type: tool_call, tool: read_code, args: {} }\n  - { id: check, type: plan, uses: plans/check.yml, with: { n: "${steps.read.result}" } }\n',
  );
  await writeFile(
    path.join(workspace, 'plans', 'check.yml'),
    'name: Check\ninputs:\n  n: { required: true }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: sum, type: tool_call, tool: add, args: { a: "${inputs.n}", b: 0 } }\ngoals:\n  - { name: the code says 42, of: sum, equals: "42" }\n',
  );
  await writeFile(path.join(workspace, 'code.txt'), '42');
  const first = await attempt({}, '1');
  expect(first.check?.['conclusion']).toBe('failure');
  expect(first.result.outputs['goals-met']).not.toBe('true');
  expect(first.said.summary).toContain('its input comes from step read, which read a checkout that is not the commit the run and its check are for');
});

it('a plan’s own command tool named as a math tool reads the checkout, whatever its name', async () => {
  const attempt = harness(() => workspace, () => github);
  await writeFile(
    path.join(workspace, 'plan.yml'),
    'name: Gate\ntools:\n  add: { description: The code under review, command: [sh, -c, "cat code.txt"] }\nworkflow_sequence:\n  - { id: read, type: tool_call, tool: add, args: {} }\ngoals:\n  - { name: the code read is good, of: read, equals: good }\n',
  );
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const first = await attempt({}, '1');
  expect(first.check?.['conclusion']).toBe('failure');
  expect(first.result.outputs['goals-met']).toBe('false');
  expect(first.said.summary).toContain('step read ran in this job with a tool that reads its checkout');
});

// Found by the same review: a trace written before results were marked carries no mark, and a pull_request_target job
// that resumed one (a re-run across an upgrade, an /approve of a run paused before it) passed on its reused step again.
it('a trace written before results were marked: a pull_request_target job takes its reused checkout reads as foreign', async () => {
  const attempt = harness(() => workspace, () => github);
  await writeFile(path.join(workspace, 'plan.yml'), READ_PLAN);
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const first = await attempt({}, '1');
  const old = (await readFile(first.result.outputs.trace, 'utf8')).replace(/,?"(?:marksElsewhere|elsewhere)":true/g, '');
  expect(old).not.toMatch(/"(?:marksElsewhere|elsewhere)"/);
  await writeFile(path.join(workspace, 'old.jsonl'), old);
  const second = await attempt({ 'resume-from': 'old.jsonl' }, '2');
  expect(second.said.summary).toMatch(/reused/);
  expect(second.result.outputs['goals-met']).toBe('false');
  expect(second.check?.['conclusion']).toBe('failure');
  // On pull_request, whose checkout is the pull request's, the same old trace's step is taken as it was.
  const onPull = await attempt({ 'resume-from': 'old.jsonl' }, '3', 'pull_request');
  expect(onPull.result.outputs['goals-met']).toBe('true');
});
