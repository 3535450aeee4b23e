import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';

/** Counts the results that are not numbers: a null (a failed item) is not counted, as a script that skips what it cannot read would. */
export const COUNT = `let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => process.stdout.write(JSON.stringify({ failures: JSON.parse(s).results.filter((r) => r !== null && typeof r !== 'number').length })))`;

/** A fresh workspace and model server for each test of the file, and the action run on a plan written there. */
export interface PartialRuns {
  readonly workspace: string;
  readonly chat: ChatServer;
  /** Runs plan.yml beside `files` (`uses:` paths are relative to the working directory, the workspace here), with the action's inputs `more`. */
  run(plan: string, files?: Record<string, string>, more?: Record<string, string>): Promise<{ result: Awaited<ReturnType<typeof runAction>>; said: ReturnType<typeof recordingIO>['said'] }>;
}

/** The tests' harness for runs with partial results (the given-partial test files): call at the top of a file. */
export function partialRuns(prefix: string): PartialRuns {
  let workspace = '';
  let chat: ChatServer | undefined;
  beforeEach(async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), `plan-runner-${prefix}-`));
    chat = await startChatServer();
  });
  afterEach(async () => {
    await chat?.close();
    await rm(workspace, { recursive: true, force: true });
  });
  return {
    get workspace() {
      return workspace;
    },
    get chat() {
      return chat!;
    },
    async run(plan, files = {}, more = {}) {
      for (const [name, text] of Object.entries({ ...files, 'plan.yml': plan })) await writeFile(path.join(workspace, name), text);
      const cwd = process.cwd();
      process.chdir(workspace);
      try {
        const given: Record<string, string> = { plan: 'plan.yml', 'base-url': chat!.baseURL, 'api-key': 'sk-test', model: 'gpt-4.1-mini', ...more };
        const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
        if (!read.ok) throw new Error(read.problems.join('\n'));
        const { io, said } = recordingIO();
        const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
        await result.published;
        return { result, said };
      } finally {
        process.chdir(cwd);
      }
    },
  };
}
