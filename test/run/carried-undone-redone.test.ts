import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'carried-undone-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// Found by a review: a run carries (plan_created's `carried`) what the run it resumes left undone, and it kept that list
// though it ran the step again and completed it. Its own all_steps_completed goal was met; a plain re-run of it was told
// the step was undone and failed the goal.
it('a re-run of a resumed run that redid a used plan’s failed step is not told that step was left undone', async () => {
  const closed = new Set(['g1']);
  const gate: Tool = { name: 'gate', description: 'gate', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (closed.has(String(args['name']))) throw new StepError('closed', { transient: false }); return 'open'; } };
  await writeFile(path.join(dir, 'sub.yml'), `name: sub
workflow_sequence:
  - { id: s1, type: tool_call, tool: gate, args: { name: s1 } }
  - { id: s2, type: tool_call, tool: gate, args: { name: g1 }, depends_on: [s1] }
`);
  let n = 0;
  const run = async (firstArgs: string, resume?: string) => {
    await writeFile(path.join(dir, 'top.yml'), `name: top
limits: { max_replans: 0 }
workflow_sequence:
  - { id: first, type: tool_call, tool: gate, args: ${firstArgs} }
  - { id: one, type: plan, uses: sub.yml, depends_on: [first] }
goals:
  - { name: all, all_steps_completed: true }
`);
    const tracePath = path.join(dir, `t${++n}.jsonl`);
    const trace = traceWriter(tracePath, { redact: createRedactor() });
    const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
    const outcome = await runJob({ planFile: path.join(dir, 'top.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from }, { listeners: [trace.listener], clock: systemClock, extraTools: [gate] });
    await trace.close();
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    return { status: outcome.status, trace: tracePath };
  };
  // one/s2 fails; a resume stops before `one` and carries it as undone; the next redoes it and succeeds.
  const failed = await run('{ name: g0 }');
  expect(failed.status).toBe('failed');
  closed.add('g0');
  const stopped = await run('{ name: g0, x: 1 }', failed.trace);
  expect(stopped.status).toBe('failed');
  closed.clear();
  const redone = await run('{ name: g0 }', stopped.trace);
  expect(redone.status).toBe('succeeded');
  const again = await run('{ name: g0 }', redone.trace);
  expect(again.status).toBe('succeeded');
});
