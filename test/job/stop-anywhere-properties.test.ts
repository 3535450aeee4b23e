// A job stopped part-way, wherever the stop comes (after any event of the run, or while a tool, a retry wait,
// a used plan, a model call or the goals are under way): the trace, the record and the summary must agree;
// no step is left ⏳; the status says it was stopped; and a resume of the trace reuses what completed and
// never repeats a side-effect call that may have happened.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runJob, type JobOutcome } from '../../src/job/run-job.ts';
import type { ChatResponse, ModelClient } from '../../src/llm/model-client.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { finalReport } from '../../src/report/final-report.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { parseResumeTrace, traceEvents, type ResumeTrace } from '../../src/run/read-resume-trace.ts';
import type { Tool } from '../../src/tools/tool.ts';

const INNER = `name: Inner
toolsets: [math]
workflow_sequence:
  - { id: s, type: tool_call, tool: multiply, args: { a: 1, b: 2 } }
  - { id: t, type: tool_call, tool: post, args: { to: inner }, depends_on: [s] }
goals:
  - { name: posted, judge: It was posted. }
`;

const OUTER = `name: Stopped
model: { name: gpt-4.1-mini }
toolsets: [math]
limits: { concurrency: 2 }
workflow_sequence:
  - { id: a, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }
  - { id: post, type: tool_call, tool: post, args: { to: outer }, depends_on: [a] }
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: each, type: tool_call, tool: fetch, for_each: "\${steps.list.result}", args: { n: "\${item}" }, retry: { max_attempts: 2, initial_interval: 0 } }
  - { id: used, type: plan, uses: inner.yml }
  - { id: think, type: reasoning, description: Sum it up, depends_on: [post, each, used] }
goals:
  - { name: ran, command: [sh, -c, "cat >/dev/null"] }
  - { name: judged, judge: The summary is fine. }
`;

const AGENTED = `name: Agented
model: { name: gpt-4.1-mini }
toolsets: [math]
workflow_sequence:
  - { id: ag, type: agent, task: Post it, tools: [post] }
  - { id: bad, type: tool_call, tool: divide, args: { a: 1, b: 0 }, on_failure: replan }
  - { id: think, type: reasoning, description: Sum it up, depends_on: [ag, bad] }
goals:
  - { name: ran, command: [sh, -c, "cat >/dev/null"] }
  - { name: judged, judge: The summary is fine. }
`;

const REPLACEMENT = JSON.stringify({
  steps: [
    { id: 'fix', type: 'tool_call', tool: 'multiply', args: { a: 1, b: 1 }, depends_on: [] },
    { id: 'think2', type: 'reasoning', description: 'Sum it up', depends_on: ['ag', 'fix'] },
  ],
  why: 'multiply instead',
});

