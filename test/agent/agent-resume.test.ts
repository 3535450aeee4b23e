import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runJob, type JobSettings } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { readResumeTrace } from '../../src/run/read-resume-trace.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatScript, type ChatServer } from '../helpers/chat-server.ts';
import { todos } from './agent-fixtures.ts';

// An agent step that published and was then stopped before it finished. Resumed, it started again
// knowing nothing of what it had done: the same call in the same words is refused by the run's record,
// but the same release under another title would have been published twice.
const PLAN = `
name: Release
tools:
  publish:
    description: Publishes a release note
    command: [sh, -c, "cat >> published.txt"]
    input: { type: object, properties: { title: { type: string } }, required: [title] }
    side_effects: true
workflow_sequence:
  - id: release
    type: agent
    task: Publish the release note for v1, then say what you published.
    tools: [publish]
`;

let dir: string;
let server: ChatServer;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-agent-resume-'));
  await writeFile(path.join(dir, 'plan.yml'), PLAN);
  server = await startChatServer([]);
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(script: ChatScript, trace: string, options: { resume?: string; stopAfterPublish?: boolean | number; settings?: Partial<JobSettings> } = {}) {
  server.script(script);
  const stop = new AbortController();
  const writer = traceWriter(path.join(dir, trace));
  let resume;
  if (options.resume) {
    const read = await readResumeTrace(path.join(dir, options.resume));
    if (!read.ok) throw new Error(read.problem);
    resume = read.trace;
  }
  let published = 0;
  const stopper = (event: RunEvent) => {
    if (!options.stopAfterPublish || event.type !== 'tool_returned' || event.tool !== 'publish') return;
    if (++published === (options.stopAfterPublish === true ? 1 : options.stopAfterPublish)) stop.abort(new Error('cancelled'));
  };
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' }, ...(resume && { resume }), ...options.settings },
    {
      listeners: [writer.listener, stopper],
      clock: systemClock,
      signal: stop.signal,
      createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
  await writer.close();
  return outcome;
}

it('a resumed agent step is told of the side effects it had made, as data, and publishes nothing again', async () => {
  const first = await run([todos(false, [['1', 'Publish v1', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v1: faster <b>builds</b>' })], 'first.jsonl', { stopAfterPublish: true });
  expect(first.kind === 'ran' && first.status).toBe('cancelled');
  expect(await readFile(path.join(dir, 'published.txt'), 'utf8')).toContain('Release v1');

  const requestsBefore = server.requests.length;
  const second = await run([todos(false, [['1', 'Say what was published', 'in_progress']]), textAnswer('Published "Release v1: faster builds".')], 'second.jsonl', { resume: 'first.jsonl' });
  expect(second.kind === 'ran' && second.status).toBe('succeeded');
  const messages = server.requests[requestsBefore]!.body.messages as { role: string; content: string }[];
  const note = messages.at(-1)!;
  expect(note.role).toBe('user');
  expect(note.content).toContain('This step ran before, in an earlier attempt of this run');
  // The model's own earlier words come back as data, with what became of the call.
  expect(note.content).toMatch(/<data call="1" tool="publish" outcome="took effect">\n\{"title":"Release v1: faster <b>builds<\/b>"\}\n<\/data>/);
  expect((await readFile(path.join(dir, 'published.txt'), 'utf8')).match(/Release v1/g)).toHaveLength(1);
});

// Found by a review: mode agent's task input is event text, taken as written; resumed, it is still the same step (told
// of its call) and still taken as written, not read for `${inputs.x}` or refused for `${result.total}`.
it('a resumed mode agent run takes its task as written again, as the same step', async () => {
  await writeFile(path.join(dir, 'plan.yml'), `${PLAN.slice(0, PLAN.indexOf('workflow_sequence:'))}goal: Publish the release note\ninputs:\n  x: { default: "filled-in value" }\n`);
  const settings = { mode: 'agent' as const, task: 'Publish `Total: ${result.total}` for ${inputs.x}' };
  const first = await run([todos(false, [['1', 'Publish', 'in_progress']]), toolCallAnswer('publish', { title: 'Release' })], 'first.jsonl', { stopAfterPublish: true, settings });
  expect(first.kind === 'ran' && first.status).toBe('cancelled');
  const requestsBefore = server.requests.length;
  const second = await run([todos(false, [['1', 'Say what was published', 'completed']]), textAnswer('Published.')], 'second.jsonl', { resume: 'first.jsonl', settings });
  expect(second.kind === 'ran' && second.status).toBe('succeeded');
  const messages = server.requests[requestsBefore]!.body.messages as { role: string; content: string }[];
  expect(messages.at(-2)!.content).toContain(`your task is:\n${settings.task}\n`);
  expect(messages.at(-1)!.content).toContain('This step ran before, in an earlier attempt of this run');
});

// Found by a review: a trace written before a task was taken as written holds the step without `taskAsWritten`, as a
// run whose task is the plan's goal still does. Its key counted the field: resumed with the same task, the completed
// agent ran again (its model calls paid again, its publish call escalated as a repeat).
it('a mode agent step completed before its task was taken as written is reused, when the task holds no ${…}', async () => {
  const goal = 'Publish the release note';
  await writeFile(path.join(dir, 'plan.yml'), `${PLAN.slice(0, PLAN.indexOf('workflow_sequence:'))}goal: ${goal}\ngoals:\n  - { name: never, contains: NEVER-THERE }\n`);
  // The plan's goal as the task: the step an older version made of `--task` with these words, without the field.
  const first = await run([todos(false, [['1', 'Publish', 'in_progress']]), toolCallAnswer('publish', { title: 'Release' }), textAnswer('Published Release.')], 'first.jsonl', { settings: { mode: 'agent' } });
  expect(first.kind === 'ran' && first.status).toBe('goals-unmet');
  const requestsBefore = server.requests.length;
  const second = await run([todos(false, [['1', 'Publish', 'in_progress']]), toolCallAnswer('publish', { title: 'Release' }), textAnswer('Published Release.')], 'second.jsonl', { resume: 'first.jsonl', settings: { mode: 'agent', task: goal } });
  expect(second.kind === 'ran' && second.status).toBe('goals-unmet');
  expect(server.requests.length).toBe(requestsBefore);
  const events = (await readFile(path.join(dir, 'second.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; stepKey?: string; reused?: unknown; fileSteps?: string });
  expect(events.find((event) => event.type === 'step_completed' && event.stepKey === 'agent')?.reused).toBeDefined();
  expect((await readFile(path.join(dir, 'published.txt'), 'utf8')).match(/Release/g)).toHaveLength(1);
  // The plan file's steps as the older trace hashed them: a replan it had made is gone on with, not dropped as of other steps.
  const firstCreated = JSON.parse((await readFile(path.join(dir, 'first.jsonl'), 'utf8')).split('\n')[0]!) as { fileSteps: string };
  expect(events.find((event) => event.type === 'plan_created')?.fileSteps).toBe(firstCreated.fileSteps);
});

it("a mode agent run resumed by this version, its task holding no ${…}, goes on with the plan file's steps as the same revision", async () => {
  const task = 'Publish the release note';
  await writeFile(path.join(dir, 'plan.yml'), `${PLAN.slice(0, PLAN.indexOf('workflow_sequence:'))}goal: ${task}\ngoals:\n  - { name: never, contains: NEVER-THERE }\n`);
  await run([todos(false, [['1', 'Publish', 'in_progress']]), toolCallAnswer('publish', { title: 'Release' }), textAnswer('Published Release.')], 'first.jsonl', { settings: { mode: 'agent', task } });
  const requestsBefore = server.requests.length;
  await run([], 'second.jsonl', { resume: 'first.jsonl', settings: { mode: 'agent', task } });
  expect(server.requests.length).toBe(requestsBefore);
  // The trace's steps hold the field the file's steps' hash leaves out: compared alike, or the same plan was a new revision.
  const created = JSON.parse((await readFile(path.join(dir, 'second.jsonl'), 'utf8')).split('\n')[0]!) as { plan: { revision: number; steps: { taskAsWritten?: true }[] } };
  expect(created.plan.steps[0]!.taskAsWritten).toBe(true);
  expect(created.plan.revision).toBe(1);
});

it('a step that made no side-effect call before is not told of any', async () => {
  await run([todos(false, [['1', 'Publish v1', 'in_progress']])], 'first.jsonl', { stopAfterPublish: false });
  const requestsBefore = server.requests.length;
  await run([todos(false, [['1', 'Publish v1', 'in_progress']]), textAnswer('Nothing to publish.')], 'second.jsonl', { resume: 'first.jsonl' });
  const messages = server.requests[requestsBefore]!.body.messages as { role: string; content: string }[];
  expect(messages.map((message) => message.content).join('\n')).not.toContain('This step ran before');
});

// Found by the review of the change: a step the earlier run completed, run again because its task
// changed (v1 → v2), was told not to publish again.
it('a step the earlier run completed, run again for a changed task, is not told of what it did then', async () => {
  await run([todos(false, [['1', 'Publish v1', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v1' }), textAnswer('Published v1.')], 'first.jsonl');
  await writeFile(path.join(dir, 'plan.yml'), PLAN.replace('for v1', 'for v2'));
  const requestsBefore = server.requests.length;
  await run([todos(false, [['1', 'Publish v2', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v2' }), textAnswer('Published v2.')], 'second.jsonl', { resume: 'first.jsonl' });
  const messages = server.requests[requestsBefore]!.body.messages as { role: string; content: string }[];
  expect(messages.map((message) => message.content).join('\n')).not.toContain('This step ran before');
  expect((await readFile(path.join(dir, 'published.txt'), 'utf8')).match(/Release v\d/g)).toEqual(['Release v1', 'Release v2']);
});

// An agent running as a for_each item was told nothing on resume: the trace kept its calls under its
// step, so no item could be told which were its own.
const ITEMS_PLAN = (list: string, task = 'Publish the release note for ${item}, then say what you published.') =>
  PLAN.replace('tools:\n', `tools:\n  versions:\n    description: The versions\n    command: [sh, -c, "echo '${list}'"]\n    input: { type: object }\n`)
    .replace('workflow_sequence:', 'limits: { concurrency: 1 }\nworkflow_sequence:\n  - { id: list, type: tool_call, tool: versions, args: {} }')
    .replace('task: Publish the release note for v1, then say what you published.', `task: ${task}\n    for_each: \${steps.list.result}\n    depends_on: [list]`);
const TWO = '[\\"v1\\", \\"v2\\"]';

/** Everything the first request of item `item` (`item 0`) of the run started after request `from` said. */
function firstPrompt(from: number, item: string): string {
  const request = server.requests.slice(from).find((r) => JSON.stringify(r.body.messages).includes(`Your step (release, ${item})`));
  return (request!.body.messages as { content: string }[]).map((message) => message.content).join('\n');
}

it('a resumed for_each agent item is told of the side effects that item made, and another item is not', async () => {
  await writeFile(path.join(dir, 'plan.yml'), ITEMS_PLAN(TWO));
  const first = await run([todos(false, [['1', 'Publish v1', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v1' })], 'first.jsonl', { stopAfterPublish: true });
  expect(first.kind === 'ran' && first.status).toBe('cancelled');
  const trace = await readFile(path.join(dir, 'first.jsonl'), 'utf8');
  expect(trace).toMatch(/"type":"tool_called","stepKey":"release","tool":"publish",.*"item":\{"key":"release\[0\]","reuseKey":"[0-9a-f]+"\}/);

  const requestsBefore = server.requests.length;
  const second = await run(
    [
      todos(false, [['1', 'Say what was published', 'in_progress']]),
      textAnswer('Published "Release v1".'),
      todos(false, [['1', 'Publish v2', 'in_progress']]),
      toolCallAnswer('publish', { title: 'Release v2' }),
      textAnswer('Published "Release v2".'),
    ],
    'second.jsonl',
    { resume: 'first.jsonl' },
  );
  expect(second.kind === 'ran' && second.status).toBe('succeeded');
  expect(firstPrompt(requestsBefore, 'item 0')).toMatch(/This step ran before[\s\S]*<data call="1" tool="publish" outcome="took effect">\n\{"title":"Release v1"\}\n<\/data>/);
  expect(firstPrompt(requestsBefore, 'item 1')).not.toContain('This step ran before');
  expect((await readFile(path.join(dir, 'published.txt'), 'utf8')).match(/Release v\d/g)).toEqual(['Release v1', 'Release v2']);
});

// Found by the review of the change: items were matched by key alone. `release[0]` of a list that
// gained a version in front is another version; an item run again because its task changed had
// completed. Neither made the calls it was told of.
it('a for_each agent item of a step whose list or task changed is not told of the calls made under the same key', async () => {
  const done = [0, 1, 2].flatMap(() => [todos(false, [['1', 'Publish', 'in_progress']]), textAnswer('done')]);
  await writeFile(path.join(dir, 'plan.yml'), ITEMS_PLAN(TWO));
  await run([todos(false, [['1', 'Publish v1', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v1' })], 'first.jsonl', { stopAfterPublish: true });
  await writeFile(path.join(dir, 'plan.yml'), ITEMS_PLAN('[\\"v0\\", \\"v1\\", \\"v2\\"]'));
  let before = server.requests.length;
  await run(done, 'second.jsonl', { resume: 'first.jsonl' });
  expect(firstPrompt(before, 'item 0')).not.toContain('This step ran before');

  await writeFile(path.join(dir, 'plan.yml'), ITEMS_PLAN(TWO));
  const script = [todos(false, [['1', 'Publish v1', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v1' }), textAnswer('Published v1.'), todos(false, [['1', 'Publish v2', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v2' })];
  await run(script, 'third.jsonl', { stopAfterPublish: 2 });
  await writeFile(path.join(dir, 'plan.yml'), ITEMS_PLAN(TWO, 'Publish the release note for ${item} on the blog, then say what you published.'));
  before = server.requests.length;
  await run(done, 'fourth.jsonl', { resume: 'third.jsonl' });
  expect(firstPrompt(before, 'item 0')).not.toContain('This step ran before');
});

// Found by a review: a trace whose call named its item as null crashed the resume with an internal error.
it('refuses, as damaged, a trace whose call names its item in another shape', async () => {
  await writeFile(path.join(dir, 'plan.yml'), ITEMS_PLAN(TWO));
  await run([todos(false, [['1', 'Publish v1', 'in_progress']]), toolCallAnswer('publish', { title: 'Release v1' })], 'first.jsonl', { stopAfterPublish: true });
  const trace = await readFile(path.join(dir, 'first.jsonl'), 'utf8');
  for (const item of ['null', '"release[0]"']) {
    await writeFile(path.join(dir, 'bad.jsonl'), trace.replace(/"item":\{[^}]*\}/, `"item":${item}`));
    const outcome = await run([], 'second.jsonl', { resume: 'bad.jsonl' });
    expect(outcome).toMatchObject({ kind: 'rejected', errors: [{ message: expect.stringMatching(/item is not \{ key, reuseKey \}.*; the trace is damaged$/) }] });
  }
});
