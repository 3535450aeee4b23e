import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { ModelCallError } from '../../src/llm/model-call-error.ts';
import type { ChatResponse, ModelClient } from '../../src/llm/model-client.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
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

// Found by a review: the resume state kept a used plan's side effects under bare step keys, so a resumed agent step
// in a plan used twice was told the other use's calls as its own, or none once the other use had completed.
it('tells a resumed agent step of a plan used twice only the calls that use made', async () => {
  await writeFile(path.join(dir, 'top.yml'), `name: top
workflow_sequence:
  - { id: web, type: plan, uses: sub.yml, with: { repository: octo/web } }
  - { id: api, type: plan, uses: sub.yml, with: { repository: octo/api }, depends_on: [] }
`);
  await writeFile(path.join(dir, 'sub.yml'), `name: sub
inputs:
  repository: { description: The repository }
workflow_sequence:
  - { id: work, type: agent, task: "Post a note on \${inputs.repository}", tools: [post] }
`);
  const post: Tool = { name: 'post', description: 'Posts a note', inputSchema: { type: 'object', properties: { repo: { type: 'string' } } }, sideEffects: true, execute: async (args) => `posted ${String(args['repo'])}` };
  let resumed = false;
  const told: Record<string, string> = {};
  type ToolCalls = NonNullable<ChatResponse['choices'][number]['message']['tool_calls']>;
  const answer = (request: { model: string }, content: string | null, calls?: ToolCalls): ChatResponse => ({
    id: 'x', object: 'chat.completion', created: 0, model: request.model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, ...(calls && { tool_calls: calls }) }, finish_reason: calls ? 'tool_calls' : 'stop', logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
  const model: ModelClient = {
    defaultModel: 'm',
    async complete(request, label) {
      const repo = /octo\/(web|api)/.exec(JSON.stringify(request.messages))?.[0];
      const turn = request.messages.filter((message) => message.role === 'assistant').length;
      if (resumed) {
        if (turn === 0) told[label.purpose] = request.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).filter((text) => text.includes('ran before')).join('\n');
        return answer(request, `done ${repo}`);
      }
      if (turn === 0) {
        return answer(request, null, [
          { id: 'c0', type: 'function', function: { name: 'write_todos', arguments: JSON.stringify({ todos: [{ id: '1', content: 'Post the note', status: 'in_progress' }], merge: false }) } },
          { id: 'c1', type: 'function', function: { name: 'post', arguments: JSON.stringify({ repo }) } },
        ]);
      }
      if (repo === 'octo/web') return answer(request, 'done web');
      throw new ModelCallError({ purpose: label.purpose, model: request.model, failure: 'http', status: 400, transient: false, attempts: 1, detail: 'refused' });
    },
  };
  const trace = path.join(dir, 'trace.jsonl');
  const settings = { planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } };
  const writer = traceWriter(trace);
  const first = await runJob(settings, { listeners: [writer.listener], clock: systemClock, createModel: () => model, extraTools: [post] });
  await writer.close();
  expect(first.kind === 'ran' && first.status).not.toBe('succeeded');
  resumed = true;
  const second = await runJob({ ...settings, resume: { file: trace, text: await readFile(trace, 'utf8') } }, { listeners: [], clock: systemClock, createModel: () => model, extraTools: [post] });
  expect(second.kind === 'ran' && second.status).toBe('succeeded');
  // web completed and is reused; api is told its own post, not web's.
  expect(Object.keys(told)).toEqual(['step:api/work']);
  expect(told['step:api/work']).toContain('{"repo":"octo/api"}');
  expect(told['step:api/work']).not.toContain('octo/web');
});
