import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { UnresolvedReferenceError } from '../../src/plan/unresolved-reference-error.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { CutOffAnswerError } from '../../src/steps/cut-off-answer-error.ts';
import { InvalidToolArgumentsError } from '../../src/steps/invalid-tool-arguments-error.ts';
import { NoModelConfiguredError } from '../../src/steps/no-model-configured-error.ts';
import { parseToolArguments } from '../../src/steps/parse-tool-arguments.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { mathToolset } from '../../src/tools/math-toolset.ts';
import type { Tool, ToolContext } from '../../src/tools/tool.ts';
import { ToolNotFoundError } from '../../src/tools/tool-not-found-error.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';
import { stepContext } from './step-context-fixture.ts';

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

function live(): ModelClient {
  return createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'test-key', model: 'gpt-4o-mini', timeoutMs: 5_000, maxRetries: 0 });
}

/** A tool that records what it was called with. */
function spyTool(name = 'fetch_sales_data'): Tool & { calls: { args: Record<string, unknown>; ctx: ToolContext }[] } {
  const calls: { args: Record<string, unknown>; ctx: ToolContext }[] = [];
  return {
    name,
    description: 'Fetch sales figures for a week',
    inputSchema: { type: 'object', properties: { week: { type: 'string' }, limit: { type: 'integer' } }, required: ['week'], additionalProperties: false },
    sideEffects: false,
    calls,
    async execute(args, ctx) {
      calls.push({ args, ctx });
      return { Electronics: 142000, Apparel: 38000 };
    },
  };
}

describe('tool_call with args', () => {
  it('resolves references, validates and calls the tool with the step’s signal, without any model', async () => {
    const tool = spyTool();
    const signal = new AbortController().signal;
    const { ctx } = stepContext({
      steps: [
        { key: '1', type: 'reasoning' },
        { key: '2', type: 'tool_call', tool: tool.name, dependsOn: ['1'], args: { week: '${inputs.week}', limit: { step_result: 1 } } },
      ],
      run: '2',
      results: { '1': 5 },
      inputs: { week: '2025-W10' },
      tools: [tool],
      signal,
    });
    const result = await runStep(ctx);
    expect(result).toEqual({ Electronics: 142000, Apparel: 38000 });
    expect(tool.calls).toEqual([{ args: { week: '2025-W10', limit: 5 }, ctx: { signal, cwd: ctx.cwd, stepKey: '2' } }]);
  });

  it('runs the blog’s multiply step on the math toolset', async () => {
    const { ctx } = stepContext({
      steps: [{ key: '2', type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 } }],
      run: '2',
      tools: mathToolset(),
    });
    await expect(runStep(ctx)).resolves.toBe(12);
  });

  it('fails a math step whose result overflows, rather than passing on Infinity (which JSON, and so the trace, reads as null)', async () => {
    for (const [tool, a, b] of [['multiply', 1e308, 10], ['add', 1.7e308, 1.7e308], ['subtract', -1.7e308, 1.7e308], ['divide', 1e308, 1e-10]] as const) {
      const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool, args: { a, b } }], run: '1', tools: mathToolset() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect(error).toMatchObject({ transient: false, toolName: tool });
      expect((error as Error).message).toContain('beyond the largest number a result can hold');
    }
  });

  it('fails with InvalidToolArgumentsError when resolved args break the schema, and never calls the tool', async () => {
    const tool = spyTool();
    const { ctx } = stepContext({
      steps: [
        { key: '1', type: 'reasoning' },
        { key: '2', type: 'tool_call', tool: tool.name, dependsOn: ['1'], args: { week: { step_result: 1 } } },
      ],
      run: '2',
      results: { '1': 42 },
      tools: [tool],
    });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    expect(error).toMatchObject({ stepKey: '2', chosenBy: 'plan', toolName: tool.name, transient: false });
    expect((error as Error).message).toContain('week');
    expect(tool.calls).toHaveLength(0);
  });

  it('passes an unresolved reference through as its own error', async () => {
    const tool = spyTool();
    const { ctx } = stepContext({
      steps: [{ key: '2', type: 'tool_call', tool: tool.name, args: { week: '${inputs.week}' } }],
      run: '2',
      tools: [tool],
    });
    await expect(runStep(ctx)).rejects.toBeInstanceOf(UnresolvedReferenceError);
  });

  it('names the available tools when the step’s tool is not in the registry', async () => {
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: 'nope', args: {} }], run: '1', tools: mathToolset() });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ToolNotFoundError);
    expect((error as Error).message).toContain('Available tools: add, divide, multiply, subtract.');
  });
});

