import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { validateCommand } from '../../src/cli/validate-command.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from './recording-io.ts';

// Job 1 (`mode: plan`) freezes the plan; reviewers approve job 2 in an environment; job 2 runs the frozen file.
const PUBLISH = `tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { message: { type: string } }, required: [message] }
    side_effects: true
`;

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-frozen-pins-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

/** Runs the action on a push in the workspace, with the action's inputs. */
async function run(inputs: Record<string, string>, redact = createRedactor()) {
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact, clock: systemClock, commentIntervalMs: 0 });
  await result.published;
  return { result, said };
}

/** Job 1: freezes plan.yml with `inputs`, and copies the frozen file to frozen-plan.yml as the artifact would. */
async function freeze(inputs: Record<string, string> = {}): Promise<void> {
  const planned = await run({ mode: 'plan', ...inputs });
  expect(planned.result.failure).toBeUndefined();
  await writeFile(path.join(workspace, 'frozen-plan.yml'), await readFile(planned.result.outputs['plan-file'], 'utf8'));
}

async function published(): Promise<string | undefined> {
  return readFile(path.join(workspace, 'published.txt'), 'utf8').catch(() => undefined);
}

function errorsOf(said: ReturnType<typeof recordingIO>['said']): string {
  return said.annotations.filter((annotation) => annotation.level === 'error').map((annotation) => annotation.message).join('\n');
}

