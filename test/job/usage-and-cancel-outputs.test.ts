import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock, type Clock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';
import { hang, httpError, startChatServer, textAnswer } from '../helpers/chat-server.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-judge-usage-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

/** Runs the action on `plan` (as plan.yml) on a push, against the chat server at `baseURL`. */
async function act(plan: string, baseURL: string, options: { inputs?: Record<string, string>; clock?: Clock; signal?: AbortSignal } = {}) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const given: Record<string, string> = { plan: 'plan.yml', 'base-url': baseURL, 'api-key': 'sk-test', ...options.inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: options.clock ?? systemClock, ...(options.signal && { signal: options.signal }) });
  await result.published;
  return { result, said };
}

// The judge calls the model after run_finished, whose usage the outputs, the summary's cost table
// and the trace took: 'model-calls' said 1 where 2 calls were made.
it('counts a judge goal’s model call in the outputs, the summary’s cost table and the trace', async () => {
  const server = await startChatServer([
    textAnswer('hello', { usage: { prompt_tokens: 100, completion_tokens: 10 } }),
    textAnswer('{"met": true, "reason": "polite"}', { usage: { prompt_tokens: 1000, completion_tokens: 50 } }),
  ]);
  try {
    const { result, said } = await act('name: Judge\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\ngoals:\n  - { name: polite, judge: The answer is polite. }\n', server.baseURL);
    expect(server.requests).toHaveLength(2);
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'model-calls': '2', 'prompt-tokens': '1100', 'cached-prompt-tokens': '0', 'completion-tokens': '60' });
    expect(said.summary).toContain('| **Total** | 2 | 1,100 | 60 |');
    const trace = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; usage?: { modelCalls: number } });
    expect(trace.find((event) => event.type === 'goals_checked')?.usage?.modelCalls).toBe(2);
  } finally {
    await server.close();
  }
});

// Found by an adversarial pass: with fail-on-unmet-goals: false, a required goal whose judge call failed left
// the job passing; and a job that passed over unmet goals never said why.
describe('fail-on-unmet-goals: false', () => {
  const PLAN = 'name: Gate\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Review }\ngoals:\n  - { name: approves, judge: The review approves. }\n';

  it('fails the job when a required goal could not be evaluated', async () => {
    const server = await startChatServer([textAnswer('looks fine'), httpError(400, { message: 'bad request' })]);
    try {
      const { result } = await act(PLAN, server.baseURL, { inputs: { 'fail-on-unmet-goals': 'false' } });
      expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
      expect(result.failure).toMatch(/^A required goal could not be evaluated, and a gate that could not evaluate does not pass/);
    } finally {
      await server.close();
    }
  });

  it('passes over an unmet goal, and says why in the log', async () => {
    const server = await startChatServer([textAnswer('looks fine'), textAnswer('{"met": false, "reason": "no approval"}')]);
    try {
      const { result, said } = await act(PLAN, server.baseURL, { inputs: { 'fail-on-unmet-goals': 'false' } });
      expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
      expect(result.failure).toBeUndefined();
      expect(said.log).toContain('The goals are not all met, and the job passes: fail-on-unmet-goals is false, so unmet goals only report (the check run, if any, concludes neutral).');
    } finally {
      await server.close();
    }
  });
});

