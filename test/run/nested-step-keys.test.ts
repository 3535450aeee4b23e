import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { StepError } from '../../src/core/step-error.ts';
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

// As for a whole step: a for_each item's earlier calls were kept by its step's reuse key and its own key, equal in two
// uses of one plan with the same `with:`, so a resumed agent item was told the other use's calls as its own.
it('tells a resumed agent item of a plan used twice with the same inputs only the calls that use made', async () => {
  await writeFile(path.join(dir, 'top.yml'), `name: top
limits: { max_replans: 0 }
workflow_sequence:
  - { id: web, type: plan, uses: sub.yml, with: { repository: octo/app } }
  - { id: api, type: plan, uses: sub.yml, with: { repository: octo/app }, depends_on: [] }
`);
  await writeFile(path.join(dir, 'sub.yml'), `name: sub
inputs:
  repository: { description: The repository }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: { repository: "\${inputs.repository}" } }
  - { id: work, type: agent, task: "Post a note on \${item}", tools: [post], for_each: "\${steps.list.result}", depends_on: [list] }
`);
  const post: Tool = { name: 'post', description: 'Posts a note', inputSchema: { type: 'object', properties: { by: { type: 'string' } } }, sideEffects: true, execute: async (args) => `posted by ${String(args['by'])}` };
  const list: Tool = { name: 'list', description: 'Lists the repositories', inputSchema: { type: 'object' }, sideEffects: false, execute: async (args) => [args['repository']] };
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
      const turn = request.messages.filter((message) => message.role === 'assistant').length;
      if (resumed) {
        if (turn === 0) told[label.purpose] = request.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).filter((text) => text.includes('ran before')).join('\n');
        return answer(request, 'done');
      }
      // Each use posts under its own purpose (its own arguments), then its model fails: both items are left unfinished.
      if (turn === 0) {
        return answer(request, null, [
          { id: 'c0', type: 'function', function: { name: 'write_todos', arguments: JSON.stringify({ todos: [{ id: '1', content: 'Post the note', status: 'in_progress' }], merge: false }) } },
          { id: 'c1', type: 'function', function: { name: 'post', arguments: JSON.stringify({ by: label.purpose }) } },
        ]);
      }
      throw new ModelCallError({ purpose: label.purpose, model: request.model, failure: 'http', status: 400, transient: false, attempts: 1, detail: 'refused' });
    },
  };
  const trace = path.join(dir, 'trace.jsonl');
  const settings = { planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } };
  const writer = traceWriter(trace);
  const first = await runJob(settings, { listeners: [writer.listener], clock: systemClock, createModel: () => model, extraTools: [post, list] });
  await writer.close();
  expect(first.kind === 'ran' && first.status).not.toBe('succeeded');
  resumed = true;
  await runJob({ ...settings, resume: { file: trace, text: await readFile(trace, 'utf8') } }, { listeners: [], clock: systemClock, createModel: () => model, extraTools: [post, list] });
  const purposes = Object.keys(told).sort();
  expect(purposes).toHaveLength(2);
  for (const purpose of purposes) {
    const other = purposes.find((each) => each !== purpose)!;
    expect(told[purpose]).toContain(JSON.stringify({ by: purpose }));
    expect(told[purpose]).not.toContain(other);
  }
});

