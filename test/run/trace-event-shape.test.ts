import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { MAX_PLAN_DEPTH, type PlanSnapshot, type RunEvent, type RunEventType } from '../../src/core/run-event.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { StepError } from '../../src/core/step-error.ts';
import { TRACE_GAP } from '../../src/core/trace-gap.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { parseResumeTrace, traceEvents } from '../../src/run/read-resume-trace.ts';
import type { RunDeps } from '../../src/run/run-deps.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';

const USAGE = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
const STEP = { key: '1', id: 1, type: 'tool_call', description: 'add', tool: 'add', args: { a: 1, b: 2 }, inputs: [], dependsOn: [] };
const CREATED = JSON.stringify({ type: 'plan_created', format: 2, at: 0, plan: { name: 't', revision: 1, steps: [STEP] } });

/** The trace `lines` (objects or JSON text) as `traceEvents` reads them. */
function read(...lines: (string | object)[]) {
  return traceEvents({ file: 'trace.jsonl', text: `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n` });
}

/** The problem `traceEvents` finds in `lines`; fails the test when it reads them. */
function problemOf(...lines: (string | object)[]): string {
  const result = read(...lines);
  if (result.ok) throw new Error('the trace was read');
  // Said in words: no zod message or dump, no JavaScript error.
  expect(result.problem).not.toMatch(/Invalid input|expected .*received|TypeError|undefined|\{"/);
  return result.problem;
}

describe('a trace event that does not fit what plan-runner writes', () => {
  it('a plan_created whose step is {} is refused at its line, naming what is missing', () => {
    // As the reviewer's trace has it (no revision either): it crashed `savedSteps` reading `inputs.map`.
    const reviewed = '{"type":"plan_created","format":2,"plan":{"name":"t","steps":[{}]}}';
    expect(problemOf(reviewed)).toBe('trace.jsonl:1 has a plan_created event without its plan.revision (and 6 more fields wrong); the trace is damaged');
    expect(problemOf({ type: 'plan_created', format: 2, plan: { name: 't', revision: 1, steps: [{}] } })).toMatch(/^trace\.jsonl:1 has a plan_created event without its plan\.steps\[0\]\.key \(and 5 more fields wrong\)/);
    const resumed = parseResumeTrace({ file: 'trace.jsonl', text: `${reviewed}\n` }, 't');
    expect(resumed).toEqual({ ok: false, problem: expect.stringMatching(/^trace\.jsonl:1 has a plan_created event/) });
  });

  // Found by an adversarial pass: a trace a newer plan-runner wrote (format 3) was read line by line as this format's,
  // and refused as damaged at the first event whose fields had changed, never saying it is of another format.
  it('a trace of another format is refused for its format, not as damaged at an event of that format', () => {
    const newer = JSON.stringify({ type: 'plan_created', format: 3, at: 0, plan: { title: 't', steps: [STEP] } });
    const completed = JSON.stringify({ type: 'step_completed', at: 1, stepKey: '1', result: 3, durationMs: 1 });
    const resumed = parseResumeTrace({ file: 'trace.jsonl', text: `${newer}\n${completed}\n` }, 't');
    expect(resumed).toEqual({ ok: false, problem: 'trace.jsonl is in trace format 3, and this plan-runner resumes from format 2 only: a newer plan-runner wrote it; resume it with that version, or run the plan afresh' });
    const older = parseResumeTrace({ file: 'trace.jsonl', text: `${JSON.stringify({ type: 'plan_created', at: 0, plan: { name: 't', steps: [{}] } })}\n` }, 't');
    expect(older).toEqual({ ok: false, problem: 'trace.jsonl is in trace format 1, and this plan-runner resumes from format 2 only; run the plan afresh' });
  });

  it('a plan_revised without its plan is refused at its line, not read as an event with no steps', () => {
    const resumed = parseResumeTrace({ file: 'trace.jsonl', text: `${CREATED}\n{"type":"plan_revised"}\n` }, 't');
    expect(resumed).toEqual({ ok: false, problem: 'trace.jsonl:2 has a plan_revised event without its plan (and 3 more fields wrong); the trace is damaged' });
  });

  it('usage counts that are text or negative are refused, before a resume reuses the step and the summary adds them', () => {
    const completed = (usage: object) => ({ type: 'step_completed', stepKey: '1', result: 3, usage });
    const started = { type: 'step_started', stepKey: '1', reuseKey: '4356433c037a23c409897cae41640a2f' };
    expect(problemOf(CREATED, started, completed({ modelCalls: 'a', promptTokens: -1, completionTokens: 'b', costUsd: 'c' }))).toBe(
      'trace.jsonl:3 has a step_completed event whose usage.modelCalls is not a number (and 3 more fields wrong); the trace is damaged',
    );
    expect(problemOf(CREATED, started, completed({ ...USAGE, promptTokens: '7' }))).toContain('trace.jsonl:3 has a step_completed event whose usage.promptTokens is not a number;');
    expect(problemOf(CREATED, started, completed({ ...USAGE, costUsd: -0.5 }))).toContain('whose usage.costUsd is negative;');
    expect(problemOf(CREATED, started, completed({ ...USAGE, estimatedCalls: 'one' }))).toContain('whose usage.estimatedCalls is not a number;');
    expect(problemOf(CREATED, completed({ modelCalls: 0 }))).toContain('trace.jsonl:2 has a step_completed event without its usage.promptTokens (and 2 more fields wrong);');
    expect(problemOf(CREATED, { ...completed(USAGE), reused: { usage: { ...USAGE, completionTokens: null } } })).toContain('whose reused.usage.completionTokens is not a number;');
  });

  it('a step_expanded whose keys are not a list of strings is refused', () => {
    expect(problemOf(CREATED, { type: 'step_expanded', stepKey: '1', keys: 5 })).toBe('trace.jsonl:2 has a step_expanded event whose keys is not a list; the trace is damaged');
    expect(problemOf(CREATED, { type: 'step_expanded', stepKey: '1', keys: ['1[0]', 7] })).toContain('whose keys[1] is not a string;');
  });

  it('a value outside its set (an outcome, a status, a decision) is refused, naming the values it may take', () => {
    const returned = { type: 'tool_returned', stepKey: '1', tool: 'add', callKey: 'k', outcome: 'done' };
    expect(problemOf(CREATED, returned)).toBe('trace.jsonl:2 has a tool_returned event whose outcome is not one of succeeded, failed, unknown; the trace is damaged');
    expect(problemOf(CREATED, { type: 'run_finished', status: 'ok', durationMs: 1, usage: USAGE })).toContain('whose status is not one of succeeded, failed, goals-unmet');
    expect(problemOf(CREATED, { type: 'approval_decided', decision: 'yes', hash: 'h' })).toContain('trace.jsonl:2 has an approval_decided event whose decision is not one of approved, rejected;');
  });

  it('the event inside a nested_event is checked as its own type, at any depth, naming the plan steps around it', () => {
    const inner = { type: 'step_completed', stepKey: 'fetch', result: 1, durationMs: 1, usage: { ...USAGE, costUsd: 'free' } };
    expect(problemOf(CREATED, { type: 'nested_event', stepKey: 'web', event: inner })).toBe(
      'trace.jsonl:2 has a step_completed event (in the run of the plan step web) whose usage.costUsd is not a number; the trace is damaged',
    );
    const deeper = { type: 'nested_event', stepKey: 'web', event: { type: 'nested_event', stepKey: 'inner', event: { type: 'step_expanded', stepKey: 'x', keys: 'x' } } };
    expect(problemOf(CREATED, deeper)).toContain('has a step_expanded event (in the run of the plan step web/inner) whose keys is not a list;');
    expect(problemOf(CREATED, { type: 'nested_event', stepKey: 'web' })).toContain('has a nested_event event without its event;');
    expect(problemOf(CREATED, { type: 'nested_event', stepKey: 'web', event: [] })).toContain('has a nested_event event whose event is not { type };');
  });

  it('reads back the run of plans used as deep as they may be (4 files), and refuses events nested deeper', async () => {
    const tools: Tool[] = [{ name: 'list', description: 'list', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['a'] }];
    const leaf: RunnablePlan = { name: 'p4', steps: [{ key: 'fetch', id: 'fetch', type: 'tool_call', description: 'fetch', tool: 'list', args: {}, inputs: [], dependsOn: [] }], limits: { concurrency: 1, timeout_minutes: 30 } };
    // p1 uses p2 uses p3 uses p4: what the loader lets through (MAX_PLAN_DEPTH files).
    const using = (name: string, used: RunnablePlan): RunnablePlan => ({
      name,
      steps: [{ key: 'use', id: 'use', type: 'plan', description: 'use', uses: `${used.name}.yml`, inputs: [], dependsOn: [] }],
      limits: { concurrency: 1, timeout_minutes: 30 },
      subplans: new Map([[`${used.name}.yml`, used]]),
    });
    const plans = [leaf];
    for (let level = MAX_PLAN_DEPTH - 1; level >= 1; level--) plans.unshift(using(`p${level}`, plans[0]!));
    const dir = mkdtempSync(path.join(tmpdir(), 'deepest-'));
    try {
      const file = path.join(dir, 'trace.jsonl');
      const trace = traceWriter(file, { redact: createRedactor() });
      const outcome = await runPlan(plans[0]!, { runStep, tools: new Map(tools.map((tool) => [tool.name, tool])), clock: systemClock, cwd: dir, inputs: {}, listeners: [trace.listener] });
      await trace.close();
      expect(outcome.status).toBe('succeeded');
      const text = readFileSync(file, 'utf8');
      const deepest = text.split('\n').find((line) => line.includes('"stepKey":"fetch"'))!;
      expect(deepest.split('"type":"nested_event"')).toHaveLength(MAX_PLAN_DEPTH);
      expect(parseResumeTrace({ file: 'trace.jsonl', text }, 'p1').ok).toBe(true);
      // One more level: no plan-runner wrote it (a saved state another job may have uploaded), refused before a resume reads it.
      const deeper = JSON.stringify({ type: 'nested_event', at: 1, stepKey: 'use', event: JSON.parse(deepest) });
      expect(problemOf(CREATED, deeper)).toBe(
        `trace.jsonl:2 has a nested_event event (in the run of the plan step use/use/use) whose event nests more than ${MAX_PLAN_DEPTH - 1} runs deep, deeper than plans may use plans (${MAX_PLAN_DEPTH} files in all); the trace is damaged`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an approval request is checked as the approving run reads it: its hash, its plan and each pending step', () => {
    const plan: PlanSnapshot = { name: 't', revision: 1, steps: [STEP as PlanStep] };
    const pending = { stepKey: '1', type: 'tool_call', title: 'add', tool: 'add', args: { a: 1 }, approvalKey: 'k' };
    const request = { hash: 'h', planFileHash: 'f', plan, pending: [pending] };
    const asked = (changed: object) => ({ type: 'approval_requested', at: 1, request: { ...request, ...changed } });
    expect(read(CREATED, asked({})).ok).toBe(true);
    expect(problemOf(CREATED, { type: 'approval_requested' })).toContain('trace.jsonl:2 has an approval_requested event without its request;');
    expect(problemOf(CREATED, asked({ hash: 42 }))).toContain('whose request.hash is not a string;');
    expect(problemOf(CREATED, asked({ pending: {} }))).toContain('whose request.pending is not a list;');
    expect(problemOf(CREATED, asked({ pending: [{ ...pending, args: [1] }] }))).toContain('whose request.pending[0].args is not an object;');
    expect(problemOf(CREATED, asked({ plan: { ...plan, steps: [{ ...STEP, dependsOn: 'a' }] } }))).toContain('whose request.plan.steps[0].dependsOn is not a list;');
  });

  it('checks the other fields the readers take as typed: a call’s side effects, a step id, a shard plan', () => {
    const call = { type: 'tool_called', stepKey: '1', tool: 'add', args: { a: 1 }, sideEffects: 'yes', callKey: 'k' };
    expect(problemOf(CREATED, call)).toContain('has a tool_called event whose sideEffects is not true or false;');
    expect(problemOf(CREATED, { ...call, sideEffects: true, item: { key: 'r[0]' } })).toContain('has a tool_called event without its item.reuseKey;');
    expect(problemOf(CREATED, { ...call, sideEffects: true, item: null })).toContain('has a tool_called event whose item is not { key, reuseKey };');
    expect(problemOf(CREATED, { type: 'step_failed', stepKey: '1', error: 'no', transient: false, usage: 0 })).toContain('whose usage is not { modelCalls, promptTokens, completionTokens, costUsd };');
    expect(problemOf({ type: 'plan_created', format: 2, plan: { name: 't', revision: 1, steps: [{ ...STEP, id: true }] } })).toContain('whose plan.steps[0].id is neither a string nor a number;');
    const created = (changed: object) => ({ type: 'plan_created', format: 2, plan: { name: 't', revision: 1, steps: [{ ...STEP, ...changed }] } });
    expect(problemOf(created({ tool: 5 }))).toContain('whose plan.steps[0].tool is not a string;');
    expect(problemOf(created({ forEach: { list: 'l', as: 'item', onItemFailure: 'fail', fanOut: 'yes' } }))).toContain('whose plan.steps[0].forEach.fanOut is not true or false;');
    expect(problemOf(created({ optional: 'a' }))).toContain('whose plan.steps[0].optional is not a list;');
    expect(problemOf(CREATED, { type: 'step_started', stepKey: '1', at: 'noon' })).toContain('has a step_started event whose at is not a number;');
    expect(problemOf(CREATED, { type: 'shards_assigned', stepKey: '1', reuseKey: 'r', shards: 2, assignment: [1, 0.5] })).toContain('whose assignment[1] is not a whole number;');
    // The count multiplies a shard job's interval between comment writes: a state may not record more shards than the input allows.
    expect(problemOf(CREATED, { type: 'shards_assigned', stepKey: '1', reuseKey: 'r', shards: 100_000, assignment: [1] })).toMatch(/whose shards is /);
    expect(problemOf(CREATED, { type: 'plan_created', format: 2, carried: { 'a b': 3 }, plan: { name: 't', revision: 1, steps: [] } })).toContain('whose carried["a b"] is not a string;');
  });

  // A plan file given to --resume was "trace.jsonl:1: not a JSON line; the trace is damaged" (found by a new-user review).
  it('says a file whose first line is not JSON is no trace, and one whose later line is not is damaged', () => {
    expect(read('name: Gate', 'workflow_sequence: []')).toEqual({ ok: false, problem: 'trace.jsonl is not a trace: its first line is not JSON; give the --trace file a run wrote' });
    expect(read(CREATED, 'not json', CREATED)).toEqual({ ok: false, problem: 'trace.jsonl:2: not a JSON line; the trace is damaged' });
    // Nor is one whose first line is JSON but no event: a recording given to --resume was called a damaged trace (found by a replay hunt).
    expect(read('{"recording":"plan-runner","version":1,"defaultModel":"m"}')).toEqual({ ok: false, problem: "trace.jsonl is not a trace: it is a recording (a --record file), which holds model answers, not a run's steps; give the --trace file a run wrote" });
    expect(read('{"name":"a package"}')).toEqual({ ok: false, problem: 'trace.jsonl is not a trace: its first line is not a trace event (a JSON object with a "type"); give the --trace file a run wrote' });
    expect(read(CREATED, '{"name":"a package"}')).toEqual({ ok: false, problem: 'trace.jsonl:2: not a trace event (a JSON object with a "type"); the trace is damaged' });
    // A trace an editor saved with a byte order mark first: said so, not only "not JSON".
    expect(read(`\uFEFF${JSON.stringify(CREATED)}`, CREATED)).toEqual({ ok: false, problem: 'trace.jsonl is not a trace: its first line is not JSON (it starts with a byte order mark: save the file as UTF-8 without one); give the --trace file a run wrote' });
  });

  it('keeps what it did: unknown event types and extra fields pass, a cut last line is left out, a gap is refused', () => {
    // A step that returned nothing has no `result` key: JSON leaves undefined out.
    const nothing = { type: 'step_completed', stepKey: '1', durationMs: 1, usage: USAGE };
    const kept = read(CREATED, { type: 'a_later_event', anything: [1] }, { type: 'step_started', stepKey: '1', fromAnOlderVersion: true }, nothing, '{"type":"step_sta');
    expect(kept.ok && kept.events.map((event) => event.type)).toEqual(['plan_created', 'a_later_event', 'step_started', 'step_completed']);
    // A line that parsed is no torn write: one of the wrong shape is refused even when it is the last.
    expect(problemOf(CREATED, { type: 'step_started' })).toBe('trace.jsonl:2 has a step_started event without its stepKey; the trace is damaged');
    expect(problemOf(CREATED, { type: TRACE_GAP, event: 'step_completed' })).toContain('trace.jsonl:2: the run could not write a step_completed event here');
    expect(problemOf(CREATED, '[1]')).toContain('trace.jsonl:2: not a trace event');
    expect(problemOf('[1]')).toContain('trace.jsonl is not a trace: its first line is not a trace event');
    // Nor is a last line that names a key twice: it was dropped as a torn write (found by an adversarial pass).
    expect(problemOf(CREATED, '{"type":"step_started","stepKey":"1","stepKey":"2"}')).toMatch(/^trace\.jsonl:2: .*twice.*; the trace is damaged$/);
  });
});

describe('traces plan-runner writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-trace-shape-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The text of a trace the trace writer wrote of `events`. */
  async function written(name: string, events: readonly RunEvent[]): Promise<string> {
    const file = path.join(dir, name);
    const trace = traceWriter(file, { redact: createRedactor(['s3cret-value']) });
    for (const event of events) trace.listener(event);
    await trace.close();
    return readFileSync(file, 'utf8');
  }

  it('reads back one event of every type, as the types describe them', async () => {
    const plan: PlanSnapshot = {
      name: 'every',
      goal: 'all of them',
      file: 'plan.yml',
      revision: 1,
      steps: [
        { key: '1', id: 1, type: 'tool_call', description: 'add', title: 'Add', tool: 'add', args: { a: 1 }, inputs: [], dependsOn: [], retry: { max_attempts: 2, initial_interval: '1s' }, onFailure: 'continue', timeoutSeconds: 5, approval: true, why: 'sum' },
        { key: 'each', id: 'each', type: 'reasoning', description: 'each', inputs: [], dependsOn: ['1'], optional: ['1'], forEach: { list: '${steps.1.result}', as: 'item', onItemFailure: 'continue', fanOut: true } },
        { key: 'each[0]', id: 'each[0]', type: 'reasoning', description: 'each', inputs: [], dependsOn: [], item: { name: 'item', value: { x: 1 }, index: 0 } },
        { key: 'agent', id: 'agent', type: 'agent', description: 'act', task: 'act', tools: ['add'], maxTurns: 3, agent: 'default', inputs: [], dependsOn: [], review: true },
        { key: 'used', id: 'used', type: 'plan', description: 'use', uses: 'plans/inner.yml', with: { n: 1 }, inputs: [], dependsOn: [] },
      ],
    };
    const usage = { ...USAGE, modelCalls: 1, promptTokens: 10, completionTokens: 2, costUsd: 0.001, estimatedCalls: 1, abandonedRequests: 0 };
    const samples: { readonly [Type in RunEventType]: Extract<RunEvent, { type: Type }> } = {
      plan_created: { type: 'plan_created', at: 0, plan, format: 2, planHash: 'h', carried: { old: 'failed, then replaced by a replan' } },
      step_started: { type: 'step_started', at: 1, stepKey: '1', reuseKey: 'r' },
      tool_called: { type: 'tool_called', at: 2, stepKey: '1', tool: 'add', args: { a: 1 }, sideEffects: true, callKey: 'c', item: { key: 'each[0]', reuseKey: 'r' }, kind: 'inherited', calledAt: '2026-12-03T00:00:00.000Z' },
      tool_returned: { type: 'tool_returned', at: 3, stepKey: '1', tool: 'add', callKey: 'c', outcome: 'unknown', error: 'timed out' },
      step_retrying: { type: 'step_retrying', at: 4, stepKey: '1', attempt: 1, maxAttempts: 2, waitMs: 100, error: '503' },
      step_completed: { type: 'step_completed', at: 5, stepKey: '1', result: { s3cret: 's3cret-value' }, durationMs: 4, usage, attempts: 2, reused: { usage, durationMs: 3 }, failedItems: [{ index: 0, key: 'each[0]', error: 'no' }], partial: 'given a partial result', masked: true },
      step_failed: { type: 'step_failed', at: 6, stepKey: 'agent', error: 'no', transient: false, durationMs: 1, usage, attempts: 2 },
      share_ended: { type: 'share_ended', at: 6, stepKey: 'each', state: 'failed', durationMs: 5, usage, error: 'all 1 of its items failed' },
      step_skipped: { type: 'step_skipped', at: 7, stepKey: 'used', reason: 'upstream failed' },
      step_waiting: { type: 'step_waiting', at: 8, stepKey: '1', reason: 'awaits approval' },
      approval_requested: {
        type: 'approval_requested',
        at: 9,
        request: { hash: 'h', planFileHash: 'f', plan, pending: [{ stepKey: '1', type: 'tool_call', title: 'Add', tool: 'add', args: { a: 1 }, tools: ['add'], approvalKey: 'k' }], inputsHash: 'i' },
      },
      approval_decided: { type: 'approval_decided', at: 10, decision: 'approved', hash: 'h', by: 'maintainer' },
      todos_created: { type: 'todos_created', at: 11, stepKey: 'agent', todos: [{ id: '1', content: 'do', status: 'pending' }], index: 0 },
      todos_updated: { type: 'todos_updated', at: 12, stepKey: 'agent', todos: [{ id: '1', content: 'do', status: 'completed' }], changed: ['1'], dropped: [{ id: '0', content: 'done', status: 'completed' }] },
      agent_turn: { type: 'agent_turn', at: 13, stepKey: 'agent', index: 0, turn: 1, maxTurns: 3, message: '', toolCalls: ['add'] },
      agent_tool_called: { type: 'agent_tool_called', at: 14, stepKey: 'agent', turn: 1, tool: 'add', args: [1, 2], ok: false, error: 'bad arguments' },
      model_used: { type: 'model_used', at: 15, usage, stepKey: 'agent' },
      nested_event: { type: 'nested_event', at: 15, stepKey: 'used', event: { type: 'nested_event', at: 0, stepKey: 'deeper', event: { type: 'step_started', at: 0, stepKey: 'x' } } },
      step_expanded: { type: 'step_expanded', at: 16, stepKey: 'each', keys: ['each[0]'] },
      item_started: { type: 'item_started', at: 17, stepKey: 'each', index: 0 },
      item_retrying: { type: 'item_retrying', at: 18, stepKey: 'each', index: 0, attempt: 1, maxAttempts: 2, waitMs: 10, error: '503' },
      item_completed: { type: 'item_completed', at: 19, stepKey: 'each', index: 0, result: null, durationMs: 1, usage, attempts: 2, reused: { usage }, masked: true },
      item_failed: { type: 'item_failed', at: 20, stepKey: 'each', index: 0, error: 'no', transient: true, durationMs: 1, usage },
      result_carried: { type: 'result_carried', at: 20, stepKey: 'each', reuseKey: 'r', result: { n: 1 }, usage, durationMs: 7, item: { index: 0, key: 'each[0]' }, masked: true },
      shards_assigned: { type: 'shards_assigned', at: 21, stepKey: 'each', reuseKey: 'r', shards: 2, assignment: [1, 2] },
      plan_revised: { type: 'plan_revised', at: 22, plan: { ...plan, revision: 2 }, replaced: ['agent'], added: ['2'], reason: 'agent failed' },
      run_finished: { type: 'run_finished', at: 23, status: 'awaiting-approval', durationMs: 23, usage, reason: 'waits', resultStepKey: 'used' },
      goals_checked: { type: 'goals_checked', at: 24, goals: [{ name: 'g', severity: 'warning', outcome: 'error', evidence: 'e' }], status: 'goals-unmet', usage, reason: 'r' },
    };
    const text = await written('every.jsonl', Object.values(samples));
    const back = traceEvents({ file: 'every.jsonl', text });
    expect(back.ok ? back.events.map((event) => event.type) : back.problem).toEqual(Object.keys(samples));
  });

  it('reads back real runs: retries, a for_each with a failed item, a used plan, a pause for approval and the run that approves it', async () => {
    let flaky = 0;
    const tools: Tool[] = [
      { name: 'list', description: 'list', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['a', 'b', 'c'] },
      {
        name: 'check',
        description: 'check',
        inputSchema: { type: 'object' },
        sideEffects: false,
        execute: async (args) => {
          if (args.name === 'b') throw new StepError('b is broken', { transient: false });
          if (args.name === 'c' && flaky++ === 0) throw new StepError('503 from the server', { transient: true });
          return `checked ${String(args.name)}`;
        },
      },
      { name: 'publish', description: 'publish', inputSchema: { type: 'object' }, sideEffects: true, execute: async () => 'published' },
    ];
    const step = (key: string, tool: string, args: Record<string, unknown>, dependsOn: string[], extra: Partial<PlanStep> = {}): PlanStep => ({ key, id: key, type: 'tool_call', description: key, tool, args, inputs: [], dependsOn, ...extra });
    const inner: RunnablePlan = { name: 'inner', steps: [step('fetch', 'list', {}, [])], limits: { concurrency: 2, timeout_minutes: 30 } };
    const plan: RunnablePlan = {
      name: 'real',
      steps: [
        step('list', 'list', {}, []),
        step('check', 'check', { name: '${item}' }, ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' }, retry: { max_attempts: 2, initial_interval: '1ms' } }),
        { key: 'used', id: 'used', type: 'plan', description: 'use', uses: 'plans/inner.yml', inputs: [], dependsOn: [] },
        step('publish', 'publish', { what: { step_result: 'list' } }, ['check', 'used']),
      ],
      limits: { concurrency: 2, timeout_minutes: 30 },
      source: { approval: 'side-effects' },
      subplans: new Map([['plans/inner.yml', inner]]),
    };
    const run = async (name: string, extra: Partial<RunDeps> = {}) => {
      const file = path.join(dir, name);
      const trace = traceWriter(file, { redact: createRedactor(['s3cret-value']) });
      const outcome = await runPlan(plan, { runStep, tools: new Map(tools.map((tool) => [tool.name, tool])), clock: systemClock, cwd: dir, inputs: {}, listeners: [trace.listener], ...extra });
      await trace.close();
      return { outcome, text: readFileSync(file, 'utf8') };
    };
    const paused = await run('paused.jsonl');
    expect(paused.outcome.status).toBe('awaiting-approval');
    const resumed = parseResumeTrace({ file: 'paused.jsonl', text: paused.text }, 'real');
    if (!resumed.ok) throw new Error(resumed.problem);
    const request = resumed.state.approval!;
    const approved = await run('approved.jsonl', { resume: resumed.state, approval: { hash: request.hash, by: 'maintainer', approved: new Set(request.pending.map((pending) => pending.approvalKey)) } });
    expect(approved.outcome.status).toBe('succeeded');
    const types = new Set<string>();
    for (const [file, text] of [['paused.jsonl', paused.text], ['approved.jsonl', approved.text]] as const) {
      const back = traceEvents({ file, text });
      if (!back.ok) throw new Error(back.problem);
      for (const event of back.events) types.add(event.type === 'nested_event' ? `nested ${event.event.type}` : event.type);
      expect(parseResumeTrace({ file, text }, 'real').ok).toBe(true);
    }
    expect([...types]).toEqual(
      expect.arrayContaining(['plan_created', 'step_expanded', 'item_retrying', 'item_failed', 'item_completed', 'step_completed', 'nested plan_created', 'nested step_completed', 'step_waiting', 'approval_requested', 'tool_called', 'tool_returned', 'run_finished']),
    );
  });
});
