import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-replan-after-fatal-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const PLAN = `name: Two failures
model: { name: gpt-4.1-mini }
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 1 }, depends_on: [] }
  - { id: 2, type: tool_call, tool: divide, args: { a: 1, b: 0 }, depends_on: [], on_failure: fail }
  - { id: 3, type: tool_call, tool: divide, args: { a: 2, b: 0 }, depends_on: [] }
  - { id: 4, type: tool_call, tool: add, args: { a: { step_result: 1 }, b: 1 }, depends_on: [1, 2, 3] }
`;

// Step 2 failed with on_failure: fail, then step 3's failure was replanned: the replan replaced step
// 2 out of the plan, and every checklist said "2/2 complete, 0 failed" over "Finished: failed".
it('does not replan once a failure no replan can mend has failed the run; the failed step stays in the checklist', async () => {
  const chat = await startChatServer([textAnswer(JSON.stringify({ steps: [{ id: 5, type: 'tool_call', tool: 'add', args: { a: { step_result: 1 }, b: 1 }, depends_on: [1] }], why: 'skip the divisions' }))]);
  try {
    await writeFile(path.join(workspace, 'plan.yml'), PLAN);
    const given: Record<string, string> = { plan: 'plan.yml', 'base-url': chat.baseURL, 'api-key': 'sk-test' };
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
    await result.published;
    expect(result.outputs.status).toBe('failed');
    expect(chat.requests).toHaveLength(0);
    expect(said.summary).not.toMatch(/0 failed/);
    expect(said.summary).toContain('1/4 complete, 2 failed, 1 skipped');
    expect(said.summary).toMatch(/❌ \*\*2\. divide\*\*/);
  } finally {
    await chat.close();
  }
});
