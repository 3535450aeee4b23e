// A plan with only a goal has the model write its steps before the run's tools are opened: a toolset that could
// not be set up then (no GitHub token) rejected the job with the planner's calls counted nowhere.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { finalReport } from '../../src/report/final-report.ts';
import { actionOutputs } from '../../src/action/action-outputs.ts';
import { createRedactor } from '../../src/core/redact.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'setup-after-planner-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

const planner: ModelClient = {
  defaultModel: 'm',
  async complete(request) {
    const content = JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 2, b: 3 }, depends_on: [], why: 'the product' }] });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 } };
  },
};

it('a job rejected for a toolset it cannot set up after the model wrote its steps counts the planner’s call', async () => {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, 'name: written\ngoal: multiply 2 and 3\ntoolsets: [math, github]\n');
  const outcome = await runJob({ planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } }, { listeners: [], clock: systemClock, createModel: () => planner });
  expect(outcome.kind).toBe('rejected');
  if (outcome.kind !== 'rejected') return;
  expect(outcome.errors.map((error) => error.message).join('\n')).toContain('needs a GitHub token');
  expect(outcome.usage).toMatchObject({ modelCalls: 1, promptTokens: 120, completionTokens: 30 });
  const report = finalReport(outcome, { planFile, planPath: 'plan.yml', tracePath: 'trace.jsonl', redact: (text) => text });
  expect(actionOutputs(report, { report: '', trace: '' }, createRedactor())).toMatchObject({ 'model-calls': '1', 'prompt-tokens': '120', 'completion-tokens': '30' });
});
