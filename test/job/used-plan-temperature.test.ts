// A used plan (`type: plan`) with no `model.temperature` called the model at the endpoint's default temperature,
// though the plan using it set `temperature: 0` (found by an adversarial pass): its steps now take the using plan's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { ChatRequest, ModelClient } from '../../src/llm/model-client.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-used-temperature-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The temperature each step's call asked for, by purpose, when `outer.yml` uses `inner.yml`. */
async function temperatures(outerModel: string, inner: string): Promise<Record<string, number | undefined>> {
  writeFileSync(path.join(dir, 'outer.yml'), `name: Outer\nmodel: ${outerModel}\nworkflow_sequence:\n  - { id: used, type: plan, uses: inner.yml }\n`);
  writeFileSync(path.join(dir, 'inner.yml'), inner);
  const asked: Record<string, number | undefined> = {};
  const model: ModelClient = {
    defaultModel: 'gpt-4.1-mini',
    async complete(request: ChatRequest, label) {
      asked[label.purpose] = request.temperature ?? undefined;
      return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content: 'fine', refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
    },
  };
  const outcome = await runJob(
    { planFile: path.join(dir, 'outer.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [], clock: systemClock, createModel: () => model },
  );
  if (outcome.kind !== 'ran' || outcome.status !== 'succeeded') throw new Error(JSON.stringify(outcome));
  return asked;
}

const INNER = 'name: Inner\nworkflow_sequence:\n  - { id: r, type: reasoning, description: Say fine }\n';

describe('a used plan’s temperature', () => {
  it('is the using plan’s when it sets none', async () => {
    expect(await temperatures('{ name: gpt-4.1-mini, temperature: 0 }', INNER)).toEqual({ 'step:used/r': 0 });
  });

  it('is its own when it sets one', async () => {
    const own = INNER.replace('workflow_sequence:', 'model: { temperature: 0.7 }\nworkflow_sequence:');
    expect(await temperatures('{ name: gpt-4.1-mini, temperature: 0 }', own)).toEqual({ 'step:used/r': 0.7 });
  });
});
