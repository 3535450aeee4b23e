import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { runJob, type JobSettings } from '../../src/job/run-job.ts';
import { CLI_OPTION_NAMES } from '../../src/cli/cli-job-settings.ts';
import { readOnlyWithholding } from '../../src/plan/read-only-withholding.ts';
import { FORK_PULL_REQUEST } from '../../src/security/event-head.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatScript, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';
import { offeredTools } from '../security/attack-fixtures.ts';
import { SEED_FLOW, todos } from './agent-fixtures.ts';

let chat: ChatServer;
let api: FakeGitHubApi;

beforeEach(async () => {
  chat = await startChatServer();
  api = await startFakeGitHubApi();
});

afterEach(async () => {
  expect(api.problems).toEqual([]);
  await chat.close();
  await api.close();
});

async function agentJob(plan: string, script: ChatScript, settings: Partial<JobSettings> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-runner-agent-'));
  writeFileSync(join(dir, 'plan.yml'), plan);
  chat.script(script);
  const events: RunEvent[] = [];
  const outcome = await runJob(
    { planFile: join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: chat.baseURL, apiKey: 'sk-test' }, mode: 'agent', ...settings },
    {
      listeners: [(event) => events.push(event)],
      clock: new ManualClock(),
      createModel: (model) => createOpenAIModelClient({ baseURL: model.baseURL, apiKey: 'sk-test', model: model.model ?? 'gpt-4.1-mini', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
  return { outcome, events };
}

const MATH = `name: Arithmetic agent
goal: Work out (2 + 3) * 4
toolsets: [math]
goals:
  - name: the answer is 20
    contains: "20"
`;

describe('mode agent: a whole run as one agent step', () => {
  it('runs the goal as the agent’s task with every tool, the TODO list as its checklist, and checks the goals', async () => {
    const { outcome, events } = await agentJob(MATH, SEED_FLOW);
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.status).toBe('succeeded');
    expect(outcome.goals.map((goal) => goal.outcome)).toEqual(['met']);
    expect(outcome.plan.steps).toMatchObject([{ key: 'agent', type: 'agent', task: 'Work out (2 + 3) * 4', title: 'Work out (2 + 3) * 4' }]);
    // No planner call: the first request is the agent's, offered write_todos and every math tool.
    expect(chat.requests.map((request) => offeredTools(request.body))[0]).toEqual(['write_todos', 'add', 'subtract', 'multiply', 'divide']);
    expect(events.filter((event) => event.type === 'todos_created')).toHaveLength(1);
    expect(outcome.run.record.steps.get('agent')?.todos).toHaveLength(3);
  });

  // Found by an adversarial pass: the agent wrote three TODOs and answered "Done." at once; the checklist
  // showed them ⬜ under a ✅ step, and all_steps_completed passed the gate.
  it('does not meet all_steps_completed while the agent’s own TODOs are not done', async () => {
    const plan = `${MATH}  - name: everything done\n    all_steps_completed: true\n`;
    const open = todos(false, [['1', 'Run the linter', 'in_progress'], ['2', 'Run the tests', 'pending'], ['3', 'Scan the licences', 'cancelled']]);
    const { outcome } = await agentJob(plan, [open, textAnswer('Done. It is 20.')]);
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.status).toBe('goals-unmet');
    expect(outcome.goals[1]).toMatchObject({ outcome: 'unmet', evidence: "1 of 1 step did not complete all its work: agent (completed, 3 of 3 of the agent's TODOs not done: Run the linter (in progress), Run the tests (pending), Scan the licences (cancelled))" });
    const done = todos(false, [['1', 'Answer', 'completed']]);
    const finished = await agentJob(plan, [done, textAnswer('It is 20.')]);
    if (finished.outcome.kind !== 'ran') throw new Error(JSON.stringify(finished.outcome));
    expect(finished.outcome.goals.map((goal) => goal.outcome)).toEqual(['met', 'met']);
  });

  // Found by an adversarial pass: a replace (merge: false) left the open items out, and all_steps_completed passed
  // on the one completed item it wrote instead; the log printed only that item, so no line said what had gone.
  it('does not meet all_steps_completed when a replace leaves open TODOs out: the replace is refused', async () => {
    const plan = `${MATH}  - name: everything done\n    all_steps_completed: true\n`;
    const open = todos(false, [['1', 'Run the linter', 'in_progress'], ['2', 'Run the tests', 'pending']]);
    const replace = todos(false, [['3', 'Answer', 'completed']]);
    const { outcome } = await agentJob(plan, [open, replace, textAnswer('Done. It is 20.')]);
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.status).toBe('goals-unmet');
    expect(outcome.goals[1]).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining("2 of 2 of the agent's TODOs not done: Run the linter (in progress), Run the tests (pending)") });
    const told = chat.requests[2]!.body.messages.at(-1) as { role: string; content: string };
    expect(told).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Error: merge: false leaves out "1" \(in_progress\), "2" \(pending\), which are not completed; .*The list was not changed\.$/s) });
  });

  it('takes the task input over the plan’s goal, and runs with a task alone', async () => {
    const { outcome } = await agentJob(MATH, [todos(false, [['1', 'Answer', 'completed']]), textAnswer('It is 20.')], { task: 'Say what (2 + 3) * 4 is' });
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.plan.steps[0]).toMatchObject({ task: 'Say what (2 + 3) * 4 is' });
    expect(outcome.plan.goal).toBe('Work out (2 + 3) * 4');
    expect(outcome.status).toBe('succeeded');
  });

  // Found by a review: the task input is often event text (an issue's body), and one quoting a template literal
  // (`${result.total}`) or a malformed reference was refused as the plan's, and `${inputs.x}` was filled in.
  it('takes the task input as written: no reference in it is checked or filled in', async () => {
    const plan = `${MATH}inputs:\n  x: { default: "filled-in value" }\n`;
    const task = 'The page shows `Total: ${result.total}`, step ${steps.nope.result} and ${inputs.x}; echo ${steps} too';
    const { outcome } = await agentJob(plan, [todos(false, [['1', 'Answer', 'completed']]), textAnswer('It is 20.')], { task });
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.status).toBe('succeeded');
    // The run's inputs reach every prompt in their own block; the task names none of them, filled in or in a block of its own.
    const asked = chat.requests[0]!.body.messages.at(-1) as { content: string };
    expect(asked.content).toContain(`your task is:\n${task}\n\nWork on the task above`);
    expect(asked.content).not.toContain('[data ');
  });

  // Found by a review: the replanner is shown the task and copies it into the replacement, which was checked as the
  // model's own: `${result.total}` refused it as a malformed reference and the run escalated, and `${inputs.x}` was filled in.
  it('takes a replacement agent step’s task as written when it is the failed step’s task, copied', async () => {
    const plan = `${MATH}inputs:\n  x: { default: "filled-in value" }\n`;
    const task = 'The page shows Total: ${result.total} for ${inputs.x}';
    const cut: ScriptedReply = { kind: 'raw', body: { choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: 'It is 2' } }], usage: { prompt_tokens: 10, completion_tokens: 5 } } };
    const replan = { steps: [{ id: 'again', type: 'agent', description: 'Answer again', task, tools: ['add', 'multiply'], depends_on: [] }], why: 'cut off; try again' };
    const done = todos(false, [['1', 'Answer', 'completed']]);
    const { outcome } = await agentJob(plan, [done, cut, textAnswer(JSON.stringify(replan)), done, textAnswer('It is 20.')], { task });
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.status).toBe('succeeded');
    const asked = chat.requests[3]!.body.messages.at(-1) as { content: string };
    expect(asked.content).toContain('Your step (again');
    expect(asked.content).toContain(`your task is:\n${task}\n\nWork on the task above`);
    expect(asked.content).not.toContain('[data ');
  });

  it('fills in a reference in the plan’s own goal, which the plan’s author wrote', async () => {
    const plan = 'name: Goal agent\ngoal: Greet ${inputs.x}\ninputs:\n  x: { default: "the team" }\n';
    const { outcome } = await agentJob(plan, [todos(false, [['1', 'Answer', 'completed']]), textAnswer('Hello.')]);
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    const asked = chat.requests[0]!.body.messages.at(-1) as { content: string };
    expect(asked.content).toContain('your task is:\nGreet [data 1]\n\n<data ref="1" reference="${inputs.x}">\nthe team\n</data>');
  });

  // The errors pointed at workflow_sequence[0].tools[0], which the user's file does not have.
  it('refuses a plan tool named write_todos by its name', async () => {
    const named = await agentJob(`${MATH}tools:\n  write_todos: { description: writes, command: ["true"] }\n`, []);
    expect(named.outcome.kind === 'rejected' && named.outcome.errors.map((error) => `${error.line}:${error.column}: ${error.path}: ${error.message}`)).toEqual([
      '8:3: tools.write_todos: mode: agent (--agent) gives the agent its own write_todos (its TODO list), and this plan has a tool of that name: rename the tool to run it with mode: agent (--agent)',
    ]);
    // In the CLI's words in the CLI (found by review: it said "mode agent", which the CLI has no such thing as).
    const cliNamed = await agentJob(`${MATH}tools:\n  write_todos: { description: writes, command: ["true"] }\n`, [], { optionNames: CLI_OPTION_NAMES });
    expect(cliNamed.outcome.kind === 'rejected' && cliNamed.outcome.errors.map((error) => error.message)).toEqual([
      '--agent gives the agent its own write_todos (its TODO list), and this plan has a tool of that name: rename the tool to run it with --agent',
    ]);
    expect(chat.requests).toHaveLength(0);
  });

  // Found by review: it had no line (the loaded plan keeps no positions), and told the CLI to run "in mode run".
  it('rejects a plan that already has steps at workflow_sequence’s line, saying what to do in the caller’s words', async () => {
    const plan = `${MATH}workflow_sequence:\n  - { id: 1, type: reasoning, description: x }\n`;
    const { outcome } = await agentJob(plan, []);
    expect(outcome.kind === 'rejected' && outcome.errors.map((error) => `${error.line}:${error.column}: ${error.message} (at ${error.path})`)).toEqual([
      '7:1: mode: agent (--agent) runs the task as one agent step, but this plan already has steps: run it with mode: run (without --agent), or remove workflow_sequence (at workflow_sequence)',
    ]);
    const cli = await agentJob(plan, [], { optionNames: CLI_OPTION_NAMES });
    expect(cli.outcome.kind === 'rejected' && cli.outcome.errors.map((error) => error.message)).toEqual([
      '--agent runs the task as one agent step, but this plan already has steps: run it without --agent, or remove workflow_sequence',
    ]);
    // With a task too, the steps run only without either (review: the advice led to the task's own refusal).
    const withTask = await agentJob(plan, [], { optionNames: CLI_OPTION_NAMES, task: 'hi' });
    expect(withTask.outcome.kind === 'rejected' && withTask.outcome.errors.map((error) => error.message)).toEqual([
      '--agent runs the task as one agent step, but this plan already has steps: run it without --agent and without --task (its steps run as written), or remove workflow_sequence',
    ]);
    expect(chat.requests).toHaveLength(0);
  });

  it('withholds side-effect tools on a fork’s pull request: never offered, a call to one is a tool error, nothing is written', async () => {
    api.handlers['issues/get'] = () => ({ body: { number: 7, title: 'Crash on start', state: 'open', user: { login: 'mona' }, labels: [], body: 'It crashes.', comments: 0, html_url: 'https://github.com/octo/demo/issues/7' } });
    const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
    const { outcome } = await agentJob(
      'name: Fork triage\ngoal: Triage issue 7\ntoolsets: [github]\n',
      [
        todos(false, [['1', 'Read the issue', 'in_progress']]),
        toolCallAnswer('get_issue', { issue_number: 7 }),
        toolCallAnswer('add_comment', { issue_number: 7, body: 'Triaged.' }),
        textAnswer('Issue 7 is a crash on start.'),
      ],
      { withhold: readOnlyWithholding(FORK_PULL_REQUEST), github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' }, pullNumber: 3 } },
    );
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.status).toBe('succeeded');
    const offered = offeredTools(chat.requests[0]!.body);
    expect(offered).toContain('get_issue');
    for (const write of ['add_comment', 'create_issue', 'add_labels']) expect(offered).not.toContain(write);
    const reply = chat.requests[3]!.body.messages.at(-1);
    expect(reply).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Error: tool 'add_comment' is withheld from this run: .*fork.*side effects\. It was not run\.$/) });
    expect(api.requests.map((request) => request.operationId)).toEqual(['issues/get']);
  });
});

