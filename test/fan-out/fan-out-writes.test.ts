import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { recordingIO } from '../action/recording-io.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { memoryStateStore } from './memory-state-store.ts';

// github.writes caps count per job: a capped write in a fan-out step wrote once per shard (3 comments
// under max_comments: 1 with three shards). Such a plan is refused; after the fan-out step it runs once.
const plan = (notify: string) => `name: Notify
toolsets: [github]
github: { writes: { max_comments: 1 } }
tools:
  list: { description: The items, command: [printf, '%s', '[1,2,3,4,5,6]'] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
${notify}`;
const IN_THE_FAN_OUT = '  - { id: notify, type: tool_call, tool: add_comment, for_each: "${steps.list.result}", fan_out: true, on_item_failure: continue, args: { issue_number: 1, body: "item ${item}" } }\n';
const AFTER_IT = `  - { id: check, type: tool_call, tool: list, for_each: "\${steps.list.result}", fan_out: true, args: {} }
  - { id: notify, type: tool_call, tool: add_comment, args: { issue_number: 1, body: "all checked" }, depends_on: [check] }
`;

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-fan-out-writes-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function jobs(text: string) {
  await writeFile(path.join(workspace, 'plan.yml'), text);
  const store = await memoryStateStore();
  const octokit = createOctokit({ token: 'test-token', baseUrl: github.url, warn: () => undefined, throttle: { enabled: false } });
  // What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
  let prepared: string | undefined;
  const job = async (inputs: Record<string, string>) => {
    const given: Record<string, string> = { plan: 'plan.yml', 'check-run': 'false', ...inputs, ...(inputs.mode !== 'prepare' && prepared && { prepared }) };
    const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/demo', RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state: store, github: octokit });
    await result.published;
    if (inputs.mode === 'prepare') prepared = result.outputs.prepared;
    return { result, said };
  };
  return job;
}

describe('github writes in a fanned-out plan', () => {
  it('are refused in a step the prepare or a shard job runs: each job would count the cap on its own', async () => {
    const job = await jobs(plan(IN_THE_FAN_OUT));
    const prepare = await job({ mode: 'prepare', shards: '3' });
    expect(prepare.result.outputs.status).toBe('failed');
    expect(prepare.said.summary).toContain('step notify may call add_comment, and it runs in the prepare or a shard job');
    expect(github.commentsOn('octo', 'demo', 1)).toEqual([]);
  });

  it('run once in a step after the fan-out step, which the merge job runs', async () => {
    const job = await jobs(plan(AFTER_IT));
    expect((await job({ mode: 'prepare', shards: '3' })).result.outputs.status).toBe('succeeded');
    for (const shard of ['1', '2', '3']) await job({ mode: 'shard', shard });
    const merge = await job({ mode: 'merge' });
    expect(merge.result.outputs.status, merge.said.summary).toBe('succeeded');
    expect(github.commentsOn('octo', 'demo', 1).map((comment) => comment.body)).toEqual(['all checked']);
  });
});
