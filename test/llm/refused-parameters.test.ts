import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completeForJson } from '../../src/llm/ask-for-json.ts';
import { ModelCallError } from '../../src/llm/model-call-error.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { recordingModelClient } from '../../src/llm/recording-model-client.ts';
import { replayModelClient } from '../../src/llm/replay-model-client.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';

/** OpenAI's answer to a reasoning model (o3, o4-mini, gpt-5) asked for another temperature than its default. */
const TEMPERATURE_REFUSED = {
  error: {
    message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
    type: 'invalid_request_error',
    param: 'temperature',
    code: 'unsupported_value',
  },
};

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

async function refusal(client: ModelClient = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'o3', timeoutMs: 5_000, maxRetries: 2 })): Promise<ModelCallError> {
  const error = await client.complete({ model: 'o3', temperature: 0, messages: [{ role: 'user', content: 'hi' }] }, { purpose: 'step:summary' }).catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ModelCallError);
  return error as ModelCallError;
}

// Found by an adversarial pass: a plan's `temperature: 0` with o3 failed every call with "check that it supports this
// model and Chat Completions tool calls", which sent the user to the model and its tools, not to the setting refused.
describe('a request whose parameter the endpoint refuses', () => {
  it('says which parameter, and where the plan sets a temperature', async () => {
    server.script(() => ({ kind: 'http', status: 400, body: TEMPERATURE_REFUSED }));
    const error = await refusal();
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 400, transient: false, param: 'temperature' });
    expect(error.message).toContain("failed: 400 Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported. ");
    expect(error.message).toContain("The endpoint refused the request's temperature: leave temperature out of the plan's model: and agents: for this model");
    expect(error.message).not.toContain('tool calls');
  });

  it('names any other parameter the endpoint names', async () => {
    const body = { error: { message: "Invalid type for 'messages[1].content'.", type: 'invalid_request_error', param: 'messages[1].content', code: 'invalid_type' } };
    server.script(() => ({ kind: 'http', status: 400, body }));
    const error = await refusal();
    expect(error.message).toContain("The endpoint refused the request's messages[1].content; check that it supports this model and Chat Completions tool calls.");
  });

  it('keeps the general hint when the endpoint names no parameter', async () => {
    server.script(() => ({ kind: 'http', status: 400, body: { object: 'error', message: 'bad request' } }));
    const error = await refusal();
    expect(error.param).toBeUndefined();
    expect(error.message).toContain('failed: 400 bad request. The endpoint rejected the request; check that it supports this model and Chat Completions tool calls.');
  });

  it('fails a replay of the refusal as the recorded call failed', async () => {
    server.script(() => ({ kind: 'http', status: 400, body: TEMPERATURE_REFUSED }));
    const file = join(mkdtempSync(join(tmpdir(), 'plan-runner-param-')), 'run.replay.jsonl');
    const live = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'o3', timeoutMs: 5_000, maxRetries: 0 });
    const recorded = await refusal(recordingModelClient(live, file));
    const replayed = await refusal(replayModelClient(file));
    expect(replayed.param).toBe('temperature');
    expect(replayed.message).toBe(recorded.message.replace(` at ${server.baseURL}`, ''));
  });
});

// Found by an adversarial pass: a planner's, replanner's or judge's call refused for its temperature was made again
// without response_format, as if the format were refused, and failed the same way.
describe('a JSON request refused for another parameter than its format', () => {
  const asked = {
    model: 'o3',
    temperature: 0,
    messages: [{ role: 'user' as const, content: 'Write the plan.' }],
    response_format: { type: 'json_schema' as const, json_schema: { name: 'plan', schema: { type: 'object' } } },
  };
  const live = () => createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'o3', timeoutMs: 5_000, maxRetries: 0 });

  it('is not asked again without the format', async () => {
    server.script(() => ({ kind: 'http', status: 400, body: TEMPERATURE_REFUSED }));
    await expect(completeForJson(live(), asked, { purpose: 'planner' })).rejects.toMatchObject({ param: 'temperature' });
    expect(server.requests).toHaveLength(1);
  });

  it('is asked again without the format when the format is what the endpoint names, or when it names nothing', async () => {
    const formatRefused = { error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", type: 'invalid_request_error', param: 'response_format', code: null } };
    for (const body of [formatRefused, { object: 'error', message: 'json_schema is not supported' }]) {
      server.requests.length = 0;
      server.script((request) => (request.body.response_format ? { kind: 'http', status: 400, body } : { kind: 'completion', content: '{}' }));
      const response = await completeForJson(live(), asked, { purpose: 'planner' });
      expect(response.choices[0]?.message.content).toBe('{}');
      expect(server.requests.map((request) => request.body.response_format !== undefined)).toEqual([true, false]);
    }
  });
});
