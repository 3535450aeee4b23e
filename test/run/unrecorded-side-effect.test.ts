import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';

// Found by review: the trace's disk filled up mid-run; the writer kept the failure to itself, the run
// went on and made a call with side effects that no trace line recorded. After freeing space, the
// resume (which drops a cut last line, as a kill leaves one) made the same call again.
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-unrecorded-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('makes no call with side effects once the trace cannot be written, and says why', async () => {
  await writeFile(
    path.join(dir, 'plan.yml'),
    `name: Publish
tools:
  look: { description: Reads, command: [sh, -c, "echo 1"] }
  publish: { description: Appends to published.txt, command: [sh, -c, "echo once >> published.txt; echo 2"], side_effects: true }
workflow_sequence:
  - { id: read, type: tool_call, tool: look, args: {} }
  - { id: write, type: tool_call, tool: publish, args: {}, on_failure: fail }
`,
  );
  // /dev/full: every write fails with ENOSPC, as on a full disk.
  const trace = traceWriter('/dev/full');
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: 'http://127.0.0.1:9/v1' } },
    { listeners: [trace.listener], clock: systemClock, recordProblem: () => trace.problem() },
  );
  await trace.close().catch(() => undefined);
  expect(outcome.kind === 'ran' && outcome.status).toBe('failed');
  if (outcome.kind !== 'ran') return;
  expect(outcome.run.record.steps.get('read')?.state).toBe('completed');
  expect(outcome.run.record.steps.get('write')?.error).toMatch(/^publish was not called: it has side effects, and the trace file \/dev\/full could not be written \(ENOSPC/);
  await expect(readFile(path.join(dir, 'published.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
});

// Found by the review of the fix: an agent told "The tool failed" answered "Published it" and its run
// succeeded; and a tool_call step's refusal was replanned, and the replacement refused again.
it('stops the run: no agent turn or replan goes on past the refusal', async () => {
  const { startChatServer, textAnswer, toolCallAnswer } = await import('../helpers/chat-server.ts');
  const { createOpenAIModelClient } = await import('../../src/llm/openai-model-client.ts');
  const { todos } = await import('../agent/agent-fixtures.ts');
  const chat = await startChatServer([todos(false, [['1', 'Publish', 'in_progress']]), toolCallAnswer('publish', {}), textAnswer('Published it. Done.'), textAnswer('{"steps": []}')]);
  try {
    for (const [name, step] of [
      ['agent', '  - { id: a, type: agent, task: Publish it, tools: [publish] }'],
      ['replan', '  - { id: a, type: tool_call, tool: publish, args: {} }'],
    ] as const) {
      await writeFile(path.join(dir, 'plan.yml'), `name: Publish\ntools:\n  publish: { description: Appends to published.txt, command: [sh, -c, "echo once >> published.txt; echo 2"], side_effects: true }\nworkflow_sequence:\n${step}\n`);
      const before = chat.requests.length;
      const trace = traceWriter('/dev/full');
      const outcome = await runJob(
        { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: chat.baseURL, apiKey: 'sk-test' } },
        { listeners: [trace.listener], clock: systemClock, recordProblem: () => trace.problem(), createModel: (model) => createOpenAIModelClient({ baseURL: model.baseURL, apiKey: 'sk-test', model: 'm', timeoutMs: 10_000, maxRetries: 0 }) },
      );
      await trace.close().catch(() => undefined);
      expect(outcome.kind === 'ran' && [outcome.status, outcome.run.reason], name).toEqual(['failed', expect.stringMatching(/^publish was not called: it has side effects/)]);
      // The agent made its two calls (the list, then publish) and no third; no replan was asked for.
      expect(chat.requests.length - before, name).toBe(name === 'agent' ? 2 : 0);
      await expect(readFile(path.join(dir, 'published.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
    }
  } finally {
    await chat.close();
  }
});

// Found by an adversarial pass: the refusal inside a used plan stopped only that plan's run; the run using it replanned
// around its step, and a replacement that made no call succeeded, though no call of the job could be recorded.
it('stops the run using the plan whose step was refused: no replan goes on past it', async () => {
  const { startChatServer, textAnswer } = await import('../helpers/chat-server.ts');
  const { createOpenAIModelClient } = await import('../../src/llm/openai-model-client.ts');
  const replacement = JSON.stringify({ steps: [{ id: 'say', type: 'reasoning', description: 'Say it was published' }], why: 'the plan failed' });
  const chat = await startChatServer([textAnswer(replacement), textAnswer('Published.')]);
  try {
    await writeFile(path.join(dir, 'plan.yml'), 'name: Outer\nworkflow_sequence:\n  - { id: inner, type: plan, uses: ./publish.yml }\n');
    await writeFile(
      path.join(dir, 'publish.yml'),
      'name: Publish\ntools:\n  publish: { description: Appends to published.txt, command: [sh, -c, "echo once >> published.txt; echo 2"], side_effects: true }\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: publish, args: {} }\n',
    );
    const trace = traceWriter('/dev/full');
    const outcome = await runJob(
      { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: chat.baseURL, apiKey: 'sk-test' } },
      { listeners: [trace.listener], clock: systemClock, recordProblem: () => trace.problem(), createModel: (model) => createOpenAIModelClient({ baseURL: model.baseURL, apiKey: 'sk-test', model: 'm', timeoutMs: 10_000, maxRetries: 0 }) },
    );
    await trace.close().catch(() => undefined);
    expect(outcome.kind === 'ran' && [outcome.status, outcome.run.reason]).toEqual(['failed', expect.stringMatching(/^publish was not called: it has side effects/)]);
    expect(chat.requests).toHaveLength(0);
    await expect(readFile(path.join(dir, 'published.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
  } finally {
    await chat.close();
  }
});
