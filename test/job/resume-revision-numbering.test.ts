// A resumed run's plan is the plan of the run it resumes: its revision number goes on from there. It was
// recorded as revision 1 even when it was the earlier attempt's revision 2, so its first replan was "plan
// revision 2" too: in a chain of re-runs the escalation, the trace's plan_revised events, the summary header
// and the replanner's list of earlier runs named one number for two plans (found by an audit).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runJob } from '../../src/job/run-job.ts';
import { renderSummaryHeader } from '../../src/report/summary/summary-header.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
let replans: unknown[][];
let prompts: string[];
let releases: string[];
let n: number;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rrn-'));
  n = 0;
  prompts = [];
  releases = [];
  replans = [
    [{ id: 'publish_fixed', type: 'tool_call', tool: 'publish', args: { tag: 'v1.2' }, depends_on: [], why: 'tags need a v' },
     { id: 'announce2', type: 'tool_call', tool: 'announce', args: { text: { step_result: 'publish_fixed' } }, depends_on: ['publish_fixed'], why: 'announce' }],
    [{ id: 'announce3', type: 'tool_call', tool: 'announce', args: { text: { step_result: 'publish_fixed' } }, depends_on: ['publish_fixed'], why: 'announce again' }],
    [{ id: 'announce4', type: 'tool_call', tool: 'announce', args: { text: { step_result: 'publish_fixed' } }, depends_on: ['publish_fixed'], why: 'announce once more' }],
  ];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const model: ModelClient = {
  defaultModel: 'm',
  async complete(request) {
    prompts.push(JSON.stringify(request.messages));
    const content = JSON.stringify({ steps: replans.shift() ?? [], why: 'fix' });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
};
const publish: Tool = { name: 'publish', description: 'create a release', inputSchema: { type: 'object' }, sideEffects: true, async execute(args) {
  if (!String(args['tag']).startsWith('v')) throw new StepError('422 tag rejected', { transient: false });
  releases.push(String(args['tag'])); return `release ${String(args['tag'])}`;
} };
const announce: Tool = { name: 'announce', description: 'post', inputSchema: { type: 'object' }, sideEffects: false, async execute() {
  throw new StepError('chat is down', { transient: false });
} };

async function run(resume?: string, file = 'publish') {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, `name: rel
limits: { max_replans: 1 }
workflow_sequence:
  - { id: ${file}, type: tool_call, tool: publish, args: { tag: "1.2" } }
  - { id: announce, type: tool_call, tool: announce, args: { text: { step_result: ${file} } }, depends_on: [${file}] }
`);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const events: RunEvent[] = [];
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [(e) => void events.push(e), trace.listener], clock: systemClock, extraTools: [publish, announce], createModel: () => model },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  const revisions = events.flatMap((event) => (event.type === 'plan_created' || event.type === 'plan_revised' ? [`${event.type} ${event.plan.revision}`] : []));
  return { outcome, revisions, trace: tracePath };
}

it('a resume of a replanned run goes on with its revision numbers: its replan is revision 3, everywhere', async () => {
  const first = await run();
  expect(first.revisions).toEqual(['plan_created 1', 'plan_revised 2']);
  expect(first.outcome.run.reason).toContain('replanned once (plan revision 2)');
  const second = await run(first.trace);
  expect(releases).toEqual(['v1.2']);
  expect(second.revisions).toEqual(['plan_created 2', 'plan_revised 3']);
  expect(second.outcome.run.reason).toContain('replanned once (plan revision 3)');
  expect(renderSummaryHeader(second.outcome.run.record, (text) => text)).toContain('plan revision 3');
  // The replanner of the run after it is told both earlier revisions, each by its own number.
  const third = await run(second.trace);
  expect(third.revisions).toEqual(['plan_created 3', 'plan_revised 4']);
  const told = prompts.at(-1)!;
  expect(told).toContain('replanned (plan revision 2)');
  expect(told).toContain('replanned (plan revision 3)');
});

