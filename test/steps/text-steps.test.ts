import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { CutOffAnswerError } from '../../src/steps/cut-off-answer-error.ts';
import { EmptyAnswerError } from '../../src/steps/empty-answer-error.ts';
import { NoModelConfiguredError } from '../../src/steps/no-model-configured-error.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { stepContext, type StepSpec } from './step-context-fixture.ts';

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

function live(model = 'gpt-4o-mini'): ModelClient {
  return createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'test-key', model, timeoutMs: 5_000, maxRetries: 0 });
}

const report: StepSpec[] = [
  { key: '1', type: 'tool_call', tool: 'fetch_sales_data', description: "Fetch this week's sales" },
  { key: '2', type: 'tool_call', tool: 'fetch_return_rates', description: 'Fetch return rates', dependsOn: ['1'] },
  { key: '3', type: 'reasoning', description: 'Identify underperforming categories', dependsOn: ['2'] },
  { key: '5', type: 'aggregate', description: 'Compile an executive summary', inputs: ['1', '3'], dependsOn: ['1', '3'] },
];
const results = { '1': { Apparel: 38000 }, '2': { Apparel: '18%' }, '3': 'Apparel returns are high' };

describe('reasoning', () => {
  it('answers the description from its context and returns the text, reporting usage', async () => {
    server.script([textAnswer('Apparel underperforms: 18% returns vs a 5% benchmark.')]);
    const { ctx, usages } = stepContext({ steps: report, run: '3', results, model: live() });
    await expect(runStep(ctx)).resolves.toBe('Apparel underperforms: 18% returns vs a 5% benchmark.');
    const user = String(server.requests[0]!.body.messages[1]!.content);
    expect(user).toContain('Your step (3): Identify underperforming categories');
    expect(user).toContain('"Apparel":"18%"');
    expect(server.requests[0]!.body.tools).toBeUndefined();
    expect(usages).toEqual([expect.objectContaining({ modelCalls: 1, model: 'gpt-4o-mini', priceKnown: true })]);
    expect(usages[0]!.costUsd).toBeGreaterThan(0);
  });

  // A fragment cut off at the token limit was taken as the step's whole result; and so was one whose reason
  // a gateway passed through from another API (`max_tokens`, `MAX_TOKENS`: found by an adversarial pass).
  it('fails with CutOffAnswerError when the answer was cut off at the token limit or by a filter', async () => {
    for (const finish of ['length', 'content_filter', 'max_tokens', 'MAX_TOKENS', 'SAFETY']) {
      const body = { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: 'North: 120; South: 9' } }] };
      server.script([{ kind: 'raw', body }]);
      const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect(error, finish).toBeInstanceOf(CutOffAnswerError);
      expect((error as Error).message).toContain("Step 3: the model's answer was cut off");
    }
  });

  // A filter's stop was answered with the token limit's remedy ("ask for a shorter answer … raise the model's token
  // limit"): neither helps an answer the endpoint's filter stopped.
  it("gives an answer a filter stopped a filter's remedy, not the token limit's", async () => {
    for (const [finish, limit] of [['content_filter', false], ['SAFETY', false], ['length', true]] as const) {
      const body = { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: 'North: 120; South: 9' } }] };
      server.script([{ kind: 'raw', body }]);
      const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
      const message = String(((await runStep(ctx).catch((reason: unknown) => reason)) as Error).message);
      expect(message.includes("raise the model's token limit"), finish).toBe(limit);
      if (!limit) expect(message, finish).toContain("It is not the length that stopped it: rephrase the step's description, look at the text it reads, or try another model.");
    }
  });

  // Found by an adversarial pass: the reasons of endpoints that speak Chat Completions with their own (Mistral's
  // `model_length` and `error`, Anthropic's, Bedrock's, Gemini's safety ones) read as a whole answer.
  it('fails with CutOffAnswerError for the cut-off reasons other endpoints send', async () => {
    const reasons = { model_length: 'it reached the token limit', model_context_window_exceeded: 'it reached the token limit', error: 'the endpoint stopped it (error)', refusal: 'the endpoint stopped it (refusal)', guardrail_intervened: 'the endpoint stopped it (guardrail_intervened)', content_filtered: 'the endpoint stopped it (content_filtered)', PROHIBITED_CONTENT: 'the endpoint stopped it (PROHIBITED_CONTENT)', BLOCKLIST: 'the endpoint stopped it (BLOCKLIST)', SPII: 'the endpoint stopped it (SPII)' };
    for (const [finish, why] of Object.entries(reasons)) {
      const body = { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: 'North: 120; South: 9' } }] };
      server.script([{ kind: 'raw', body }]);
      const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect(error, finish).toBeInstanceOf(CutOffAnswerError);
      expect((error as Error).message, finish).toContain(`Step 3: the model's answer was cut off: ${why}.`);
    }
  });

  // A negative count lowered the spend, so the cost cap let more calls through.
  it('takes a usage with a negative or fractional count as none, and estimates the tokens', async () => {
    for (const usage of [{ prompt_tokens: -1_000_000, completion_tokens: 5 }, { prompt_tokens: 1.5, completion_tokens: 5 }]) {
      server.script([textAnswer('fine', { usage })]);
      const { ctx, usages } = stepContext({ steps: report, run: '3', results, model: live() });
      await runStep(ctx);
      expect(usages[0]!.promptTokens, JSON.stringify(usage)).toBeGreaterThan(0);
      expect(usages[0]!.estimatedCalls).toBe(1);
    }
  });

  it('fails with EmptyAnswerError when the model returns no text', async () => {
    server.script([textAnswer('   ')]);
    const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
    const error = await runStep(ctx).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(EmptyAnswerError);
    expect((error as Error).message).toContain('Step 3');
  });

  // Found by an adversarial pass: a thinking model that spent its whole output limit on reasoning (an unclosed
  // `<think>`, or reasoning tokens and no text) was told to rephrase the step or try another model.
  it('says to raise the token limit when the model reached it before writing any answer', async () => {
    for (const content of ['<think>First, the figures', '', null]) {
      const body = { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content } }] };
      server.script([{ kind: 'raw', body }]);
      const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect(error, JSON.stringify(content)).toBeInstanceOf(EmptyAnswerError);
      expect((error as Error).message).toBe('Step 3: the model returned no answer: it reached the token limit before it wrote one (a thinking model may spend it all on reasoning). Raise the model\'s output token limit, or ask for less in the step\'s description.');
    }
  });

  // Found by an adversarial pass: a 100,000-character refusal (or finish reason) was the step's error whole, in the
  // log, the trace, the summary and the replanner's prompt.
  it('quotes at most 300 characters of a refusal or a finish reason in its error', async () => {
    const answers = [
      { message: { role: 'assistant', content: null, refusal: `I cannot help. ${'No. '.repeat(25_000)}` }, finish_reason: 'stop' },
      { message: { role: 'assistant', content: null }, finish_reason: `odd_${'x'.repeat(100_000)}` },
    ];
    for (const answer of answers) {
      server.script([{ kind: 'raw', body: { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, ...answer }] } }]);
      const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
      const error = await runStep(ctx).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(EmptyAnswerError);
      expect((error as EmptyAnswerError).message).toMatch(/^Step 3: the model returned no answer \((refused: I cannot help\. No\.|finish reason odd_x)/);
      expect((error as EmptyAnswerError).message.length).toBeLessThan(500);
    }
  });

  // An answer of zero-width characters passed as text: the step completed with a result nobody could
  // see, and a later step or goal read it as the answer.
  it('takes an answer of only invisible characters as no text', async () => {
    for (const answer of ['\u200b\u200b', '\ufeff \u2060', '\u3000\u200d']) {
      server.script([textAnswer(answer)]);
      const { ctx } = stepContext({ steps: report, run: '3', results, model: live() });
      expect(await runStep(ctx).catch((reason: unknown) => reason), JSON.stringify(answer)).toBeInstanceOf(EmptyAnswerError);
    }
  });

  it('fails naming the step when no model is configured', async () => {
    const { ctx } = stepContext({ steps: report, run: '3', results });
    await expect(runStep(ctx)).rejects.toThrow(NoModelConfiguredError);
    await expect(runStep(ctx)).rejects.toThrow('Step 3 (reasoning)');
  });
});

