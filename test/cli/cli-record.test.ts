// `plan-runner run --record FILE` writes the recording redacted like every other file: the API
// key, a GitHub token and every secret-named variable are `***` in it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, runCli } from '../helpers/run-cli.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { promptOf } from '../security/attack-fixtures.ts';

// The CLI as users run it: the bundle (test/helpers/run-cli.ts).
beforeAll(cliBundle, 600_000);
let chat: ChatServer | undefined;

afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('plan-runner run --record', () => {
  it('hides the GitHub token and secret-named variables, not only the API key', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-record-'));
    const secrets = { OPENAI_API_KEY: 'sk-test-record-key-0001', GITHUB_TOKEN: `ghp_${'Ab3'.repeat(12)}`, DEPLOY_KEY: 'deploy-0b7e-plain-value' };
    writeFileSync(path.join(dir, 'env.mjs'), 'process.stdout.write(`token ${process.env.GITHUB_TOKEN} key ${process.env.DEPLOY_KEY}`);\n');
    writeFileSync(
      path.join(dir, 'plan.yml'),
      `name: Record
limits: { max_replans: 0 }
tools:
  show_env:
    description: Show the credentials
    command: [node, env.mjs]
    env: [GITHUB_TOKEN, DEPLOY_KEY]
workflow_sequence:
  - id: env
    type: tool_call
    tool: show_env
    args: {}
  - id: repeat
    type: reasoning
    description: Repeat what the tool said
`,
    );
    // The model repeats its prompt, and names the token outright (a compromised model guessing it).
    chat = await startChatServer((request) => textAnswer(`${promptOf(request.body).slice(-200)} ${secrets.GITHUB_TOKEN} ${secrets.DEPLOY_KEY}`));
    const record = path.join(dir, 'record.jsonl');
    const result = await runCli(['run', 'plan.yml', '--base-url', chat.baseURL, '--model', 'gpt-test', '--record', record, '--trace', 'trace.jsonl', '--summary', 'summary.md'], { cwd: dir, env: secrets });
    expect(result.stdout).toContain('status: succeeded');
    const text = readFileSync(record, 'utf8');
    expect(text).toContain('token *** key ***');
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    expect(text.split('\n').filter(Boolean)).toHaveLength(2);
  });

  // Found by an adversarial pass: a recording that could not be started said only
  // "plan.yml: ENOSPC: no space left on device, write", naming neither the file nor --record.
  it.skipIf(!existsSync('/dev/full'))('names the recording and --record when it cannot be written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-record-'));
    writeFileSync(path.join(dir, 'plan.yml'), 'name: Record\nworkflow_sequence:\n  - id: 1\n    type: reasoning\n    description: Say hi\n');
    // No call is made: the recording is started before the first one.
    const result = await runCli(['run', 'plan.yml', '--base-url', 'http://127.0.0.1:9/v1', '--record', '/dev/full', '--trace', 'trace.jsonl', '--summary', 'summary.md'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-record-key-0002' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('cannot write the recording /dev/full: ENOSPC: no space left on device, write; check the path is writable and the disk is not full, or choose another path with --record FILE\n');
  });
});
