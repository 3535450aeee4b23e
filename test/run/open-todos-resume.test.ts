import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FanOutPart } from '../../src/run/fan-out-part.ts';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { todos } from '../agent/agent-fixtures.ts';
import { startChatServer, textAnswer, type ChatServer, type ReceivedRequest, type ScriptedReply } from '../helpers/chat-server.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

/**
 * An agent that answers with its TODO list open completed its step without doing that work, and
 * `all_steps_completed` says so. A resumed run (the action's re-run of a failed job) or a fan-out merge
 * reused such a step or item without its list, and the gate passed (found by an adversarial pass). Reused,
 * it now comes back with its list: no model is asked again, and every view and the gate see the list.
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

const AGENT_ITEMS = (fanOut: boolean, gate = true) => `
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
    max_turns: 4${fanOut ? '\n    fan_out: true' : ''}
${gate ? 'goals:\n  - { name: every step completed, all_steps_completed: true }\n' : ''}`;

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
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** One job of `plan` in `dir`, its trace returned for the next job to resume. */
const job = (plan: string, options: { fanOut?: FanOutPart; resume?: ResumeTrace[] } = {}) => runTracedJob(dir, plan, server, options);

describe('an agent that left its TODO list open', () => {
  it('is reused in a resumed run with its list, and the gate stays shut as it was', async () => {
    server.script((request) => agentTurns(request, OPEN, 'Audit done: no blocking problem.'));
    const first = await job(ONE_AGENT);
    expect(first).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });

    const asked = server.requests.length;
    const again = await job(ONE_AGENT, { resume: [first.trace] });
    expect(server.requests.length).toBe(asked);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done: Run the security audit (in progress), Check licences (pending)") });
    // The list is in the resumed run's own record (its trace), so a run resuming that one sees it too.
    const third = await job(ONE_AGENT, { resume: [again.trace] });
    expect(server.requests.length).toBe(asked);
    expect(third).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 2 of the agent's TODOs not done") });
    expect(again.trace.text).toMatch(/"type":"todos_created","stepKey":"audit"/);
  });

  // Reused whole (a step reused item by item was asked about again under approval, found by a review), the
  // step takes its items' lists as its own, each entry named by its item.
  it('is reused as a for_each item: the whole step keeps its items\' lists, as the first run counted them', async () => {
    server.script((request) => (packageOf(request) === 'web' ? agentTurns(request, OPEN, 'web looks fine.') : agentTurns(request, DONE, 'api looks fine.')));
    const first = await job(AGENT_ITEMS(false));
    expect(first).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 4 of the agent's TODOs not done") });

    const asked = server.requests.length;
    const again = await job(AGENT_ITEMS(false), { resume: [first.trace] });
    expect(server.requests.length).toBe(asked);
    expect(again).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("2 of 4 of the agent's TODOs not done: Run the security audit (review[web]) (in progress), Check licences (review[web]) (pending)") });
    expect(again.trace.text).toMatch(/"type":"step_completed","stepKey":"review".*"reused"/);
  });

  it('keeps its list through a fan-out merge: the gate is as on one runner, and without it the merge passes as the run does', async () => {
    server.script((request) => (packageOf(request) === 'web' ? agentTurns(request, OPEN, 'web looks fine.') : agentTurns(request, DONE, 'api looks fine.')));
    for (const gate of [true, false]) {
      const single = await job(AGENT_ITEMS(true, gate));
      const prepare = await job(AGENT_ITEMS(true, gate), { fanOut: { part: 'prepare', shards: 2 } });
      const prepared = { ...prepare.trace, fanOutPart: 'prepare' as const };
      const shards = [];
      for (const shard of [1, 2]) shards.push({ ...(await job(AGENT_ITEMS(true, gate), { fanOut: { part: 'shard', shard }, resume: [prepared] })).trace, fanOutPart: shard });
      const asked = server.requests.length;
      const merge = await job(AGENT_ITEMS(true, gate), { fanOut: { part: 'merge' }, resume: [prepared, ...shards] });
      // The merge runs no item itself: both are its shards', each with its list.
      expect(server.requests.length).toBe(asked);
      expect(merge.status).toBe(single.status);
      if (gate) expect(merge).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("review (completed, 2 of 4 of the agent's TODOs not done") });
      else expect(merge.status).toBe('succeeded');
    }
  });
});
