import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { loadPlanWithServers } from '../../src/job/load-plan-with-servers.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { EVERYTHING_ENTRY, marker, processesWith } from './mcp-processes.ts';
import { runPlanFile } from './run-plan-file.ts';

const env = { PATH: process.env.PATH, HOME: process.env.HOME };
let dir: string;
let chat: ChatServer;
let model: ModelClient;

/** A plan file whose `everything` server is the real reference server, tagged with `mark`. */
async function planFile(mark: string, body: string): Promise<string> {
  const file = path.join(dir, `${mark}.yml`);
  const command = JSON.stringify([process.execPath, EVERYTHING_ENTRY, 'stdio', mark]);
  await writeFile(file, `name: mcp e2e\nmcp_servers:\n  everything:\n    command: ${command}\n    tools: [echo, get-sum, trigger-long-running-operation]\n${body}`);
  return file;
}

function runFile(file: string, options: { signal?: AbortSignal; onEvent?: (event: RunEvent) => void } = {}) {
  return runPlanFile(file, { cwd: dir, env, model, ...options });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mcp-e2e-'));
  chat = await startChatServer();
  model = createOpenAIModelClient({ baseURL: chat.baseURL, apiKey: 'test-key', model: 'test-model', timeoutMs: 10_000, maxRetries: 0 });
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a plan with MCP tools, run end to end against @modelcontextprotocol/server-everything', () => {
  it('validates the MCP steps, calls the tools, and hands their output to the model as labelled data', async () => {
    const mark = marker();
    chat.script([textAnswer('The server says the sum is 5.')]);
    const file = await planFile(
      mark,
      [
        'workflow_sequence:',
        '  - { id: sum, type: tool_call, tool: everything__get-sum, args: { a: 2, b: 3 } }',
        '  - { id: echo, type: tool_call, tool: everything__echo, args: { message: "${steps.sum.result}" } }',
        '  - { id: say, type: reasoning, description: Say what the server computed }',
        '',
      ].join('\n'),
    );
    const { plan, outcome, liveDuringRun } = await runFile(file);
    expect(plan.tools.get('everything__get-sum')).toMatchObject({ origin: 'extra' });
    expect(outcome.status).toBe('succeeded');
    expect(Object.fromEntries(outcome.results)).toEqual({
      sum: 'The sum of 2 and 3 is 5.',
      echo: 'Echo: The sum of 2 and 3 is 5.',
      say: 'The server says the sum is 5.',
    });
    // Each tool output reaches the model inside a data block labelled with its step and tool.
    expect(chat.requests.at(-1)!.body.messages[1]!.content).toMatch(/<data step="echo" tool="everything__echo"[^>]*>\nEcho: The sum of 2 and 3 is 5\.\n<\/data>/);
    expect(liveDuringRun).toHaveLength(1);
    expect(processesWith(mark)).toEqual([]);
  });

  it('rejects literal args that do not match the server’s input schema, at their line, and ends the server', async () => {
    const mark = marker();
    const file = await planFile(mark, 'workflow_sequence:\n  - id: sum\n    type: tool_call\n    tool: everything__get-sum\n    args: { a: two, b: 3 }\n');
    const loaded = await loadPlanWithServers(file, { signal: new AbortController().signal, cwd: dir, env, learnSecrets: undefined });
    expect(loaded.ok).toBe(false);
    const errors = loaded.ok ? [] : loaded.errors.map(formatPlanError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:10:\\d+: .*must be a number`));
    expect(processesWith(mark)).toEqual([]);
  });

  it('suggests the MCP tool a misspelt step meant', async () => {
    const mark = marker();
    const file = await planFile(mark, 'workflow_sequence:\n  - { id: 1, type: tool_call, tool: everything__ecko, args: { message: hi } }\n');
    const loaded = await loadPlanWithServers(file, { signal: new AbortController().signal, cwd: dir, env, learnSecrets: undefined });
    expect(loaded.ok ? [] : loaded.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^unknown tool `everything__ecko` — did you mean `everything__echo`\?/),
    ]);
    expect(processesWith(mark)).toEqual([]);
  });

  it('reports a server that fails to start as a plan error naming it, at its line', async () => {
    const file = path.join(dir, 'broken.yml');
    await writeFile(file, ['mcp_servers:', '  broken:', '    command: [definitely-not-a-real-mcp-server]', 'goal: anything', ''].join('\n'));
    const loaded = await loadPlanWithServers(file, { signal: new AbortController().signal, cwd: dir, env, learnSecrets: undefined });
    expect(loaded.ok ? [] : loaded.errors.map(formatPlanError)).toEqual([
      expect.stringMatching(new RegExp(`^.*broken\\.yml:2:3: MCP server 'broken' failed to start: .*ENOENT.*Check mcp_servers\\.broken in the plan\\.`)),
    ]);
  });

  // Found by a review: the servers were read with readFile, which keeps a BOM the loader drops: one
  // column more on the first line than the loader says everywhere else.
  it('reads a plan file with a BOM as the loader does: the same line and column for a server that fails to start', async () => {
    const file = path.join(dir, 'bom.yml');
    await writeFile(file, '\uFEFFmcp_servers: { broken: { command: [definitely-not-a-real-mcp-server] } }\ngoal: anything\n');
    const loaded = await loadPlanWithServers(file, { signal: new AbortController().signal, cwd: dir, env, learnSecrets: undefined });
    expect(loaded.ok ? [] : loaded.errors.map(formatPlanError)).toEqual([expect.stringMatching(/bom\.yml:1:16: MCP server 'broken' failed to start/)]);
  });

  it('ends the server when the run fails', async () => {
    const mark = marker();
    const file = await planFile(
      mark,
      [
        'workflow_sequence:',
        '  - { id: echo, type: tool_call, tool: everything__echo, args: { message: hi } }',
        '  - { id: sum, type: tool_call, tool: everything__get-sum, args: { a: "${steps.echo.result}", b: 3 } }',
        '',
      ].join('\n'),
    );
    const { outcome, liveDuringRun } = await runFile(file);
    expect(outcome.status).toBe('failed');
    expect(outcome.record.steps.get('sum')?.state).toBe('failed');
    expect(liveDuringRun).toHaveLength(1);
    expect(processesWith(mark)).toEqual([]);
  });

  it('ends the server when the run is cancelled while an MCP tool runs', async () => {
    const mark = marker();
    const controller = new AbortController();
    const file = await planFile(
      mark,
      'workflow_sequence:\n  - { id: slow, type: tool_call, tool: everything__trigger-long-running-operation, args: { duration: 60, steps: 2 } }\n',
    );
    const { outcome } = await runFile(file, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step_started' && event.stepKey === 'slow') controller.abort(new Error('cancelled by the test'));
      },
    });
    expect(outcome.status).toBe('cancelled');
    expect(processesWith(mark)).toEqual([]);
  });
});
