import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { textAnswer, toolCallAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { MAX_TOOL_CALLS_PER_TURN } from '../../src/steps/agent/run-agent-step.ts';
import { PLAN, SEED_FLOW, todos } from './agent-fixtures.ts';

const ofType = <T extends RunEvent['type']>(events: readonly RunEvent[], type: T) =>
  events.filter((event): event is Extract<RunEvent, { type: T }> => event.type === type);

describe('agent step: the seed’s TODO flow', () => {
  it('writes its list once, updates it in place, calls two tools and answers', async () => {
    const job = await runOfflineJob({ plan: PLAN, script: SEED_FLOW });
    expect(job.outcome.kind).toBe('ran');
    if (job.outcome.kind !== 'ran') return;
    expect(job.outcome.status).toBe('succeeded');
    expect(job.outcome.run.finalResult).toBe('(2 + 3) * 4 = 20');

    expect(ofType(job.events, 'todos_created')).toHaveLength(1);
    const updates = ofType(job.events, 'todos_updated');
    expect(updates.map((update) => update.changed)).toEqual([['1', '2'], ['2', '3']]);
    expect(job.outcome.run.record.steps.get('solve')?.todos?.map((todo) => todo.status)).toEqual(['completed', 'completed', 'completed']);

    // Every tool call is in the trace with its arguments and result.
    const calls = job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool !== 'write_todos');
    expect(calls).toMatchObject([
      { tool: 'add', args: { a: 2, b: 3 }, ok: true, result: 5 },
      { tool: 'multiply', args: { a: 5, b: 4 }, ok: true, result: 20 },
    ]);

    // The model was offered write_todos and exactly the step's tools, and saw results as data.
    const first = job.server.requests[0]!.body;
    expect(first.tools?.map((tool) => (tool.type === 'function' ? tool.function.name : tool.type))).toEqual(['write_todos', 'add', 'multiply']);
    const afterAdd = job.server.requests[2]!.body.messages.at(-1);
    expect(afterAdd).toMatchObject({ role: 'tool', content: '<data tool="add">\n5\n</data>' });
    expect(job.server.requests).toHaveLength(6);
  });
});

const toolMessages = (job: { server: { requests: { body: { messages: unknown[] } }[] } }, request: number): string[] =>
  (job.server.requests[request]!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').map((m) => m.content);

describe('write_todos', () => {
  it('replaces with merge: false (leaving out only completed items), updates by id and appends with merge: true', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['a', 'First', 'in_progress'], ['b', 'Second', 'pending']]),
        toolCallAnswer('write_todos', { merge: true, todos: [{ id: 'a', status: 'completed' }, { id: 'c', content: 'Third', status: 'in_progress' }] }),
        todos(false, [['b', 'Second', 'cancelled'], ['c', 'Third', 'completed'], ['x', 'Start over', 'in_progress']]),
        textAnswer('20'),
      ],
    });
    const lists = job.events.flatMap((event) => (event.type === 'todos_created' || event.type === 'todos_updated' ? [event.todos] : []));
    expect(lists).toEqual([
      [{ id: 'a', content: 'First', status: 'in_progress' }, { id: 'b', content: 'Second', status: 'pending' }],
      [{ id: 'a', content: 'First', status: 'completed' }, { id: 'b', content: 'Second', status: 'pending' }, { id: 'c', content: 'Third', status: 'in_progress' }],
      [{ id: 'b', content: 'Second', status: 'cancelled' }, { id: 'c', content: 'Third', status: 'completed' }, { id: 'x', content: 'Start over', status: 'in_progress' }],
    ]);
    expect(ofType(job.events, 'todos_updated').map((event) => event.dropped)).toEqual([undefined, [{ id: 'a', content: 'First', status: 'completed' }]]);
    expect(job.events.filter((event) => event.type === 'todos_created')).toHaveLength(1);
    expect(toolMessages(job, 2).at(-1)).toBe('TODO list saved (3 items: 1 completed, 1 in_progress, 1 pending).');
  });

  it('answers invalid calls as tool errors and leaves the list as it was', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['1', 'Add', 'in_progress'], ['2', 'Multiply', 'pending']]),
        toolCallAnswer('write_todos', { merge: true, todos: [{ id: '9', status: 'completed' }] }),
        toolCallAnswer('write_todos', { merge: true, todos: [{ id: '2', status: 'in_progress' }] }),
        toolCallAnswer('write_todos', { merge: false, todos: [{ id: '1', content: '  ', status: 'pending' }, { id: '2', content: 'Multiply', status: 'pending' }] }),
        toolCallAnswer('write_todos', '{"merge": true, "todos": ['),
        toolCallAnswer('write_todos', { merge: true, todos: [{ id: '1', status: 'done' }] }),
        textAnswer('20'),
      ],
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    const errors = toolMessages(job, 6).slice(1);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatch(/^Error: id "9" is not in the list \(ids: "1", "2"\); to add an item give its content/);
    expect(errors[1]).toMatch(/^Error: only one item may be in_progress at a time, but "1" and "2" would be/);
    expect(errors[2]).toMatch(/^Error: item "1" has empty content/);
    expect(errors[3]).toMatch(/^Error: the arguments are not valid JSON/);
    expect(errors[4]).toMatch(/^Error: write_todos takes .*status/s);
    for (const error of errors) expect(error).toMatch(/The list was not changed\.$/);
    expect(job.events.filter((event) => event.type === 'todos_updated')).toHaveLength(0);
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.ok === false)).toHaveLength(5);
  });
});

