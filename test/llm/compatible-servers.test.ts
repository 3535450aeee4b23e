// The same plan against the answer shapes OpenAI-compatible servers really send, through the real
// openai SDK and a local Chat Completions server: every shape that carries an answer is read, and
// every one that does not fails with a typed error naming the endpoint, the model and the problem.
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../src/llm/model-client.ts';
import { readChatResponse } from '../../src/llm/read-chat-response.ts';
import type { Tool } from '../../src/tools/tool.ts';
import type { ReceivedRequest, ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

const PLAN = `name: Inventory
limits: { max_replans: 0 }
workflow_sequence:
  - id: levels
    type: tool_call
    tool: fetch_inventory_levels
    description: Fetch the inventory level of the warehouse "north"
  - id: summary
    type: reasoning
    description: Say in one sentence how much stock there is
`;

function inventoryTool(seen: unknown[]): Tool {
  return {
    name: 'fetch_inventory_levels',
    description: 'Inventory level of a warehouse',
    inputSchema: { type: 'object', properties: { warehouse: { type: 'string' } }, required: ['warehouse'], additionalProperties: false },
    sideEffects: false,
    execute: async (args) => {
      seen.push(args);
      return { warehouse: args.warehouse, units: 42 };
    },
  };
}

const offersTool = (body: ChatRequest): boolean => (body.tools ?? []).length > 0;

interface Shape {
  /** The answer calling fetch_inventory_levels with `{warehouse: "north"}`. */
  toolCall(request: ReceivedRequest): unknown;
  /** The answer "There are 42 units." */
  text(request: ReceivedRequest): unknown;
}

const USAGE = { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 };
const standardCall = { id: 'call_1', type: 'function', function: { name: 'fetch_inventory_levels', arguments: '{"warehouse":"north"}' } };
const answer = (message: Record<string, unknown>, extra: Record<string, unknown> = {}, choice: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-test',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', ...choice }],
  usage: USAGE,
  ...extra,
});

const SHAPES: Record<string, Shape> = {
  'OpenAI itself': {
    toolCall: () => answer({ content: null, tool_calls: [standardCall] }, {}, { finish_reason: 'tool_calls' }),
    text: () => answer({ content: 'There are 42 units.' }),
  },
  'no usage': {
    toolCall: () => ({ ...answer({ content: null, tool_calls: [standardCall] }), usage: undefined }),
    text: () => ({ ...answer({ content: 'There are 42 units.' }), usage: null }),
  },
  'tool call without type or id, and content left out': {
    toolCall: () => answer({ tool_calls: [{ function: standardCall.function }] }),
    text: () => answer({ content: 'There are 42 units.' }),
  },
  'arguments as an object': {
    toolCall: () => answer({ content: '', tool_calls: [{ type: 'function', id: 'c', function: { name: 'fetch_inventory_levels', arguments: { warehouse: 'north' } } }] }),
    text: () => answer({ content: 'There are 42 units.' }),
  },
  'other finish reasons': {
    toolCall: () => answer({ content: null, tool_calls: [standardCall] }, {}, { finish_reason: 'tool_call' }),
    text: () => answer({ content: 'There are 42 units.' }, {}, { finish_reason: 'eos' }),
  },
  'finish_reason null, no index, no id/created/object': {
    toolCall: () => ({ model: 'gpt-test', choices: [{ message: { role: 'assistant', content: null, tool_calls: [standardCall] }, finish_reason: null }], usage: USAGE }),
    text: () => ({ model: 'gpt-test', choices: [{ message: { role: 'assistant', content: 'There are 42 units.' }, finish_reason: null }], usage: USAGE }),
  },
  'extra fields everywhere': {
    toolCall: () =>
      answer(
        { content: null, tool_calls: [{ ...standardCall, index: 0 }], reasoning_content: 'thinking…' },
        { system_fingerprint: 'fp', x_groq: { id: 'req' }, prompt_logprobs: null },
        { stop_reason: null, logprobs: null },
      ),
    text: () => answer({ content: 'There are 42 units.', reasoning_content: 'thinking…' }, { usage: { ...USAGE, prompt_tokens_details: { cached_tokens: 0 } }, service_tier: 'default' }),
  },
  // vLLM or Ollama serving a thinking model without a reasoning parser.
  'reasoning in content, in <think> tags': {
    toolCall: () => answer({ content: '<think>\nThe user wants the north warehouse.\n</think>\n', tool_calls: [standardCall] }),
    text: () => answer({ content: '<think>Say 41? No: the tool said 42 units.</think>\n\nThere are 42 units.' }),
  },
  'content as a list of parts': {
    toolCall: () => answer({ content: [], tool_calls: [standardCall] }),
    text: () => answer({ content: [{ type: 'text', text: 'There are ' }, { type: 'text', text: '42 units.' }] }),
  },
};

