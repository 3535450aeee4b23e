import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { runJob } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { todos } from '../agent/agent-fixtures.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';

// Found by an adversarial pass: a read of the run's pull request after a push moved its head failed, but as any tool
// failure: an agent told so answered "could not read the diff, looks fine", a for_each item under `on_item_failure:
// continue` became null, a replan planned around it (inside a used plan too), and the run succeeded on the commit its
// check run names, which nothing in it had read.
const RUN_SHA = 'a'.repeat(40);
const NEWER_SHA = 'b'.repeat(40);
const MOVED = `pull request #7 of octo/demo moved on to commit ${NEWER_SHA} during the run, which is for commit ${RUN_SHA}`;

let api: FakeGitHubApi;
let chat: ChatServer | undefined;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pull-request-moved-'));
  // A push landed after the run started: the head is the newer commit.
  api = await startFakeGitHubApi({
    'pulls/get': (request) =>
      String(request.headers.accept).includes('diff')
        ? { text: 'diff --git a/x b/x\n+newer\n' }
        : {
            body: {
              number: 7, title: 'T', state: 'open', merged: false, draft: false, user: { login: 'mona' }, base: { ref: 'main' },
              head: { ref: 'feature', sha: NEWER_SHA, repo: { full_name: 'octo/demo' } }, labels: [], additions: 1, deletions: 0,
              changed_files: 1, commits: 1, html_url: 'https://github.com/octo/demo/pull/7', body: '',
            },
          },
  });
});

afterEach(async () => {
  await chat?.close();
  chat = undefined;
  expect(api.problems).toEqual([]);
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(plan: string, script: ScriptedReply[], files: Record<string, string> = {}) {
  chat = await startChatServer(script);
  const baseURL = chat.baseURL;
  for (const [name, text] of Object.entries({ 'plan.yml': plan, ...files })) await writeFile(path.join(dir, name), text);
  const events: RunEvent[] = [];
  const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
  const outcome = await runJob(
    {
      planFile: path.join(dir, 'plan.yml'),
      inputs: {},
      cwd: dir,
      env: { PATH: process.env['PATH'] },
      model: { baseURL, apiKey: 'sk-test' },
      github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' }, pullNumber: 7, pullHeadSha: RUN_SHA },
    },
    {
      listeners: [(event) => void events.push(event)],
      clock: systemClock,
      createModel: (model) => createOpenAIModelClient({ baseURL: model.baseURL, apiKey: 'sk-test', model: 'm', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
  if (outcome.kind !== 'ran') throw new Error(`the job did not run: ${JSON.stringify(outcome)}`);
  return { outcome, events, modelCalls: chat.requests.length };
}

const LOOKS_FINE = { goals: '\ngoals:\n  - name: reviewed\n    contains: fine\n' };

describe('a read of the run’s pull request after a push moved its head', () => {
  it('stops the run at an agent’s call: its model is not asked again, and the job fails saying where the pull request went', async () => {
    const plan = `name: review\ntoolsets: [github]\nworkflow_sequence:\n  - { id: review, type: agent, task: Review the diff, tools: [get_pull_request_diff] }\n${LOOKS_FINE.goals}`;
    const { outcome, events, modelCalls } = await run(plan, [
      todos(false, [['1', 'Read the diff', 'in_progress']]),
      toolCallAnswer('get_pull_request_diff', {}),
      textAnswer('I could not read the diff; it looks fine.'),
    ]);
    expect([outcome.status, outcome.run.reason]).toEqual(['failed', expect.stringContaining(MOVED)]);
    expect(outcome.run.reason).toContain(`a run for ${NEWER_SHA.slice(0, 7)} checks it`);
    // The list, then the call: no third turn to answer past it.
    expect(modelCalls).toBe(2);
    expect(outcome.run.record.steps.get('review')).toMatchObject({ state: 'failed', error: expect.stringContaining(MOVED) });
    expect(events.some((event) => event.type === 'goals_checked' && event.status === 'succeeded')).toBe(false);
    const summary = renderSummary(outcome.run.record, { redact: (text) => text });
    expect(summary).toContain(`moved on to commit ${NEWER_SHA} during the run`);
    expect(summary).not.toMatch(/succeeded/i);
  });

  it('stops the run at a for_each item under on_item_failure: continue: the step does not complete with the item as null', async () => {
    const plan = `name: review\ntoolsets: [github]
tools:
  pulls: { description: The pull requests to read, command: [node, -e, "process.stdout.write('[9, 7]')"] }
workflow_sequence:
  - { id: list, type: tool_call, tool: pulls, args: {} }
  - { id: read, type: tool_call, tool: get_pull_request_diff, for_each: "\${steps.list.result}", on_item_failure: continue, args: { pull_number: "\${item}" } }
  - { id: judge, type: reasoning, depends_on: [read], description: "Say fine" }
`;
    const { outcome, modelCalls } = await run(plan, [textAnswer('fine')]);
    expect([outcome.status, outcome.run.reason]).toEqual(['failed', expect.stringContaining(MOVED)]);
    expect(outcome.run.record.steps.get('read')?.state).toBe('failed');
    expect(outcome.run.record.steps.get('judge')).toMatchObject({ state: 'skipped', skipReason: expect.stringContaining(MOVED) });
    expect(modelCalls).toBe(0);
  });

  it('stops the run at a tool_call step: no replan plans around it', async () => {
    const plan = `name: review\ntoolsets: [github]\nworkflow_sequence:\n  - { id: read, type: tool_call, tool: get_pull_request_diff, args: {} }\n`;
    const replacement = JSON.stringify({ steps: [{ id: 'guess', type: 'reasoning', description: 'Say fine' }], why: 'the diff cannot be read' });
    const { outcome, modelCalls } = await run(plan, [textAnswer(replacement), textAnswer('fine')]);
    expect([outcome.status, outcome.run.reason]).toEqual(['failed', expect.stringContaining(MOVED)]);
    expect(modelCalls).toBe(0);
    expect(outcome.run.record.steps.has('guess')).toBe(false);
  });

  it('stops the run using a plan whose step read it: the using run does not replan around the used plan', async () => {
    const plan = `name: review\nworkflow_sequence:\n  - { id: inner, type: plan, uses: ./read.yml }\n`;
    const read = `name: read\ntoolsets: [github]\nworkflow_sequence:\n  - { id: diff, type: tool_call, tool: get_pull_request, args: {} }\n`;
    const replacement = JSON.stringify({ steps: [{ id: 'guess', type: 'reasoning', description: 'Say fine' }], why: 'the plan failed' });
    const { outcome, modelCalls } = await run(plan, [textAnswer(replacement), textAnswer('fine')], { 'read.yml': read });
    expect([outcome.status, outcome.run.reason]).toEqual(['failed', expect.stringContaining(MOVED)]);
    expect(modelCalls).toBe(0);
    expect(outcome.run.record.steps.get('inner')).toMatchObject({ state: 'failed', error: expect.stringContaining(MOVED) });
  });
});