describe('tool_call without args', () => {
  it('asks the model once, offering exactly that tool with tool_choice forced, then calls it', async () => {
    const tool = spyTool();
    server.script([toolCallAnswer(tool.name, { week: '2025-W10' })]);
    const { ctx, usages } = stepContext({
      steps: [{ key: '1', type: 'tool_call', tool: tool.name, description: "Fetch this week's sales" }],
      run: '1',
      tools: [tool, ...mathToolset()],
      model: live(),
      goal: 'Weekly product health report for 2025-W10',
    });
    await runStep(ctx);
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body;
    expect(body.tools?.map((offered) => offered.type === 'function' && offered.function.name)).toEqual([tool.name]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: tool.name } });
    expect(body.tools?.[0]).toMatchObject({ function: { parameters: tool.inputSchema, description: tool.description } });
    expect(tool.calls.map((call) => call.args)).toEqual([{ week: '2025-W10' }]);
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ modelCalls: 1, promptTokens: expect.any(Number) });
    expect(usages[0]!.promptTokens).toBeGreaterThan(0);
  });

  it('shows the model the validation error in one more call and uses the corrected arguments', async () => {
    const tool = spyTool();
    server.script([toolCallAnswer(tool.name, { week: 10 }), toolCallAnswer(tool.name, { week: '2025-W10' })]);
    const { ctx, usages } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    await runStep(ctx);
    expect(server.requests).toHaveLength(2);
    const retry = server.requests[1]!.body.messages;
    const toolMessage = retry.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_0_0' });
    expect(toolMessage.content).toContain('week: `week` must be text; got a whole number');
    expect(retry.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ function: { name: tool.name } }] });
    expect(tool.calls.map((call) => call.args)).toEqual([{ week: '2025-W10' }]);
    expect(usages).toHaveLength(2);
  });

  // Valid JSON with a key twice was answered "not valid JSON" (found by an adversarial pass).
  it('tells the model which key its arguments hold twice', async () => {
    const tool = spyTool();
    server.script([toolCallAnswer(tool.name, '{"week": "2025-W10", "week": "2025-W11"}'), toolCallAnswer(tool.name, { week: '2025-W10' })]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    await runStep(ctx);
    expect(server.requests[1]!.body.messages.at(-1)!.content).toContain('the arguments are refused: the JSON has the key "week" twice in one object');
    expect(tool.calls.map((call) => call.args)).toEqual([{ week: '2025-W10' }]);
  });

  it('fails with both validation errors after the second invalid answer, never calling the tool', async () => {
    const tool = spyTool();
    server.script([toolCallAnswer(tool.name, '{"week": '), toolCallAnswer(tool.name, { week: '2025-W10', extra: true })]);
    const { ctx } = stepContext({ steps: [{ key: '4', type: 'tool_call', tool: tool.name }], run: '4', tools: [tool], model: live() });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    const invalid = error as InvalidToolArgumentsError;
    expect(invalid).toMatchObject({ stepKey: '4', chosenBy: 'model', transient: false });
    expect(invalid.errors).toHaveLength(2);
    expect(invalid.errors[0]).toContain('not valid JSON');
    expect(invalid.errors[1]).toContain('extra');
    expect(invalid.message).toContain('Attempt 1');
    expect(invalid.message).toContain('Attempt 2');
    expect(server.requests).toHaveLength(2);
    expect(tool.calls).toHaveLength(0);
  });

  // Read as a double, 1234567890123456789 became 1234567890123456768, and the tool ran on another object (found by an
  // adversarial pass).
  it('refuses a number a double does not hold, asks once more, then fails naming it, never calling the tool', async () => {
    const tool = spyTool();
    const big = '{"week": "2025-W10", "limit": 1234567890123456789}';
    server.script([toolCallAnswer(tool.name, big), toolCallAnswer(tool.name, '{"week": "2025-W10", "limit": 1e400}')]);
    const { ctx } = stepContext({ steps: [{ key: '4', type: 'tool_call', tool: tool.name }], run: '4', tools: [tool], model: live() });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    expect((error as InvalidToolArgumentsError).errors).toEqual([
      'the arguments are refused: `1234567890123456789` is a whole number past 2^53, which a tool\'s arguments do not hold exactly: the tool would be sent other digits; send it as a string ("1234567890123456789") to keep it as written',
      'the arguments are refused: `1e400` is a number a double does not hold: JSON reads it as Infinity; send it as a string ("1e400") to keep it as written',
    ]);
    expect(server.requests[1]!.body.messages.at(-1)!.content).toContain('send it as a string ("1234567890123456789")');
    expect(tool.calls).toHaveLength(0);
  });

  // 2^60 is a double exactly, so it passed, and went to the tool as JSON.stringify writes it: 1152921504606847000, another
  // id to a 64-bit reader; written with an exponent, a rounded number passed too (found by a review). `limit` is an
  // integer: zod refused 2^60 there, quoting the rounded number.
  it('refuses any whole number past 2^53, however written, naming it as written', async () => {
    const tool = spyTool();
    server.script([toolCallAnswer(tool.name, '{"week": "2025-W10", "limit": 1152921504606846976}'), toolCallAnswer(tool.name, '{"week": "2025-W10", "limit": 9007199254740993e0}')]);
    const { ctx } = stepContext({ steps: [{ key: '4', type: 'tool_call', tool: tool.name }], run: '4', tools: [tool], model: live() });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    expect((error as InvalidToolArgumentsError).errors).toEqual([
      'the arguments are refused: `1152921504606846976` is a whole number past 2^53, which a tool\'s arguments do not hold exactly: the tool would be sent other digits; send it as a string ("1152921504606846976") to keep it as written',
      'the arguments are refused: `9007199254740993e0` is a whole number past 2^53, which a tool\'s arguments do not hold exactly: the tool would be sent other digits; send it as a string ("9007199254740993e0") to keep it as written',
    ]);
    expect(tool.calls).toHaveLength(0);
  });

  // Found by a secrets hunt: the redactor hides a number only whole, and the rounded figure showed 16 of its 17 digits.
  it('shows no rounded figure of a refused whole number, which would show most of a digits-only secret', () => {
    const redact = createRedactor(['98765432109876543']);
    const refused = parseToolArguments('{"a": 98765432109876543}');
    expect(refused.ok).toBe(false);
    const shown = redact(JSON.stringify(refused));
    expect(shown).toContain('`***` is a whole number past 2^53');
    expect(shown).not.toMatch(/9876543210987/);
  });

  // Found by an adversarial pass: JSON that is no object was quoted whole (a 60,000-character string made a
  // 120,000-character step error in the log, the trace and the summary), where text that is no JSON is cut.
  it('quotes arguments that are JSON but no object in at most 500 characters', async () => {
    const tool = spyTool();
    const long = JSON.stringify('x'.repeat(60_000));
    server.script([toolCallAnswer(tool.name, long), toolCallAnswer(tool.name, `[${'1,'.repeat(30_000)}1]`)]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    const error = (await runStep(ctx).catch((reason: unknown) => reason)) as InvalidToolArgumentsError;
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    expect(error.errors.map((text) => text.length <= 500)).toEqual([true, true]);
    expect(error.errors[0]).toMatch(/^the arguments must be a JSON object, not "x+…$/);
    expect(error.errors[1]).toMatch(/^the arguments must be a JSON object, not \[1,1,/);
    expect(String(server.requests[1]!.body.messages.at(-1)!.content).length).toBeLessThan(1_000);
    expect(tool.calls).toHaveLength(0);
  });

  // Found by an adversarial pass: an answer calling the step's tool twice with different arguments (parallel calls,
  // "fetch W10 and W11") ran the first alone, and the step was ✅ with the other call dropped unsaid.
  it('runs neither of two calls of its tool with different arguments in one answer, and asks for one', async () => {
    const tool = spyTool();
    const twice: ScriptedReply = {
      kind: 'completion',
      content: null,
      toolCalls: [
        { name: tool.name, arguments: { week: '2025-W10' } },
        { name: tool.name, arguments: { week: '2025-W11' } },
      ],
    };
    const same: ScriptedReply = { kind: 'completion', content: null, toolCalls: [{ name: tool.name, arguments: { week: '2025-W12' } }, { name: tool.name, arguments: { week: '2025-W12' } }] };
    server.script([twice, same]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    await runStep(ctx);
    expect(server.requests[1]!.body.messages.at(-1)!.content).toContain(`called '${tool.name}' 2 times in one answer with different arguments`);
    // The same call twice is one call.
    expect(tool.calls.map((call) => call.args)).toEqual([{ week: '2025-W12' }]);
  });

  // Found by a review: the same call sent twice was told apart by its text, so one written with a space more (or its
  // keys in another order) was refused as a second call with different arguments, and the step asked again.
  it('runs once the same call of its tool sent twice in one answer, written otherwise', async () => {
    const tool = spyTool();
    server.script([{ kind: 'completion', content: null, toolCalls: [{ name: tool.name, arguments: '{"week":"2025-W12","limit":1}' }, { name: tool.name, arguments: '{ "limit": 1, "week": "2025-W12" }' }] }]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    await runStep(ctx);
    expect(tool.calls.map((call) => call.args)).toEqual([{ week: '2025-W12', limit: 1 }]);
    expect(server.requests).toHaveLength(1);
  });

  // Found by an adversarial pass: servers that write a call of a tool without parameters with `"arguments": "null"`
  // (as some serialise none) had it refused as "not null" on every try, though the JSON value null was read as none.
  it('reads the arguments `null` as none given', async () => {
    const calls: Record<string, unknown>[] = [];
    const tool: Tool = { name: 'list_labels', description: 'List the labels', inputSchema: { type: 'object', properties: {} }, sideEffects: false, execute: async (args) => (calls.push(args), ['bug']) };
    server.script([toolCallAnswer(tool.name, 'null')]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    await expect(runStep(ctx)).resolves.toEqual(['bug']);
    expect(calls).toEqual([{}]);
    expect(server.requests).toHaveLength(1);
  });

  it('treats a text answer instead of a tool call as an invalid attempt', async () => {
    const tool = spyTool();
    server.script([textAnswer('I think the week is 10'), toolCallAnswer(tool.name, { week: 'W10' })]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    await runStep(ctx);
    const retry = server.requests[1]!.body.messages;
    expect(retry.at(-1)).toMatchObject({ role: 'user' });
    expect(retry.at(-1)!.content).toContain(`did not call '${tool.name}'`);
    expect(tool.calls).toHaveLength(1);
  });

  // Found by an adversarial pass: a call of another name (`functions.x`, another case, a trailing space) read
  // "it answered: \"\"" as if the model had called nothing.
  it('names the tool the model called when it is not the step’s', async () => {
    const tool = spyTool();
    server.script([toolCallAnswer(`functions.${tool.name}`, { week: 'W10' }), toolCallAnswer('Fetch_Sales_Data ', { week: 'W10' })]);
    const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
    const error = (await runStep(ctx).catch((reason: unknown) => reason)) as InvalidToolArgumentsError;
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    expect(error.errors).toEqual([
      `the model did not call '${tool.name}' (it called "functions.${tool.name}" instead, a tool it was not offered)`,
      `the model did not call '${tool.name}' (it called "Fetch_Sales_Data " instead, a tool it was not offered)`,
    ]);
    expect(tool.calls).toHaveLength(0);
  });

  // Found by an adversarial pass: the call in a `length` answer ran, though its arguments were a fragment. Asked again,
  // the same limit or filter stops the next answer too: it fails as a text step's cut-off answer does.
  it('runs no call from an answer cut off at the token limit or by a filter, and fails as cut off without asking again', async () => {
    for (const [finish, why] of [['length', 'it reached the token limit'], ['content_filter', 'the endpoint stopped it (content_filter)']]) {
      const tool = spyTool();
      const cut = {
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_cut', type: 'function', function: { name: tool.name, arguments: '{"week":"2025-W1"}' } }] } }],
      };
      server.script([{ kind: 'raw', body: cut }, toolCallAnswer(tool.name, { week: '2025-W10' })]);
      const before = server.requests.length;
      const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect(error, finish).toBeInstanceOf(CutOffAnswerError);
      expect((error as Error).message, finish).toContain(`Step 1: the model's answer was cut off: ${why}.`);
      expect(tool.calls, finish).toEqual([]);
      expect(server.requests.length - before, finish).toBe(1);
    }
  });

  // Found by an adversarial pass: an answer cut off before any call (a thinking model's `<think>` at the token limit) was
  // "the model did not call 'x' … describe the arguments more precisely", asked again at the same limit: a second paid call.
  it('fails as cut off, not as a model that would not call the tool, when the answer was cut off before any call', async () => {
    const cases = [
      // Its reasoning is no answer: the limit went on thinking, as a text step says.
      ['length', '<think>Let me think about which query to', "Step 1: the model returned no answer: it reached the token limit before it wrote one (a thinking model may spend it all on reasoning). Raise the model's output token limit"],
      ['content_filter', 'I will look up', "Step 1: the model's answer was cut off: the endpoint stopped it (content_filter)."],
      ['length', 'I will look up the', "Step 1: the model's answer was cut off: it reached the token limit."],
    ] as const;
    for (const [finish, content, said] of cases) {
      const tool = spyTool();
      const cut = { kind: 'raw' as const, body: { choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content, tool_calls: null } }], usage: { prompt_tokens: 10, completion_tokens: 4096 } } };
      server.script([cut, cut]);
      const before = server.requests.length;
      const { ctx } = stepContext({ steps: [{ key: '1', type: 'tool_call', tool: tool.name }], run: '1', tools: [tool], model: live() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect((error as Error).message, `${finish} ${content}`).toContain(said);
      expect(error).not.toBeInstanceOf(InvalidToolArgumentsError);
      expect(server.requests.length - before, `${finish} ${content}`).toBe(1);
    }
  });

  it('fails naming the step when no model is configured', async () => {
    const tool = spyTool();
    const { ctx } = stepContext({ steps: [{ key: 'fetch', type: 'tool_call', tool: tool.name }], run: 'fetch', tools: [tool] });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NoModelConfiguredError);
    expect((error as Error).message).toContain('Step fetch (tool_call) needs a model');
  });
});