// Found by an adversarial pass: a model with no price showed "$0" in the cost table and the cost-usd output,
// as if the cost were known; and an endpoint reporting a listed name was charged the table's price over
// the plan's own.
describe('a cost that is not known', () => {
  it('shows as unknown in the summary, and the cost-usd output is empty', async () => {
    const server = await startChatServer([textAnswer('hello', { model: '/models/local.gguf', usage: { prompt_tokens: 100, completion_tokens: 10 } })]);
    try {
      const { result, said } = await act('name: Local\nmodel: { name: my-local }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\n', server.baseURL);
      expect(result.outputs).toMatchObject({ status: 'succeeded', 'model-calls': '1', 'cost-usd': '' });
      expect(said.summary).toContain('| 1 | 1 | 100 | 10 | unknown |');
      expect(said.summary).toContain('| **Total** | 1 | 100 | 10 | unknown |');
      expect(said.summary).toContain("No price is known for the model of 1 of 1 model call, so no cost figure counts it: give the model its price in the plan's `pricing:`");
      const trace = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; usage?: { unpricedCalls?: number } });
      expect(trace.find((event) => event.type === 'run_finished')?.usage?.unpricedCalls).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("is the plan's price when the endpoint reports a model the table lists", async () => {
    const server = await startChatServer([textAnswer('hello', { model: 'gpt-4.1-nano', usage: { prompt_tokens: 1000, completion_tokens: 1000 } })]);
    try {
      const plan = 'name: Priced\nmodel: { name: prod-deployment }\npricing:\n  prod-deployment: { input_per_mtok: 100, output_per_mtok: 100 }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\n';
      const { result, said } = await act(plan, server.baseURL);
      expect(result.outputs).toMatchObject({ status: 'succeeded', 'cost-usd': '0.2' });
      expect(said.summary).toContain('| **Total** | 1 | 1,000 | 1,000 | $0.20 |');
      expect(said.summary).not.toContain('No price is known');
    } finally {
      await server.close();
    }
  });
});

// OpenAI bills the prompt tokens it read from its cache (`usage.prompt_tokens_details.cached_tokens`) at a quarter of the
// input price or less, and every call was charged them at the full price: a run whose prompts were mostly cached
// read two to four times its bill, and `max_cost_usd` stopped it that much early.
describe('cached prompt tokens', () => {
  const cached = { prompt_tokens: 100_000, completion_tokens: 0, prompt_tokens_details: { cached_tokens: 80_000 } };
  const plan = (pricing = '') => `name: Cached\nmodel: { name: gpt-4.1 }\n${pricing}workflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\n`;

  it('costs the cached input price of the table: 20,000 tokens at $2 and 80,000 at $0.50 a million', async () => {
    const server = await startChatServer([textAnswer('hello', { usage: cached })]);
    try {
      const { result, said } = await act(plan(), server.baseURL);
      expect(result.outputs).toMatchObject({ status: 'succeeded', 'prompt-tokens': '100000', 'cached-prompt-tokens': '80000', 'cost-usd': '0.08' });
      expect(said.summary).toContain('| **Total** | 1 | 100,000 | 80,000 | 0 | $0.08 |');
    } finally {
      await server.close();
    }
  });

  // Found by a review: the cost now charged cached tokens their price, but no view said how many there were, so
  // 100,000 tokens in at $0.08 read as a wrong price for gpt-4.1, and the trace lost the count after the call.
  it('shows the cached tokens where tokens in are shown: each row of the cost table adding up, the trace, the log', async () => {
    const judged = { prompt_tokens: 1_000, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 600 } };
    const server = await startChatServer([textAnswer('hello', { usage: cached }), textAnswer('{"met": true, "reason": "polite"}', { usage: judged })]);
    try {
      const judgedPlan = `${plan()}goals:\n  - { name: polite, judge: The answer is polite. }\n`;
      const { result, said } = await act(judgedPlan, server.baseURL);
      expect(result.outputs).toMatchObject({ status: 'succeeded', 'prompt-tokens': '101000', 'cached-prompt-tokens': '80600' });
      const table = said.summary.slice(said.summary.indexOf('### Cost'));
      expect(table).toContain('| Step | Model calls | Tokens in | Of them cached | Tokens out | Est. cost |\n| --- | ---: | ---: | ---: | ---: | ---: |');
      // The judge's: 400 tokens at $2 a million, 600 at $0.50, 10 out at $8.
      expect(table).toContain('| 1 | 1 | 100,000 | 80,000 | 0 | $0.0800 |\n| planning and goal checks | 1 | 1,000 | 600 | 10 | $0.0012 |\n| **Total** | 2 | 101,000 | 80,600 | 10 | $0.0812 |\n| Limit | 50 | 200,000 (in + out) |  |  | — |');
      expect(table).toContain('Of them cached: of the tokens in, those the endpoint read from its cache');
      const events = (await readFile(result.outputs.trace!, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; usage?: unknown });
      expect(events.filter((event) => event.type === 'model_used').map((event) => event.usage)).toEqual([
        expect.objectContaining({ promptTokens: 100_000, cachedPromptTokens: 80_000 }),
        expect.objectContaining({ promptTokens: 1_000, cachedPromptTokens: 600 }),
      ]);
      expect(events.find((event) => event.type === 'goals_checked')?.usage).toMatchObject({ promptTokens: 101_000, cachedPromptTokens: 80_600 });
      expect(said.groups.flatMap((group) => group.lines)).toContain('model calls: 1, tokens in/out: 100000/0 (80000 of them in from the cache)');
    } finally {
      await server.close();
    }
  });

  it("costs the plan's cached_input_per_mtok, and the full input price where the plan gives none", async () => {
    const server = await startChatServer([textAnswer('hello', { usage: cached }), textAnswer('hello', { usage: cached })]);
    try {
      const discounted = await act(plan('pricing:\n  gpt-4.1: { input_per_mtok: 1, output_per_mtok: 1, cached_input_per_mtok: 0.1 }\n'), server.baseURL);
      expect(discounted.result.outputs).toMatchObject({ status: 'succeeded', 'cost-usd': '0.028' });
      const undiscounted = await act(plan('pricing:\n  gpt-4.1: { input_per_mtok: 1, output_per_mtok: 1 }\n'), server.baseURL);
      expect(undiscounted.result.outputs).toMatchObject({ status: 'succeeded', 'cost-usd': '0.1' });
    } finally {
      await server.close();
    }
  });
});

