// A plan the model wrote is resumed as written (the planner is not paid again), but it was so though the
// goal had changed: the plan written for the old goal ran (found by a review of durable runs).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'rev-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

const purposes: string[] = [];
let planned = { a: 6, b: 7 };
const model: ModelClient = {
  defaultModel: 'm',
  async complete(request, label) {
    purposes.push(label.purpose);
    const content = JSON.stringify({ steps: [
      { id: 1, type: 'tool_call', tool: 'multiply', args: planned, depends_on: [], why: 'product' },
      { id: 2, type: 'tool_call', tool: 'finish', args: { total: { step_result: 1 } }, depends_on: [1], why: 'finish' },
    ] });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
};
let finishFails = true;
const finish: Tool = { name: 'finish', description: 'finish', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (finishFails) throw new Error('finish refused'); return args; } };

let n = 0;
async function run(plan: string, resume?: string) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const events: RunEvent[] = [];
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [(e) => void events.push(e), trace.listener], clock: systemClock, extraTools: [finish], createModel: () => model },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return { outcome, events, trace: tracePath };
}

const plan = (goal: string, expected: number) => `name: written
goal: ${goal}
toolsets: [math]
limits: { max_replans: 0 }
goals:
  - { name: "the total is ${expected}", contains: "${expected}" }
`;

it('a model-written plan is written anew when the goal changed, and resumed as written when it did not', async () => {
  const first = await run(plan('Finish with the product of 6 and 7', 42));
  expect(first.outcome.status).not.toBe('succeeded');
  expect(purposes).toContain('planner');
  purposes.length = 0;
  finishFails = false;
  planned = { a: 8, b: 9 };
  const second = await run(plan('Finish with the product of 8 and 9', 72), first.trace);
  expect(purposes.filter((p) => p === 'planner')).toEqual(['planner']);
  expect(second.outcome.run.finalResult).toEqual({ total: 72 });
  // The same goal: the written plan is resumed, no planner call.
  purposes.length = 0;
  finishFails = true;
  const third = await run(plan('Finish with the product of 8 and 9', 72));
  finishFails = false;
  purposes.length = 0;
  await run(plan('Finish with the product of 8 and 9', 72), third.trace);
  expect(purposes.filter((p) => p === 'planner')).toEqual([]);
});
