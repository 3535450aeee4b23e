import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { recordingModelClient } from '../../src/llm/recording-model-client.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
let root: string;
beforeEach(async () => {
  server = await startChatServer();
  root = mkdtempSync(join(tmpdir(), 'plan-runner-record-swap-'));
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const ask = (content: string) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content }] });

// Found by an adversarial pass: each exchange was appended by opening the file's path anew, creating it where
// missing: a step's code that put a link in place of the recording's folder (`rm -rf .plan-runner && ln -s
// ~/.config .plan-runner`) had the rest of the recording written where the link led, and one that removed the
// folder (`git clean -fdx`) left a recording without its header and the calls before, and nothing said so.
it('appends no exchange where the recording’s folder now leads, and says the recording stops there', async () => {
  server.script([textAnswer('first'), textAnswer('second')]);
  const folder = join(root, 'out');
  const elsewhere = join(root, 'elsewhere');
  mkdirSync(elsewhere);
  const warned: string[] = [];
  const live = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'gpt-4o-mini', timeoutMs: 5_000, maxRetries: 0 });
  const recorder = recordingModelClient(live, join(folder, 'run.jsonl'), { warn: (message) => warned.push(message) });
  await recorder.complete(ask('one'), { purpose: 'step:a' });
  rmSync(folder, { recursive: true });
  symlinkSync(elsewhere, folder);
  await recorder.complete(ask('two'), { purpose: 'step:b' });
  expect(existsSync(join(elsewhere, 'run.jsonl'))).toBe(false);
  expect(warned).toEqual([expect.stringContaining('it ends before this step:b answer')]);
});
