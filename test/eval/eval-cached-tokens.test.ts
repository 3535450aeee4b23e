// Found by a review: the job summary showed the prompt tokens an endpoint read from its cache, which cost the cached
// input price, and the eval's table and JSON did not: a column's tokens beside its cost read as a wrong price.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let dir: string;
let server: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-cached-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: think\ngoal: Say hello\nmodel: { name: gpt-4.1 }\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Say hello }\n');
  server = await startChatServer();
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const live = () => evalSettings(path.join(dir, 'plan.yml'), { model: { kind: 'live', baseURL: server.baseURL, apiKey: 'sk-test-0000000000000000000000' } });

it('shows the cached prompt tokens in the eval table and its JSON figures, and no row when no call read any', async () => {
  server.script([textAnswer('hello', { usage: { prompt_tokens: 100_000, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 80_000 } } })]);
  const report = await evaluate(live(), {}, { clock: systemClock, signal: new AbortController().signal });
  expect(report.runs.map((run) => [run.promptTokens, run.cachedPromptTokens])).toEqual([[100_000, 80_000]]);
  expect(report.columns[0]).toMatchObject({ promptTokens: 100_000, cachedPromptTokens: 80_000 });
  expect(report.markdown).toContain('| prompt tokens (mean) | 100000 |\n| of them cached (mean) | 80000 |\n');

  server.script([textAnswer('hello', { usage: { prompt_tokens: 1_000, completion_tokens: 10 } })]);
  const uncached = await evaluate(live(), {}, { clock: systemClock, signal: new AbortController().signal });
  expect(uncached.columns[0]).toMatchObject({ cachedPromptTokens: 0 });
  expect(uncached.markdown).not.toContain('of them cached');
});
