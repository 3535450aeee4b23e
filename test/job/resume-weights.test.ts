import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';

// Three independent steps, two at a time: the order they start in is the scheduler's choice.
const plan = (describe: string) => `name: weights
toolsets: [math]
limits: { concurrency: 2 }
workflow_sequence:
  - { id: 1, type: tool_call, tool: add, description: ${describe} one, depends_on: [], args: { a: 1, b: 1 } }
  - { id: 2, type: tool_call, tool: add, description: ${describe} two, depends_on: [], args: { a: 2, b: 2 } }
  - { id: 3, type: tool_call, tool: add, description: ${describe} three, depends_on: [], args: { a: 3, b: 3 } }
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'resume-weights-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function run(planText: string, options: { trace?: string; resume?: string; weights?: ReadonlyMap<string, number> } = {}): Promise<string[]> {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, planText);
  const events: RunEvent[] = [];
  const trace = options.trace ? traceWriter(options.trace) : undefined;
  const resume = options.resume ? { file: options.resume, text: await readFile(options.resume, 'utf8') } : undefined;
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...(resume && { resume }), ...(options.weights && { stepWeights: options.weights }) },
    { listeners: [(event) => void events.push(event), ...(trace ? [trace.listener] : [])], clock: systemClock },
  );
  await trace?.close();
  expect(outcome).toMatchObject({ kind: 'ran', status: 'succeeded' });
  return events.flatMap((event) => (event.type === 'step_started' ? [event.stepKey] : []));
}

describe('a resumed run orders its ready steps by the durations of the run it resumes', () => {
  it('starts the step that took longest first when no weights are given, and given weights still win', async () => {
    const first = path.join(dir, 'first.jsonl');
    expect(await run(plan('Add'), { trace: first })).toEqual(['1', '2', '3']);
    // The earlier run's trace, as if step 3 had taken longest and step 1 least.
    const slow: Record<string, number> = { '1': 10, '2': 200, '3': 900 };
    const text = (await readFile(first, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => {
        const event = JSON.parse(line) as { type: string; stepKey?: string; durationMs?: number };
        return JSON.stringify(event.type === 'step_completed' && event.stepKey ? { ...event, durationMs: slow[event.stepKey] } : event);
      })
      .join('\n');
    await writeFile(first, `${text}\n`);
    // Changed descriptions: nothing is reused, every step runs again.
    expect(await run(plan('Sum'), { resume: first })).toEqual(['3', '2', '1']);
    expect(await run(plan('Sum'), { resume: first, weights: new Map([['1', 5_000]]) })).toEqual(['1', '2', '3']);
    // A trace in which steps 1 and 2 were reused (0 ms) and step 3 ran for 50 ms: reused completions are
    // no durations, so all three weigh alike (declaration order), not 3 first and 1, 2 as if free.
    const mixed = (await readFile(first, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => {
        const event = JSON.parse(line) as { type: string; stepKey?: string; usage?: unknown };
        if (event.type !== 'step_completed') return line;
        return JSON.stringify(event.stepKey === '3' ? { ...event, durationMs: 50 } : { ...event, durationMs: 0, reused: { usage: event.usage } });
      })
      .join('\n');
    await writeFile(first, `${mixed}\n`);
    expect(await run(plan('Total'), { resume: first })).toEqual(['1', '2', '3']);
  });
});
