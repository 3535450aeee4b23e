// With --answers, a call the file had no answer for got the answers server's clear message and then the advice a real
// endpoint's 400 gets ("check that it supports this model and Chat Completions tool calls"), which was wrong there; and
// an entry for a caller no run called (`step:other`) was silently ignored, while a fault rule that matched no call
// failed the eval. The missing answer's error now ends with what to add, and an unused entry is named in a note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalRunResult } from '../../src/eval/eval-run-result.ts';
import { evalReport } from '../../src/eval/evaluate.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';
import { startScriptedChatServer, type ScriptedChatServer } from '../../src/eval/scripted-chat-server.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import type { ScriptedAnswers } from '../../src/eval/scripted-answers.ts';

const answers: ScriptedAnswers = { 'step:a': [{ text: 'hi' }], 'step:other': [{ text: 'never asked' }], 'step:review': [{ text: 'each item' }] };

describe('a call the answers file has no answer for', () => {
  let server: ScriptedChatServer;
  beforeAll(async () => {
    server = await startScriptedChatServer(answers);
  });
  afterAll(async () => {
    await server.close();
  });

  it('fails with the server’s own advice, not an endpoint’s', async () => {
    const tagged: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-plan-runner-purpose', 'replanner');
      headers.set('x-plan-runner-run', '1');
      return fetch(input, { ...init, headers });
    };
    const client = createOpenAIModelClient({ baseURL: server.url, apiKey: 'scripted', model: 'gpt-4.1-mini', timeoutMs: 5_000, maxRetries: 0, fetch: tagged });
    const error = await client.complete({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'replan' }] }, { purpose: 'replanner' }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toMatch(/failed: 400 the answers file has no answers for 'replanner' \(it has: step:a, step:other, step:review\); add 'replanner:' with a list of answers\.$/);
    expect(error?.message).not.toContain('endpoint rejected');
  });
});

describe('an answers entry no run called', () => {
  const settings: EvalSettings = { plans: [{ file: 'plan.yml' }], runs: 1, seed: 1, faults: [], baselines: [], inputs: {}, cwd: '.', env: {}, model: { kind: 'answers', answers }, maxTurns: 20 };
  const run = (purposes: readonly string[]): EvalRunResult => ({ column: 'plan', variant: 'plan', run: 1, status: 'succeeded', goals: [], modelCalls: 2, promptTokens: 10, cachedPromptTokens: 0, completionTokens: 1, costUsd: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 5, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [], modelPurposes: purposes });

  it('is named in a note, and fails nothing: no figure used it', () => {
    const report = evalReport(settings, [run(['step:a', 'step:review[web]'])], {}, false);
    expect(report.markdown).toContain("The answers file's answers for step:other answered no call in any run");
    expect(report.markdown).not.toContain('step:a,');
    expect(report.passed).toBe(true);
  });

  it('is not named when every entry answered a call, an item’s call answering its step’s entry', () => {
    const report = evalReport(settings, [run(['step:a', 'step:other', 'step:review[web]'])], {}, false);
    expect(report.markdown).not.toContain('answered no call');
  });
});