// Nothing ran, so there was no record, and the outputs said 0 calls and $0 for the planner's calls.
describe('the planner’s model calls when nothing runs', () => {
  const GOAL_ONLY = 'name: Written\ngoal: Compute 3 times 4\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n';

  async function run(script: Parameters<typeof startChatServer>[0], inputs: Record<string, string> = {}) {
    const server = await startChatServer(script);
    try {
      const { result } = await act(GOAL_ONLY, server.baseURL, { inputs });
      return { result, requests: server.requests.length, trace: await traceOf(result.outputs.trace) };
    } finally {
      await server.close();
    }
  }

  it('counts them when the plan is rejected, in the trace too', async () => {
    const { result, requests, trace } = await run([
      textAnswer('not a plan', { usage: { prompt_tokens: 500, completion_tokens: 20 } }),
      textAnswer('still not a plan', { usage: { prompt_tokens: 600, completion_tokens: 20 } }),
    ]);
    expect(requests).toBe(2);
    expect(result.outputs).toMatchObject({ status: 'failed', 'model-calls': '2', 'prompt-tokens': '1100', 'completion-tokens': '40' });
    // Found by a hunt of cancels and kills: the trace of a plan the model did not write was empty.
    expect(trace.map((event) => [event.type, event.usage?.modelCalls, event.usage?.promptTokens])).toEqual([['model_used', 1, 500], ['model_used', 1, 600]]);
  });

  // The calls that wrote the plan were recorded once, as the run started: now as they are charged, and not again then.
  it('records each call that wrote a plan the run ran once, before its plan_created', async () => {
    const answer = textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] }), { usage: { prompt_tokens: 500, completion_tokens: 20 } });
    const { result, trace } = await run([answer]);
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'model-calls': '1', 'prompt-tokens': '500' });
    expect(trace.slice(0, 2).map((event) => event.type)).toEqual(['model_used', 'plan_created']);
    expect(trace.filter((event) => event.type === 'model_used')).toHaveLength(1);
  });

  it('counts them with mode: plan', async () => {
    const answer = textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] }), { usage: { prompt_tokens: 500, completion_tokens: 20 } });
    const { result, requests } = await run([answer], { mode: 'plan' });
    expect(requests).toBe(1);
    expect(result.outputs).toMatchObject({ 'model-calls': '1', 'prompt-tokens': '500' });
    expect(Number(result.outputs['cost-usd'])).toBeGreaterThan(0);
  });
});

// A cancel while the model wrote the plan was reported as 'the plan was rejected … fix them' and
// 'the planner wrote a plan that did not pass validation', status failed, a check run 'failure'.
it('reports a run cancelled while the model writes its plan as cancelled, not as a rejected plan', async () => {
  const controller = new AbortController();
  // Cancelled once the planner's request is out (not after a fixed delay: a loaded machine may not
  // have made it yet, and a request never made is not an abandoned one).
  const server = await startChatServer(() => {
    setImmediate(() => controller.abort(new Error('SIGTERM')));
    return hang();
  });
  try {
    const { result, said } = await act('name: Written\ngoal: Compute 3 times 4\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n', server.baseURL, { signal: controller.signal });
    expect(result.outputs.status).toBe('cancelled');
    expect(result.failure).toMatch(/^The run was cancelled/);
    expect(said.summary).toContain('cancelled while the model was writing the plan');
    expect(said.summary).not.toContain('rejected');
    // The planner's request was out when the cancel came: it may be billed, and no figure counts it.
    expect(said.summary).toContain('1 model request was abandoned before its answer came in');
  } finally {
    await server.close();
  }
});

// Found by a hunt of cancels and kills: the trace of a run cancelled while the model wrote its plan was empty, so a
// killed action's post step, which reports from it, showed no cost for a call that was charged.
it('keeps in the trace the planner calls charged before a cancel while the model writes the plan', async () => {
  const controller = new AbortController();
  const server = await startChatServer((request) => {
    if (request.index === 0) return textAnswer('not a plan', { usage: { prompt_tokens: 1000, completion_tokens: 100 } });
    setImmediate(() => controller.abort(new Error('SIGTERM')));
    return hang();
  });
  try {
    const { result } = await act('name: Written\ngoal: Compute 3 times 4\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n', server.baseURL, { signal: controller.signal });
    expect(result.outputs).toMatchObject({ status: 'cancelled', 'model-calls': '1', 'prompt-tokens': '1000' });
    const trace = await traceOf(result.outputs.trace);
    expect(trace.map((event) => [event.type, event.usage?.modelCalls, event.usage?.promptTokens, event.usage?.abandonedRequests])).toEqual([['model_used', 1, 1000, undefined], ['model_used', 0, 0, 1]]);
  } finally {
    await server.close();
  }
});