describe('OpenAI-compatible answer shapes', () => {
  it.each(Object.entries(SHAPES))('runs the plan when the server answers like %s', async (_name, shape) => {
    const seen: unknown[] = [];
    const job = await runOfflineJob({
      plan: PLAN,
      extraTools: [inventoryTool(seen)],
      script: (request): ScriptedReply => ({ kind: 'raw', body: offersTool(request.body) ? shape.toolCall(request) : shape.text(request) }),
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status, job.summary).toBe('succeeded');
    expect(seen).toEqual([{ warehouse: 'north' }]);
    expect(job.outcome.kind === 'ran' && job.outcome.run.finalResult).toBe('There are 42 units.');
    // One call per step: nothing was asked twice.
    expect(job.server.requests).toHaveLength(2);
  });
});

// Found by an adversarial pass: a server with no reasoning parser leaves a thinking model's reasoning in `content`,
// and a goal read it as the answer: `contains: APPROVED` was met by the reasoning above an answer of REJECTED.
describe('reasoning left in content', () => {
  const GATED = `${PLAN.replace('limits: { max_replans: 0 }', 'limits: { max_replans: 0 }\ngoals:\n  - { name: approved, contains: APPROVED }')}`;
  it('is not the answer, so a goal cannot be met by it; reasoning never closed is no answer', async () => {
    const reply = (text: string) => (request: ReceivedRequest): ScriptedReply => ({ kind: 'raw', body: offersTool(request.body) ? answer({ content: null, tool_calls: [standardCall] }) : answer({ content: text }) });
    const rejected = await runOfflineJob({ plan: GATED, extraTools: [inventoryTool([])], script: reply('<THINK>Should I say APPROVED? The stock is too low.</think>REJECTED: 42 units is too few.') });
    expect(rejected.outcome.kind === 'ran' && rejected.outcome.run.finalResult).toBe('REJECTED: 42 units is too few.');
    expect(rejected.outcome.kind === 'ran' && rejected.outcome.status).toBe('goals-unmet');
    const unclosed = await runOfflineJob({ plan: GATED, extraTools: [inventoryTool([])], script: reply('<think>APPROVED? Let me count the units again and') });
    expect(unclosed.outcome.kind === 'ran' && unclosed.outcome.status).not.toBe('succeeded');
    const failed = unclosed.events.find((event) => event.type === 'step_failed');
    expect(failed && 'error' in failed ? String(failed.error) : '').toContain('the model returned no answer');
    // Tags anywhere else are the answer's own words.
    const quoted = await runOfflineJob({ plan: GATED, extraTools: [inventoryTool([])], script: reply('APPROVED. Models wrap reasoning in <think>…</think>.') });
    expect(quoted.outcome.kind === 'ran' && quoted.outcome.run.finalResult).toBe('APPROVED. Models wrap reasoning in <think>…</think>.');
  });
});

// Found by an adversarial hunt: OpenAI sends `content: null` beside a refusal, but a gateway that also put the
// refusal's words in `content` had them taken as the step's result, which its goals then checked, and a
// refusal's tool calls would have run.
describe('a refusal that also holds text or tool calls', () => {
  it('is no answer: the step fails saying it was refused, and no tool runs', async () => {
    const seen: unknown[] = [];
    const refusal = { content: 'I cannot help with that request.', refusal: 'I cannot help with that request.' };
    const job = await runOfflineJob({
      plan: PLAN,
      extraTools: [inventoryTool(seen)],
      script: (request): ScriptedReply => ({ kind: 'raw', body: offersTool(request.body) ? answer({ ...refusal, tool_calls: [standardCall] }) : answer(refusal) }),
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status).not.toBe('succeeded');
    expect(seen).toEqual([]);
    const failed = job.events.find((event) => event.type === 'step_failed');
    // And a reasoning step's refusal is no result either.
    const reasoning = await runOfflineJob({ plan: 'name: Words\nworkflow_sequence:\n  - { id: say, type: reasoning, description: Say one sentence }\n', script: () => ({ kind: 'raw', body: answer(refusal) }) });
    expect(reasoning.outcome.kind === 'ran' && reasoning.outcome.status).not.toBe('succeeded');
    const refused = reasoning.events.find((event) => event.type === 'step_failed');
    expect(refused && 'error' in refused ? String(refused.error) : '').toContain('the model returned no answer (refused: I cannot help with that request.)');
    expect(failed && 'error' in failed ? String(failed.error) : '').toContain(`the model did not call 'fetch_inventory_levels' (it refused: "I cannot help with that request.")`);
  });
});

// Found by a re-read: a refusal of only blanks is none to the answer reader, but the judge and the steps tested
// `refusal` as it came, so a blank one beside an answer was "refused" to some readers and not to others.
describe('a refusal of only blanks beside an answer', () => {
  it('is no refusal to any reader: the message’s refusal is null, its text the answer', async () => {
    const read = readChatResponse(answer({ content: 'There are 42 units.', refusal: ' \u200b ' }));
    expect(read.ok && read.response.choices[0]?.message).toMatchObject({ content: 'There are 42 units.', refusal: null });
    const job = await runOfflineJob({ plan: PLAN, extraTools: [inventoryTool([])], script: (request): ScriptedReply => ({ kind: 'raw', body: offersTool(request.body) ? answer({ content: null, tool_calls: [standardCall] }) : answer({ content: 'There are 42 units.', refusal: '  ' }) }) });
    expect(job.outcome.kind === 'ran' && job.outcome.run.finalResult).toBe('There are 42 units.');
  });
});

// Found by an adversarial pass: OpenAI refuses in structured outputs, which the planner asks for; the refusal
// was read as an empty answer, a repair call was made, and the rejection said "the answer was empty" twice,
// the model's reason shown nowhere.
describe('a refusal of the planner’s call', () => {
  it('rejects the plan saying the model refused, in its words, with no repair call', async () => {
    const refused = answer({ content: null, refusal: 'I can’t help with planning that.' });
    const job = await runOfflineJob({ plan: 'name: W\ngoal: Compute 1 plus 2\ntoolsets: [math]\n', script: () => ({ kind: 'raw', body: refused }) });
    expect(job.outcome.kind).toBe('rejected');
    expect(job.summary).toContain('the model refused to answer: "I can’t help with planning that."');
    expect(job.summary).not.toContain('the answer was empty');
    expect(job.server.requests).toHaveLength(1);
  });
});

// Found by a hunting pass: the planner, the replanner and the review are offered no tools, and an answer that was only
// a tool call (the plan as its arguments) was read as an empty one: "the answer was empty" twice, after a repair call
// that showed the model an empty answer of its own.
describe('a tool call in answer to the planner’s call', () => {
  it('rejects the plan saying the model called a tool instead of answering in text, with no repair call', async () => {
    const called = answer({ content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'plan_steps', arguments: '{"steps": []}' } }] });
    const job = await runOfflineJob({ plan: 'name: W\ngoal: Compute 1 plus 2\ntoolsets: [math]\n', script: () => ({ kind: 'raw', body: called }) });
    expect(job.outcome.kind).toBe('rejected');
    expect(job.summary).toContain('the model answered with a call of the tool "plan_steps" instead of text, and this call offers it no tools');
    expect(job.summary).not.toContain('the answer was empty');
    expect(job.server.requests).toHaveLength(1);
  });
});

