// A file plan that recovered by a replan was resumed from the file's steps: the step the replan had
// replaced ran again (its call had failed for certain, so it was not a known side effect), and took
// effect this time, beside its replacement's (found by a review of durable runs).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'rev-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

const replans = [
  [{ id: 'publish_fixed', type: 'tool_call', tool: 'publish', args: { tag: 'v1.2' }, depends_on: [], why: 'tags need a v' },
   { id: 'announce2', type: 'tool_call', tool: 'announce', args: { text: { step_result: 'publish_fixed' } }, depends_on: ['publish_fixed'], why: 'announce' }],
];
const purposes: string[] = [];
const model: ModelClient = {
  defaultModel: 'm',
  async complete(request, label) {
    purposes.push(label.purpose);
    const content = JSON.stringify({ steps: replans.shift() ?? [], why: 'fix' });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
};
let attempt = 1;
const releases: string[] = [];
const publish: Tool = { name: 'publish', description: 'create a release', inputSchema: { type: 'object' }, sideEffects: true, async execute(args) {
  // Attempt 1: the release service is briefly read-only for unprefixed tags and says so (a 4xx: permanent).
  if (attempt === 1 && !String(args['tag']).startsWith('v')) throw new StepError('422 tag rejected', { transient: false });
  releases.push(String(args['tag'])); return `release ${String(args['tag'])}`;
} };
const announce: Tool = { name: 'announce', description: 'post', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) {
  if (attempt === 1) throw new StepError('chat is down', { transient: false }); return args;
} };

let n = 0;
async function run(resume?: string) {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, `name: rel
limits: { max_replans: 1 }
workflow_sequence:
  - { id: publish, type: tool_call, tool: publish, args: { tag: "1.2" } }
  - { id: announce, type: tool_call, tool: announce, args: { text: { step_result: publish } }, depends_on: [publish] }
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
  return { outcome, events, trace: tracePath };
}

it('resumes an unchanged plan file with its replans: the replaced step does not run again, the replacement is reused', async () => {
  const first = await run();
  expect(releases).toEqual(['v1.2']);
  attempt = 2;
  const second = await run(first.trace);
  expect(releases).toEqual(['v1.2']);
  expect(second.outcome.status).toBe('succeeded');
  const completed = second.events.flatMap((event) => (event.type === 'step_completed' ? [{ key: event.stepKey, reused: event.reused !== undefined }] : []));
  expect(completed).toEqual([{ key: 'publish_fixed', reused: true }, { key: 'announce2', reused: false }]);
});
