import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';
import { cliBundle, runCli } from '../helpers/run-cli.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { todos } from './agent-fixtures.ts';

let chat: ChatServer;

beforeAll(async () => {
  chat = await startChatServer();
  await cliBundle();
}, 600_000);

afterAll(async () => {
  await chat.close();
});

const cli = (args: string[], cwd: string) => runCli(args, { cwd, env: { OPENAI_API_KEY: 'sk-local-test' } });

describe('plan-runner run --agent', () => {
  it('runs the task as one agent step and prints its TODO list under the step', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-agent-cli-'));
    writeFileSync(path.join(dir, 'plan.yml'), 'name: Greeting\ngoals:\n  - name: says hello\n    contains: hello\ngoal: Greet the team\n');
    chat.script([todos(false, [['1', 'Write the greeting', 'in_progress']]), todos(true, [['1', 'Write the greeting', 'completed']]), textAnswer('hello, team')]);
    const run = await cli(['run', 'plan.yml', '--agent', '--task', 'Say hello to the team', '--base-url', chat.baseURL, '--trace', 'trace.jsonl', '--summary', 'report.md'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('agent. TODO list:\n   ⏳ Write the greeting\n');
    expect(run.stdout).toContain('agent. ✅ Write the greeting\n');
    expect(run.stdout).toContain('status: succeeded');
    expect(readFileSync(path.join(dir, 'report.md'), 'utf8')).toContain('- ✅ Write the greeting');
    expect(JSON.stringify(chat.requests[0]!.body.messages)).toContain('Say hello to the team');
  });

  it('keeps --agent and --task to run', () => {
    expect(parseCliArgs(['run', 'plan.yml', '--agent'])).toMatchObject({ command: 'run', agent: true });
    expect(() => parseCliArgs(['plan', 'plan.yml', '--agent'])).toThrow(new UsageError('--agent is an option of run, not of plan'));
    expect(() => parseCliArgs(['validate', 'plan.yml', '--task', 'x'])).toThrow(new UsageError('--task is an option of run, not of validate'));
    expect(() => parseCliArgs(['run', 'plan.yml', '--task', ' '])).toThrow(new UsageError('--task needs the task in words, got an empty text'));
  });
});
