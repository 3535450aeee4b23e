import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { frozenPlanText } from '../../src/plan/frozen-plan.ts';
import { startFakeGitHub } from '../helpers/github-server.ts';
import { validPlan, yaml } from '../plan/plan-text.ts';
import { recordingIO } from './recording-io.ts';

// Found by a review of the frozen file's redaction: it now keeps names as written and redacts text. A used plan's
// input names (`with:` keys) were still redacted, so a plan with a token-shaped input name ran, and mode: plan failed
// on its own file; a for_each `key:` template was no longer redacted, though the trace redacts it; and an unnamed
// plan's frozen file was named by its file's base name, so job 2's check run never superseded job 1's.

it('a frozen file redacts a for_each key template as the trace does', async () => {
  const plan = await validPlan(yaml('name: K', 'toolsets: [math]', 'workflow_sequence:',
    '  - { id: 1, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }',
    '  - { id: 2, type: reasoning, description: "Greet ${item}", for_each: "${steps.1.result}", key: "hunter2secret-${item}", depends_on: [1] }'));
  const text = await frozenPlanText(plan, 'plan.yml', { redact: createRedactor(['hunter2secret']) });
  expect(text).not.toContain('hunter2secret');
});

it('a used plan input with a token-shaped name is frozen as it runs', async () => {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'withkey-'));
  const run = async (inputs: Record<string, string>) => {
    const read = await readActionSettings((n) => (({ plan: 'plan.yml', ...inputs }) as Record<string, string>)[n] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const result = await runAction(read.settings, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0 });
    await result.published;
    return result;
  };
  const name = 'sk-release-notes-2026-week48';
  await mkdir(path.join(workspace, 'plans'));
  await writeFile(path.join(workspace, 'plan.yml'), `name: Release\nworkflow_sequence:\n  - { id: notes, type: plan, uses: plans/sub.yml, with: { ${name}: approved } }\n`);
  await writeFile(path.join(workspace, 'plans', 'sub.yml'), `name: Sub\ninputs:\n  ${name}: {}\ntools:\n  publish: { description: p, command: [sh, -c, "cat >> published.txt"], input: { type: object, properties: { message: { type: string } } } }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: { message: "\${inputs.${name}}" } }\n`);
  expect((await run({})).outputs.status).toBe('succeeded'); // the plan itself runs
  expect(await readFile(path.join(workspace, 'published.txt'), 'utf8')).toContain('"approved"');
  const planned = await run({ mode: 'plan' });
  expect(planned.failure).toBeUndefined(); // now: "... has no input `***`; its inputs: *** (at workflow_sequence[0].with["***"])"
  await rm(workspace, { recursive: true, force: true });
});

it('names an unnamed plan by the path its check run is named by: job 2 supersedes job 1’s check run', async () => {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'hd5-'));
  const github = await startFakeGitHub();
  await mkdir(path.join(workspace, '.github'));
  await writeFile(path.join(workspace, '.github', 'release-notes.yml'), 'toolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }\n');
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_SHA: 'a'.repeat(40), GITHUB_API_URL: github.url };
  async function job(given: Record<string, string>) {
    const read = await readActionSettings((name) => (({ 'check-run': 'true', 'github-token': 't', ...given }) as Record<string, string>)[name] ?? '', env);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {} }), commentIntervalMs: 0 });
    await result.published;
    return result;
  }
  const planned = await job({ plan: '.github/release-notes.yml', mode: 'plan' });
  await writeFile(path.join(workspace, 'frozen-plan.yml'), await readFile(planned.outputs['plan-file'], 'utf8'));
  expect((await job({ plan: 'frozen-plan.yml' })).outputs.status).toBe('succeeded');
  await github.stop();
  expect(github.checkRuns.map((run) => [run['name'], run['conclusion']])).toEqual([['.github/release-notes.yml', 'action_required'], ['.github/release-notes.yml', 'success']]);
});
