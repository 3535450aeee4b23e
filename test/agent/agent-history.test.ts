import { describe, expect, it } from 'vitest';
import { AGENT_REPLY_CHAR_LIMIT } from '../../src/steps/agent/reply-budget.ts';
import { textAnswer, toolCallAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { pageTool } from '../helpers/page-tool.ts';
import type { Tool } from '../../src/tools/tool.ts';
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
    // The newest pages whole, the oldest pages given way, in order.
    expect(kept.at(-1)).toContain(`PAGE-${TURNS} `);
    expect(kept.length).toBeGreaterThan(15);
    // A reply shorter than the line that would stand for it stays: replaced, it took more room and said less.
    expect(replies[0]).toBe('TODO list saved (1 item: 0 completed, 1 in_progress, 0 pending).');
    expect(replies[1]).toMatch(/^\[left out for room: the reply of 'page' here, 8\d{3} characters; call it again if you need it\]$/);
    const firstKept = replies.findIndex((reply, at) => at > 0 && !reply.startsWith('[left out'));
    expect(replies.slice(firstKept).every((reply) => !reply.startsWith('[left out'))).toBe(true);
    // The trace keeps every page whole.
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'page')).toHaveLength(TURNS);
  });

  // Found by an adversarial pass: a short reply (an issue's number) gave way to a longer line saying it was left out
  // for room, which took more room than it and told the model to call a tool with side effects again.
  it('keeps a reply shorter than the line that would stand for it', async () => {
    const script = [
      todos(false, [['1', 'Read every page', 'in_progress']]),
      toolCallAnswer('ping', {}),
      ...Array.from({ length: TURNS }, () => toolCallAnswer('page', {})),
      textAnswer('Read them all'),
    ];
    const ping: Tool = { name: 'ping', description: 'Ping', inputSchema: { type: 'object', properties: {}, additionalProperties: false }, sideEffects: true, execute: async () => 7 };
    const job = await runOfflineJob({ plan: PLAN.replace('tools: [page]', 'tools: [ping, page]').replace(`max_turns: ${TURNS + 2}`, `max_turns: ${TURNS + 3}`), script, extraTools: [ping, pageTool(8_000)] });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    const replies = job.server.requests.at(-1)!.body.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
    expect(replies[1]).toBe('<data tool="ping">\n7\n</data>');
    expect(replies[2]).toMatch(/^\[left out for room: the reply of 'page' here/);
  });

  // Found by an adversarial pass on bounds: replies were bounded, but each turn resent every argument the
  // model had written: 30 turns saving a 20,000-character note sent 600,000 characters of them at the end.
  it(`keeps the calls' arguments within the same ${AGENT_REPLY_CHAR_LIMIT.toLocaleString('en-US')} characters, the oldest giving way to JSON that says what they were`, async () => {
    const notes: string[] = [];
    const save: Tool = {
      name: 'save',
      description: 'Save a note',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      sideEffects: false,
      async execute(args) {
        notes.push(String(args['text']));
        return 'saved';
      },
    };
    const calls = 30;
    const script = [todos(false, [['1', 'Save the notes', 'in_progress']]), ...Array.from({ length: calls }, (_, i) => toolCallAnswer('save', { text: `NOTE-${i + 1} `.padEnd(20_000, 'y') })), textAnswer('Saved them all')];
    const job = await runOfflineJob({ plan: PLAN.replace('tools: [page]', 'tools: [save]').replace(`max_turns: ${TURNS + 2}`, `max_turns: ${calls + 2}`), script, extraTools: [save] });
    expect(job.outcome.kind === 'ran' && job.outcome.status, JSON.stringify(job.events.filter((e) => e.type === 'step_failed'))).toBe('succeeded');
    // Every call ran with its whole text.
    expect(notes).toHaveLength(calls);
    expect(notes.every((note) => note.length === 20_000)).toBe(true);
    const last = job.server.requests.at(-1)!.body.messages;
    const args = last.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : [])).map((call) => (call as { function: { arguments: string } }).function.arguments);
    const replies = last.filter((message) => message.role === 'tool').map((message) => String(message.content));
    expect(args).toHaveLength(calls + 1);
    expect([...args, ...replies].reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(AGENT_REPLY_CHAR_LIMIT);
    // The newest calls whole, the oldest given way, in order; each still JSON.
    expect(JSON.parse(args.at(-1)!)).toEqual({ text: `NOTE-${calls} `.padEnd(20_000, 'y') });
    expect(JSON.parse(args[1]!)).toEqual({ left_out_for_room: "the arguments of this call of 'save', 20011 characters" });
    const firstKept = args.findIndex((text) => text.includes('NOTE-'));
    expect(firstKept).toBeGreaterThan(calls - 10);
    expect(args.slice(firstKept).every((text) => text.includes('NOTE-'))).toBe(true);
  });

  // Found by an adversarial pass on bounds: replies and arguments were bounded, but the text the model writes beside
  // its calls was resent whole every turn: 30 turns of 20,000 characters each sent 600,000 of them at the end.
  it(`keeps the model’s own text beside its calls within the same ${AGENT_REPLY_CHAR_LIMIT.toLocaleString('en-US')} characters, the oldest giving way to a line`, async () => {
    const calls = 30;
    const turn = (i: number): ScriptedReply => ({ kind: 'completion', content: `THOUGHT-${i + 1} `.padEnd(20_000, 'z'), toolCalls: [{ name: 'page', arguments: {} }] });
    const script = [todos(false, [['1', 'Read every page', 'in_progress']]), ...Array.from({ length: calls }, (_, i) => turn(i)), textAnswer('Read them all')];
    const job = await runOfflineJob({ plan: PLAN, script, extraTools: [pageTool(100)] });
    expect(job.outcome.kind === 'ran' && job.outcome.status, JSON.stringify(job.events.filter((e) => e.type === 'step_failed'))).toBe('succeeded');
    const last = job.server.requests.at(-1)!.body.messages;
    const texts = last.flatMap((message) => (message.role === 'assistant' && typeof message.content === 'string' ? [message.content] : []));
    expect(texts).toHaveLength(calls);
    const args = last.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : [])).map((call) => (call as { function: { arguments: string } }).function.arguments);
    const replies = last.filter((message) => message.role === 'tool').map((message) => String(message.content));
    expect([...texts, ...args, ...replies].reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(AGENT_REPLY_CHAR_LIMIT);
    // The newest whole, the oldest given way, in order.
    expect(texts.at(-1)).toBe(`THOUGHT-${calls} `.padEnd(20_000, 'z'));
    expect(texts[0]).toBe('[left out for room: your message here, 20000 characters]');
    const firstKept = texts.findIndex((text) => text.startsWith('THOUGHT-'));
    expect(firstKept).toBeGreaterThan(calls - 10);
    expect(texts.slice(firstKept).every((text) => text.startsWith('THOUGHT-'))).toBe(true);
    // The trace keeps each turn's text whole.
    expect(job.trace.filter((line) => line.type === 'agent_turn' && String(line.message).length === 20_000)).toHaveLength(calls);
  });

  // Found by an adversarial pass on bounds: the calls' ids and the names of tools the step does not offer are the
  // model's own strings, resent every turn and counted by no budget: ten turns of 8 calls named with 50,000
  // characters sent 4.4 million characters in the last request.
  it('keeps no call id, nor name of a tool it was not offered, longer than a tool name may be', async () => {
    const turns = 10;
    const long = (what: string, i: number, j: number) => `${what}-${i}-${j}-`.padEnd(50_000, 'q');
    const turn = (i: number): ScriptedReply => ({
      kind: 'raw',
      body: {
        id: `chatcmpl-${i}`,
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: Array.from({ length: 8 }, (_, j) => ({ id: long('id', i, j), type: 'function', function: { name: j === 0 ? 'page' : long('name', i, j), arguments: '{}' } })) } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    });
    const script = [todos(false, [['1', 'Read every page', 'in_progress']]), ...Array.from({ length: turns }, (_, i) => turn(i)), textAnswer('Read them all')];
    const job = await runOfflineJob({ plan: PLAN, script, extraTools: [pageTool(100)] });
    expect(job.outcome.kind === 'ran' && job.outcome.status, JSON.stringify(job.events.filter((e) => e.type === 'step_failed'))).toBe('succeeded');
    const last = job.server.requests.at(-1)!.body.messages;
    expect(JSON.stringify(last).length).toBeLessThan(AGENT_REPLY_CHAR_LIMIT);
    const calls = last.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : [])) as { id: string; function: { name: string } }[];
    expect(calls).toHaveLength(1 + turns * 8);
    // Every reply still answers its call, the offered tool ran each turn, and the others were told they are unknown.
    const answered = last.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : []));
    expect(answered).toEqual(calls.map((call) => call.id));
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'page' && line.ok)).toHaveLength(turns);
    expect(calls.filter((call) => call.function.name.startsWith('name-')).every((call) => call.function.name.length === 129 && call.function.name.endsWith('…'))).toBe(true);
  });
});
