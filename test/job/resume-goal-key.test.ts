// A reasoning step's prompt holds the run's goal and the goal checks' names, but its reuse key held
// neither: after both changed, a resume reused the answer written for the old goal, with no model call,
// and reported succeeded (found by a review of durable runs).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const asked: { model: string; text: string }[] = [];
function modelFor(name: string): ModelClient {
  return {
    defaultModel: name,
    async complete(request) {
      const text = JSON.stringify(request.messages);
      asked.push({ model: request.model, text });
      const content = `answer by ${request.model}`;
      return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
    },
  };
}
let finishFails = true;
const finish: Tool = { name: 'finish', description: 'finish', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (finishFails) throw new Error('finish refused'); return args; } };

let n = 0;
async function run(plan: string, modelName: string, resume?: string) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const events: RunEvent[] = [];
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9', model: modelName }, ...from },
    { listeners: [(e) => void events.push(e), trace.listener], clock: systemClock, extraTools: [finish], createModel: (s) => modelFor(s.model ?? 'none') },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return { outcome, events, trace: tracePath };
}

const plan = (goal: string, goalName: string) => `name: keyed
goal: ${goal}
workflow_sequence:
  - { id: draft, type: reasoning, description: Write the summary }
  - { id: done, type: tool_call, tool: finish, args: { text: "\${steps.draft.result}" }, depends_on: [draft], on_failure: fail }
goals:
  - { name: "${goalName}", contains: "answer by" , of: done }
`;

describe('the reuse key of a step a model answers', () => {
  it('holds the run’s goal and the goal checks’ names: a changed goal asks the model again', async () => {
    finishFails = true;
    asked.length = 0;
    const first = await run(plan('Summarize sales', 'has answer'), 'm');
    expect(asked[0]!.text).toContain('Summarize sales');
    finishFails = false;
    asked.length = 0;
    const second = await run(plan('Summarize churn, not sales', 'mentions churn numbers'), 'm', first.trace);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain('Summarize churn, not sales');
    expect(second.events).not.toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: 'draft', reused: expect.any(Object) }));
    expect(second.outcome.status).toBe('succeeded');
    // The same goal: reused as before.
    asked.length = 0;
    finishFails = true;
    const third = await run(plan('Summarize churn, not sales', 'mentions churn numbers'), 'm');
    finishFails = false;
    const fourth = await run(plan('Summarize churn, not sales', 'mentions churn numbers'), 'm', third.trace);
    expect(fourth.events).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: 'draft', reused: expect.any(Object) }));
  });
});
