import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { JsonTooDeepError, MAX_JSON_DEPTH, parseJson } from '../../src/core/parse-json.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { writePlan } from '../../src/planner/write-plan.ts';
import { renderRejectedPlan } from '../../src/report/rejected-plan-markdown.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { traceEvents } from '../../src/run/read-resume-trace.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer, startChatServer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { planOf } from '../run/run-fixture.ts';
import { PLAN, todos } from '../agent/agent-fixtures.ts';

// JSON from a model or a tool nesting 20,000 levels deep: JSON.parse reads it, but JSON.stringify
// (the trace writer), redaction and hashing recurse, and threw RangeError. A model's tool arguments
// that deep stopped every later trace write, so a resume made a side effect again; a planner's
// answer that deep crashed the CLI (found by a review).
const deepText = (levels: number): string => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const deepValue = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = [value];
  return value;
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'deep-json-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('JSON someone else wrote', () => {
  it(`is read up to ${MAX_JSON_DEPTH} levels deep, and refused deeper`, () => {
    expect(parseJson(deepText(MAX_JSON_DEPTH))).toEqual(deepValue(MAX_JSON_DEPTH));
    expect(() => parseJson(deepText(MAX_JSON_DEPTH + 1))).toThrow(JsonTooDeepError);
    expect(() => parseJson(deepText(20_000))).toThrow(`nests more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('as an agent’s tool arguments is a tool error the model is told; the trace holds every event', async () => {
    const tooDeep = { ok: false, error: expect.stringContaining(`nests more than ${MAX_JSON_DEPTH} levels deep`) };
    const script = [
      toolCallAnswer('write_todos', `{"merge": false, "todos": ${deepText(20_000)}}`),
      todos(false, [['1', 'Add', 'in_progress']]),
      toolCallAnswer('add', `{"a": ${deepText(20_000)}, "b": 1}`),
      textAnswer('I could not add that.'),
    ];
    const job = await runOfflineJob({ plan: PLAN, script });
    const called = job.trace.filter((line) => line.type === 'agent_tool_called');
    expect(called).toMatchObject([{ tool: 'write_todos', ...tooDeep }, { tool: 'write_todos', ok: true }, { tool: 'add', ...tooDeep }]);
    expect(job.trace.some((line) => line.type === 'run_finished')).toBe(true);
    expect(job.trace.some((line) => line.type === 'trace_gap')).toBe(false);
  });

  it('as a tool’s result fails the step (a permanent error), and the run and its trace go on', async () => {
    const deep: Tool = { name: 'deep', description: 'answers deep', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => deepValue(20_000) };
    const step: PlanStep = { key: '1', id: '1', type: 'tool_call', description: 'Deep', tool: 'deep', args: {}, inputs: [], dependsOn: [] };
    const file = path.join(dir, 'tool.jsonl');
    const trace = traceWriter(file);
    const outcome = await runPlan(planOf([step]), { runStep, tools: new Map([['deep', deep]]), clock: systemClock, cwd: dir, inputs: {}, listeners: [trace.listener] });
    await trace.close();
    expect(outcome.status).toBe('failed');
    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; error?: string });
    expect(lines.find((line) => line.type === 'step_failed')?.error).toContain(`answered with a value nesting more than ${MAX_JSON_DEPTH} levels deep`);
    expect(lines.at(-1)?.type).toBe('run_finished');
  });

  it('as a planner’s answer is an answer refused in words, and the rejected plan is shown', async () => {
    const server = await startChatServer();
    try {
      const loaded = await loadPlanText('goal: Compute 2 + 3\ntoolsets: [math]\n', 'math.yml');
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
      const answer = `{"steps": [{"id": 1, "type": "tool_call", "tool": "add", "args": {"a": ${deepText(20_000)}, "b": 1}}]}`;
      server.script([textAnswer(answer), textAnswer(answer)]);
      const model = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'gpt-4.1-mini', timeoutMs: 5_000, maxRetries: 0 });
      const result = await writePlan(loaded.plan, { model, inputs: {} });
      expect(result.ok).toBe(false);
      expect(result.attempts[0]!.errors.map((error) => error.message).join('\n')).toContain(`nests more than ${MAX_JSON_DEPTH} levels deep`);
      expect(renderRejectedPlan({ attempts: result.attempts }, (text) => text)).toContain('### The plan the model wrote');
    } finally {
      await server.close();
    }
  });
});

describe('an event the trace writer cannot serialise', () => {
  it('is a trace_gap line: the events after it are written, close() says so, and a resume refuses the trace', async () => {
    const file = path.join(dir, 'gap.jsonl');
    const trace = traceWriter(file);
    trace.listener({ type: 'step_started', at: 1, stepKey: '1' });
    trace.listener({ type: 'step_completed', at: 2, stepKey: '1', result: deepValue(20_000), durationMs: 1, usage: NO_USAGE });
    trace.listener({ type: 'step_started', at: 3, stepKey: '2' });
    await expect(trace.close()).rejects.toThrow(/misses a step_completed event \(.*\), written as a trace_gap line; .* a resume from this trace is refused$/);
    const text = await readFile(file, 'utf8');
    expect(text.trim().split('\n').map((line) => (JSON.parse(line) as { type: string }).type)).toEqual(['step_started', 'trace_gap', 'step_started']);
    const read = traceEvents({ file, text });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toBe(`${file}:2: the run could not write a step_completed event here, so the trace is incomplete; a resume from it could make a call with side effects again: start a fresh run`);
  });
});

// Arguments MAX_JSON_DEPTH deep are allowed, but their trace line is deeper: read with the values' own
// bound, it was refused, and as the last line taken for one a kill had cut, so a resume lost the call
// with side effects it records (found by a review).
describe('a trace line around values as deep as allowed', () => {
  it('is read, and a line deeper than any event is refused, never skipped as a cut one', () => {
    const call = { type: 'tool_called', at: 1, stepKey: '1', tool: 'publish', args: { a: deepValue(MAX_JSON_DEPTH - 1) }, sideEffects: true, callKey: 'k' };
    const read = traceEvents({ file: 'trace.jsonl', text: `${JSON.stringify({ type: 'step_started', at: 0, stepKey: '1' })}\n${JSON.stringify(call)}\n` });
    expect(read).toMatchObject({ ok: true, events: [{ type: 'step_started' }, { type: 'tool_called', tool: 'publish' }] });
    const deep = traceEvents({ file: 'trace.jsonl', text: `${JSON.stringify({ type: 'step_started', at: 0, stepKey: '1' })}\n${JSON.stringify({ ...call, args: deepValue(3 * MAX_JSON_DEPTH) })}\n` });
    expect(deep).toEqual({ ok: false, problem: `trace.jsonl:2: the JSON nests more than ${2 * MAX_JSON_DEPTH} levels deep; data never needs that; the trace is damaged` });
  });
});
