import { describe, expect, it } from 'vitest';
import { rawToolCallsAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { PLAN } from './agent-fixtures.ts';

const writeTodos = { name: 'write_todos', arguments: JSON.stringify({ merge: false, todos: [{ id: '1', content: 'Work it out', status: 'in_progress' }] }) };

describe('agent step: tool-call ids', () => {
  it('gives every call of the conversation its own id, when a server repeats one or sends none', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        // No id: the answer is read as `call_0_0`, and so is the next answer's first call.
        rawToolCallsAnswer([{ function: writeTodos }]),
        // Two parallel calls with one id: a reply could not say which call it answers.
        rawToolCallsAnswer([
          { id: 'same', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } },
          { id: 'same', type: 'function', function: { name: 'multiply', arguments: '{"a":5,"b":4}' } },
        ]),
        rawToolCallsAnswer([{ function: { name: 'add', arguments: '{"a":15,"b":5}' } }]),
        { kind: 'completion', content: '20' },
      ],
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    const messages = job.server.requests.at(-1)!.body.messages;
    const callIds = messages.flatMap((message) => ('tool_calls' in message && message.tool_calls ? message.tool_calls.map((call) => call.id) : []));
    expect(callIds).toHaveLength(4);
    expect(new Set(callIds).size).toBe(4);
    // Each reply answers the call it follows, in order.
    const replyIds = messages.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : []));
    expect(replyIds).toEqual(callIds);
    // An id the server gave once is kept as it was.
    expect(callIds[1]).toBe('same');
  });
});
