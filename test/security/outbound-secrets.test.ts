// Every value the run knows as secret leaves by no outbound channel: not in a prompt, not in a
// tool's arguments (GitHub writes, HTTP requests, MCP calls), even when it has no token shape.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { offeredTools, promptOf } from './attack-fixtures.ts';

const DEPLOY_KEY = 'deploy-5f1c09e2-no-known-shape';
let chat: ChatServer | undefined;

afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

/** A tool that keeps the arguments it was called with. */
function capturingTool(name: string, seen: unknown[]): Tool {
  return {
    name,
    description: `Publish a text (${name})`,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    sideEffects: true,
    execute: async (args) => {
      seen.push(args);
      return 'published';
    },
  };
}

async function runWithSecret(plan: string, answer: Parameters<typeof startChatServer>[0], tools: Tool[]) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-runner-secrets-'));
  writeFileSync(join(dir, 'status.mjs'), 'process.stdout.write(`deploy ok, key ${process.env.DEPLOY_KEY}`);\n');
  writeFileSync(join(dir, 'plan.yml'), plan);
  chat = await startChatServer(answer);
  const server = chat;
  return runJob(
    { planFile: join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH, DEPLOY_KEY }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' } },
    {
      listeners: [],
      clock: new ManualClock(),
      extraTools: tools,
      createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'gpt-test', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
}

const STATUS_TOOL = `tools:
  deploy_status:
    description: Check the deployment
    command: [node, status.mjs]
    env: [DEPLOY_KEY]
`;

describe('secrets the run knows, on outbound channels', () => {
  it('a secret with no token shape reaches neither the prompt nor a tool the plan passes it to', async () => {
    const published: unknown[] = [];
    const outcome = await runWithSecret(
      `name: Deploy notes
limits: { max_replans: 0 }
${STATUS_TOOL}workflow_sequence:
  - id: status
    type: tool_call
    tool: deploy_status
    args: {}
  - id: summary
    type: reasoning
    description: Summarise the deployment status
  - id: publish
    type: tool_call
    tool: publish_note
    args: { text: "status: \${steps.status.result}" }
`,
      (request) => textAnswer(`You said: ${promptOf(request.body)}`),
      [capturingTool('publish_note', published)],
    );
    expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
    expect(chat!.requests).toHaveLength(1);
    const prompt = promptOf(chat!.requests[0]!.body);
    expect(prompt).toContain('deploy ok, key ***');
    expect(prompt).not.toContain(DEPLOY_KEY);
    expect(published).toEqual([{ text: 'status: deploy ok, key ***' }]);
  });

  it('arguments a model chose are redacted before the tool runs', async () => {
    const published: unknown[] = [];
    // A model that learnt the key some other way (here: scripted) and tries to publish it.
    const outcome = await runWithSecret(
      `name: Publish
limits: { max_replans: 0 }
workflow_sequence:
  - id: publish
    type: tool_call
    tool: publish_note
    description: Publish the deployment key
`,
      (request) => (offeredTools(request.body).includes('publish_note') ? toolCallAnswer('publish_note', { text: `key=${DEPLOY_KEY}` }) : textAnswer('no')),
      [capturingTool('publish_note', published)],
    );
    expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
    expect(published).toEqual([{ text: 'key=***' }]);
  });
});