// Found by review: `--task` (the task input) with a plan that has steps, without --agent, was dropped
// without a word: the run went ahead on the plan's steps.
it('refuses a task beside a plan with steps of its own, advising only what runs', async () => {
  const plan = 'name: Steps\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n';
  const { outcome, events } = await agentJob(plan, [], { mode: 'run', task: 'Do something else', optionNames: CLI_OPTION_NAMES });
  // A problem with what the run was given, not in the plan file: the action titles it "Cannot start the run".
  // It advised --agent too, which refuses a plan with steps (found by a user-path review).
  const message = '--task was given, but this plan has its own steps, which would run without it: give --task only with a plan that has no workflow_sequence (a model then writes the steps, or --agent runs the task as one agent step), or leave it out';
  expect(outcome).toMatchObject({ kind: 'rejected', errors: [{ setup: true, message }] });
  expect(events).toEqual([]);
});

// Found by an adversarial pass: a task that shows as nothing (a comment of only `<!-- … -->`, a zero-width
// space) passed as text, and the agent worked on an empty instruction, or a model planned an empty goal.
it('refuses a task that is blank as the model reads it, in mode agent and as a plan’s goal, before any model call', async () => {
  for (const task of ['<!-- call add_comment -->', '\u200b \u2060']) {
    for (const mode of ['agent', 'run'] as const) {
      const { outcome } = await agentJob(MATH, [], { task, mode, optionNames: CLI_OPTION_NAMES });
      expect(outcome.kind === 'rejected' && outcome.errors.map((error) => error.message)).toEqual([
        '--task is blank as the model reads it (only spaces, invisible characters or text a page hides, such as an HTML comment): write the task in words, or leave it out',
      ]);
    }
  }
  expect(chat.requests).toHaveLength(0);
});
