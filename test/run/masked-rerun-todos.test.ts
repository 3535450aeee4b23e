import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { todos } from '../agent/agent-fixtures.ts';
import { httpError, startChatServer, textAnswer, type ChatServer, type ReceivedRequest, type ScriptedReply } from '../helpers/chat-server.ts';

/**
 * A masked saved result (its answer held a token shape) of an agent whose tools have no side effects runs
 * again on a resume; when the run again fails, or answers otherwise, the saved copy stands. Its TODO list
 * did not: the step came back ✅ with no list (or the new run's), and a gate the saved run failed on open
 * TODOs passed (found by an adversarial pass).
 */

const ONE_AGENT = `
name: Agent gate
goal: Audit the change
workflow_sequence:
  - id: audit
    type: agent
    task: Audit the change and list blocking problems.
    max_turns: 4
goals:
  - { name: every step completed, all_steps_completed: true }
`;

const AGENT_ITEMS = `
name: Agent items
goal: Review each package
tools:
  list: { description: the packages, command: [printf, '%s', '["web","api"]'] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - id: review
    type: agent
    task: Review package \${item}.
    for_each: \${steps.list.result}
    key: \${item}
    on_item_failure: continue
    max_turns: 4
goals:
  - { name: every step completed, all_steps_completed: true }
`;

const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
const OPEN: [string, string, string][] = [
  ['1', 'Run the security audit', 'in_progress'],
  ['2', 'Check licences', 'pending'],
];
const DONE: [string, string, string][] = [
  ['1', 'Run the security audit', 'completed'],
  ['2', 'Check licences', 'completed'],
];

/** An agent's two turns: a TODO list (`items`), then its answer once the list's call has returned. */
const agentTurns = (request: ReceivedRequest, items: [string, string, string][], answer: string): ScriptedReply =>
  request.body.messages.some((message) => message.role === 'tool') ? textAnswer(answer) : todos(false, items);

const packageOf = (request: ReceivedRequest): string => /<data name="item" index="\d+">\n(\w+)/.exec(request.body.messages.map((message) => String(message.content)).join('\n'))?.[1] ?? 'none';

let server: ChatServer;
let dir: string;
let jobs = 0;
beforeAll(async () => {
  server = await startChatServer([]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'masked-todos-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** One job of `plan` with the trace redacted as the CLI and the action write it (so a token-shaped answer is saved masked). */
async function job(plan: string, resume?: ResumeTrace) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const file = path.join(dir, `trace-${++jobs}.jsonl`);
  const redact = createRedactor(['sk-test-key']);
  const writer = traceWriter(file, { redact });
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' }, ...(resume && { resume: [resume] }) },
    { listeners: [writer.listener], clock: systemClock, redact, createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }) },
  );
  await writer.close();
  const goal = outcome.kind === 'ran' ? outcome.goals[0] : undefined;
  return { status: outcome.kind === 'ran' ? outcome.status : outcome.kind, goal: goal && `${goal.outcome}: ${goal.evidence}`, trace: { file, text: await readFile(file, 'utf8') } };
}

describe('a masked agent result that runs again on a resume', () => {
  it('keeps its saved TODO list when the run again fails, and the gate stays shut', async () => {
    server.script((request) => agentTurns(request, OPEN, `Audit done with the key ${TOKEN}.`));
    const first = await job(ONE_AGENT);
    expect(first).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });
    expect(first.trace.text).toMatch(/"type":"step_completed","stepKey":"audit".*"masked":true/);

    const asked = server.requests.length;
    server.script([httpError(400)]);
    const again = await job(ONE_AGENT, first.trace);
    // It ran again (the model was asked), failed, and the saved copy stood with its list.
    expect(server.requests.length).toBe(asked + 1);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done: Run the security audit (in progress), Check licences (pending)") });
  });

  it('keeps its saved TODO list when the run again answers otherwise, not the new run’s', async () => {
    server.script((request) => agentTurns(request, OPEN, `Audit done with the key ${TOKEN}.`));
    const first = await job(ONE_AGENT);
    server.script((request) => agentTurns(request, DONE, 'Another answer entirely.'));
    const again = await job(ONE_AGENT, first.trace);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });
  });

  it('keeps an item’s saved TODO list when the item runs again and fails', async () => {
    // web answers with a token and its list open; api fails, so the step is not reused whole and web runs again.
    server.script((request) => (packageOf(request) === 'web' ? agentTurns(request, OPEN, `web uses ${TOKEN}.`) : httpError(400)));
    const first = await job(AGENT_ITEMS);
    expect(first.status).toBe('goals-unmet');
    server.script((request) => (packageOf(request) === 'web' ? httpError(400) : agentTurns(request, DONE, 'api looks fine.')));
    const again = await job(AGENT_ITEMS, first.trace);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 4 of the agent's TODOs not done") });
  });
});
