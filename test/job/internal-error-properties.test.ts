// Small valid plans of every kind of step, tool, answer, limit and goal, run whole: no run ends in an internal
// error or an unhandled rejection, every step ends in a final state, and the checklist's counts are the trace's.
// 20 plans by default (about 1 s); FUZZ_RUNS and FUZZ_SEED draw more (3,900 plans over 11 seeds found no failure).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { runJob } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { checklistHeader } from '../../src/report/checklist.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { finalReport } from '../../src/report/final-report.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { traceEvents } from '../../src/run/read-resume-trace.ts';
import { writeFile } from 'node:fs/promises';
import { startChatServer, textAnswer, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';

const TOOLS = {
  echo: { description: 'echo', command: ['cat'] },
  fail: { description: 'fail', command: ['sh', '-c', 'cat >/dev/null; echo boom >&2; exit 3'] },
  busy: { description: 'busy', command: ['sh', '-c', 'cat >/dev/null; exit 75'] },
  cut: { description: 'cut json', command: ['sh', '-c', 'cat >/dev/null; printf \'{"a":\''] },
  nul: { description: 'null', command: ['sh', '-c', 'cat >/dev/null; printf null'] },
  list: { description: 'a list', command: ['sh', '-c', 'cat >/dev/null; printf \'[1,"x",null,{"k":2}]\''] },
  empty: { description: 'nothing', command: ['sh', '-c', 'cat >/dev/null'] },
  bytes: { description: 'bytes', command: ['sh', '-c', 'cat >/dev/null; printf \'\\377\\376\\000x\''] },
  deep: { description: 'deep', command: ['sh', '-c', 'cat >/dev/null; i=0; while [ $i -lt 300 ]; do printf "["; i=$((i+1)); done; i=0; while [ $i -lt 300 ]; do printf "]"; i=$((i+1)); done'] },
  big: { description: 'big', command: ['sh', '-c', 'cat >/dev/null; head -c 3000000 /dev/zero | tr "\\0" a'] },
  writer: { description: 'writes', command: ['cat'], side_effects: true },
} as const;

const replies: fc.Arbitrary<ScriptedReply> = fc.constantFrom<ScriptedReply>(
  textAnswer('done'),
  textAnswer(''),
  textAnswer('{"met": true, "reason": "fine"}'),
  textAnswer('{"met": "yes"}'),
  textAnswer('null'),
  textAnswer('x'.repeat(200_000)),
  textAnswer('```json\n{"steps": [{"id": "r1", "type": "tool_call", "tool": "add", "args": {"a": 1, "b": 2}, "depends_on": []}], "why": "w"}\n```'),
  textAnswer('{"steps": [], "why": "nothing"}'),
  textAnswer('{"fits": false, "reason": "no"}'),
  textAnswer('{"fits": true, "reason": "ok"}'),
  textAnswer(JSON.stringify({ steps: [{ id: 's0', type: 'tool_call', tool: 'echo', args: { v: 1 } }], why: 'reuse an id' })),
  textAnswer(JSON.stringify({ steps: [{ id: 'r1', type: 'tool_call', tool: 'list', args: {} }, { id: 'r2', type: 'tool_call', tool: 'echo', for_each: '${steps.r1.result}', args: { v: '${item}' }, depends_on: ['r1'] }, { id: 'r3', type: 'aggregate', inputs: ['r2', 's0'], description: 'sum' }], why: 'map' })),
  textAnswer(JSON.stringify({ steps: [{ id: 'r1', type: 'tool_call', tool: 'deep', args: {} }, { id: 'r2', type: 'agent', task: 'go \${steps.r1.result}', tools: ['echo'], depends_on: [{ step: 'r1', optional: true }] }], why: 'nest' })),
  textAnswer(JSON.stringify({ steps: [{ id: 'r1', type: 'tool_call', tool: 'fail', args: {}, on_failure: 'continue' }, { id: 'r2', type: 'reasoning', description: 'go', depends_on: [{ step: 'r1', optional: true }] }], why: 'optional' })),
  textAnswer(JSON.stringify({ steps: [{ id: 'r1', type: 'tool_call', tool: 'echo', args: { v: '\${steps.s0.result}' }, depends_on: ['s0'] }], why: 'use s0' })),
  textAnswer(JSON.stringify({ steps: [{ id: 'r1', type: 'tool_call', tool: 'echo', args: { v: 1 }, depends_on: ['r2'] }, { id: 'r2', type: 'tool_call', tool: 'echo', args: { v: 1 }, depends_on: ['r1'] }], why: 'cycle' })),
  textAnswer(JSON.stringify({ steps: Array.from({ length: 30 }, (_, i) => ({ id: `m${i}`, type: 'tool_call', tool: 'add', args: { a: i, b: 1 }, depends_on: [] })), why: 'many' })),
  textAnswer(JSON.stringify([{ id: 'r1', type: 'reasoning', description: 'x', depends_on: ['s0', 's1', 's2', 'nope'] }])),
  { kind: 'completion', content: null, toolCalls: [{ name: 'write_todos', arguments: { merge: false, todos: [{ id: '1', content: 'x', status: 'in_progress' }, { id: '1', content: 'y', status: 'done' }] } }] },
  { kind: 'completion', content: null, toolCalls: [{ name: 'echo', arguments: { v: 'x' } }, { name: 'fail', arguments: {} }, { name: 'echo', arguments: '[]' }] },
  { kind: 'completion', content: null },
  { kind: 'completion', content: null, toolCalls: [{ name: 'add', arguments: '{"a":' }] },
  { kind: 'completion', content: null, toolCalls: [{ name: 'nope', arguments: {} }] },
  { kind: 'completion', content: null, toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] },
  { kind: 'raw', body: { id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', function: { name: 'add', arguments: '{}' } }] }, finish_reason: 'tool_calls' }] } },
  { kind: 'raw', body: { id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'cut' }, finish_reason: 'length' }] } },
  { kind: 'raw', body: { choices: [] } },
  { kind: 'raw', body: {} },
  { kind: 'raw', body: null },
  { kind: 'raw', body: { choices: [{ message: null }] } },
  { kind: 'raw', body: { choices: [{ message: { content: 42 } }], usage: { prompt_tokens: -5, completion_tokens: 'x' } } },
  { kind: 'http', status: 500, body: { error: { message: 'down' } } },
  { kind: 'http', status: 400, body: { error: { message: 'bad' } } },
  { kind: 'text', text: 'not json' },
);

