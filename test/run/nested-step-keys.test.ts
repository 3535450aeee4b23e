import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nested-step-keys-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// A plan used by two steps has the same step ids in both runs, and may share an id with the plan using it.
// Record/replay matches a model call by its purpose (`step:<key>`) and its count, and fault injection counts
// a tool's calls by step key: with bare ids, two nested runs at once shared one count, and which of them
// got the first recorded answer, or the injected fault, depended on timing.
it('names a used plan’s steps and goals by the steps that used it, to the tools and in model call purposes', async () => {
  await writeFile(path.join(dir, 'top.yml'), `name: top
workflow_sequence:
  - { id: s, type: tool_call, tool: spy, args: {} }
  - { id: a, type: plan, uses: sub.yml }
  - { id: b, type: plan, uses: sub.yml }
  - { id: c, type: plan, uses: outer.yml }
`);
  await writeFile(path.join(dir, 'outer.yml'), 'name: outer\nworkflow_sequence:\n  - { id: d, type: plan, uses: sub.yml }\n');
  await writeFile(path.join(dir, 'sub.yml'), `name: sub
workflow_sequence:
  - { id: s, type: tool_call, tool: spy, args: {} }
  - { id: r, type: reasoning, description: Say ok, depends_on: [s] }
goals:
  - { name: fine, judge: The answer is fine }
`);
  const stepKeys: string[] = [];
  const purposes: string[] = [];
  const spy: Tool = {
    name: 'spy',
    description: 'Notes who called it',
    inputSchema: { type: 'object' },
    sideEffects: false,
    async execute(_args, ctx) {
      stepKeys.push(ctx.stepKey);
      return 'noted';
    },
  };
  const model: ModelClient = {
    defaultModel: 'm',
    async complete(request, label) {
      purposes.push(label.purpose);
      const content = label.purpose.startsWith('goal:') ? JSON.stringify({ met: true, reason: 'it is' }) : 'ok';
      return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
    },
  };
  const outcome = await runJob(
    { planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [], clock: systemClock, extraTools: [spy], createModel: () => model },
  );
  expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
  expect(stepKeys.sort()).toEqual(['a/s', 'b/s', 'c/d/s', 's']);
  expect(purposes.sort()).toEqual(['goal:a/fine', 'goal:b/fine', 'goal:c/d/fine', 'step:a/r', 'step:b/r', 'step:c/d/r']);
});
