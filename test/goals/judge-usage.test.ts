import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';
import { startChatServer, textAnswer } from '../helpers/chat-server.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-judge-usage-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

// The judge calls the model after run_finished, whose usage the outputs, the summary's cost table
// and the trace took: 'model-calls' said 1 where 2 calls were made.
it('counts a judge goal’s model call in the outputs, the summary’s cost table and the trace', async () => {
  const server = await startChatServer([
    textAnswer('hello', { usage: { prompt_tokens: 100, completion_tokens: 10 } }),
    textAnswer('{"met": true, "reason": "polite"}', { usage: { prompt_tokens: 1000, completion_tokens: 50 } }),
  ]);
  try {
    await writeFile(path.join(workspace, 'plan.yml'), 'name: Judge\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\ngoals:\n  - { name: polite, judge: The answer is polite. }\n');
    const given: Record<string, string> = { plan: 'plan.yml', 'base-url': server.baseURL, 'api-key': 'sk-test' };
    const read = readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
    await result.published;
    expect(server.requests).toHaveLength(2);
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'model-calls': '2', 'prompt-tokens': '1100', 'completion-tokens': '60' });
    expect(said.summary).toContain('| **Total** | 2 | 1,100 | 60 |');
    const trace = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; usage?: { modelCalls: number } });
    expect(trace.find((event) => event.type === 'goals_checked')?.usage?.modelCalls).toBe(2);
  } finally {
    await server.close();
  }
});