// Found by a hunt of used plans: a resume found a used plan's saved results by reuse key alone, and two steps using one
// plan with the same `with:` run nested steps of equal keys. The second use's steps were reused from the first's.
describe('a resume of a plan used twice with the same inputs', () => {
  let n = 0;
  async function runTwice(top: string, sub: string, tools: Tool[], resume?: string) {
    await writeFile(path.join(dir, 'top.yml'), top);
    await writeFile(path.join(dir, 'sub.yml'), sub);
    const tracePath = path.join(dir, `t${++n}.jsonl`);
    const trace = traceWriter(tracePath, { redact: createRedactor() });
    const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
    const outcome = await runJob({ planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from }, { listeners: [trace.listener], clock: systemClock, extraTools: tools });
    await trace.close();
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    return { outcome, trace: tracePath, nestedS1: (use: string) => outcome.run.record.steps.get(use)?.nested?.steps.get('s1') };
  }
  const sub = 'name: sub\ninputs: { who: { description: who } }\nworkflow_sequence:\n  - { id: s1, type: tool_call, tool: post, args: { text: "${inputs.who}" } }\n';

  it('escalates over the repeated side effect as the fresh run did, and shows no reuse of a step that never completed', async () => {
    let calls = 0;
    const post: Tool = { name: 'post', description: 'post', inputSchema: { type: 'object' }, sideEffects: true, async execute(args) { calls++; return `posted ${JSON.stringify(args)}`; } };
    const top = `name: top
limits: { max_replans: 0 }
workflow_sequence:
  - { id: one, type: plan, uses: sub.yml, with: { who: alice } }
  - { id: two, type: plan, uses: sub.yml, with: { who: alice } }
`;
    const first = await runTwice(top, sub, [post]);
    expect(first.outcome.status).toBe('escalated');
    expect(calls).toBe(1);
    const second = await runTwice(top, sub, [post], first.trace);
    expect(second.outcome.status).toBe('escalated');
    expect(calls).toBe(1);
    expect(second.nestedS1('two')?.state).toBe('failed');
    expect(second.nestedS1('two')?.reused).toBeUndefined();
  });

  // A used plan's steps are reused in their place only: a plan step renamed runs its plan again, as a renamed step runs
  // again, and a call the earlier run made there is not made twice (refused here: this tool cannot look for its effect).
  it('runs a renamed plan step’s plan again without repeating its side effect', async () => {
    let calls = 0;
    const post: Tool = { name: 'post', description: 'post', inputSchema: { type: 'object' }, sideEffects: true, async execute() { calls++; return 'posted'; } };
    const top = (id: string) => `name: top\nlimits: { max_replans: 0 }\nworkflow_sequence:\n  - { id: ${id}, type: plan, uses: sub.yml, with: { who: alice } }\n`;
    const first = await runTwice(top('one'), sub, [post]);
    expect(first.outcome.status).toBe('succeeded');
    const second = await runTwice(top('first'), sub, [post], first.trace);
    expect(second.nestedS1('first')?.reused).toBeUndefined();
    expect(second.outcome.status).toBe('escalated');
    expect(calls).toBe(1);
  });

  it('runs the steps of a use skipped in the earlier run, reusing none of the other use’s', async () => {
    const callers: string[] = [];
    const read: Tool = { name: 'post', description: 'reads', inputSchema: { type: 'object' }, sideEffects: false, async execute(_args, ctx) { callers.push(ctx.stepKey); return 'read'; } };
    let gateFails = true;
    const gate: Tool = { name: 'gate', description: 'gate', inputSchema: { type: 'object' }, sideEffects: false, async execute() { if (gateFails) throw new StepError('closed', { transient: false }); return 'open'; } };
    const top = `name: top
limits: { max_replans: 0 }
workflow_sequence:
  - { id: one, type: plan, uses: sub.yml, with: { who: alice } }
  - { id: wait, type: tool_call, tool: gate, args: {} }
  - { id: two, type: plan, uses: sub.yml, with: { who: alice }, depends_on: [wait] }
`;
    const first = await runTwice(top, sub, [read, gate]);
    expect(first.outcome.status).toBe('failed');
    expect(first.outcome.run.record.steps.get('two')?.state).toBe('skipped');
    gateFails = false;
    const second = await runTwice(top, sub, [read, gate], first.trace);
    expect(second.outcome.status).toBe('succeeded');
    expect(second.nestedS1('two')?.reused).toBeUndefined();
    expect(callers).toEqual(['one/s1', 'two/s1']);
  });
});