describe('the write_todos reminder', () => {
  it('answers the first other tool call before any list with a reminder, once, without running it', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [toolCallAnswer('add', { a: 2, b: 3 }), toolCallAnswer('add', { a: 2, b: 3 }), toolCallAnswer('multiply', { a: 5, b: 4 }), textAnswer('20')],
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    expect(toolMessages(job, 3)).toEqual([
      "Not run: call write_todos first with your plan as a TODO list (merge: false), then call 'add' again.",
      '<data tool="add">\n5\n</data>',
      '<data tool="multiply">\n20\n</data>',
    ]);
    const adds = job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'add');
    expect(adds.map((line) => line.ok)).toEqual([false, true]);
  });
});

describe('the write_todos reminder for a tool the step does not offer', () => {
  // Told to call 'subtract' again after write_todos, the model spent a turn on a tool it could never call.
  it('is not given: the model is told the tool is not available (found by an adversarial pass)', async () => {
    const job = await runOfflineJob({ plan: PLAN, script: [toolCallAnswer('subtract', { a: 2, b: 3 }), textAnswer('20')] });
    expect(toolMessages(job, 1)).toEqual(["Error: tool 'subtract' is not available to this step; available tools: write_todos, add, multiply. It was not run."]);
  });
});

describe('agent limits', () => {
  const busy: ScriptedReply[] = [
    todos(false, [['1', 'Add 2 and 3', 'completed'], ['2', 'Multiply by 4', 'in_progress']]),
    { kind: 'completion', content: 'Now I multiply.', toolCalls: [{ name: 'multiply', arguments: { a: 5, b: 4 } }] },
    toolCallAnswer('add', { a: 1, b: 1 }),
  ];

  // max_turns counts model calls: one answer asking for 301 calls of a side-effect tool made 300 side effects.
  it('runs at most MAX_TOOL_CALLS_PER_TURN tool calls from one turn, answering the rest as not run', async () => {
    const many: ScriptedReply = { kind: 'completion', content: null, toolCalls: Array.from({ length: 301 }, (_, n) => ({ name: 'add', arguments: { a: n, b: 1 } })) };
    const job = await runOfflineJob({ plan: PLAN, script: [todos(false, [['1', 'Add', 'in_progress']]), many, textAnswer('20')] });
    const calls = job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'add');
    // 64 are read (answered and recorded); the 237 after them are left out of the conversation.
    expect(calls).toHaveLength(64);
    expect(calls.filter((call) => call.ok)).toHaveLength(MAX_TOOL_CALLS_PER_TURN);
    expect(calls.slice(MAX_TOOL_CALLS_PER_TURN).every((call) => call.ok === false && call.error === `not run: at most ${MAX_TOOL_CALLS_PER_TURN} tool calls are run from one turn`)).toBe(true);
    // Every call kept is answered, so the model's next request is a valid transcript.
    const assistant = job.server.requests[2]!.body.messages.at(-65) as { role: string; tool_calls?: unknown[] };
    expect(assistant).toMatchObject({ role: 'assistant' });
    expect(assistant.tool_calls).toHaveLength(64);
    expect(toolMessages(job, 2)).toHaveLength(65);
    expect(toolMessages(job, 2).at(-1)).toBe(
      `Error: not run: at most ${MAX_TOOL_CALLS_PER_TURN} tool calls are run from one turn; ask for it again in your next turn if it is still needed.\n\n(237 more tool calls in your last answer were not read: at most 64 are read from one answer.)`,
    );
  });

  // write_todos was exempt from the cap, and each call wrote its whole list twice to the trace: 12,000 calls
  // in one answer wrote 1.3 GB, in a loop that never yielded to a timeout or a cancel (found by an adversarial pass).
  it('applies at most 4 write_todos calls from one turn, and records the list once per call', async () => {
    const item = (n: number): [string, string, string][] => [['1', `Step ${n} ${'x'.repeat(400)}`, 'in_progress']];
    const many: ScriptedReply = { kind: 'completion', content: null, toolCalls: Array.from({ length: 50 }, (_, n) => ({ name: 'write_todos', arguments: { merge: false, todos: item(n).map(([id, content, status]) => ({ id, content, status })) } })) };
    const job = await runOfflineJob({ plan: PLAN, script: [todos(false, [['1', 'Add', 'in_progress']]), many, textAnswer('20')] });
    expect(ofType(job.events, 'todos_updated')).toHaveLength(4);
    const writes = job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'write_todos');
    expect(writes.filter((call) => call.ok)).toHaveLength(5);
    expect(writes.filter((call) => call.error === 'not run: at most 4 write_todos calls are applied from one turn')).toHaveLength(46);
    // The list is in the todos event; the call's record holds what the model was told.
    expect(writes[1]).toMatchObject({ ok: true, result: 'TODO list saved (1 item: 0 completed, 1 in_progress, 0 pending).' });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('solve')?.todos?.[0]?.content).toMatch(/^Step 3 /);
  });

  // Refused and failed calls were counted as tool calls: '8 tool calls' for an agent none of whose calls ran.
  it('counts in the summary only the calls that ran, and says how many failed or were not run', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['1', 'Add 2 and 3', 'completed'], ['2', 'Multiply', 'completed']]),
        toolCallAnswer('subtract', { a: 1, b: 1 }),
        toolCallAnswer('add', { a: 'two', b: 3 }),
        textAnswer('20'),
      ],
    });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('solve')?.agent).toMatchObject({ toolCalls: 0, failedCalls: 2 });
    expect(job.summary).toContain('· turn 4/20 · 0 tool calls · 2 failed or not run · todos 2/2 done');
  });

  // Found by an adversarial pass: the calls of an answer cut off by a filter or the token limit ran,
  // side effects and all, the last maybe cut mid-arguments.
  it('runs no call from an answer that was cut off, and fails the step as a cut-off answer', async () => {
    for (const finish of ['length', 'content_filter']) {
      const cut: ScriptedReply = {
        kind: 'raw',
        body: {
          id: 'c',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } }, { id: 'call_2', type: 'function', function: { name: 'add', arguments: '{"a": 1' } }] } }],
        },
      };
      const job = await runOfflineJob({ plan: PLAN, script: [todos(false, [['1', 'Add', 'in_progress']]), cut, textAnswer('20')] });
      expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'add'), finish).toEqual([]);
      expect(job.outcome.kind === 'ran' && job.outcome.status, finish).not.toBe('succeeded');
      expect(JSON.stringify(job.trace.filter((line) => line.type === 'step_failed')), finish).toContain("the model's answer was cut off");
    }
  });

  it('stops at max_turns, fails the step, and keeps the todos and the last message', async () => {
    const job = await runOfflineJob({ plan: PLAN.replace('tools: [add, multiply]', 'tools: [add, multiply]\n    max_turns: 3\n    on_failure: fail'), script: busy });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.status).toBe('failed');
    const step = job.outcome.run.record.steps.get('solve')!;
    expect(step.state).toBe('failed');
    expect(step.error).toBe(
      'Step solve (agent) stopped: it used all 3 turns (max_turns: 3) without a final answer. Raise max_turns or narrow the task. ' +
        'Where it got to: its TODO list: 1/2 completed; open: "Multiply by 4"; its last message: "Now I multiply.".',
    );
    expect(step.todos).toHaveLength(2);
    // Its tools' calls, not write_todos: the list is the agent's note, not work done.
    expect(step.agent).toMatchObject({ turns: 3, maxTurns: 3, toolCalls: 2, failedCalls: 0, lastMessage: 'Now I multiply.' });
    expect(job.server.requests).toHaveLength(3);
    expect(job.summary).toContain('Multiply by 4');
  });

  // The error named every open item, whole: eight items of a line each pushed "Raise max_turns or narrow the task"
  // past the 500 characters the summary shows of a step's error (found by an adversarial pass).
  it('says what to do within what the summary shows, however many TODOs are open', async () => {
    const items = Array.from({ length: 8 }, (_, n): [string, string, string] => [String(n + 1), `Check the ${n + 1}th module for the deprecated call and replace it with the new one`, n === 0 ? 'in_progress' : 'pending']);
    const job = await runOfflineJob({ plan: PLAN.replace('tools: [add, multiply]', 'tools: [add, multiply]\n    max_turns: 2\n    on_failure: fail'), script: [todos(false, items), toolCallAnswer('add', { a: 1, b: 1 })] });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    const error = job.outcome.run.record.steps.get('solve')!.error!;
    expect(error.length).toBeLessThanOrEqual(500);
    expect(error).toContain('Raise max_turns or narrow the task.');
    expect(error).toContain('its TODO list: 0/8 completed; open: "Check the 1th module');
    expect(error).toContain('and 5 more');
    expect(job.summary).toContain('Raise max_turns or narrow the task.');
  });

  // A final answer of zero-width characters ended the agent as answered: the step completed with a
  // result nobody could see.
  it('takes a final answer of only invisible characters as no answer, and fails the step', async () => {
    const job = await runOfflineJob({ plan: PLAN.replace('tools: [add, multiply]', 'tools: [add, multiply]\n    on_failure: fail'), script: [textAnswer('\u200b\u2060')] });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.status).toBe('failed');
    expect(job.outcome.run.record.steps.get('solve')?.state).toBe('failed');
  });

  // Found by an adversarial pass: an answer with no text that ended at the token limit was told to rephrase the step.
  it('says to raise the token limit when the model reached it before writing any answer', async () => {
    const body = { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: '<think>Add first' } }] };
    const job = await runOfflineJob({ plan: PLAN.replace('tools: [add, multiply]', 'tools: [add, multiply]\n    on_failure: fail'), script: [{ kind: 'raw', body }] });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.run.record.steps.get('solve')?.error).toContain("the model returned no answer: it reached the token limit before it wrote one (a thinking model may spend it all on reasoning). Raise the model's output token limit");
  });

  it('stops at the run budget and keeps the todos', async () => {
    const job = await runOfflineJob({ plan: PLAN.replace('toolsets: [math]', 'toolsets: [math]\nlimits: { max_model_calls: 2 }'), script: busy });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.status).toBe('failed');
    expect(job.outcome.run.reason).toMatch(/^budget exceeded: max_model_calls 2/);
    const step = job.outcome.run.record.steps.get('solve')!;
    expect(step.state).toBe('failed');
    expect(step.todos?.map((todo) => todo.content)).toEqual(['Add 2 and 3', 'Multiply by 4']);
    expect(job.server.requests).toHaveLength(2);
    expect(job.summary).toContain('Multiply by 4');
  });

  // Found by an adversarial pass: the answer that passed max_tokens was paid for and its TODO update applied,
  // but neither its turn nor the update reached the record: the checklist showed the list a turn before.
  it('records the turn whose answer passed the budget, and the TODO list as that answer left it', async () => {
    const spent = (reply: ScriptedReply, prompt: number): ScriptedReply => ({ ...reply, usage: { prompt_tokens: prompt, completion_tokens: 10 } }) as ScriptedReply;
    const job = await runOfflineJob({
      plan: PLAN.replace('toolsets: [math]', 'toolsets: [math]\nlimits: { max_tokens: 5000 }'),
      script: [
        spent(todos(false, [['1', 'Add 2 and 3', 'in_progress'], ['2', 'Multiply by 4', 'pending']]), 1000),
        spent(toolCallAnswer('add', { a: 2, b: 3 }), 1000),
        spent(todos(true, [['1', 'Add 2 and 3', 'completed'], ['2', 'Multiply by 4', 'in_progress']]), 4000),
        textAnswer('never asked'),
      ],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.run.reason).toMatch(/^budget exceeded: max_tokens 5,000/);
    const step = job.outcome.run.record.steps.get('solve')!;
    expect(step.todos?.map((todo) => todo.status)).toEqual(['completed', 'in_progress']);
    expect(step.agent?.turns).toBe(3);
    expect(job.trace.filter((line) => line['type'] === 'agent_turn')).toHaveLength(3);
    expect(job.server.requests).toHaveLength(3);
    expect(job.summary).toContain('todos 1/2 done');
    expect(job.summary).toMatch(/- ✅ Add 2 and 3\n- ⏹️ Multiply by 4/);
  });
});

