// An agent step whose model answered with text and only tool calls of another type than `function` (a server's own
// kind of call, which no step runs) took the text ("I will call add") as its final answer: the step was ✅ and the
// goals judged that text (found by an adversarial pass).
import { describe, expect, it } from 'vitest';
import { rawToolCallsAnswer, textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { PLAN, todos } from './agent-fixtures.ts';

describe('agent step: tool calls of another type than function', () => {
  it('answers them as not run and goes on, and does not take the text beside them as the step’s answer', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['1', 'Work it out', 'in_progress']]),
        rawToolCallsAnswer([{ id: 'c1', type: 'custom', function: { name: 'add', arguments: '{"a":2,"b":3}' } }], 'I will call add'),
        toolCallAnswer('add', { a: 2, b: 3 }),
        toolCallAnswer('multiply', { a: 5, b: 4 }),
        textAnswer('(2 + 3) * 4 = 20'),
      ],
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    expect(job.server.requests).toHaveLength(5);
    // The model is told, in a conversation an endpoint accepts: the call it made is not echoed with its own type.
    const third = job.server.requests[2]!.body.messages;
    expect(third.at(-2)).toMatchObject({ role: 'assistant', content: 'I will call add' });
    expect(third.at(-2)).not.toHaveProperty('tool_calls');
    expect(third.at(-1)).toMatchObject({ role: 'user' });
    expect(String(third.at(-1)!.content)).toContain('only tool calls of type "function" are run');
    expect(String(third.at(-1)!.content)).toContain("'add'");
    // The trace holds the call as not run.
    const notRun = job.events.filter((event) => event.type === 'agent_tool_called' && !event.ok);
    expect(notRun).toHaveLength(1);
    expect(notRun[0]).toMatchObject({ tool: 'add', args: { a: 2, b: 3 }, error: expect.stringContaining('type "custom"') });
    expect(job.summary).toContain('1 failed or not run');
  });

  it('answers them beside the function calls of the same answer', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['1', 'Work it out', 'in_progress']]),
        rawToolCallsAnswer([
          { id: 'f1', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } },
          { id: 'c1', type: 'builtin_function', function: { name: 'multiply', arguments: { a: 5, b: 4 } } },
        ]),
        toolCallAnswer('multiply', { a: 5, b: 4 }),
        textAnswer('20'),
      ],
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    const third = job.server.requests[2]!.body.messages;
    expect(third.at(-3)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'f1', type: 'function' }] });
    expect(third.at(-2)).toMatchObject({ role: 'tool', tool_call_id: 'f1' });
    expect(String(third.at(-1)!.content)).toContain("'multiply' (type \"builtin_function\")");
  });
});
