import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { GoalResult } from '../../src/goals/goal-result.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

// A goal that looks for a secret in a result cannot look in the trace's copy of it: the trace keeps
// every string redacted, so a resumed run that reuses that copy would find nothing and pass.
const KEY = 'AKIAABCDEFGHIJKLMNOP';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'resume-masked-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A tool that answers `answer(n)` on its n-th call and counts its calls. */
function countingTool(name: string, sideEffects: boolean, answer: (n: number, args: Record<string, unknown>) => unknown) {
  const counter = { calls: 0 };
  const tool: Tool = {
    name,
    description: name,
    inputSchema: { type: 'object' },
    sideEffects,
    async execute(args) {
      counter.calls += 1;
      return answer(counter.calls, args);
    },
  };
  return { tool, counter };
}

interface Ran {
  readonly status: string;
  readonly goals: readonly GoalResult[];
  readonly events: readonly RunEvent[];
}

let runs = 0;
/** Runs `plan` as a job with `tools`, its trace written redacted (as every front end writes it); resumes from `resume`'s trace. */
async function run(plan: string, tools: readonly Tool[], resume?: string, model?: ModelClient): Promise<Ran & { trace: string }> {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const tracePath = path.join(dir, `trace-${++runs}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const events: RunEvent[] = [];
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [(event) => void events.push(event), trace.listener], clock: systemClock, extraTools: tools, ...(model && { createModel: () => model }) },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(`the job did not run: ${JSON.stringify(outcome)}`);
  return { status: outcome.status, goals: outcome.goals, events, trace: tracePath };
}

const noKeyGoal = (of?: string) => `goals:\n  - { name: no key in the result, not_contains: AKIA${of ? `, of: ${of}` : ''} }\n`;

describe('a resumed run never judges a goal on a result the trace kept masked', () => {
  it('the trace marks a completion whose result it masked, and no other', async () => {
    const emit = countingTool('emit', true, () => `deploy key: ${KEY}`);
    const plain = countingTool('plain', true, () => 'nothing secret');
    const first = await run(`name: masked\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: emit, args: {} }\n  - { id: 2, type: tool_call, tool: plain, args: {} }\n`, [emit.tool, plain.tool]);
    const lines = (await readFile(first.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.filter((line) => line['type'] === 'step_completed');
    expect(completed).toMatchObject([{ stepKey: '1', result: 'deploy key: ***', masked: true }, { stepKey: '2', result: 'nothing secret' }]);
    expect(completed[1]).not.toHaveProperty('masked');
    expect(JSON.stringify(lines)).not.toContain(KEY);
  });

  it('a step with side effects is reused, and a goal on its masked result is not evaluated: the job fails, and so does a resume of the resume', async () => {
    const emit = countingTool('emit', true, () => `deploy key: ${KEY}`);
    const plan = `name: masked\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: emit, args: {} }\n${noKeyGoal()}`;
    const first = await run(plan, [emit.tool]);
    expect(first).toMatchObject({ status: 'goals-unmet', goals: [{ outcome: 'unmet' }] });

    const second = await run(plan, [emit.tool], first.trace);
    // The effect is not repeated; the goal cannot see the key in `deploy key: ***`, and says so.
    expect(emit.counter.calls).toBe(1);
    expect(second.status).toBe('goals-unmet');
    expect(second.goals).toMatchObject([{ outcome: 'error', evidence: expect.stringContaining('made from step 1, reused as') }]);
    expect(second.goals[0]!.evidence).toContain('resume: never');
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: '1', masked: true, reused: expect.any(Object) }));

    // The second run's trace holds the masked copy again, still marked: a third run fails the same way.
    const third = await run(plan, [emit.tool], second.trace);
    expect(emit.counter.calls).toBe(1);
    expect(third).toMatchObject({ status: 'goals-unmet', goals: [{ outcome: 'error' }] });
  });

  it('a step without side effects runs again instead, and its goal is judged on what it returns', async () => {
    const emit = countingTool('emit', false, () => `deploy key: ${KEY}`);
    const plan = `name: masked\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: emit, args: {} }\n${noKeyGoal()}`;
    const first = await run(plan, [emit.tool]);
    const second = await run(plan, [emit.tool], first.trace);
    expect(emit.counter.calls).toBe(2);
    expect(second).toMatchObject({ status: 'goals-unmet', goals: [{ outcome: 'unmet', evidence: expect.stringContaining('found "AKIA"') }] });
    expect(second.events).not.toContainEqual(expect.objectContaining({ type: 'step_completed', reused: expect.any(Object) }));
  });

  it('a result made from a masked one is judged as a fresh run\'s would be: every tool gets its arguments redacted in any run', async () => {
    const emit = countingTool('emit', true, () => `deploy key: ${KEY}`);
    // Fails the first time, so the resume runs it again on step 1's masked copy.
    const quote = countingTool('quote', false, (n, args) => {
      if (n === 1) throw new Error('the quoting service said no');
      return `quoted: ${String(args['text'])}`;
    });
    const plan = `name: masked