// Arguments with a key twice are valid JSON that parseJson refuses as unclear: the model was told they were
// "not valid JSON", and sent the same text again (found by an adversarial pass).
describe('tool-call arguments with a key twice', () => {
  it('are refused saying which key, for a tool and for write_todos', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['1', 'Add', 'in_progress']]),
        toolCallAnswer('add', '{"a": 2, "b": 3, "a": 9}'),
        toolCallAnswer('write_todos', '{"merge": true, "merge": false, "todos": []}'),
        textAnswer('20'),
      ],
    });
    const replies = toolMessages(job, 3).slice(1);
    expect(replies[0]).toBe(`Error: the arguments are refused: the JSON has the key "a" twice in one object, and which of its values counts is not clear; write each key once. 'add' was not run; call it again with a JSON object.`);
    expect(replies[1]).toBe('Error: the arguments are refused: the JSON has the key "merge" twice in one object, and which of its values counts is not clear; write each key once. The list was not changed.');
  });
});

// A number past 2^53 read as a double is another number: the tool ran on it, and two ids that round alike were one
// call to the repeat check (found by an adversarial pass).
describe('tool-call arguments with a number a double does not hold', () => {
  it('are refused saying which number and how to send it, and the tool is not run', async () => {
    const job = await runOfflineJob({
      plan: PLAN,
      script: [todos(false, [['1', 'Add', 'in_progress']]), toolCallAnswer('add', '{"a": 1234567890123456789, "b": 1}'), textAnswer('20')],
    });
    expect(toolMessages(job, 2).at(-1)).toBe(
      'Error: the arguments are refused: `1234567890123456789` is a whole number past 2^53, which a tool\'s arguments do not hold exactly: the tool would be sent other digits; send it as a string ("1234567890123456789") to keep it as written. \'add\' was not run; call it again with a JSON object.',
    );
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'add')).toMatchObject([{ ok: false, args: '{"a": 1234567890123456789, "b": 1}' }]);
  });
});