describe('aggregate', () => {
  it('combines the results of its inputs as the description asks', async () => {
    server.script([textAnswer('This week Apparel underperformed.')]);
    const { ctx } = stepContext({ steps: report, run: '5', results, model: live() });
    await expect(runStep(ctx)).resolves.toBe('This week Apparel underperformed.');
    const user = String(server.requests[0]!.body.messages[1]!.content);
    expect(user).toContain('Combine the results of step 1, step 3');
    expect(user).toContain('Your step (5): Compile an executive summary');
    expect(user).toContain('Apparel returns are high');
  });
});

describe('model settings', () => {
  it('uses the agent’s model, temperature and system prompt before the plan’s and the client’s', async () => {
    server.script([textAnswer('ok'), textAnswer('ok'), textAnswer('ok')]);
    const steps: StepSpec[] = [
      { key: 'a', type: 'reasoning', agent: 'writer' },
      { key: 'b', type: 'reasoning' },
    ];
    const agents = { writer: { model: 'gpt-4.1', temperature: 0.7, system: 'You write for executives.' } };
    await runStep(stepContext({ steps, run: 'a', agents, modelSettings: { name: 'gpt-4.1-mini', temperature: 0 }, model: live() }).ctx);
    await runStep(stepContext({ steps, run: 'b', agents, modelSettings: { name: 'gpt-4.1-mini', temperature: 0 }, model: live() }).ctx);
    await runStep(stepContext({ steps, run: 'b', agents, model: live('my-default') }).ctx);
    const [a, b, c] = server.requests.map((request) => request.body);
    expect(a).toMatchObject({ model: 'gpt-4.1', temperature: 0.7 });
    expect(String(a!.messages[0]!.content)).toMatch(/^You write for executives\.\n\nYou carry out one step/);
    expect(b).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0 });
    expect(String(b!.messages[0]!.content)).toMatch(/^You carry out one step/);
    expect(c!.model).toBe('my-default');
    expect(c!.temperature).toBeUndefined();
  });
});