workflow_sequence:
  - { id: 1, type: tool_call, tool: emit, args: {} }
  - { id: 2, type: tool_call, tool: quote, args: { text: "\${steps.1.result}" }, depends_on: [1] }
goals:
  - { name: the quote, contains: "quoted: deploy key: ***", of: 2 }
`;
    const first = await run(plan, [emit.tool, quote.tool]);
    expect(first.status).toBe('failed');
    const second = await run(plan, [emit.tool, quote.tool], first.trace);
    expect(emit.counter.calls).toBe(1);
    expect(quote.counter.calls).toBe(2);
    expect(second).toMatchObject({ status: 'succeeded', goals: [{ outcome: 'met' }] });
    expect(second.events.find((event) => event.type === 'step_completed' && event.stepKey === '2')).not.toHaveProperty('masked');
    // A fresh run judges the same: the tool got `deploy key: ***` there too.
    const fresh = await run(plan, [countingTool('emit', true, () => `deploy key: ${KEY}`).tool, countingTool('quote', false, (_n, args) => `quoted: ${String(args['text'])}`).tool]);
    expect(fresh).toMatchObject({ status: 'succeeded', goals: [{ outcome: 'met' }] });
  });

  it('a step that runs again and answers otherwise keeps its saved copy, masked: the steps after it see the saved run\'s input, and an effect is not repeated', async () => {
    // A model or a clock answers differently each time; a step with side effects uses the answer.
    const read = countingTool('read', false, (n) => `token ${KEY} at ${n}`);
    const post = countingTool('post', true, (_n, args) => `posted ${String(args['body'])}`);
    const last = countingTool('last', false, (n) => {
      if (n === 1) throw new Error('not yet');
      return 'done';
    });
    const plan = `name: masked
workflow_sequence:
  - { id: r, type: tool_call, tool: read, args: {} }
  - { id: w, type: tool_call, tool: post, args: { body: "\${steps.r.result}" }, depends_on: [r] }
  - { id: z, type: tool_call, tool: last, args: {}, depends_on: [w] }
goals:
  - { name: no key read, not_contains: AKIA, of: r }
