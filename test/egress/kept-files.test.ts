// Found by review: files the action keeps, which the redacting channels never see, held secrets.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { actAsRunner } from './act-as-runner.ts';

const TOKEN = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
let server: ChatServer;
let workspace: string;
beforeEach(async () => {
  server = await startChatServer();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'egress-kept-'));
});
afterEach(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

it('mode: plan writes the frozen plan (the plan-file output, often uploaded) redacted: a task quoting a token', async () => {
  server.script([textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'reasoning', description: 'Summarise the issue', depends_on: [] }] }))]);
  const task = `Triage this issue. Reporter wrote: my CI fails with token ${TOKEN}`;
  const { outputs } = await actAsRunner({
    workspace,
    inputs: { task, mode: 'plan', 'api-key': 'sk-test-key-0000', 'base-url': server.baseURL, comment: 'never', 'check-run': 'false', state: 'off' },
  });
  const frozen = await readFile(outputs['plan-file']!, 'utf8');
  expect(frozen).not.toContain(TOKEN);
  expect(frozen).toContain('my CI fails with token ***');
});

it('report.md and the job summary show a for_each item key redacted, a known secret with * and $ in it included', async () => {
  const DB_PASSWORD = 'S3cr3t$Pass*2024';
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: audit
toolsets: [math]
tools:
  list_credentials:
    description: Lists credentials and connections
    command: [node, -e, "console.log(JSON.stringify([{ id: '${TOKEN}', uses: 2 }, { id: 'pg://app:' + process.env.DB_PASSWORD + '@db/prod', uses: 4 }]))"]
    env: [DB_PASSWORD]
workflow_sequence:
  - { id: 1, type: tool_call, tool: list_credentials, args: {} }
  - { id: 2, type: tool_call, tool: add, for_each: "\${steps.1.result}", key: "\${item.id}", args: { a: "\${item.uses}", b: 1 } }
`,
  );
  const { said, outputs } = await actAsRunner({ workspace, inputs: { plan: 'plan.yml', comment: 'never', 'check-run': 'false', state: 'off' }, env: { DB_PASSWORD } });
  expect(outputs['status']).toBe('succeeded');
  const report = await readFile(outputs['report']!, 'utf8');
  for (const text of [report, said.summary]) {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('S3cr3t\\$Pass\\*2024');
    expect(text).not.toContain(DB_PASSWORD);
  }
  expect(report).toContain('pg\\://app:\\*\\*\\*\\@db/prod');
});
