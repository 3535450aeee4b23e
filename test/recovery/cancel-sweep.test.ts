// Cancels one representative job at each of its events in turn, and checks what every stop must leave:
// the checklist, the summary and the trace written and agreeing, no step shown running or done that did not
// finish, a verdict that is not success, and a resume of that trace that repeats no completed side effect.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob, type JobOutcome } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { finalReport } from '../../src/report/final-report.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

const PLAN_TEXT = `name: cancel sweep
goal: Greet the team and ship
model: { name: gpt-4.1-mini }
workflow_sequence:
  - { id: list, type: tool_call, tool: names, args: {} }
  - { id: think, type: reasoning, description: Greet the team, depends_on: [list] }
  - { id: each, type: tool_call, tool: effect, args: { name: '\${item}' }, for_each: '\${steps.list.result}', depends_on: [list] }
  - { id: ship, type: tool_call, tool: effect, args: { name: ship }, depends_on: [each, think] }
goals:
  - { name: all done, all_steps_completed: true }
  - { name: greeted, of: think, contains: Hello }
`;

/** Every call of the side-effect tool, by its name argument, across the runs of one case. */
type Effects = Map<string, number>;

function tools(effects: Effects): Tool[] {
  return [
    { name: 'names', description: 'the names', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['a', 'b', 'c'] },
    {
      name: 'effect',
      description: 'writes once per name',
      inputSchema: { type: 'object' },
      sideEffects: true,
      execute: async (args) => {
        const name = String(args['name']);
        effects.set(name, (effects.get(name) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return `done ${name}`;
      },
    },
  ];
}

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(() => textAnswer('Hello, team!'));
});
afterAll(() => chat.close());

interface Ran {
  readonly outcome: JobOutcome;
  readonly events: RunEvent[];
  readonly trace: { file: string; text: string };
  readonly summary: string;
  readonly comment: string;
  readonly frame: string;
  readonly status: string;
}

let PLAN = PLAN_TEXT;
async function job(dir: string, name: string, effects: Effects, options: { stopAt?: number; resume?: { file: string; text: string }; approve?: string } = {}): Promise<Ran> {
  const planFile = path.join(dir, 'plan.yml');
  writeFileSync(planFile, PLAN);
  const file = path.join(dir, `${name}.jsonl`);
  const writer = traceWriter(file);
  const events: RunEvent[] = [];
  const controller = new AbortController();
  if (options.stopAt === 0) controller.abort();
  let frames: string[] = [];
  const console = consoleChecklist({ write: (text) => frames.push(text), control: () => (frames = []), isTTY: true, minRedrawMs: 0 });
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: chat.baseURL, apiKey: 'sk-test-key' }, ...(options.resume && { resume: options.resume }), ...(options.approve && { approve: { hash: options.approve } }) },
    {
      listeners: [
        writer.listener,
        console,
        (event) => {
          events.push(event);
          if (events.length === options.stopAt) controller.abort();
        },
      ],
      clock: systemClock,
      signal: controller.signal,
      extraTools: tools(effects),
      createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
  await writer.close();
  const report = finalReport(outcome, { planFile, planPath: 'plan.yml', tracePath: file, redact: (text) => text });
  const record = report.record;
  const comment = record ? renderComment(record, { marker: commentMarker('plan.yml'), goals: report.goals, redact: (text) => text }) : '';
  return { outcome, events, trace: { file, text: readFileSync(file, 'utf8') }, summary: report.markdown, comment, frame: frames.join(''), status: report.status };
}

/** Each step's last state in the trace. */
function traceStates(text: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const line of text.split('\n').filter(Boolean)) {
    const event = JSON.parse(line) as { type: string; stepKey?: string };
    const state = { step_started: 'in_progress', step_completed: 'completed', step_failed: 'failed', step_skipped: 'skipped', step_waiting: 'waiting' }[event.type];
    if (state && event.stepKey) states.set(event.stepKey, state);
  }
  return states;
}

