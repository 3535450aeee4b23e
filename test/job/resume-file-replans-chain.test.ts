// A plan file that recovered by a replan resumes with its replans (the replaced step does not run again),
// but only from the run that replanned: a resume of that resume started from the file's steps again, since
// the run in between recorded the replanned steps as its first plan, unrevised. The replaced step, whose call
// had failed for certain, ran again and took effect beside its replacement's (found by an adversarial hunt of
// durable runs: a trace resumed several times).
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
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'rfc-')); });
afterEach(() => rm(dir, { recursive: true, force: true }));

const replans = [
  [{ id: 'publish_fixed', type: 'tool_call', tool: 'publish', args: { tag: 'v1.2' }, depends_on: [], why: 'tags need a v' },
   { id: 'announce2', type: 'tool_call', tool: 'announce', args: { text: { step_result: 'publish_fixed' } }, depends_on: ['publish_fixed'], why: 'announce' }],
];
const model: ModelClient = {
  defaultModel: 'm',
  async complete(request) {
    const content = JSON.stringify({ steps: replans.shift() ?? [], why: 'fix' });
    return { id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  },
};
let publishReadOnly = true;
let chatDown = true;
const releases: string[] = [];
const publish: Tool = { name: 'publish', description: 'create a release', inputSchema: { type: 'object' }, sideEffects: true, async execute(args) {
  // The release service is briefly read-only for unprefixed tags and says so (a 4xx: permanent).
  if (publishReadOnly && !String(args['tag']).startsWith('v')) throw new StepError('422 tag rejected', { transient: false });
  releases.push(String(args['tag'])); return `release ${String(args['tag'])}`;
} };
const announce: Tool = { name: 'announce', description: 'post', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) {
  if (chatDown) throw new StepError('chat is down', { transient: false }); return args;
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

it('a resume of a resume of a replanned plan file keeps the replans: the replaced step does not run again', async () => {
  const first = await run();
  expect(releases).toEqual(['v1.2']);
  expect(first.outcome.status).not.toBe('succeeded');
  // The release service takes any tag now; the chat is still down: the resume fails again at its announce.
  publishReadOnly = false;
  const second = await run(first.trace);
  expect(second.outcome.status).not.toBe('succeeded');
  expect(releases).toEqual(['v1.2']);
  chatDown = false;
  const third = await run(second.trace);
  expect(releases).toEqual(['v1.2']);
  expect(third.outcome.status).toBe('succeeded');
  const completed = third.events.flatMap((event) => (event.type === 'step_completed' ? [{ key: event.stepKey, reused: event.reused !== undefined }] : []));
  expect(completed).toEqual([{ key: 'publish_fixed', reused: true }, { key: 'announce2', reused: false }]);
});
