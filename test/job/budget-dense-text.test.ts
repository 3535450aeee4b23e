import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliInProcessStreams } from '../helpers/cli-in-process.ts';
import { requestChars, startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

// Found by a budget hunt: the README's "once answers have come, steps in parallel stop within about one call of a cap"
// failed for text an endpoint counts at about a token a character (the estimate takes four characters a token): four
// parallel steps of 3,000 characters were all sent, 14,800 prompt tokens against a max_tokens of 4,000.
let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return textAnswer('ok', { usage: { prompt_tokens: requestChars(request.body), completion_tokens: 5 } });
  });
});
afterAll(() => chat.close());

it('parallel steps of dense text stop within about one call of max_tokens once an answer has come', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-dense-budget-'));
  try {
    const text = '日本語の文章です。'.repeat(330);
    const parallel = ['b1', 'b2', 'b3', 'b4'].map((id) => `  - id: ${id}\n    type: reasoning\n    depends_on: [a]\n    description: "${id}: ${text}"\n`).join('');
    writeFileSync(path.join(dir, 'plan.yml'), `name: Parallel\nlimits:\n  max_tokens: 4000\n  concurrency: 4\nworkflow_sequence:\n  - id: a\n    type: reasoning\n    description: Say ok\n${parallel}`);
    const run = await cliInProcessStreams(['run', 'plan.yml', '--base-url', chat.baseURL, '--trace', 'trace.jsonl', '--summary', 'report.md'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test' } });
    expect(run.code).toBe(1);
    expect(readFileSync(path.join(dir, 'report.md'), 'utf8')).toContain('budget exceeded: max_tokens 4,000');
    // a, then one of b1-b4 (which passes the cap, as a sequential plan's would), and at most one more, started while
    // the first's expected 3,234 tokens left room under the cap: the others wait, then are refused (before, all four went).
    expect(chat.requests.length).toBeLessThanOrEqual(3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