it('a resume that starts from other steps than the run it resumes ended with gives them a number of their own', async () => {
  const first = await run();
  expect(first.revisions).toEqual(['plan_created 1', 'plan_revised 2']);
  // The plan file changed since: the run starts from its new steps, which are neither revision 1 nor 2.
  const second = await run(first.trace, 'release');
  expect(second.revisions[0]).toBe('plan_created 3');
});

it('a plain re-run of a run that never replanned keeps revision 1', async () => {
  replans = [];
  const first = await run();
  const second = await run(first.trace);
  expect(first.revisions[0]).toBe('plan_created 1');
  expect(second.revisions[0]).toBe('plan_created 1');
});

it('a merge job whose earlier attempt replanned goes on with that attempt’s plan and its number; other steps get the next', async () => {
  const { mergeResumeStates, resumedRevision } = await import('../../src/run/resume-state.ts');
  const { stableHash } = await import('../../src/core/stable-hash.ts');
  const empty = { reuse: new Map(), items: new Map(), itemErrors: new Map(), shards: new Map(), sideEffects: new Map(), completedSteps: new Set<string>(), durations: new Map(), leftUndone: new Map() };
  const step = (key: string, extra: object = {}) => ({ key, id: key, type: 'tool_call' as const, description: key, tool: key, args: {}, inputs: [], dependsOn: [], ...extra });
  const list = step('list');
  const check = step('check', { dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' as const, fanOut: true } });
  const prepared = { name: 'rel', revision: 1, steps: [list, check, step('publish', { dependsOn: ['check'] })] };
  const replanned = { name: 'rel', revision: 2, steps: [list, check, step('publish_fixed', { dependsOn: ['check'] })] };
  const prepare = { ...empty, from: 'prepare', plan: prepared, firstPlan: prepared, lastRevision: 1 };
  const merge = { ...empty, from: 'merge attempt 1', plan: replanned, firstPlan: prepared, lastRevision: 2 };
  const both = mergeResumeStates([prepare, merge], 'prepare, merge attempt 1', merge);
  // The merge attempt's plan goes on with the prepare job's: its re-run resumes revision 2, as a plain resume would.
  expect(both.plan).toBe(replanned);
  expect(resumedRevision(both, () => stableHash(replanned.steps))).toBe(2);
  // Other steps (the plan file changed since) are a plan of their own.
  expect(resumedRevision(both, () => stableHash(prepared.steps))).toBe(3);
  // A replan that replaced the fan-out step leaves the prepare job's plan, where the shards' items count: revision 3 too.
  const dropped = { ...merge, plan: { ...replanned, steps: [list, step('check_fixed', { dependsOn: ['list'] })] } };
  const without = mergeResumeStates([prepare, dropped], 'prepare, merge attempt 1', dropped);
  expect(without.plan).toBe(prepared);
  expect(resumedRevision(without, () => stableHash(prepared.steps))).toBe(3);
  expect(resumedRevision(prepare, () => stableHash(prepared.steps))).toBe(1);
  expect(resumedRevision(undefined, () => stableHash(prepared.steps))).toBe(1);
});

// The revision number needs the plan file's steps hashed only when there is a run to go on from: a run that resumed
// nothing redacted, copied and hashed all of them a second time before it started, 11% more CPU and 20 MB more
// memory on a plan of 10,000 steps (found by an adversarial pass).
it('a run that resumes nothing reads its plan file’s steps for their hash once, not again for its revision number', async () => {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, `name: once
workflow_sequence:
  - { id: 1, type: tool_call, tool: count, args: {}, description: a description to count }
`);
  let reads = 0;
  let readsBeforeTheRun = -1;
  const base = createRedactor();
  const redact = Object.assign((text: string) => (text === 'a description to count' && reads++, base(text)), { learn: base.learn });
  const count: Tool = { name: 'count', description: 'count', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => 1 };
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
    { listeners: [() => void (readsBeforeTheRun < 0 && (readsBeforeTheRun = reads))], clock: systemClock, extraTools: [count], createModel: () => model, redact },
  );
  expect(outcome.kind === 'ran' && outcome.run.status).toBe('succeeded');
  // The one read: the hash the trace keeps (`plan_created`'s `fileSteps`), which a later resume compares.
  expect(readsBeforeTheRun).toBe(1);
});