describe('a job cancelled before it starts and at each of its events', () => {
  it('leaves reports that agree, no success, and a resume that repeats no side effect', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-cancel-sweep-'));
    const whole = await job(dir, 'whole', new Map());
    expect(whole.status).toBe('succeeded');
    const count = whole.events.length;
    const problems: string[] = [];
    for (let k = 0; k <= count; k += 1) {
      const effects: Effects = new Map();
      const stopped = await job(dir, `stop-${k}`, effects, { stopAt: k });
      const at = `k=${k} (${whole.events[k - 1]?.type ?? 'before the run'})`;
      const record = stopped.outcome.kind === 'ran' ? stopped.outcome.run.record : undefined;
      if (!record) {
        problems.push(`${at}: ${stopped.outcome.kind}`);
        continue;
      }
      const lastEvent = stopped.events.at(-1)!.type;
      if (stopped.status === 'succeeded' && k < count) problems.push(`${at}: succeeded`);
      for (const [view, text] of [['summary', stopped.summary], ['comment', stopped.comment], ['console', stopped.frame]] as const) {
        if (text.includes('⏳')) problems.push(`${at}: ⏳ in the ${view}`);
      }
      const states = traceStates(stopped.trace.text);
      for (const [key, step] of record.steps) {
        const traced = states.get(key) ?? 'pending';
        if (traced !== step.state) problems.push(`${at}: ${key} is ${step.state} in the record, ${traced} in the trace`);
      }
      if (!stopped.trace.text.includes('"run_finished"')) problems.push(`${at}: no run_finished in the trace (last event ${lastEvent})`);
      // Resume from the stopped run's trace: no side effect it made is made again.
      const before = new Map(effects);
      const resumed = await job(dir, `resume-${k}`, effects, { resume: stopped.trace });
      for (const [name, calls] of effects) if (calls > 1) problems.push(`${at}: effect ${name} called ${calls} times (${before.get(name) ?? 0} before the resume); the resume ended ${resumed.status}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

// A resumed run stopped before its first pass (a cancel while the job loaded, or at its first events) showed every
// step the run it resumed had done ⏭️ cancelled, `0/4 complete`, though their results stood (found by an adversarial pass).
describe('an approved job cancelled at each of its events', () => {
  it('shows the paused run’s steps done, leaves reports that agree, no success, and a resume that repeats no side effect', async () => {
    PLAN = PLAN_TEXT.replace('args: { name: ship }, depends_on', 'args: { name: ship }, approval: true, depends_on');
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-cancel-approved-'));
      const effects0: Effects = new Map();
      const paused = await job(dir, 'paused', effects0);
      expect(paused.status).toBe('awaiting-approval');
      const hash = paused.outcome.kind === 'ran' ? paused.outcome.run.record.approval?.hash : undefined;
      expect(hash).toBeDefined();
      const whole = await job(dir, 'approved', new Map(effects0), { resume: paused.trace, approve: hash! });
      expect(whole.status).toBe('succeeded');
      const problems: string[] = [];
      for (let k = 0; k <= whole.events.length; k += 1) {
        const effects: Effects = new Map(effects0);
        const stopped = await job(dir, `astop-${k}`, effects, { stopAt: k, resume: paused.trace, approve: hash! });
        const at = `k=${k} (${whole.events[k - 1]?.type ?? 'before the run'})`;
        const record = stopped.outcome.kind === 'ran' ? stopped.outcome.run.record : undefined;
        if (!record) {
          problems.push(`${at}: ${stopped.outcome.kind}`);
          continue;
        }
        if (stopped.status === 'succeeded' && k < whole.events.length) problems.push(`${at}: succeeded`);
        for (const [view, text] of [['summary', stopped.summary], ['comment', stopped.comment], ['console', stopped.frame]] as const) {
          if (text.includes('⏳')) problems.push(`${at}: ⏳ in the ${view}`);
        }
        const states = traceStates(stopped.trace.text);
        for (const [key, step] of record.steps) {
          const traced = states.get(key) ?? 'pending';
          if (traced !== step.state) problems.push(`${at}: ${key} is ${step.state} in the record, ${traced} in the trace`);
        }
        // The paused run did these; their results stand, however early this run stopped.
        for (const key of ['list', 'think', 'each']) {
          if (record.steps.get(key)?.state !== 'completed') problems.push(`${at}: ${key}, done by the paused run, is ${record.steps.get(key)?.state}`);
          if (!stopped.summary.includes(`✅ **${key}.`)) problems.push(`${at}: ${key} is not ✅ in the summary`);
          if (!stopped.frame.includes(`✅ ${key}.`)) problems.push(`${at}: ${key} is not ✅ in the console checklist`);
        }
        // Resumed without a new approval, then (if it asks) approved again.
        let resumed = await job(dir, `aresume-${k}`, effects, { resume: stopped.trace });
        const asked = resumed.outcome.kind === 'ran' ? resumed.outcome.run.record.approval?.hash : undefined;
        if (resumed.status === 'awaiting-approval' && asked) resumed = await job(dir, `aresume2-${k}`, effects, { resume: resumed.trace, approve: asked });
        for (const [name, calls] of effects) if (calls > 1) problems.push(`${at}: effect ${name} called ${calls} times; the resume ended ${resumed.status}`);
      }
      expect(problems).toEqual([]);
    } finally {
      PLAN = PLAN_TEXT;
    }
  }, 60_000);
});
