import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { readResumeTrace } from '../../src/run/read-resume-trace.ts';
import { startChatServer, toolCallAnswer, type ChatScript, type ChatServer } from '../helpers/chat-server.ts';

// A tool_call step whose arguments the model chooses, with a tool that has side effects. The first run's call
// published and then exited 75 (transient): its effect is unknown and the run escalates. A re-run resumes the
// step, and the model chooses its arguments again: in other words, no record matched, and it published twice.
const PLAN = `
name: Release
tools:
  publish:
    description: Publishes a release note
    command: [sh, -c, "cat >> published.txt; echo >> published.txt; test -e answered || exit 75"]
    input: { type: object, properties: { title: { type: string } }, required: [title] }
    side_effects: true
workflow_sequence:
  - id: release
    type: tool_call
    description: Publish the release note for v1
    tool: publish
`;

let dir: string;
let server: ChatServer;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-chosen-resume-'));
  await writeFile(path.join(dir, 'plan.yml'), PLAN);
  server = await startChatServer([]);
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(script: ChatScript, trace: string, resumeFrom?: string) {
  server.script(script);
  const writer = traceWriter(path.join(dir, trace));
  let resume;
  if (resumeFrom) {
    const read = await readResumeTrace(path.join(dir, resumeFrom));
    if (!read.ok) throw new Error(read.problem);
    resume = read.trace;
  }
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' }, ...(resume && { resume }) },
    {
      listeners: [writer.listener],
      clock: systemClock,
      createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
  await writer.close();
  return outcome;
}

async function published(): Promise<string[]> {
  return (await readFile(path.join(dir, 'published.txt'), 'utf8')).split('\n').filter(Boolean);
}

it('a resumed tool_call step whose model chooses other arguments for a call that may have landed escalates and publishes nothing again', async () => {
  const first = await run([toolCallAnswer('publish', { title: 'Release v1' })], 'first.jsonl');
  expect(first.kind === 'ran' && first.status).toBe('escalated');
  expect(await published()).toEqual(['{"title":"Release v1"}']);

  await writeFile(path.join(dir, 'answered'), '');
  const second = await run([toolCallAnswer('publish', { title: 'Release v1: faster builds' })], 'second.jsonl', 'first.jsonl');
  expect(await published()).toEqual(['{"title":"Release v1"}']);
  expect(second.kind === 'ran' && second.status).toBe('escalated');
  const error = second.kind === 'ran' ? second.run.record.steps.get('release')?.error : undefined;
  expect(error).toContain('publish({"title":"Release v1: faster builds"})');
  expect(error).toContain('in place of publish({"title":"Release v1"})');
  expect(error).toContain('check whether it took effect');
  expect(second.kind === 'ran' && second.run.reason).toContain('would call publish({"title":"Release v1"}) again, in other words its model chose, a tool with side effects that got no answer in an earlier run');
});

it('a resumed tool_call step whose model chooses the same arguments meets the run’s record as before', async () => {
  await run([toolCallAnswer('publish', { title: 'Release v1' })], 'first.jsonl');
  await writeFile(path.join(dir, 'answered'), '');
  const second = await run([toolCallAnswer('publish', { title: 'Release v1' })], 'second.jsonl', 'first.jsonl');
  expect(await published()).toEqual(['{"title":"Release v1"}']);
  expect(second.kind === 'ran' && second.run.record.steps.get('release')?.error).toContain('plan-runner never repeats one');
});

it('a step whose earlier call the tool refused is chosen afresh and called', async () => {
  await writeFile(path.join(dir, 'plan.yml'), PLAN.replace('test -e answered || exit 75', 'test -e answered || exit 3').replace('tool: publish\n', 'tool: publish\n    on_failure: fail\n'));
  const first = await run([toolCallAnswer('publish', { title: 'Release v1' })], 'first.jsonl');
  expect(first.kind === 'ran' && first.status).toBe('failed');
  await writeFile(path.join(dir, 'answered'), '');
  const second = await run([toolCallAnswer('publish', { title: 'Release v1: faster builds' })], 'second.jsonl', 'first.jsonl');
  expect(second.kind === 'ran' && second.status).toBe('succeeded');
  expect(await published()).toEqual(['{"title":"Release v1"}', '{"title":"Release v1: faster builds"}']);
});
