import { describe, expect, it } from 'vitest';
import { AGENT_REPLY_CHAR_LIMIT } from '../../src/steps/agent/reply-budget.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { pageTool } from '../helpers/page-tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

const TURNS = 40;
const PLAN = `
name: Agent reading a lot
limits: { max_tokens: 10000000 }
workflow_sequence:
  - id: read
    type: agent
    task: Read page after page
    tools: [page]
    max_turns: ${TURNS + 2}
`;


describe('an agent’s conversation', () => {
  it(`keeps at most ${AGENT_REPLY_CHAR_LIMIT.toLocaleString('en-US')} characters of tool replies, the oldest giving way to a line that says what they were`, async () => {
    const script = [todos(false, [['1', 'Read every page', 'in_progress']]), ...Array.from({ length: TURNS }, () => toolCallAnswer('page', {})), textAnswer('Read them all')];
    const job = await runOfflineJob({ plan: PLAN, script, extraTools: [pageTool(8_000)] });
    expect(job.outcome.kind === 'ran' && job.outcome.status, JSON.stringify(job.events.filter((e) => e.type === 'step_failed'))).toBe('succeeded');
    const last = job.server.requests.at(-1)!.body.messages;
    const replies = last.filter((message) => message.role === 'tool').map((message) => String(message.content));
    expect(replies).toHaveLength(TURNS + 1);
    const kept = replies.filter((reply) => !reply.startsWith('[left out for room'));
    const total = replies.reduce((sum, reply) => sum + reply.length, 0);
    expect(total).toBeLessThanOrEqual(AGENT_REPLY_CHAR_LIMIT);
    // The newest pages whole, the write_todos reply and the oldest pages given way, in order.
    expect(kept.at(-1)).toContain(`PAGE-${TURNS} `);
    expect(kept.length).toBeGreaterThan(15);
    expect(replies[0]).toMatch(/^\[left out for room: the reply of 'write_todos' here, \d+ characters; call it again if you need it\]$/);
    expect(replies[1]).toMatch(/^\[left out for room: the reply of 'page' here, 8\d{3} characters; call it again if you need it\]$/);
    const firstKept = replies.findIndex((reply) => !reply.startsWith('[left out'));
    expect(replies.slice(firstKept).every((reply) => !reply.startsWith('[left out'))).toBe(true);
    // The trace keeps every page whole.
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'page')).toHaveLength(TURNS);
  });
});