interface StepSpec {
  readonly kind: 'math' | 'tool' | 'reasoning' | 'aggregate' | 'for_each' | 'ask' | 'agent' | 'plan';
  readonly review?: boolean;
  readonly tool: keyof typeof TOOLS;
  readonly refs: readonly number[];
  readonly optional: boolean;
  readonly onFailure?: 'replan' | 'fail' | 'continue';
  readonly retry: boolean;
  readonly divide: boolean;
  readonly itemFailure?: 'fail' | 'continue';
  readonly depsMode: 'default' | 'none' | 'refs';
  readonly timeout?: number;
}

const stepSpec: fc.Arbitrary<StepSpec> = fc.record(
  {
    kind: fc.constantFrom('math', 'tool', 'reasoning', 'aggregate', 'for_each', 'ask', 'agent', 'plan'),
    review: fc.boolean(),
    tool: fc.constantFrom(...(Object.keys(TOOLS) as (keyof typeof TOOLS)[])),
    refs: fc.array(fc.nat(6), { maxLength: 2 }),
    optional: fc.boolean(),
    onFailure: fc.constantFrom('replan', 'fail', 'continue'),
    retry: fc.boolean(),
    divide: fc.boolean(),
    itemFailure: fc.constantFrom('fail', 'continue'),
    depsMode: fc.constantFrom('default', 'none', 'refs'),
    timeout: fc.constantFrom(0.001, 5),
  },
  { requiredKeys: ['kind', 'tool', 'refs', 'optional', 'retry', 'divide', 'depsMode'] },
);

const goalSpec = fc.record(
  {
    check: fc.constantFrom<Record<string, unknown>>(
      { contains: 'x' },
      { not_contains: 'done' },
      { matches: '^\\d' },
      { equals: '3' },
      { min_words: 1 },
      { max_words: 0 },
      { max_chars: 10 },
      { every_sentence_matches: '\\w' },
      { json_schema: { type: 'object' } },
      { json_schema: { type: 'array', items: { type: 'number' } } },
      { command: ['cat'] },
      { command: ['sh', '-c', 'cat >/dev/null; exit 1'] },
      { all_steps_completed: true },
      { judge: 'It is fine.' },
    ),
    of: fc.nat(6),
    severity: fc.constantFrom('required', 'warning'),
  },
  { requiredKeys: ['check'] },
);