async function traceOf(file: string | undefined): Promise<{ type: string; usage?: { modelCalls: number; promptTokens: number; abandonedRequests?: number } }[]> {
  const text = file ? await readFile(file, 'utf8') : '';
  return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { type: string; usage?: { modelCalls: number; promptTokens: number; abandonedRequests?: number } });
}

// duration-seconds and the summary's "took" counted only the steps: a run whose model wrote the plan
// for 40 s and judged its goal for 20 s said it took about a second.
it('counts planning and goal judging in duration-seconds and the summary’s "took"', async () => {
  // The model's calls take no real time here; each moves this clock on as a slow call would.
  let skew = 0;
  const clock = { now: () => performance.now() + skew, sleep: systemClock.sleep };
  const slow = (ms: number, reply: ReturnType<typeof textAnswer>) => {
    skew += ms;
    return reply;
  };
  const isJudge = (body: { response_format?: unknown }) => JSON.stringify(body.response_format ?? '').includes('goal_verdict');
  const plan = JSON.stringify({ steps: [{ id: 1, type: 'reasoning', description: 'Say hello', depends_on: [], why: 'the greeting' }] });
  let planned = false;
  const server = await startChatServer((request) => {
    if (isJudge(request.body)) return slow(20_000, textAnswer('{"met": true, "reason": "polite"}'));
    if (!planned) {
      planned = true;
      return slow(40_000, textAnswer(plan));
    }
    return slow(1_000, textAnswer('hello'));
  });
  try {
    const { result, said } = await act('name: Timed\ngoal: Greet the team\nmodel: { name: gpt-4.1-mini }\ngoals:\n  - { name: polite, judge: The answer is polite. }\n', server.baseURL, { clock });
    expect(server.requests).toHaveLength(3);
    expect(result.outputs.status).toBe('succeeded');
    // 61 s of model time, plus the few real milliseconds the test took.
    expect(Number(result.outputs['duration-seconds'])).toBeGreaterThanOrEqual(61);
    expect(Number(result.outputs['duration-seconds'])).toBeLessThan(80);
    expect(said.summary).toMatch(/took 1 min [0-9]+ s/);
  } finally {
    await server.close();
  }
});

// A cancel while a plan's MCP server started (`connectMcpServers` throws the abort) reached the action's
// catch-all: "internal error in plan-runner: SIGINT", status failed, a "Plan file error" annotation and a
// failed check run (found by an adversarial pass).
it('reports a cancel while the plan’s MCP servers start as cancelled, and ends the server', async () => {
  const started = path.join(workspace, 'server.pid');
  const plan = `name: Slow server\nmcp_servers:\n  slow: { command: [sh, -c, 'echo $$ > ${started}; exec sleep 40'] }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\ntoolsets: [math]\n`;
  const controller = new AbortController();
  const watching = (async () => {
    while (!(await readFile(started, 'utf8').catch(() => '')).trim()) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort('SIGINT');
  })();
  const { result, said } = await act(plan, 'http://127.0.0.1:9', { signal: controller.signal });
  await watching;
  expect(result.outputs).toMatchObject({ status: 'cancelled', 'goals-met': 'false' });
  expect(said.summary).toContain('cancelled while its MCP servers were starting; no step ran');
  expect(JSON.stringify(said)).not.toContain('internal error');
  expect(said.annotations).toEqual([]);
  const pid = Number((await readFile(started, 'utf8')).trim());
  expect(() => process.kill(pid, 0)).toThrow();
});

// The budget refused a warning goal's judge before its call was made, and the job failed with "budget
// exceeded": warnings never fail a job, and a judge stops it only when its call passes a cap (found by an
// adversarial pass). A required judge refused the same way still fails the job with the budget's reason.
describe('a judge the budget refuses before its call', () => {
  const plan = (severity: string) =>
    `name: Judged\nmodel: { name: gpt-4.1-mini }\nlimits: { max_model_calls: 1 }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Answer }\ngoals:\n  - { name: answered, contains: answer }\n  - { name: polite, judge: The answer is polite., severity: ${severity} }\n`;

  it.each([
    ['warning', 'succeeded', 'true'],
    // Not goals-unmet, which fail-on-unmet-goals: false turns into a neutral check: a required goal never judged fails (found by a review).
    ['required', 'failed', 'false'],
  ])('with severity %s: status %s, goals-met %s', async (severity, status, met) => {
    const server = await startChatServer([textAnswer('the answer')]);
    try {
      const { result, said } = await act(plan(severity), server.baseURL);
      expect(server.requests).toHaveLength(1);
      expect(result.outputs).toMatchObject({ status, 'goals-met': met });
      expect(said.summary).toContain('goal "polite" needed another call');
    } finally {
      await server.close();
    }
  });
});
