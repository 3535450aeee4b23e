import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';
import { startChatServer, textAnswer, type ScriptedReply } from '../helpers/chat-server.ts';

// Found by an adversarial pass: when no step ran (the model's plan rejected, or only shown with mode: plan), the
// outputs counted the planner's calls, and the job summary, the run's record, said nothing of them.
let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-planner-cost-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const GOAL_ONLY = 'name: Written\ngoal: Compute 3 times 4\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n';
const usage = (prompt_tokens: number, completion_tokens: number) => ({ usage: { prompt_tokens, completion_tokens } });

async function summaryOf(script: readonly ScriptedReply[], inputs: Record<string, string> = {}) {
  const server = await startChatServer(script);
  try {
    await writeFile(path.join(workspace, 'plan.yml'), GOAL_ONLY);
    const given: Record<string, string> = { plan: 'plan.yml', 'base-url': server.baseURL, 'api-key': 'sk-test', ...inputs };
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
    await result.published;
    return { outputs: result.outputs, summary: said.summary };
  } finally {
    await server.close();
  }
}

it('counts the planner’s calls in the summary of a plan the model wrote and validation rejected', async () => {
  const { outputs, summary } = await summaryOf([textAnswer('not a plan', usage(500, 20)), textAnswer('still not a plan', usage(600, 20))]);
  expect(outputs).toMatchObject({ status: 'failed', 'model-calls': '2', 'prompt-tokens': '1100', 'completion-tokens': '40' });
  expect(summary).toContain('### Cost');
  expect(summary).toContain('| **Total** | 2 | 1,100 | 40 | $0.0005 |');
});

it('counts the planner’s call in the summary of mode: plan', async () => {
  const plan = JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] });
  const { outputs, summary } = await summaryOf([textAnswer(plan, usage(500, 20))], { mode: 'plan' });
  expect(outputs).toMatchObject({ 'model-calls': '1', 'prompt-tokens': '500', 'completion-tokens': '20' });
  expect(summary).toContain('| **Total** | 1 | 500 | 20 | $0.0002 |');
});
