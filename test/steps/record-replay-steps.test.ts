import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { recordingModelClient } from '../../src/llm/recording-model-client.ts';
import { ReplayMissingAnswerError } from '../../src/llm/replay-missing-answer-error.ts';
import { replayModelClient } from '../../src/llm/replay-model-client.ts';
import { StaleRecordingError } from '../../src/llm/stale-recording-error.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { httpError, startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { stepContext, type StepSpec } from './step-context-fixture.ts';

const salesTool: Tool = {
  name: 'fetch_sales_data',
  description: 'Sales by category for a week',
  inputSchema: { type: 'object', properties: { week: { type: 'string' } }, required: ['week'] },
  sideEffects: false,
  async execute(args) {
    return { week: args.week, Electronics: 142000, Apparel: 38000 };
  },
};

const plan: StepSpec[] = [
  { key: '1', type: 'tool_call', tool: 'fetch_sales_data', description: "Fetch this week's sales" },
  { key: '2', type: 'reasoning', description: 'Identify underperforming categories', dependsOn: ['1'] },
  { key: '3', type: 'aggregate', description: 'Compile an executive summary', inputs: ['1', '2'], dependsOn: ['1', '2'] },
];

/** Runs the plan in order, as the sequential executor would, and returns every result. */
async function runPlan(model: ModelClient, steps = plan): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const step of steps) {
    const { ctx } = stepContext({ steps, run: step.key, results, model, tools: [salesTool], goal: 'Weekly report', inputs: { week: 'W10' } });
    results[step.key] = await runStep(ctx);
  }
  return results;
}

let server: ChatServer;
let file: string;
beforeEach(async () => {
  server = await startChatServer([
    toolCallAnswer('fetch_sales_data', { week: 'W10' }),
    textAnswer('Apparel underperforms.'),
    textAnswer('Summary: Apparel needs attention.'),
  ]);
  file = join(mkdtempSync(join(tmpdir(), 'plan-runner-steps-')), 'weekly.replay.jsonl');
});
afterEach(async () => {
  await server.close();
});

function live(): ModelClient {
  return createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-secret', model: 'gpt-4o-mini', timeoutMs: 5_000, maxRetries: 1 });
}

describe('steps under record and replay', () => {
  it('gives identical results when replayed, without touching the endpoint', async () => {
    const recorded = await runPlan(recordingModelClient(live(), file));
    expect(server.requests).toHaveLength(3);
    const replayed = await runPlan(replayModelClient(file));
    expect(replayed).toEqual(recorded);
    expect(replayed['3']).toBe('Summary: Apparel needs attention.');
    expect(server.requests).toHaveLength(3);
  });

  it('fails the step that has no recorded answer, naming it', async () => {
    await runPlan(recordingModelClient(live(), file));
    const longer: StepSpec[] = [...plan, { key: '4', type: 'reasoning', description: 'List actions', dependsOn: ['3'] }];
    const error = await runPlan(replayModelClient(file), longer).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ReplayMissingAnswerError);
    expect((error as Error).message).toContain('step 4');
  });

  it('refuses a recording made for a different prompt', async () => {
    await runPlan(recordingModelClient(live(), file));
    const reworded = plan.map((step) => (step.key === '2' ? { ...step, description: 'Identify the best categories' } : step));
    const error = await runPlan(replayModelClient(file), reworded).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StaleRecordingError);
    expect((error as Error).message).toContain('step 2');
    expect((error as Error).message).toContain('Identify the best categories');
  });

  it('rides out a 429 and a 500 through the SDK’s retries, counting one model call each', async () => {
    server.script([httpError(429, { retryAfterMs: 0 }), textAnswer('fine'), httpError(500, { retryAfterMs: 0 }), textAnswer('also fine')]);
    const model = live();
    const first = stepContext({ steps: plan, run: '2', results: { '1': {} }, model });
    await expect(runStep(first.ctx)).resolves.toBe('fine');
    const second = stepContext({ steps: plan, run: '2', results: { '1': {} }, model });
    await expect(runStep(second.ctx)).resolves.toBe('also fine');
    expect(server.requests).toHaveLength(4);
    expect(first.usages.map((usage) => usage.modelCalls)).toEqual([1]);
    expect(second.usages.map((usage) => usage.modelCalls)).toEqual([1]);
  });
});
