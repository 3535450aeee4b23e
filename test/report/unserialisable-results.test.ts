// A tool written in JS may return what JSON cannot hold: a bigint, a value that holds itself. The trace
// writes them (a bigint as its digits, a cycle as "[Circular]"), but the log's checklist threw on the
// step's completion and never showed it ✅ (the steps stayed ⏳ over a footer of "2/2 complete"), the PR
// comment's render threw the same way, and the summary showed the result as `[object Object]`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { runJob } from '../../src/job/run-job.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { finalReport } from '../../src/report/final-report.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-unserialisable-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function holdsItself(): unknown {
  const value: Record<string, unknown> = { total: 7 };
  value['self'] = value;
  return value;
}

async function runReturning(value: () => unknown) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, 'name: Odd results\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: odd, args: {} }\n  - { id: b, type: tool_call, tool: odd, args: {}, depends_on: [a] }\n');
  const tool: Tool = { name: 'odd', description: 'Returns what JSON cannot hold', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => value() };
  let log = '';
  const failures: unknown[] = [];
  const redact = createRedactor();
  const outcome = await runJob(
    { planFile, inputs: {}, cwd: dir, env: {}, model: { baseURL: 'http://127.0.0.1:9/v1' } },
    { listeners: [consoleChecklist({ write: (text) => void (log += text), isTTY: false, redact })], clock: systemClock, extraTools: [tool], onListenerError: (error) => failures.push(error) },
  );
  const report = finalReport(outcome, { planFile, planPath: 'plan.yml', tracePath: 'trace.jsonl', redact });
  const comment = renderComment(report.record as RunRecord, { marker: '<!-- m -->', redact });
  return { status: report.status, log, failures, comment, summary: report.markdown };
}

describe('a step result JSON cannot hold', () => {
  it('a bigint: every view shows the step done, with the digits the trace has', async () => {
    const run = await runReturning(() => ({ id: 10n ** 20n }));
    expect(run.status).toBe('succeeded');
    expect(run.failures).toEqual([]);
    expect(run.log).toContain('✅ a. odd → {"id":"100000000000000000000"}');
    expect(run.log).toContain('✅ b. odd → {"id":"100000000000000000000"}');
    expect(run.comment).toContain('✅ a. odd → {"id":"100000000000000000000"}');
    expect(run.summary).toContain('"id": "100000000000000000000"');
    expect(run.summary).not.toContain('[object Object]');
  });

  it('a value that holds itself: every view shows the step done, the cycle as the trace writes it', async () => {
    const run = await runReturning(holdsItself);
    expect(run.status).toBe('succeeded');
    expect(run.failures).toEqual([]);
    expect(run.log).toContain('✅ a. odd → {"total":7,"self":"[Circular]"}');
    expect(run.comment).toContain('✅ a. odd → {"total":7,"self":"\\[Circular\\]"}');
    expect(run.summary).not.toContain('[object Object]');
  });
});

// Found by a review of the fix: the fallback that writes a bigint or a cycle recursed itself, and threw on a
// value nested past the stack, where the text before was what String() gives.
it('gives no JSON text, and throws nothing, for a value that also nests past the stack', async () => {
  const { resultJson, resultText } = await import('../../src/core/result-text.ts');
  let deep: Record<string, unknown> = { n: 1n };
  for (let i = 0; i < 200_000; i++) deep = { deep };
  expect(resultJson(deep)).toBeUndefined();
  expect(resultText(deep)).toEqual({ text: '[object Object]', json: false });
});
