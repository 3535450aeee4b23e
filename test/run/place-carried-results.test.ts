import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { TRACE_FORMAT, type RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { placeCarriedResults } from '../../src/run/place-carried-results.ts';
import { resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import type { Tool } from '../../src/tools/tool.ts';

/** A trace as plan-runner wrote it before `placedReuseKey`: no `placedReuseKeys`, a used plan's carried results under bare keys. */
function writtenTheOldWay(trace: string): string {
  return trace.replaceAll(',"placedReuseKeys":true', '').replace(/"reuseKey":"(?:[^"/]+\/)+/g, '"reuseKey":"');
}

// Found by a review: a resume chain spanning the upgrade ("Re-run failed jobs" after a version bump) read the used
// plan's results the older trace carried under bare reuse keys, looked only in their place, ran the steps again and
// refused the side effect made there as a repeat: the run escalated where it had succeeded.
describe('a resume of a trace that carried a used plan’s results under bare reuse keys', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'place-carried-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reuses them in their place and succeeds without making the side effect again', async () => {
    let posts = 0;
    const closed = new Set(['g1']);
    const post: Tool = { name: 'post', description: 'post', inputSchema: { type: 'object' }, sideEffects: true, async execute() { posts++; return 'posted'; } };
    const gate: Tool = { name: 'gate', description: 'gate', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (closed.has(String(args['name']))) throw new StepError('closed', { transient: false }); return 'open'; } };
    await writeFile(path.join(dir, 'sub.yml'), `name: sub
inputs: { who: { description: who } }
workflow_sequence:
  - { id: s1, type: tool_call, tool: post, args: { text: "\${inputs.who}" } }
  - { id: s2, type: tool_call, tool: gate, args: { name: g1 }, depends_on: [s1] }
`);
    let n = 0;
    const run = async (firstArgs: string, resume?: string) => {
      await writeFile(path.join(dir, 'top.yml'), `name: top
limits: { max_replans: 0 }
workflow_sequence:
  - { id: first, type: tool_call, tool: gate, args: ${firstArgs} }
  - { id: one, type: plan, uses: sub.yml, with: { who: alice }, depends_on: [first] }
`);
      const tracePath = path.join(dir, `t${++n}.jsonl`);
      const trace = traceWriter(tracePath, { redact: createRedactor() });
      const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
      const outcome = await runJob({ planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from }, { listeners: [trace.listener], clock: systemClock, extraTools: [post, gate] });
      await trace.close();
      if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
      return { outcome, trace: tracePath };
    };
    // s1 posts, s2 fails; then a resume stops before `one` and carries s1, written as the older plan-runner wrote it.
    const first = await run('{ name: g0 }');
    expect(first.outcome.status).toBe('failed');
    closed.add('g0');
    const second = await run('{ name: g0, x: 1 }', first.trace);
    expect(second.outcome.status).toBe('failed');
    const old = writtenTheOldWay(await readFile(second.trace, 'utf8'));
    expect(old).toMatch(/"type":"result_carried","stepKey":"s1","reuseKey":"[0-9a-f]+"/);
    await writeFile(second.trace, old);

    closed.clear();
    const third = await run('{ name: g0 }', second.trace);
    expect(third.outcome.run.record.steps.get('one')?.nested?.steps.get('s1')?.reused).toBeDefined();
    expect(third.outcome.status).toBe('succeeded');
    expect(posts).toBe(1);
  });
});

describe('placeCarriedResults', () => {
  const step = (key: string, more: Partial<PlanStep> = {}): PlanStep => ({ key, id: key, type: 'tool_call', description: key, tool: 'post', args: {}, inputs: [], dependsOn: [], ...more });
  const sub: RunnablePlan = { name: 'sub', steps: [step('s1')], limits: { concurrency: 4, timeout_minutes: 30 } };
  const topOf = (...uses: string[]): RunnablePlan => ({ name: 'top', steps: uses.map((key) => step(key, { type: 'plan', uses: 'sub.yml', with: { who: 'alice' } })), limits: { concurrency: 4, timeout_minutes: 30 }, subplans: new Map([['sub.yml', sub]]) });
  const stateOf = (plan: RunnablePlan, created: { placedReuseKeys?: true } = {}): ResumeState => {
    const events: RunEvent[] = [
      { type: 'plan_created', plan: { name: plan.name, revision: 1, steps: plan.steps }, format: TRACE_FORMAT, marksElsewhere: true, ...created, at: 0 },
      { type: 'result_carried', stepKey: 's1', reuseKey: 'k1', result: 'posted', usage: NO_USAGE, at: 1 },
      { type: 'result_carried', stepKey: 's1', reuseKey: 'k2', result: 'posted', usage: NO_USAGE, item: { index: 0, key: 's1[0]' }, at: 2 },
    ];
    const read = resumeStateFromEvents(events, plan.name, 'old.jsonl');
    if (!read.ok) throw new Error(read.problem);
    return read.state;
  };

  it('moves a bare key to the one place whose used plan has a step of its key', () => {
    const plan = topOf('one');
    const placed = placeCarriedResults(stateOf(plan), plan);
    expect([...placed.reuse.keys()]).toEqual(['one/k1']);
    expect([...placed.items.keys()]).toEqual(['one/k2']);
  });

  // Either use may be the one that never completed it: today's rule (a step is reused only where it completed) stands.
  it('places none where two uses of one plan could have written it', () => {
    const plan = topOf('one', 'two');
    const placed = placeCarriedResults(stateOf(plan), plan);
    expect([...placed.reuse.keys()]).toEqual(['k1']);
    expect([...placed.items.keys()]).toEqual(['k2']);
  });

  it('leaves a trace written with placed keys as it reads', () => {
    const plan = topOf('one');
    const placed = placeCarriedResults(stateOf(plan, { placedReuseKeys: true }), plan);
    expect([...placed.reuse.keys()]).toEqual(['k1']);
    expect([...placed.items.keys()]).toEqual(['k2']);
  });
});
