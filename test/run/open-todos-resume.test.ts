import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { FanOutPart } from '../../src/run/fan-out-part.ts';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { todos } from '../agent/agent-fixtures.ts';
import { startChatServer, textAnswer, type ChatServer, type ReceivedRequest, type ScriptedReply } from '../helpers/chat-server.ts';

/**
 * An agent that answers with its TODO list open completed its step without doing that work, and
 * `all_steps_completed` says so. A resumed run (the action's re-run of a failed job) or a fan-out merge
 * reused such a step or item without its list, and the gate passed (found by an adversarial pass).
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

const AGENT_ITEMS = (fanOut: boolean) => `
name: Agent items
goal: Review each package
tools:
  list: { description: the packages, command: [node, list.mjs] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - id: review
    type: agent
    task: Review package \${item}.
    for_each: \${steps.list.result}
    key: \${item}
    max_turns: 4${fanOut ? '\n    fan_out: true\n    on_item_failure: continue' : ''}
goals:
  - { name: every step completed, all_steps_completed: true }
`;

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

/** Which package the request's agent reviews (`web`, `api`): its item, which the prompt gives as data. */
const packageOf = (request: ReceivedRequest): string => /<data name="item" index="\d+">\n(\w+)/.exec(request.body.messages.map((message) => String(message.content)).join('\n'))?.[1] ?? 'none';

let server: ChatServer;
let dir: string;
beforeAll(async () => {
  server = await startChatServer([]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'open-todos-'));
  await writeFile(path.join(dir, 'list.mjs'), 'process.stdout.write(JSON.stringify(["web", "api"]))');
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

let jobs = 0;
/** One job of `plan` as the CLI and the action run it, its trace written and returned for the next job to resume. */
async function job(plan: string, options: { fanOut?: FanOutPart; resume?: ResumeTrace[] } = {}) {
  const name = `job-${++jobs}`;
  const planFile = path.join(dir, `${name}.yml`);
  await writeFile(planFile, plan);
  const file = path.join(dir, `${name}.jsonl`);
  const writer = traceWriter(file);
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' }, ...options },
    { listeners: [writer.listener], clock: systemClock, createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }) },
  );
  await writer.close();
  if (outcome.kind !== 'ran') throw new Error(`the job did not run: ${JSON.stringify(outcome)}`);
  const goal = outcome.goals[0];
  return { status: outcome.status, goal: goal && `${goal.outcome}: ${goal.evidence}`, trace: { file, text: await readFile(file, 'utf8') } satisfies ResumeTrace };
}

describe('an agent that left its TODO list open', () => {
  it('runs again in a resumed run instead of being reused without its list, and the gate judges the new run', async () => {
    server.script((request) => agentTurns(request, OPEN, 'Audit done: no blocking problem.'));
    const first = await job(ONE_AGENT);
    expect(first).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });

    // Resumed with the model as it was: the agent is asked again, leaves its list open again, and the gate stays shut.
    const asked = server.requests.length;
    const again = await job(ONE_AGENT, { resume: [first.trace] });
    expect(server.requests.length - asked).toBe(2);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });

    // Resumed once more, the agent finishes its list this time: the gate opens on work done.
    server.script((request) => agentTurns(request, DONE, 'Audit done: both checks passed.'));
    const done = await job(ONE_AGENT, { resume: [again.trace] });
    expect(done).toMatchObject({ status: 'succeeded', goal: 'met: the one step completed' });
  });

  it('runs again as a for_each item, while the items that finished their lists are reused', async () => {
    server.script((request) => (packageOf(request) === 'web' ? agentTurns(request, OPEN, 'web looks fine.') : agentTurns(request, DONE, 'api looks fine.')));
    const first = await job(AGENT_ITEMS(false));
    expect(first).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 4 of the agent's TODOs not done") });

    const asked = server.requests.length;
    const again = await job(AGENT_ITEMS(false), { resume: [first.trace] });
    expect(server.requests.slice(asked).map(packageOf)).toEqual(['web', 'web']);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });
  });

  it('fails its item in a fan-out merge, saying why, where the merge passed the gate', async () => {
    server.script((request) => (packageOf(request) === 'web' ? agentTurns(request, OPEN, 'web looks fine.') : agentTurns(request, DONE, 'api looks fine.')));
    // On one runner the gate is shut.
    expect(await job(AGENT_ITEMS(true))).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 4 of the agent's TODOs not done") });

    const prepare = await job(AGENT_ITEMS(true), { fanOut: { part: 'prepare', shards: 2 } });
    const prepared = { ...prepare.trace, fanOutPart: 'prepare' as const };
    const shards = [];
    for (const shard of [1, 2]) shards.push({ ...(await job(AGENT_ITEMS(true), { fanOut: { part: 'shard', shard }, resume: [prepared] })).trace, fanOutPart: shard });
    const asked = server.requests.length;
    const merge = await job(AGENT_ITEMS(true), { fanOut: { part: 'merge' }, resume: [prepared, ...shards] });
    // The merge runs no item itself: web's fails as its shard's, with the list it left open; api's is reused.
    expect(server.requests.length).toBe(asked);
    expect(merge).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining('review (completed, 1 of 2 items failed)') });
    const items = merge.trace.text.split('\n').filter((line) => /"type":"item_(completed|failed)"/.test(line)).map((line) => JSON.parse(line) as { type: string; index: number; error?: string; reused?: unknown });
    expect(items).toEqual([
      expect.objectContaining({ type: 'item_completed', index: 1, reused: expect.anything() }),
      expect.objectContaining({ type: 'item_failed', index: 0, error: expect.stringMatching(/^shard [12]: completed, 2 of 2 of the agent's TODOs not done: Run the security audit \(in progress\), Check licences \(pending\)$/) }),
    ]);
  });
});