describe('a frozen plan’s used plans', () => {
  beforeEach(async () => {
    await mkdir(path.join(workspace, 'plans'));
    await writeFile(path.join(workspace, 'plan.yml'), 'name: Release\nworkflow_sequence:\n  - { id: notes, type: plan, uses: plans/sub.yml }\n');
    await writeFile(path.join(workspace, 'plans', 'sub.yml'), `name: Sub\n${PUBLISH}workflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: { message: approved } }\n`);
  });

  it('run as job 1 read them', async () => {
    await freeze();
    const ran = await run({ plan: 'frozen-plan.yml' });
    expect(ran.result.outputs.status).toBe('succeeded');
    expect(JSON.parse((await published())!)).toEqual({ message: 'approved' });
  });

  // Found by an adversarial pass: the frozen file kept `uses: plans/sub.yml`, and job 2 read that file from its own
  // checkout: edited after job 1 (or on another ref), job 2 ran used-plan steps the reviewers never saw.
  it('refuse the run before anything runs when one differs from the one job 1 read, naming it and what to do', async () => {
    await freeze();
    await writeFile(path.join(workspace, 'plans', 'sub.yml'), `name: Sub\n${PUBLISH}workflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: { message: never-shown } }\n`);
    const ran = await run({ plan: 'frozen-plan.yml' });
    expect(ran.result.outputs.status).toBe('failed');
    expect(ran.result.failure).toMatch(/^The run was refused before any step ran/);
    expect(errorsOf(ran.said)).toMatch(/the plan file plans\/sub\.yml it uses is not the one mode: plan read when it froze this plan .*nothing ran\. Run this job on the commit the mode: plan job ran on, or run mode: plan again/);
    expect(await published()).toBeUndefined();
  });

  it('refuse a nested used plan that differs, naming it', async () => {
    await writeFile(path.join(workspace, 'plans', 'sub.yml'), 'name: Sub\nworkflow_sequence:\n  - { id: inner, type: plan, uses: plans/inner.yml }\n');
    await writeFile(path.join(workspace, 'plans', 'inner.yml'), `name: Inner\n${PUBLISH}workflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: { message: approved } }\n`);
    await freeze();
    await writeFile(path.join(workspace, 'plans', 'inner.yml'), `name: Inner\n${PUBLISH}workflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: { message: never-shown } }\n`);
    const ran = await run({ plan: 'frozen-plan.yml' });
    expect(ran.result.outputs.status).toBe('failed');
    expect(errorsOf(ran.said)).toMatch(/the plan file plans\/sub\.yml it uses \(or a plan file that one uses: plans\/inner\.yml\) is not the one mode: plan read/);
    expect(await published()).toBeUndefined();
  });

  it('refuse a used plan the frozen file does not pin', async () => {
    await freeze();
    const file = path.join(workspace, 'frozen-plan.yml');
    const frozen = await readFile(file, 'utf8');
    expect(frozen).toContain('\nfrozen:\n');
    expect(frozen).toMatch(/^ {4}plans\/sub\.yml: [0-9a-f]{32}$/m);
    await writeFile(file, frozen.replace(/^( {4})plans\/sub\.yml: /m, '$1plans/other.yml: '));
    const ran = await run({ plan: 'frozen-plan.yml' });
    expect(ran.result.outputs.status).toBe('failed');
    expect(errorsOf(ran.said)).toMatch(/this frozen plan uses the plan file plans\/sub\.yml, and its frozen\.uses does not pin it .*nothing ran/);
    expect(await published()).toBeUndefined();
  });

  // Found by a hunt of frozen plans: validate said ok to a file whose run was refused, a pin no step used was
  // ignored by both, and the run's refusal named the file at no line.
  it('are checked by validate as the run checks them, each problem at its line of frozen.uses', async () => {
    await freeze();
    const file = path.join(workspace, 'frozen-plan.yml');
    const frozen = await readFile(file, 'utf8');
    const line = frozen.split('\n').findIndex((text) => text.startsWith('    plans/sub.yml: ')) + 1;
    await writeFile(file, frozen.replace(/^( {4})plans\/sub\.yml: [0-9a-f]{32}$/m, '$1plans/sub.yml: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n$1plans/other.yml: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'));
    const lines: string[] = [];
    expect(await validateCommand([file], (text) => lines.push(text), { cwd: workspace })).toBe(false);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${file}:${line}:20: the plan file plans/sub\\.yml it uses is not the one mode: plan read .*a run of it is refused before anything runs\\. .*\\(at frozen\\.uses\\["plans/sub\\.yml"\\]\\)$`)),
      expect.stringMatching(new RegExp(`^${file}:${line + 1}:5: frozen\\.uses pins the plan file plans/other\\.yml, which no step of this plan uses .*\\(at frozen\\.uses\\["plans/other\\.yml"\\]\\)$`)),
      `${file}: 2 errors`,
    ]);
    const ran = await run({ plan: 'frozen-plan.yml' });
    expect(ran.result.outputs.status).toBe('failed');
    expect(ran.result.failure).toMatch(/^The run was refused before any step ran/);
    const refusals = ran.said.annotations.filter((annotation) => annotation.level === 'error').map(({ message, file: on, startLine }) => ({ message, on, startLine }));
    expect(refusals).toEqual([
      { message: expect.stringMatching(/^cannot run the frozen plan: the plan file plans\/sub\.yml it uses is not the one .*nothing ran/), on: 'frozen-plan.yml', startLine: line },
      { message: expect.stringMatching(/^cannot run the frozen plan: frozen\.uses pins the plan file plans\/other\.yml, which no step of this plan uses/), on: 'frozen-plan.yml', startLine: line + 1 },
    ]);
    expect(await published()).toBeUndefined();
  });
});

describe('a frozen plan’s inputs', () => {
  beforeEach(async () => {
    await writeFile(
      path.join(workspace, 'plan.yml'),
      `name: Release\ninputs:\n  channel: { default: beta }\n${PUBLISH}workflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: { message: "\${inputs.channel}" } }\n`,
    );
  });

  it('run with the inputs job 1 planned with', async () => {
    await freeze({ inputs: 'channel: stable' });
    const ran = await run({ plan: 'frozen-plan.yml', inputs: 'channel: stable' });
    expect(ran.result.outputs.status).toBe('succeeded');
    expect(JSON.parse((await published())!)).toEqual({ message: 'stable' });
  });

  // Found by an adversarial pass: job 1's summary showed the arguments its inputs gave, the frozen file recorded none,
  // and job 2 given other inputs (or none: the defaults) ran arguments nobody approved.
  it('refuse other inputs, or none where job 1 had some, before anything runs', async () => {
    await freeze({ inputs: 'channel: stable' });
    for (const inputs of [{ inputs: 'channel: everyone' }, {}] as Record<string, string>[]) {
      const ran = await run({ plan: 'frozen-plan.yml', ...inputs });
      expect(ran.result.outputs.status).toBe('failed');
      expect(ran.result.failure).toMatch(/^The run was refused before any step ran/);
      expect(errorsOf(ran.said)).toMatch(/the run's inputs differ from those mode: plan froze this plan with .*nothing ran\. Give this job the inputs the mode: plan job had, or run mode: plan again with these/);
    }
    expect(await published()).toBeUndefined();
  });

  // The refusal says to freeze the plan again with the new inputs; a mode: plan job given the frozen file (what job 2 has
  // in hand) was refused for the pins it was to replace, though it runs nothing and its summary is what reviewers approve.
  it('are pinned anew by mode: plan of the frozen file with other inputs, which job 2 then runs with', async () => {
    await freeze({ inputs: 'channel: stable' });
    const again = await run({ plan: 'frozen-plan.yml', mode: 'plan', inputs: 'channel: everyone' });
    expect(again.result.failure).toBeUndefined();
    await writeFile(path.join(workspace, 'frozen-plan.yml'), await readFile(again.result.outputs['plan-file'], 'utf8'));
    const ran = await run({ plan: 'frozen-plan.yml', inputs: 'channel: everyone' });
    expect(ran.result.outputs.status).toBe('succeeded');
    expect(JSON.parse((await published())!)).toEqual({ message: 'everyone' });
  });

  it('are pinned by their hash alone, and a frozen: without it is refused', async () => {
    await freeze({ inputs: 'channel: stable' });
    const file = path.join(workspace, 'frozen-plan.yml');
    const frozen = await readFile(file, 'utf8');
    expect(frozen).toMatch(/^frozen:\n {2}inputs: [0-9a-f]{32}$/m);
    expect(frozen).not.toContain('stable');
    await writeFile(file, frozen.replace(/^ {2}inputs: [0-9a-f]{32}$/m, '  uses: {}'));
    const ran = await run({ plan: 'frozen-plan.yml', inputs: 'channel: stable' });
    expect(ran.result.outputs.status).toBe('failed');
    const error = ran.said.annotations.find((annotation) => annotation.level === 'error');
    expect(error).toMatchObject({ message: 'missing `inputs` (at frozen.inputs)', file: 'frozen-plan.yml', startLine: expect.any(Number) as number });
    expect(await published()).toBeUndefined();
  });
});

describe('a frozen plan file', () => {
  // Found by a hunt of frozen plans: the id was written as `***` (in depends_on and ${steps.<id>.result} too), and the
  // job running the file refused it after its reviewers had approved it.
  it('runs a step with a token-shaped id, as a run of the plan itself does', async () => {
    const id = 'sk-release-notes-2026-week48';
    await writeFile(
      path.join(workspace, 'plan.yml'),
      `name: Notes\n${PUBLISH}workflow_sequence:\n  - { id: ${id}, type: tool_call, tool: publish, args: { message: approved } }\n  - { id: after, type: tool_call, tool: publish, args: { message: "\${steps.${id}.result}" } }\n`,
    );
    expect((await run({})).result.outputs.status).toBe('succeeded');
    const direct = await published();
    await rm(path.join(workspace, 'published.txt'));
    await freeze();
    const ran = await run({ plan: 'frozen-plan.yml' });
    expect(ran.result.outputs.status).toBe('succeeded');
    expect(await published()).toBe(direct);
  });

  it('fails the mode: plan job, and is no plan-file output, when it would not run as planned', async () => {
    // A number the redactor hides is written `***`, which the tool's input schema refuses.
    const count = 'count: { type: integer }';
    await writeFile(
      path.join(workspace, 'plan.yml'),
      `name: Count\ntools:\n  tally:\n    description: t\n    command: ["true"]\n    input: { type: object, properties: { ${count} } }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: tally, args: { count: 4821337 } }\n`,
    );
    const planned = await run({ mode: 'plan' }, createRedactor(['4821337']));
    expect(planned.result.outputs['plan-file']).toBe('');
    expect(planned.result.outputs.status).toBe('failed');
    expect(planned.result.failure).toMatch(/the frozen plan file .*\.plan\.yml would not run as planned: it does not load \(1 problem\): .*It is removed and is not the plan-file output, so no job runs it/);
    // Not left in the output folder either, which a workflow may upload whole.
    const file = /the frozen plan file (\S+\.plan\.yml) would not run/.exec(planned.result.failure ?? '')![1]!;
    expect(existsSync(file)).toBe(false);
  });
});
