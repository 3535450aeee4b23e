// The ReAct baseline took an empty answer, or one cut off at the token limit, as its final answer and
// counted the run a success, where the plan's step failed on the same answer (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runEval } from '../../src/eval/run-eval.ts';
import { startChatServer, textAnswer, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';

let dir: string;
let chat: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-react-answers-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: status\ngoal: Write a short status line\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: add, args: { a: 1, b: 2 } }\ngoals:\n  - { name: no error, not_contains: error }\n');
  chat = await startChatServer([]);
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

const raw = (content: string | null, finish: string): ScriptedReply => ({
  kind: 'raw',
  body: { id: 'r', object: 'chat.completion', created: 1, model: 'gpt-4.1-mini', choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content } }], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } },
});

async function reactRun(answer: ScriptedReply) {
  chat.script([answer]);
  const settings = { plans: [{ file: path.join(dir, 'plan.yml') }], runs: 1, seed: 1, faults: [], baselines: ['react' as const], inputs: {}, cwd: dir, env: { PATH: process.env.PATH ?? '' }, model: { kind: 'live' as const, baseURL: chat.baseURL, apiKey: 'sk-test-0000000000000000000000' }, maxTurns: 5 };
  const runs = await runEval(settings, { clock: systemClock, signal: new AbortController().signal });
  return runs.find((run) => run.variant === 'react')!;
}

describe('the react baseline reads an answer as an agent step does', () => {
  it('fails a run whose answer has no visible text', async () => {
    const run = await reactRun(textAnswer(' \u200b '));
    expect(run.status).toBe('failed');
    expect(run.reason).toContain('the model returned no answer (finish reason stop)');
  });

  it('fails a run whose answer was cut off, in any spelling of the reason', async () => {
    for (const finish of ['length', 'MAX_TOKENS']) {
      const run = await reactRun(raw('Status: all fine, no probl', finish));
      expect(run.status, finish).toBe('failed');
      expect(run.reason, finish).toContain("the model's answer was cut off: it reached the token limit");
    }
  });

  // The refusal went whole into the run's reason, the eval's table and eval.json, where a plan's step quotes 300
  // characters of it (found by an adversarial pass).
  it('fails a run whose model refused, quoting the refusal cut as an agent step’s error does', async () => {
    const refusal: ScriptedReply = { kind: 'raw', body: { choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, refusal: `No. ${'x'.repeat(100_000)}` } }], usage: { prompt_tokens: 10, completion_tokens: 10 } } };
    const run = await reactRun(refusal);
    expect(run.status).toBe('failed');
    expect(run.reason).toContain('the model returned no answer (refused: No. xxx');
    expect(run.reason!.length).toBeLessThan(1_000);
  });

  it('still takes a whole answer', async () => {
    const run = await reactRun(textAnswer('Status: all fine'));
    expect(run.status).toBe('succeeded');
  });
});