describe('answers that are not Chat Completions answers', () => {
  it.each([
    ['no choices', { id: 'x', object: 'chat.completion', model: 'gpt-test' }, /the answer has no `choices`/],
    ['empty choices', { id: 'x', choices: [] }, /`choices` is empty/],
    ['a choice without a message', { choices: [{ index: 0, text: 'legacy completions' }] }, /choices\[0\] has no `message`/],
    ['an error inside a 200', { error: { message: 'model overloaded' } }, /an error with status 200: model overloaded/],
    ['a tool call without a name', { choices: [{ message: { content: null, tool_calls: [{ type: 'function', function: { arguments: '{}' } }] } }] }, /tool_calls\[0\] has no function name/],
    ['text instead of JSON', 'Service Unavailable', /the answer is text, not JSON/],
  ])('%s: a typed, permanent error naming the endpoint, the model and what was wrong', async (_name, body, problem) => {
    const job = await runOfflineJob({ plan: PLAN, extraTools: [inventoryTool([])], script: () => ({ kind: 'raw', body }) });
    expect(job.outcome.kind === 'ran' && job.outcome.status).not.toBe('succeeded');
    const failed = job.events.find((event) => event.type === 'step_failed');
    const error = failed && 'error' in failed ? String(failed.error) : '';
    expect(error).toMatch(problem);
    expect(error).toMatch(/model gpt-4\.1-mini at http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(error).not.toMatch(/Cannot read properties|undefined/);
    // Permanent: asked once, not retried.
    expect(job.server.requests).toHaveLength(1);
  });

  // `JSON.stringify` of the arguments threw a bare RangeError: the step failed with "Maximum call stack size
  // exceeded", and the call the endpoint bills was not counted (found by an adversarial pass).
  it('tool-call arguments sent as an object nested 100,000 levels deep: a malformed answer, its usage charged', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const call = `{"id":"c","type":"function","function":{"name":"fetch_inventory_levels","arguments":${deep}}}`;
    const text = `{"id":"x","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[${call}]}}],"usage":${JSON.stringify(USAGE)}}`;
    const job = await runOfflineJob({ plan: PLAN, extraTools: [inventoryTool([])], script: () => ({ kind: 'text', text }) });
    const failed = job.events.find((event) => event.type === 'step_failed');
    const error = failed && 'error' in failed ? String(failed.error) : '';
    expect(error).toMatch(/model gpt-4\.1-mini at http:\/\/127\.0\.0\.1:\d+\/v1\) failed: choices\[0\]\.message\.tool_calls\[0\]\.function\.arguments nest more than 128 levels deep/);
    expect(job.server.requests).toHaveLength(1);
    expect(job.outcome.kind === 'ran' && job.outcome.usage).toMatchObject({ modelCalls: 1, promptTokens: 50, completionTokens: 10 });
  });

  // A call of another type than `function` is kept as it came, and its arguments' depth went unchecked: beside a
  // refusal, its words were written out for the token estimate, and the step failed with a bare "Maximum call stack
  // size exceeded", its usage not charged (found by an adversarial pass).
  it('a tool call of another type whose arguments nest 100,000 deep, beside a refusal: a malformed answer, its usage charged', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const call = `{"id":"c","type":"custom","function":{"name":"fetch_inventory_levels","arguments":${deep}}}`;
    const text = `{"id":"x","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":null,"refusal":"No.","tool_calls":[${call}]}}],"usage":${JSON.stringify(USAGE)}}`;
    const job = await runOfflineJob({ plan: PLAN, extraTools: [inventoryTool([])], script: () => ({ kind: 'text', text }) });
    const failed = job.events.find((event) => event.type === 'step_failed');
    const error = failed && 'error' in failed ? String(failed.error) : '';
    expect(error).toMatch(/model gpt-4\.1-mini at http:\/\/127\.0\.0\.1:\d+\/v1\) failed: choices\[0\]\.message\.tool_calls\[0\]\.function\.arguments nest more than 128 levels deep/);
    expect(job.server.requests).toHaveLength(1);
    expect(job.outcome.kind === 'ran' && job.outcome.usage).toMatchObject({ modelCalls: 1, promptTokens: 50, completionTokens: 10 });
  });

  // A tool call is sent back as it came, fields the runner does not know included (a gateway's own, which it may
  // need again): one nested 20,000 deep (40 KB) overflowed the stack when the next request was written, and the
  // step failed with a bare "Maximum call stack size exceeded" (found by an adversarial pass).
  it.each(['call', 'function'])('a tool call whose %s has another field nested 20,000 deep: a malformed answer, its usage charged', async (where) => {
    const extra = `"extra":${'['.repeat(20_000)}${']'.repeat(20_000)},`;
    const fn = `{${where === 'function' ? extra : ''}"name":"fetch_inventory_levels","arguments":"{\\"warehouse\\":5}"}`;
    const call = `{${where === 'call' ? extra : ''}"id":"c","type":"function","function":${fn}}`;
    const text = `{"id":"x","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[${call}]}}],"usage":${JSON.stringify(USAGE)}}`;
    const job = await runOfflineJob({ plan: PLAN, extraTools: [inventoryTool([])], script: () => ({ kind: 'text', text }) });
    const failed = job.events.find((event) => event.type === 'step_failed');
    const error = failed && 'error' in failed ? String(failed.error) : '';
    expect(error).toMatch(/model gpt-4\.1-mini at http:\/\/127\.0\.0\.1:\d+\/v1\) failed: choices\[0\]\.message\.tool_calls\[0\] nests more than 128 levels deep/);
    expect(job.server.requests).toHaveLength(1);
    expect(job.outcome.kind === 'ran' && job.outcome.usage).toMatchObject({ modelCalls: 1, promptTokens: 50, completionTokens: 10 });
  });

  // The SDK writes an error status's body into its message with JSON.stringify, and so did the reader of a 200's
  // error: a body nested 20,000 deep threw a bare RangeError, the step failed with "Maximum call stack size
  // exceeded" (found by an adversarial pass). A 500 is asked again by the client's own retries (2 here), no more.
  it.each([
    [200, 'code', /an error with status 200: an error nested more than 128 levels deep/, 1],
    [400, 'message', /the answer could not be read \(Maximum call stack size exceeded\): its JSON nests too deeply/, 1],
    [500, 'code', /after 3 attempts: the answer could not be read \(Maximum call stack size exceeded\): its JSON nests too deeply/, 3],
  ])('a %i whose error %s nests 20,000 deep: a malformed answer, not asked again by the run', async (status, field, problem, requests) => {
    const text = `{"error":{"${field}":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const job = await runOfflineJob({ plan: PLAN, extraTools: [inventoryTool([])], script: () => ({ kind: 'text', text, status }) });
    const failed = job.events.find((event) => event.type === 'step_failed');
    const error = failed && 'error' in failed ? String(failed.error) : '';
    expect(error).toMatch(/model gpt-4\.1-mini at http:\/\/127\.0\.0\.1:\d+\/v1\) failed/);
    expect(error).toMatch(problem);
    expect(job.server.requests).toHaveLength(requests);
  });

  it('an answer cut off mid-body is asked for again by the client, and the run succeeds', async () => {
    const seen: unknown[] = [];
    let calls = 0;
    const job = await runOfflineJob({
      plan: PLAN,
      extraTools: [inventoryTool(seen)],
      script: (request): ScriptedReply => {
        calls += 1;
        if (calls === 1) return { kind: 'cut', text: '{"id":"chatcmpl-1","choices":[{"index":0,"mess' };
        return { kind: 'raw', body: offersTool(request.body) ? SHAPES['OpenAI itself']!.toolCall(request) : SHAPES['OpenAI itself']!.text(request) };
      },
    });
    expect(job.outcome.kind === 'ran' && job.outcome.status, job.summary).toBe('succeeded');
    // One call asked twice, not a step tried twice: the step does not retry what the client retried.
    expect(job.events.filter((event) => event.type === 'step_retrying')).toEqual([]);
    expect(calls).toBe(3);
    expect(seen).toEqual([{ warehouse: 'north' }]);
  });
});