/** Where the stop comes: after the run's event at an index (on the next turn, as a signal does), or inside a named piece of work. */
type StopAt = { readonly after: number } | { readonly inside: string } | { readonly deadlineAfter: number };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-stop-anywhere-'));
  writeFileSync(path.join(dir, 'plan.yml'), OUTER);
  writeFileSync(path.join(dir, 'agented.yml'), AGENTED);
  writeFileSync(path.join(dir, 'inner.yml'), INNER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function answer(content: string): ChatResponse {
  return { id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
}

function toolCall(name: string, args: unknown): ChatResponse {
  const message = { role: 'assistant' as const, content: null, refusal: null, tool_calls: [{ id: 'call-1', type: 'function' as const, function: { name, arguments: JSON.stringify(args) } }] };
  return { id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message, finish_reason: 'tool_calls', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
}

/** One job of the plan; `stopAt` stops it; `resume` resumes a trace. */
async function job(name: string, stopAt: StopAt | undefined, resume?: ResumeTrace, planFile = 'plan.yml') {
  const controller = new AbortController();
  const stop = (where: string): void => {
    if (stopAt && 'inside' in stopAt && stopAt.inside === where) controller.abort('SIGINT');
  };
  const posts: string[] = [];
  const fetched = new Map<number, number>();
  const tools: Tool[] = [
    {
      name: 'list',
      description: 'list',
      inputSchema: { type: 'object' },
      sideEffects: false,
      async execute() {
        stop('list');
        await nextTurn();
        return [1, 2];
      },
    },
    {
      name: 'fetch',
      description: 'fetch',
      inputSchema: { type: 'object' },
      sideEffects: false,
      async execute(args) {
        const n = Number(args['n']);
        const attempt = (fetched.get(n) ?? 0) + 1;
        fetched.set(n, attempt);
        stop(`fetch ${n}/${attempt}`);
        await nextTurn();
        if (attempt === 1) throw new StepError('busy, try again', { transient: true });
        return `got ${n}`;
      },
    },
    {
      name: 'post',
      description: 'post',
      inputSchema: { type: 'object' },
      sideEffects: true,
      async execute(args) {
        posts.push(String(args['to']));
        stop(`post ${String(args['to'])}`);
        await nextTurn();
        return 'posted';
      },
    },
  ];
  const model: ModelClient = {
    defaultModel: 'm',
    async complete(request, label, signal) {
      stop(label.purpose);
      await nextTurn();
      signal?.throwIfAborted();
      // The agent writes its TODO list, posts, and answers.
      const turn = request.messages.filter((message) => message.role === 'tool').length;
      if (label.purpose === 'step:ag' && turn === 0) return toolCall('write_todos', { merge: false, todos: [{ id: '1', content: 'Post', status: 'in_progress' }] });
      if (label.purpose === 'step:ag' && turn === 1) return toolCall('post', { to: 'agent' });
      if (label.purpose === 'replanner') return answer(REPLACEMENT);
      return answer(label.purpose.startsWith('goal:') ? '{"met": true, "reason": "fine"}' : 'all done');
    },
  };
  // The run's deadline (limits.timeout_minutes: every sleep of a minute or more) falls when the test says.
  const deadlines: (() => void)[] = [];
  const clock: Clock = {
    now: () => systemClock.now(),
    sleep: (ms, signal) =>
      ms < 60_000
        ? systemClock.sleep(ms, signal)
        : new Promise((resolve, reject) => {
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
            deadlines.push(() => resolve());
          }),
  };
  const file = path.join(dir, `${name}.jsonl`);
  const trace = traceWriter(file, { redact: createRedactor() });
  const events: RunEvent[] = [];
  const frames: string[] = [];
  let stoppedBeforeVerdict = false;
  let finished = false;
  let timedOut = false;
  const outcome = await runJob(
    { planFile: path.join(dir, planFile), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...(resume && { resume }) },
    {
      listeners: [
        trace.listener,
        consoleChecklist({ write: (text) => void frames.push(text), isTTY: true, minRedrawMs: 0, schedule: () => () => {} }),
        (event) => {
          events.push(event);
          if (event.type === 'goals_checked') stoppedBeforeVerdict = controller.signal.aborted;
          if (stopAt && 'after' in stopAt && stopAt.after === events.length - 1) setImmediate(() => controller.abort('SIGINT'));
          if (stopAt && 'deadlineAfter' in stopAt && stopAt.deadlineAfter === events.length - 1) {
            setImmediate(() => {
              timedOut = !finished && deadlines.length > 0;
              for (const fall of deadlines.splice(0)) fall();
            });
          }
          if (event.type === 'run_finished') finished = true;
        },
      ],
      clock,
      signal: controller.signal,
      extraTools: tools,
      createModel: () => model,
      recordProblem: () => trace.problem(),
    },
  );
  await trace.close();
  return { outcome, events, posts, frame: frames.at(-1) ?? '', stopped: stoppedBeforeVerdict, timedOut, trace: { file, text: readFileSync(file, 'utf8') } satisfies ResumeTrace };
}

function foldTrace(trace: ResumeTrace): { readonly record: RunRecord; readonly events: RunEvent[] } {
  const read = traceEvents(trace);
  if (!read.ok) throw new Error(read.problem);
  const record = newRunRecord();
  for (const event of read.events) applyEvent(record, event);
  return { record, events: read.events };
}

/** Every step and item of a record (a used plan's inside its step), with its path. */
function* statesOf(record: RunRecord, prefix = ''): Generator<{ key: string; state: string; error?: string }> {
  for (const step of record.steps.values()) {
    yield { key: prefix + step.key, state: step.state, ...(step.error !== undefined && { error: step.error }) };
    for (const item of step.items ?? []) yield { key: `${prefix}${step.key}#${item.key}`, state: item.state, ...(item.error !== undefined && { error: item.error }) };
    if (step.nested) yield* statesOf(step.nested, `${prefix}${step.key}/`);
  }
}

/** Every tool call of a record, a used plan's included. */
function toolCallsOf(record: RunRecord): RunRecord['toolCalls'] {
  return [...record.toolCalls, ...[...record.steps.values()].flatMap((step) => (step.nested ? toolCallsOf(step.nested) : []))];
}

/** The steps and items an event says were reused, with their paths as `statesOf` names them. */
function reusedIn(event: RunEvent, prefix = ''): string[] {
  if (event.type === 'nested_event') return reusedIn(event.event, `${prefix}${event.stepKey}/`);
  if (event.type === 'step_completed' && event.reused) return [prefix + event.stepKey];
  if (event.type === 'item_completed' && event.reused) return [`${prefix}${event.stepKey}#${event.stepKey}[${event.index}]`];
  return [];
}

function ran(outcome: JobOutcome) {
  if (outcome.kind !== 'ran') throw new Error(`the job did not run: ${JSON.stringify(outcome)}`);
  return outcome;
}

async function checkStoppedJob(stopAt: StopAt, planFile = 'plan.yml'): Promise<void> {
  const label = `${planFile}-${JSON.stringify(stopAt).replace(/\W+/g, '-')}`;
  const first = await job(`stop-${label}`, stopAt, undefined, planFile);
  const outcome = ran(first.outcome);
  const folded = foldTrace(first.trace);
  const types = folded.events.map((event) => event.type);
  // The trace ends as the run did: run_finished, then the goals' verdict, and nothing after.
  expect(types.at(-1)).toBe('goals_checked');
  expect(types.filter((type) => type === 'run_finished')).toHaveLength(1);
  // Between them only the judges' model use, charged as it is spent.
  expect(types.slice(types.indexOf('run_finished') + 1, -1).every((type) => type === 'model_used')).toBe(true);
  // The trace, the run's own record and the outcome agree.
  expect([...statesOf(folded.record)]).toEqual([...statesOf(outcome.run.record)]);
  expect(folded.record.status).toBe(outcome.status);
  // A step or item the stop ended says so (`bad` fails on its own), and no used plan's goals decided against it.
  for (const { key, state, error } of statesOf(folded.record)) {
    if (state === 'failed' && key !== 'bad') expect(error, key).toMatch(/^(cancelled|run timed out after 30 min)/);
  }
  for (const step of folded.record.steps.values()) expect(step.nested?.status).not.toBe('goals-unmet');
  // Nothing left running or not settled.
  for (const { key, state } of statesOf(folded.record)) expect(['in_progress', 'pending', 'waiting'], key).not.toContain(state);
  // Stopped before the verdict: cancelled, never succeeded with goals unchecked.
  expect(outcome.status).toBe(first.stopped ? 'cancelled' : first.timedOut ? 'failed' : 'succeeded');
  if (first.timedOut) expect(outcome.run.reason).toBe('run timed out after 30 min');
  const report = finalReport(outcome, { planFile: path.join(dir, 'plan.yml'), planPath: 'plan.yml', tracePath: first.trace.file, redact: createRedactor() });
  expect(report.markdown).not.toContain('⏳');
  // The terminal's last frame too.
  expect(first.frame).not.toContain('⏳');
  expect(report.status).toBe(outcome.status);
  // Every step that completed keeps its result, in the record the summary is drawn from.
  for (const step of folded.record.steps.values()) if (step.state === 'completed') expect(report.record?.steps.get(step.key)?.state).toBe('completed');

  // A resume of the trace.
  const read = parseResumeTrace(first.trace, folded.record.plan!.name);
  expect(read.ok ? 'ok' : read.problem).toBe('ok');
  const second = await job(`resume-${label}`, undefined, first.trace, planFile);
  const again = ran(second.outcome);
  // Exactly the completed steps and items are reused: a completed used plan whole, a stopped one's completed steps inside it.
  const completedFirst = [...statesOf(folded.record)].filter((entry) => entry.state === 'completed').map((entry) => entry.key);
  const reusedSecond = second.events.flatMap((event) => reusedIn(event));
  const wholeReused = new Set(reusedSecond.filter((key) => !key.includes('#') && !key.includes('/')));
  // A used plan or for_each step reused whole is not run again, so its inner steps and items are not reused one by one.
  const expected = completedFirst.filter((key) => !wholeReused.has(key.split(/[#/]/)[0]!) || !/[#/]/.test(key));
  expect(reusedSecond.toSorted()).toEqual(expected.toSorted());
  // A call with side effects is made once in both runs together, or, when the first may have made it, not again.
  const calls = toolCallsOf(folded.record).filter((call) => call.tool === 'post');
  for (const to of ['outer', 'inner', 'agent']) {
    const made = first.posts.includes(to);
    const call = calls.find((one) => JSON.stringify(one.args) === JSON.stringify({ to }));
    expect(made, `post ${to}: the first run's call is in its trace`).toBe(call !== undefined);
    if (made) expect(second.posts, `post ${to} is not made again`).not.toContain(to);
    else expect(second.posts.filter((post) => post === to).length).toBeLessThanOrEqual(1);
  }
  if (again.status !== 'succeeded') expect(again.status).toBe('escalated');
}

describe('a job stopped part-way', () => {
  it('runs to success without a stop', async () => {
    const whole = await job('whole', undefined);
    expect(ran(whole.outcome).status).toBe('succeeded');
    expect(whole.posts.toSorted()).toEqual(['inner', 'outer']);
    const agented = await job('whole-agented', undefined, undefined, 'agented.yml');
    expect(ran(agented.outcome).status).toBe('succeeded');
    expect(agented.posts).toEqual(['agent']);
  });

  it.each([
    ...['list', 'fetch 1/1', 'fetch 2/2', 'post outer', 'post inner', 'goal:used/posted', 'step:think', 'goal:judged'].map((inside) => ['plan.yml', inside]),
    ...['step:ag', 'post agent', 'replanner', 'step:think2'].map((inside) => ['agented.yml', inside]),
  ])('%s, stopped inside %s: reports, trace and resume agree', async (planFile, inside) => {
    await checkStoppedJob({ inside }, planFile);
  });

  // Each plan's whole run has under 60 events (past its last, a stop comes too late and the job succeeds).
  it('stopped (cancelled, or its deadline falls) after a drawn event: reports, trace and resume agree', async () => {
    const stop = fc.oneof(fc.nat({ max: 60 }).map((after): StopAt => ({ after })), fc.nat({ max: 60 }).map((after): StopAt => ({ deadlineAfter: after })));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('plan.yml', 'agented.yml'), stop, async (planFile, stopAt) => {
        await checkStoppedJob(stopAt, planFile);
      }),
      { seed: 20261206, numRuns: 40 },
    );
  });
});
