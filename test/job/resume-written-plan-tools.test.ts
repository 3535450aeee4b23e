// Found by an adversarial hunt: a plan the model wrote is resumed as written, its steps read back from the
// trace and never checked again. After a run, the plan's agent profile was narrowed (its tools no longer held
// `finish`); the resumed run still ran the step the model had written under that profile, calling `finish`,
// which the plan file's checks refuse for any step, and the planner's for any plan it writes.
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
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'resume-tools-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const purposes: string[] = [];
const model: ModelClient = {
  defaultModel: 'm',
  async complete(request, label) {
    purposes.push(label.purpose);
    const content = JSON.stringify({
      steps: [
        { id: 1, type: 'tool_call', tool: 'multiply', args: { a: 6, b: 7 }, depends_on: [], why: 'product' },
        { id: 2, type: 'tool_call', tool: 'finish', agent: 'calc', args: { total: { step_result: 1 } }, depends_on: [1], why: 'finish' },
      ],
    });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
};
let finishFails = true;
const finished: unknown[] = [];
const finish: Tool = {
  name: 'finish',
  description: 'finish',
  inputSchema: { type: 'object' },
  sideEffects: false,
  async execute(args) {
    if (finishFails) throw new Error('finish refused');
    finished.push(args);
    return args;
  },
};

let n = 0;
async function run(plan: string, resume?: string) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [trace.listener], clock: systemClock, extraTools: [finish], createModel: () => model },
  );
  await trace.close();
  return { outcome, trace: tracePath };
}

const plan = (calcTools: string) => `name: written
goal: Finish with the product of 6 and 7
toolsets: [math]
agents:
  calc: { description: calc, tools: [${calcTools}] }
limits: { max_replans: 0 }
`;

it('a plan the model wrote is not resumed with a step that calls what the plan no longer lets it: the model writes it anew', async () => {
  const first = await run(plan('multiply, finish'));
  expect(first.outcome.kind === 'ran' && first.outcome.run.status).toBe('escalated');
  finishFails = false;
  purposes.length = 0;
  // The profile no longer holds finish: the written step is refused, and so is the same plan written anew.
  const narrowed = await run(plan('multiply'), first.trace);
  expect(finished).toEqual([]);
  expect(purposes).toEqual(['planner', 'planner']);
  expect(narrowed.outcome.kind).toBe('rejected');
  expect(narrowed.outcome.kind === 'rejected' && narrowed.outcome.errors.map((error) => error.message).join('\n')).toContain('agent `calc` may not use tool `finish`');
  // Unchanged, the plan is resumed as written: no planner call.
  purposes.length = 0;
  const same = await run(plan('multiply, finish'), first.trace);
  expect(purposes).toEqual([]);
  expect(same.outcome.kind === 'ran' && same.outcome.status).toBe('succeeded');
  expect(finished).toEqual([{ total: 42 }]);
});
