import { describe, expect, it } from 'vitest';
import { callUsage } from '../../src/llm/call-usage.ts';
import type { ChatRequest } from '../../src/llm/model-client.ts';
import { readChatResponse } from '../../src/llm/read-chat-response.ts';

const request: ChatRequest = { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Count the units.' }] };
const reasoning = 'Let me count the units once more. '.repeat(6_000); // 204,000 characters: about 51,000 tokens

function usageOf(raw: unknown) {
  const read = readChatResponse(raw);
  if (!read.ok) throw new Error(read.problem);
  return callUsage(read.response, request);
}

// Found by an adversarial pass: the reasoning a thinking model leaves in `content` (`<think>…</think>`, vLLM or
// Ollama with no reasoning parser) was taken out of the answer before its tokens were estimated, so an endpoint
// that sends no `usage` had 204,000 characters of it charged as 1 token, and max_tokens never stopped the run.
describe('reasoning left in content, with no usage', () => {
  it('counts the reasoning’s tokens, closed or not', () => {
    for (const content of [`<think>${reasoning}</think>42 units.`, `<think>${reasoning}`]) {
      const usage = usageOf({ model: 'gpt-4.1-mini', choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] });
      expect(usage.estimatedCalls).toBe(1);
      expect(usage.completionTokens).toBeGreaterThanOrEqual(Math.ceil(reasoning.length / 4));
    }
  });

  it('holds a reported count that falls far short of it to a quarter of the estimate', () => {
    const usage = usageOf({ model: 'gpt-4.1-mini', choices: [{ message: { role: 'assistant', content: `<think>${reasoning}</think>42 units.` }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 } });
    expect(usage.completionTokens).toBeGreaterThanOrEqual(Math.ceil(reasoning.length / 16));
  });

  it('leaves the answer without the reasoning', () => {
    const read = readChatResponse({ model: 'm', choices: [{ message: { role: 'assistant', content: '<think>Say 41?</think>\n\n42 units.' }, finish_reason: 'stop' }] });
    expect(read.ok && read.response.choices[0]!.message.content).toBe('42 units.');
  });
});

// Found by an adversarial pass: the text and tool calls a gateway sends beside a refusal are no answer, and were
// taken out of it before its tokens were estimated: 300,000 characters of them with no `usage` were charged as 1 token.
describe('text and tool calls beside a refusal, with no usage', () => {
  it('counts their tokens, while no reader sees them', () => {
    const raw = { model: 'gpt-4.1-mini', choices: [{ message: { role: 'assistant', refusal: 'No.', content: reasoning, tool_calls: [{ type: 'function', function: { name: 'f', arguments: JSON.stringify({ text: reasoning }) } }] }, finish_reason: 'stop' }] };
    const read = readChatResponse(raw);
    expect(read.ok && read.response.choices[0]!.message).toMatchObject({ content: null, refusal: 'No.' });
    expect(read.ok && read.response.choices[0]!.message.tool_calls).toBeUndefined();
    expect(usageOf(raw).completionTokens).toBeGreaterThanOrEqual(Math.ceil((2 * reasoning.length) / 4));
  });
});

// Found by an adversarial pass: a tool call of a type other than `function` is kept as it came and run by no step,
// and the estimate counted only function calls: 400,000 characters in one with no `usage` were charged as 1 token.
describe('a tool call of another type, with no usage', () => {
  it('counts its tokens', () => {
    const raw = { model: 'gpt-4.1-mini', choices: [{ message: { role: 'assistant', content: 'Done.', tool_calls: [{ id: 'c', type: 'custom', function: { name: 'f', arguments: reasoning } }] }, finish_reason: 'tool_calls' }] };
    expect(usageOf(raw).completionTokens).toBeGreaterThanOrEqual(Math.ceil(reasoning.length / 4));
  });
});

// Found by a cost hunt: a gateway that writes its numbers as text had its whole `usage` dropped, and a thinking model's
// hidden reasoning (`"completion_tokens": "50000"` beside an answer of 2 characters) charged as 1 token estimated from
// the answer, so max_tokens and max_cost_usd never stopped the run.
describe('counts written in digits as text', () => {
  it('reads them as the numbers they write', () => {
    const answer = { model: 'gpt-4.1-mini', choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] };
    const usage = usageOf({ ...answer, usage: { prompt_tokens: '100', completion_tokens: '50000', total_tokens: '50100' } });
    expect(usage).toMatchObject({ promptTokens: 100, completionTokens: 50_000 });
    expect(usage).not.toHaveProperty('estimatedCalls');
    // The most any count says, as for numbers: a total, or reasoning tokens listed apart.
    expect(usageOf({ ...answer, usage: { prompt_tokens: 100, completion_tokens: null, total_tokens: '50100' } }).completionTokens).toBe(50_000);
    expect(usageOf({ ...answer, usage: { prompt_tokens: '100', completion_tokens: '2', completion_tokens_details: { reasoning_tokens: '50000' } } }).completionTokens).toBe(50_002);
    // Text that writes no whole count says nothing still: the tokens are estimated.
    for (const written of ['-5', '1.5', '1e3', ' 5', '', '99999999999999999']) {
      expect(usageOf({ ...answer, usage: { prompt_tokens: 100, completion_tokens: written } }).estimatedCalls, written).toBe(1);
    }
  });
});