`;
    const first = await run(plan, [read.tool, post.tool, last.tool]);
    expect(first.status).toBe('failed');
    const second = await run(plan, [read.tool, post.tool, last.tool], first.trace);
    expect(read.counter.calls).toBe(2);
    expect(post.counter.calls).toBe(1);
    expect(second.status).toBe('goals-unmet');
    expect(second.goals).toMatchObject([{ outcome: 'error', evidence: expect.stringContaining('made from step r, reused as') }]);
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: 'r', result: 'token *** at 1', masked: true }));
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: 'w', reused: expect.any(Object) }));
  });

  it('a plan step whose plan\'s result is masked has a masked result', async () => {
    await writeFile(path.join(dir, 'inner.yml'), `name: inner\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: emit, args: {} }\n`);
    const emit = countingTool('emit', true, () => `deploy key: ${KEY}`);
    const plan = `name: outer\nworkflow_sequence:\n  - { id: inner, type: plan, uses: inner.yml }\n${noKeyGoal()}`;
    const first = await run(plan, [emit.tool]);
    expect(first.goals).toMatchObject([{ outcome: 'unmet' }]);
    const second = await run(plan, [emit.tool], first.trace);
    expect(emit.counter.calls).toBe(1);
    // A plan step is not entered again (its steps, keyed from inputs that may differ, could repeat an effect): reused whole, masked.
    expect(second.goals).toMatchObject([{ outcome: 'error', evidence: expect.stringContaining('made from step inner, reused as') }]);
  });

  it('a step or item that runs again and fails keeps its saved copy, masked: a completion is not undone', async () => {
    // The source is gone on the second call; the step with side effects after it failed the first time.
    const read = countingTool('read', false, (n) => {
      if (n > 1) throw new Error('upstream 404: gone now');
      return `key: ${KEY}`;
    });
    const post = countingTool('post', true, (n) => {
      if (n === 1) throw new Error('post refused');
      return 'posted';
    });
    const plan = `name: gone
workflow_sequence:
  - { id: a, type: tool_call, tool: read, args: {} }
  - { id: b, type: tool_call, tool: post, args: { body: "\${steps.a.result}" }, depends_on: [a] }
${noKeyGoal('a')}`;
    const first = await run(plan, [read.tool, post.tool]);
    expect(first.status).toBe('failed');
    const second = await run(plan, [read.tool, post.tool], first.trace);
    expect(read.counter.calls).toBe(2);
    expect(second.status).toBe('goals-unmet');
    expect(second.goals).toMatchObject([{ outcome: 'error', evidence: expect.stringContaining('it ran again and failed: upstream 404: gone now') }]);
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: 'a', result: 'key: ***', masked: true }));
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: 'b', result: 'posted' }));

    // An item likewise: item a completed, masked, then fails when it runs again; item b failed the first time.
    const get = countingTool('get', false, (n, args) => {
      if (args['name'] === 'a' && n > 1) throw new Error('a: source gone');
      if (args['name'] === 'b' && n <= 2) throw new Error('b: refused');
      return `${String(args['name'])}: ${KEY}`;
    });
    const items = `name: items
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: each, type: tool_call, tool: get, for_each: "\${steps.list.result}", args: { name: "\${item}" }, depends_on: [list] }
`;
    const list = countingTool('list', false, () => ['a', 'b']).tool;
    const failed = await run(items, [list, get.tool]);
    expect(failed.status).toBe('failed');
    const resumed = await run(items, [list, get.tool], failed.trace);
    expect(get.counter.calls).toBe(4);
    expect(resumed.status).toBe('succeeded');
    expect(resumed.events).toContainEqual(expect.objectContaining({ type: 'item_completed', index: 0, result: 'a: ***', masked: true }));
  });

  it('a step with review: true that runs again is not reviewed again: the saved run reviewed it, and a new verdict could replace what it completed', async () => {
    const purposes: string[] = [];
    let fits = true;
    const model: ModelClient = {
      defaultModel: 'judge',
      async complete(request, label) {
        purposes.push(label.purpose);
        const content = JSON.stringify({ fits, reason: fits ? 'fine' : 'changed my mind' });
        return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
      },
    };
    const read = countingTool('read', false, () => `creds: ${KEY}`);
    const post = countingTool('post', true, () => 'posted');
    const finish = countingTool('finish', false, (n) => {
      if (n === 1) throw new Error('finish refused');
      return 'done';
    });
    const plan = `name: reviewed
