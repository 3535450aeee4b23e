// A step's reuse key holds the model its plan names, but a used plan (`type: plan`) that names none runs on
// the model of the plan using it: its key held `null` whatever that model was, so a resume after the using
// plan's model changed reused the used plan's model steps as the old model had answered them (found by an
// adversarial hunt of durable runs: change the model between runs).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ModelSettings } from '../../src/llm/create-model-client.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'rum-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

// Answers with the model it was asked to use, as a client built for the run's model (its default) is.
const clientFor = (settings: ModelSettings): ModelClient => ({
  defaultModel: settings.model ?? 'default',
  async complete(request) {
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content: `answered by ${request.model}`, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
});
let finishFails = true;
const finish: Tool = { name: 'finish', description: 'finish', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (finishFails) throw new Error('finish refused'); return args; } };

let n = 0;
async function run(model: string, resume?: string) {
  await writeFile(path.join(dir, 'top.yml'), `name: top
model: { name: ${model} }
limits: { max_replans: 0 }
workflow_sequence:
  - { id: used, type: plan, uses: sub.yml }
  - { id: end, type: tool_call, tool: finish, args: { answer: "\${steps.used.result}" }, depends_on: [used] }
`);
  await writeFile(path.join(dir, 'sub.yml'), 'name: sub\nworkflow_sequence:\n  - { id: r, type: reasoning, description: Say who you are }\n');
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [trace.listener], clock: systemClock, extraTools: [finish], createModel: clientFor },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return { outcome, trace: tracePath };
}

it('a used plan’s model steps run again when the model of the plan using it changed', async () => {
  const first = await run('m1');
  expect(first.outcome.status).not.toBe('succeeded');
  finishFails = false;
  const second = await run('m2', first.trace);
  expect(second.outcome.run.finalResult).toEqual({ answer: 'answered by m2' });
  // The same model: reused.
  finishFails = true;
  const third = await run('m2');
  finishFails = false;
  const fourth = await run('m2', third.trace);
  expect(fourth.outcome.run.finalResult).toEqual({ answer: 'answered by m2' });
  expect(fourth.outcome.run.record.steps.get('used')?.reused).toBeDefined();
});
