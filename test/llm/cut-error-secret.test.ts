import { expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { readChatResponse } from '../../src/llm/read-chat-response.ts';
import { readGitHubFailure } from '../../src/github/github-failure.ts';

const KEY = 'a3f9c2d4e5b60718293a4b5c6d7e8f90';

// Found by a secret hunt: these cuts left no `…`, so the redactor could not tell that the text ended inside a
// known value, and the start of the API key a gateway quoted in its error showed (14 of its 32 characters).
it('marks where an endpoint’s error or a GitHub message was cut, so a key’s start there is hidden', () => {
  const redact = createRedactor([KEY]);
  const detail = (before: number) => `${'x'.repeat(before)} rejected key ${KEY} for this deployment`;
  // An error object without a message: shown as JSON, cut at 200 characters.
  const json = JSON.stringify({ detail: detail(0) });
  const pad = 200 - 14 - (json.indexOf(KEY));
  const read = readChatResponse({ error: { detail: detail(pad) } });
  if (read.ok) throw new Error('read as an answer');
  expect(read.problem).toContain(KEY.slice(0, 12));
  expect(redact(read.problem)).not.toContain(KEY.slice(0, 10));
  // A body that is text, not JSON: shown cut at 120 characters.
  const text = readChatResponse(`${'y'.repeat(100)} key ${KEY}`);
  if (text.ok) throw new Error('read as an answer');
  expect(redact(text.problem)).not.toContain(KEY.slice(0, 10));
  // GitHub's message, cut at 300 characters.
  const failure = readGitHubFailure({ status: 422, message: `${'z'.repeat(286)} token ${KEY}`, response: { headers: {} } });
  expect(redact(failure.message)).not.toContain(KEY.slice(0, 6));
});