workflow_sequence:
  - { id: a, type: tool_call, tool: read, args: {}, review: true }
  - { id: b, type: tool_call, tool: post, args: { body: "\${steps.a.result}" }, depends_on: [a] }
  - { id: c, type: tool_call, tool: finish, args: {}, depends_on: [b], on_failure: fail }
`;
    const first = await run(plan, [read.tool, post.tool, finish.tool], undefined, model);
    expect(first.status).toBe('failed');
    expect(purposes).toEqual(['review']);
    fits = false;
    const second = await run(plan, [read.tool, post.tool, finish.tool], first.trace, model);
    expect(read.counter.calls).toBe(2);
    expect(purposes).toEqual(['review']);
    expect(post.counter.calls).toBe(1);
    expect(second.status).toBe('succeeded');
  });

  it('a list that runs again whole keeps its items\' saved keys: an item keyed by a token is reused, not made again', async () => {
    const names = countingTool('names', false, () => [KEY, 'b']);
    // b fails the first time, so the step is not reused whole and its items are matched one by one.
    const post = countingTool('post', true, (n, args) => {
      if (args['name'] === 'b' && n <= 2) throw new Error('b is not ready');
      return 'posted';
    });
    const plan = `name: keyed
workflow_sequence:
  - { id: names, type: tool_call, tool: names, args: {} }
  - id: each
    type: tool_call
    tool: post
    for_each: \${steps.names.result}
    key: \${item}
    depends_on: [names]
    args: { name: "\${item}" }
    on_item_failure: continue
`;
    const first = await run(plan, [names.tool, post.tool]);
    expect(post.counter.calls).toBe(2);
    const second = await run(plan, [names.tool, post.tool], first.trace);
    // The list ran again and redacted to its saved copy; item each[AKIA…] is each[***] in the trace, and is reused.
    expect(names.counter.calls).toBe(2);
    expect(post.counter.calls).toBe(3);
    expect(second.status).toBe('succeeded');
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'item_completed', index: 0, reused: expect.any(Object) }));
  });

  it('for_each items: a masked item with side effects is reused and masks its step; one without runs again', async () => {
    const plan = (sideEffects: boolean) => `name: masked items
workflow_sequence:
  - { id: names, type: tool_call, tool: names, args: {} }
  - id: each
    type: tool_call
    tool: ${sideEffects ? 'emit' : 'lookup'}
    for_each: \${steps.names.result}
    key: \${item}
    depends_on: [names]
    args: { name: "\${item}" }
    on_item_failure: continue
${noKeyGoal('each')}`;
    // Item c fails the first time: the step completes with a failed item, so a resume reuses its items one by one.
    const answer = (n: number, args: Record<string, unknown>) => {
      if (args['name'] === 'c' && n <= 3) throw new Error('c is not ready');
      return args['name'] === 'a' ? `key for a: ${KEY}` : `no key for ${String(args['name'])}`;
    };
    const names = countingTool('names', false, () => ['a', 'b', 'c']).tool;
    const emit = countingTool('emit', true, answer);
    const first = await run(plan(true), [names, emit.tool]);
    expect(first.goals).toMatchObject([{ outcome: 'unmet' }]);
    const second = await run(plan(true), [names, emit.tool], first.trace);
    // a and b reused (a masked), c run again.
    expect(emit.counter.calls).toBe(4);
    expect(second.goals).toMatchObject([{ outcome: 'error', evidence: expect.stringContaining('made from item each[a], reused as') }]);
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'item_completed', index: 0, masked: true, reused: expect.any(Object) }));

    const lookup = countingTool('lookup', false, answer);
    const again = await run(plan(false), [names, lookup.tool]);
    const resumed = await run(plan(false), [names, lookup.tool], again.trace);
    // a (masked) and c run again; b is reused.
    expect(lookup.counter.calls).toBe(5);
    expect(resumed.goals).toMatchObject([{ outcome: 'unmet', evidence: expect.stringContaining('AKIA') }]);
  });
});
