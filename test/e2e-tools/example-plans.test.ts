import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { runPlanFile } from './run-plan-file.ts';

const root = path.resolve(import.meta.dirname, '../..');
const workflow = (name: string) => path.join(root, 'workflows', name);
const repository = { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' };
let chat: ChatServer;
let model: ModelClient;
let api: FakeGitHubApi;

const PULL = {
  number: 12,
  title: 'Parse durations in minutes',
  state: 'open',
  merged: false,
  draft: false,
  user: { login: 'mona' },
  base: { ref: 'main' },
  head: { ref: 'minutes', sha: 'abc123', repo: { full_name: 'octo/demo' } },
  labels: [],
  additions: 3,
  deletions: 1,
  changed_files: 1,
  commits: 1,
  html_url: 'https://github.com/octo/demo/pull/12',
  body: 'Adds the m suffix.',
};
const DIFF = 'diff --git a/src/duration.ts b/src/duration.ts\n+  if (unit === "m") return amount * 60_000;\n';

function octokit() {
  return createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
}

function outcomes(goals: readonly { name: string; outcome: string }[]): Record<string, string> {
  return Object.fromEntries(goals.map((goal) => [goal.name, goal.outcome]));
}

beforeAll(async () => {
  chat = await startChatServer();
  model = createOpenAIModelClient({ baseURL: chat.baseURL, apiKey: 'test-key', model: 'test-model', timeoutMs: 10_000, maxRetries: 0 });
});

afterAll(async () => {
  await chat.close();
});

beforeEach(async () => {
  api = await startFakeGitHubApi();
  chat.requests.length = 0;
});

afterEach(async () => {
  expect(api.problems).toEqual([]);
  await api.close();
});

describe('workflows/pr-review.yml', () => {
  it('reads the run’s pull request and its diff, reviews it, and labels it', async () => {
    api.handlers['pulls/get'] = (request) => (String(request.headers.accept).includes('diff') ? { text: DIFF } : { body: PULL });
    api.handlers['issues/add-labels'] = () => ({ body: [{ name: 'needs-tests' }] });
    chat.script([
      textAnswer('src/duration.ts: the new `m` branch has no test.\nLabel: needs-tests'),
      toolCallAnswer('add_labels', { issue_number: 12, labels: ['needs-tests'] }),
    ]);
    const run = await runPlanFile(workflow('pr-review.yml'), { cwd: root, env: {}, model, octokit: octokit(), repository, pullNumber: 12 });
    expect(run.outcome.status).toBe('succeeded');
    expect(outcomes(run.goals)).toEqual({
      'the review ends with a label': 'met',
      'the pull request carries the chosen label': 'met',
      'every step completed': 'met',
    });
    const labelled = api.requests.find((request) => request.operationId === 'issues/add-labels');
    expect(labelled).toMatchObject({ params: { owner: 'octo', repo: 'demo', issue_number: '12' }, body: { labels: ['needs-tests'] } });
    // The diff reached the reviewing model as data labelled with its step and tool.
    expect(chat.requests[0]!.body.messages[1]!.content).toMatch(/<data step="diff" tool="get_pull_request_diff"[^>]*>\ndiff --git a\/src\/duration\.ts/);
  });
});

describe('workflows/weekly-report-publish.yml', () => {
  it('writes the report and publishes it as an issue in the run’s repository', async () => {
    const summary = 'Apparel underperforms: sales fell 15.9% and 18% of items came back (benchmark 5%). Cut reorders; fix sizing.';
    api.handlers['issues/create'] = (request) => ({
      status: 201,
      body: { number: 42, html_url: 'https://github.com/octo/demo/issues/42', title: (request.body as { title: string }).title },
    });
    chat.script([
      textAnswer('Apparel: sales down 15.9% and returns at 18% against a 5% benchmark.'),
      toolCallAnswer('fetch_inventory_levels', { categories: ['Apparel'] }),
      textAnswer(summary),
    ]);
    const run = await runPlanFile(workflow('weekly-report-publish.yml'), { cwd: root, env: process.env, model, octokit: octokit(), repository });
    expect(run.outcome.status).toBe('succeeded');
    expect(outcomes(run.goals)).toEqual({
      'mentions return rates': 'met',
      'short enough for an exec summary': 'met',
      'the issue was opened': 'met',
      'every step completed': 'met',
    });
    expect(api.requests.map((request) => request.operationId)).toEqual(['issues/create']);
    expect(api.requests[0]!.body).toEqual({ title: 'Weekly product health report, 2026-W48', body: summary, labels: ['weekly-report'] });
  });
});

describe('workflows/agent-triage.yml', () => {
  it('replays offline: the agent writes 3 todos, calls both tools, ticks the todos off and answers', async () => {
    const events: RunEvent[] = [];
    const outcome = await runJob(
      {
        planFile: workflow('agent-triage.yml'),
        inputs: {},
        cwd: root,
        env: { PATH: process.env.PATH },
        model: { baseURL: 'http://127.0.0.1:9/v1', replay: workflow('agent-triage.replay.jsonl') },
      },
      { listeners: [(event) => events.push(event)], clock: new ManualClock() },
    );
    if (outcome.kind !== 'ran') throw new Error(`the example did not run: ${JSON.stringify(outcome)}`);
    expect(outcome.status).toBe('succeeded');
    expect(outcomes(outcome.goals)).toEqual({ 'names the category': 'met', 'quotes the return rate': 'met', 'every step completed': 'met' });
    const lists = events.flatMap((event) => (event.type === 'todos_created' || event.type === 'todos_updated' ? [`${event.type}: ${event.todos.map((todo) => todo.status).join(' ')}`] : []));
    expect(lists).toEqual([
      'todos_created: in_progress pending pending',
      'todos_updated: completed in_progress pending',
      'todos_updated: completed completed completed',
    ]);
    const calls = events.flatMap((event) => (event.type === 'agent_tool_called' && event.tool !== 'write_todos' ? [event] : []));
    expect(calls.map((call) => [call.tool, call.args, call.ok])).toEqual([
      ['fetch_sales_data', { week: '2026-W48' }, true],
      ['fetch_return_rates', { week: '2026-W48' }, true],
    ]);
    expect(calls[1]!.result).toMatchObject({ benchmark: '5%', return_rates: { Apparel: '18%' } });
    expect(outcome.run.finalResult).toMatch(/^Apparel needs attention first/);
  });
});

describe('workflows/mcp-everything.yml', () => {
  it('runs offline with no model: the server adds, then echoes the answer', async () => {
    const run = await runPlanFile(workflow('mcp-everything.yml'), { cwd: root, env: process.env });
    expect(run.outcome.status).toBe('succeeded');
    expect(run.outcome.finalResult).toBe('Echo: The sum of 2 and 3 is 5.');
    expect(outcomes(run.goals)).toEqual({ 'the server added the numbers and echoed the answer': 'met' });
  });
});

describe('workflows/review-packages.yml', () => {
  it('maps one check over the listed packages offline, keeping the others when one check fails; the report’s tool handles the gap, so its goals are judged', async () => {
    const run = await runPlanFile(workflow('review-packages.yml'), { cwd: root, env: process.env });
    expect(run.outcome.status).toBe('succeeded');
    expect(outcomes(run.goals)).toEqual({ 'the report has a line per package': 'met', 'the broken package is reported, not dropped': 'met', 'every package was checked': 'unmet' });
    expect(run.goals.find((goal) => goal.name === 'every package was checked')?.severity).toBe('warning');
    expect(run.outcome.results.get('report')).toContain('- legacy-utils: not checked');
    const review = run.outcome.record.steps.get('review')!;
    expect(review.items?.map((item) => item.key)).toEqual(['review[web]', 'review[api]', 'review[billing]', 'review[legacy-utils]', 'review[docs]']);
    expect((run.outcome.results.get('review') as unknown[])[3]).toBeNull();
    expect(review.failedItems).toEqual([expect.objectContaining({ key: 'review[legacy-utils]', error: expect.stringContaining('trailing comma') })]);
  });
});

describe('workflows/degraded-report.yml', () => {
  it('writes the summary from the sources that worked, told which input is missing and why', async () => {
    chat.script([textAnswer('Electronics led sales at $142,000. Apparel returns hit 18%. Web traffic is missing: the export for 2026-W48 is not there yet.')]);
    const run = await runPlanFile(workflow('degraded-report.yml'), { cwd: root, env: process.env, model });
    expect(run.outcome.status).toBe('succeeded');
    expect(run.outcome.record.steps.get('traffic')?.state).toBe('failed');
    expect(outcomes(run.goals)).toEqual({ 'covers sales': 'met', 'says the traffic data is missing': 'met' });
    expect(chat.requests[0]!.body.messages[1]!.content).toContain('this input is missing because step traffic failed');
  });
});

describe('workflows/plan-library.yml', () => {
  it('runs the library plan once per repository as nested runs, and joins their lines', async () => {
    const run = await runPlanFile(workflow('plan-library.yml'), { cwd: root, env: process.env });
    expect(run.outcome.status).toBe('succeeded');
    expect(outcomes(run.goals)).toEqual({ 'every repository has a line': 'met', 'billing is flagged': 'met' });
    expect(run.outcome.results.get('billing')).toContain('octo/billing: needs attention');
    expect([...(run.outcome.record.steps.get('web')?.nested?.steps.keys() ?? [])]).toEqual(['stats', 'line']);
  });
});