const limitsSpec = fc.record(
  {
    concurrency: fc.constantFrom(1, 64),
    max_steps: fc.constantFrom(5, 6, 100000),
    max_items: fc.constantFrom(0, 1, 100000),
    max_replans: fc.constantFrom(0, 1, 20),
    max_model_calls: fc.constantFrom(0, 1, 3),
    max_tokens: fc.constantFrom(0, 1, 200000),
    max_cost_usd: fc.constantFrom(0, 0.000001, 1),
    timeout_minutes: fc.constantFrom(0.0001, 0.002, 360),
  },
  { requiredKeys: [] },
);

function planOf(specs: readonly StepSpec[], goals: readonly { check: Record<string, unknown>; of?: number; severity?: string }[], limits: Record<string, unknown>, withModel: boolean, approval?: string): string {
  const ids = specs.map((_, index) => `s${index}`);
  const steps = specs.map((spec, index) => {
    const earlier = [...new Set(spec.refs.filter((ref) => ref < index))].map((ref) => ids[ref]!);
    const step: Record<string, unknown> = { id: ids[index] };
    const ref = earlier[0];
    switch (spec.kind) {
      case 'math':
        Object.assign(step, { type: 'tool_call', tool: spec.divide ? 'divide' : 'add', args: { a: ref ? `\${steps.${ref}.result}` : 1, b: spec.divide ? 0 : 2 } });
        break;
      case 'tool':
        Object.assign(step, { type: 'tool_call', tool: spec.tool, args: { v: ref ? `\${steps.${ref}.result}` : 'x' } });
        break;
      case 'ask':
        Object.assign(step, { type: 'tool_call', tool: spec.tool });
        break;
      case 'agent':
        Object.assign(step, { type: 'agent', task: ref ? `Use \${steps.${ref}.result}` : 'Work', tools: ['echo', 'add', spec.tool], max_turns: spec.retry ? 1 : 3 });
        break;
      case 'plan':
        Object.assign(step, { type: 'plan', uses: 'inner.yml', ...(ref && { with: { v: `\${steps.${ref}.result}` } }) });
        break;
      case 'reasoning':
        Object.assign(step, { type: 'reasoning', description: ref ? `Sum up \${steps.${ref}.result}` : 'Think' });
        break;
      case 'aggregate':
        Object.assign(step, earlier.length ? { type: 'aggregate', description: 'Combine', inputs: earlier } : { type: 'reasoning', description: 'Think' });
        break;
      case 'for_each':
        if (ref) Object.assign(step, { type: 'tool_call', tool: spec.tool, for_each: `\${steps.${ref}.result}`, args: { v: '${item}' }, ...(spec.optional && { key: spec.retry ? '${item}' : '${item.k}' }), ...(spec.itemFailure && { on_item_failure: spec.itemFailure }), ...(spec.review && { fan_out: true }) });
        else Object.assign(step, { type: 'tool_call', tool: 'echo', args: { v: 1 } });
        break;
    }
    if (spec.depsMode === 'none' && !earlier.length) step['depends_on'] = [];
    else if (earlier.length) step['depends_on'] = earlier.map((id) => (spec.optional ? { step: id, optional: true } : id));
    if (spec.kind === 'aggregate' && step['type'] === 'aggregate') delete step['depends_on'];
    if (spec.onFailure && (withModel || spec.onFailure !== 'replan')) step['on_failure'] = spec.onFailure;
    const called = step['type'] === 'tool_call' || step['type'] === 'reasoning' || step['type'] === 'aggregate';
    if (spec.retry && called) step['retry'] = { max_attempts: 2, initial_interval: 0 };
    if (spec.review && withModel) step['review'] = true;
    if (spec.review && spec.divide && spec.optional) step['approval'] = true;
    if (spec.optional && spec.divide) step['title'] = '✅ **bold** <b>x</b> ${{ secrets.X }} \u202e';
    if (called && spec.timeout !== undefined && spec.timeout < 1) step['timeout_seconds'] = spec.timeout;
    return step;
  });
  const plan = {
    name: 'Fuzzed',
    ...(withModel && { model: { name: 'gpt-4.1-mini' } }),
    toolsets: ['math'],
    tools: TOOLS,
    limits,
    ...(approval && { approval }),
    workflow_sequence: steps,
    goals: goals.map((goal, index) => ({ name: `g${index}`, ...goal.check, ...(goal.of !== undefined && goal.of < steps.length && { of: ids[goal.of] }), ...(goal.severity && { severity: goal.severity }) })),
  };
  return stringify(plan);
}

