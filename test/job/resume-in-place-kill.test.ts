// A run resumed in place (`--resume t.jsonl --trace t.jsonl`) opened the trace, truncating it, and wrote its
// plan_created at once; the results and side-effect calls it carries from that trace followed in a later
// write, after each was serialized (many megabytes in a large trace). A kill in between left a trace of a
// started run that knew nothing: its resume ran every step again and made every side effect again (found
// by an adversarial hunt of durable runs). This test looks at the file where the kill would have found it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runJob } from '../../src/job/run-job.ts';
import { parseResumeTrace } from '../../src/run/read-resume-trace.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'rik-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

const posted: unknown[] = [];
const post: Tool = { name: 'post', description: 'post a message', inputSchema: { type: 'object' }, sideEffects: true, async execute(args) { posted.push(args); return 'posted'; } };
let downstreamFails = true;
const check: Tool = { name: 'check', description: 'check', inputSchema: { type: 'object' }, sideEffects: false, async execute() {
  if (downstreamFails) throw new StepError('not yet', { transient: false }); return 'ok';
} };

const plan = `name: inplace
limits: { max_replans: 0 }
workflow_sequence:
  - { id: announce, type: tool_call, tool: post, args: { text: hello } }
  - { id: verify, type: tool_call, tool: check, args: {}, depends_on: [announce] }
`;

async function run(trace: string, options: { resume?: boolean; onEvent?: (event: RunEvent) => void } = {}) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const from = options.resume ? { resume: { file: trace, text: await readFile(trace, 'utf8') } } : {};
  const writer = traceWriter(trace, { redact: createRedactor(), openOnFirstEvent: options.resume === true });
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [writer.listener, (event) => options.onEvent?.(event)], clock: systemClock, extraTools: [post, check] },
  );
  await writer.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return outcome;
}

it('a kill while a run resumed in place carries the trace’s results leaves a trace that still knows them and their side effects', async () => {
  const trace = path.join(dir, 't.jsonl');
  const first = await run(trace);
  expect(first.status).not.toBe('succeeded');
  expect(posted).toHaveLength(1);
  // The file as a SIGKILL would leave it, at each moment the run resuming in place carries what it read.
  const onDisk: string[] = [];
  downstreamFails = false;
  await run(trace, { resume: true, onEvent: (event) => {
    if (event.type === 'result_carried' || (event.type === 'tool_called' && event.kind === 'inherited')) onDisk.push(readFileSync(trace, 'utf8'));
  } });
  expect(onDisk.length).toBeGreaterThan(0);
  for (const text of onDisk) {
    const read = parseResumeTrace({ file: trace, text }, 'inplace');
    // Either the trace as it was, or one that carries all of it: never a started run that knows nothing.
    expect(read.ok).toBe(true);
    if (!read.ok) continue;
    expect([...read.state.sideEffects.values()].map((call) => call.tool)).toEqual(['post']);
    expect([...read.state.reuse.values()].map((step) => step.stepKey)).toEqual(['announce']);
  }
  expect(posted).toHaveLength(1);
  // Cut after its plan_created (a partial write), the resumed run's trace is refused, not taken as a run that knew nothing.
  const lines = (await readFile(trace, 'utf8')).split('\n');
  const created = lines.findIndex((line) => line.includes('"type":"plan_created"'));
  const cut = parseResumeTrace({ file: trace, text: `${lines.slice(0, created + 1).join('\n')}\n` }, 'inplace');
  expect(cut.ok).toBe(false);
  if (!cut.ok) expect(cut.problem).toContain('was cut while its run wrote what it carried');
});

it('a resumed run’s first lines wait for what it carries, and no longer than its first other event', async () => {
  const trace = path.join(dir, 'held.jsonl');
  const writer = traceWriter(trace, { openOnFirstEvent: true });
  await writeFile(trace, 'the trace resumed in place\n');
  const plan = { name: 'inplace', revision: 0, steps: [] };
  writer.listener({ type: 'plan_created', at: 0, plan, format: 3, carries: 3 } as RunEvent);
  writer.listener({ type: 'result_carried', at: 0, stepKey: 'a', reuseKey: 'k', result: 1, usage: { promptTokens: 0, completionTokens: 0, modelCalls: 0 } } as unknown as RunEvent);
  writer.flush();
  expect(readFileSync(trace, 'utf8')).toBe('the trace resumed in place\n');
  // A carry cut short (an internal error before the rest): the run's next event writes what there is.
  writer.listener({ type: 'step_skipped', at: 0, stepKey: 'a', reason: 'stopped' });
  expect(readFileSync(trace, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as RunEvent).type)).toEqual(['plan_created', 'result_carried', 'step_skipped']);
  await writer.close();
});

it('a resumed run’s first lines are written with the answer of the last call it carries', async () => {
  const trace = path.join(dir, 'answered.jsonl');
  const writer = traceWriter(trace, { openOnFirstEvent: true });
  await writeFile(trace, 'the trace resumed in place\n');
  const plan = { name: 'inplace', revision: 0, steps: [] };
  const usage = { promptTokens: 0, completionTokens: 0, modelCalls: 0 };
  writer.listener({ type: 'plan_created', at: 0, plan, format: 3, carries: 2 } as RunEvent);
  writer.listener({ type: 'result_carried', at: 0, stepKey: 'announce', reuseKey: 'k', result: 'posted', usage } as unknown as RunEvent);
  writer.listener({ type: 'tool_called', at: 0, stepKey: 'announce', tool: 'post', args: {}, sideEffects: true, callKey: 'c', kind: 'inherited' } as RunEvent);
  writer.listener({ type: 'tool_returned', at: 0, stepKey: 'announce', tool: 'post', callKey: 'c', outcome: 'succeeded' } as RunEvent);
  // The next step starts and runs for a while: nothing it writes is due yet. A kill now finds the call answered.
  writer.listener({ type: 'step_started', at: 0, stepKey: 'verify', reuseKey: 'v' } as RunEvent);
  expect(readFileSync(trace, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as RunEvent).type)).toEqual(['plan_created', 'result_carried', 'tool_called', 'tool_returned']);
  await writer.close();
});
