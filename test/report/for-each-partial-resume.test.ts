import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { cutNote } from '../../src/core/cut-note.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'for-each-partial-resume-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const PLAN = `name: Review
workflow_sequence:
  - { id: files, type: tool_call, tool: list_changed, args: {} }
  - { id: review, type: tool_call, tool: review_file, for_each: "\${steps.files.result.files}", args: { name: "\${item}" } }
`;

let reviewsOfB = 0;
const tools: Tool[] = [
  { name: 'list_changed', description: 'Changed files', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ({ note: cutNote('the pull request changes more than 2 files; showing the first 2'), files: ['a.ts', 'b.ts'] }) },
  {
    name: 'review_file',
    description: 'Reviews a file',
    inputSchema: { type: 'object' },
    sideEffects: false,
    execute: async (args) => {
      if (args.name === 'b.ts' && ++reviewsOfB === 1) throw new Error('GitHub is down');
      return `ok ${String(args.name)}`;
    },
  },
];

let runs = 0;
async function run(resume?: string) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, PLAN);
  const tracePath = path.join(dir, `trace-${++runs}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob({ planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from }, { listeners: [trace.listener], clock: systemClock, extraTools: tools });
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(`the job did not run: ${JSON.stringify(outcome)}`);
  return { outcome, trace: tracePath };
}

// Found by an adversarial pass: the reasons a for_each step's result lacks work must reach a resumed run's views too.
it('a resumed run’s line of a for_each step over a cut list, its items part reused, says its result is partial', async () => {
  const first = await run();
  expect(first.outcome.status).toBe('failed');
  const second = await run(first.trace);
  expect(second.outcome.status).toBe('succeeded');
  const line = checklistLines(second.outcome.run.record).find((text) => text.startsWith('✅ review.'));
  expect(line).toContain('2/2 done — result partial: its for_each list comes from the result of step files, which its tool cut');
});