let dir: string;
let server: ChatServer;
let answers: readonly ScriptedReply[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-internal-error-'));
  writeFileSync(path.join(dir, 'inner.yml'), stringify({ name: 'Inner', inputs: { v: { required: false } }, toolsets: ['math'], tools: TOOLS, workflow_sequence: [{ id: 'i', type: 'tool_call', tool: 'echo', args: { v: '${inputs.v}' } }, { id: 'j', type: 'tool_call', tool: 'fail', args: {}, on_failure: 'continue', depends_on: [] }], goals: [{ name: 'echoed', contains: 'v' }] }));
  server = await startChatServer((request) => answers[request.index % Math.max(answers.length, 1)] ?? textAnswer('done'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function foldTrace(file: string, text: string): RunRecord {
  const read = traceEvents({ file, text });
  if (!read.ok) throw new Error(read.problem);
  const record = newRunRecord();
  for (const event of read.events) applyEvent(record, event);
  return record;
}

let runs = 0;
async function checkPlan(plan: string): Promise<void> {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => void rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const planFile = path.join(dir, 'plan.yml');
    await writeFile(planFile, plan);
    const file = path.join(dir, `trace-${++runs}.jsonl`);
    const writer = traceWriter(file);
    const lines: string[] = [];
    const listenerErrors: unknown[] = [];
    const outcome = await runJob(
      { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' } },
      {
        listeners: [writer.listener, consoleChecklist({ write: (text) => void lines.push(text), isTTY: false })],
        clock: systemClock,
        onListenerError: (error) => void listenerErrors.push(error),
        createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }),
      },
    );
    await writer.close();
    expect(listenerErrors).toEqual([]);
    const text = readFileSync(file, 'utf8');
    const report = finalReport(outcome, { planFile, planPath: 'plan.yml', tracePath: file, redact: createRedactor() });
    expect(report.markdown).not.toMatch(/internal error|\n\s+at /);
    expect(lines.join('')).not.toMatch(/internal error|\n\s+at /);
    expect(text).not.toMatch(/internal error/);
    if (outcome.kind !== 'ran') {
      // Refused before it ran: in words, each problem where it is.
      expect(outcome.kind).toBe('rejected');
      if (outcome.kind === 'rejected') for (const error of outcome.errors) expect(error.message).not.toMatch(/internal error|\n\s+at /);
      return;
    }
    const record = foldTrace(file, text);
    const final = outcome.status === 'awaiting-approval' ? ['completed', 'failed', 'skipped', 'waiting', 'pending'] : ['completed', 'failed', 'skipped'];
    for (const step of record.steps.values()) {
      expect(final, step.key).toContain(step.state);
      for (const item of step.items ?? []) expect(['completed', 'failed', 'skipped'], `${step.key}#${item.key}`).toContain(item.state);
    }
    expect(record.status).toBe(outcome.status);
    expect(checklistHeader(record)).toBe(checklistHeader(outcome.run.record));
    expect(lines.join('')).toContain(checklistHeader(record));
    expect(report.markdown).not.toContain('⏳');
  } finally {
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onRejection);
  }
  expect(rejections).toEqual([]);
}

describe('fuzzed plans never end in an internal error', () => {
  it('runs every drawn plan to a clear end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepSpec, { minLength: 1, maxLength: 5 }),
        fc.array(goalSpec, { maxLength: 3 }),
        fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: limitsSpec }),
        fc.array(replies, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom(undefined, undefined, undefined, undefined, 'side-effects', 'plan'),
        async (specs, goals, limits, drawn, withModel, approval) => {
          answers = drawn;
          await checkPlan(planOf(specs, goals, limits, withModel, approval));
        },
      ),
      { seed: Number(process.env['FUZZ_SEED'] ?? 7), numRuns: Number(process.env['FUZZ_RUNS'] ?? 20) },
    );
  }, 600_000);
});
