// A plan the model wrote is resumed as written (the planner is not paid again) when the goal is the same,
// but the planner also read the run's inputs: resumed with other inputs, the plan written for the old ones
// ran, its arguments written out from them (found by an adversarial hunt of durable runs).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'rwi-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

const purposes: string[] = [];
// The planner writes the inputs it is given out as literal arguments, as a model may.
const model: ModelClient = {
  defaultModel: 'm',
  async complete(request, label) {
    purposes.push(label.purpose);
    const prompt = request.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
    const a = Number(/"a": ?(\d+)/.exec(prompt)?.[1]);
    const b = Number(/"b": ?(\d+)/.exec(prompt)?.[1]);
    const content = JSON.stringify({ steps: [
      { id: 1, type: 'tool_call', tool: 'multiply', args: { a, b }, depends_on: [], why: 'product' },
      { id: 2, type: 'tool_call', tool: 'finish', args: { total: { step_result: 1 } }, depends_on: [1], why: 'finish' },
    ] });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
};
let finishFails = true;
const finish: Tool = { name: 'finish', description: 'finish', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (finishFails) throw new Error('finish refused'); return args; } };

const plan = `name: written
goal: Finish with the product of the inputs a and b
toolsets: [math]
inputs:
  a: { default: 1 }
  b: { default: 1 }
limits: { max_replans: 0 }
`;

let n = 0;
async function run(inputs: Record<string, unknown>, resume?: string) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile, inputs, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [trace.listener], clock: systemClock, extraTools: [finish], createModel: () => model },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return { outcome, trace: tracePath };
}

it('a model-written plan is written anew when the run’s inputs changed, and resumed as written when they did not', async () => {
  const first = await run({ a: 6, b: 7 });
  expect(first.outcome.status).not.toBe('succeeded');
  expect(purposes).toEqual(['planner']);
  purposes.length = 0;
  finishFails = false;
  const second = await run({ a: 8, b: 9 }, first.trace);
  expect(purposes).toEqual(['planner']);
  expect(second.outcome.run.finalResult).toEqual({ total: 72 });
  // The same inputs: the written plan is resumed, no planner call.
  finishFails = true;
  const third = await run({ a: 8, b: 9 });
  finishFails = false;
  purposes.length = 0;
  const fourth = await run({ a: 8, b: 9 }, third.trace);
  expect(purposes).toEqual([]);
  expect(fourth.outcome.run.finalResult).toEqual({ total: 72 });
});
