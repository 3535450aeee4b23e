import { expect, it } from 'vitest';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { pageTool } from '../helpers/page-tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

const PAGES = 25;
const PLAN = `
name: Agent that opens an issue, then reads a lot
limits: { max_tokens: 10000000 }
workflow_sequence:
  - id: report
    type: agent
    task: Open one issue about the flaky test, read the logs, then say which issue you opened.
    tools: [open_issue, page]
    max_turns: ${PAGES + 5}
`;

// The reply of a side-effect call gave way for room ("call it again if you need it"); asked again, the call was
// refused with "its result is in that call's reply", which it no longer was: the model had no way to learn which
// issue it had opened, but to open another in other words (found by an adversarial pass).
it('an agent’s side-effect call asked again after its reply gave way for room is answered with the result it had', async () => {
  const titles: string[] = [];
  const openIssue: Tool = {
    name: 'open_issue',
    description: 'Opens an issue.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
    sideEffects: true,
    async execute(args) {
      titles.push(String(args['title']));
      return { number: 4242, url: 'https://github.com/o/r/issues/4242', body: 'b'.repeat(3_000) };
    },
  };
  const job = await runOfflineJob({
    plan: PLAN,
    extraTools: [openIssue, pageTool(8_000)],
    script: [
      todos(false, [['1', 'Open the issue', 'in_progress']]),
      toolCallAnswer('open_issue', { title: 'Flaky' }),
      ...Array.from({ length: PAGES }, () => toolCallAnswer('page', {})),
      toolCallAnswer('open_issue', { title: 'Flaky' }),
      textAnswer('Opened issue #4242.'),
    ],
  });
  expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
  expect(titles).toEqual(['Flaky']);
  const replies = (job.server.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').map((m) => m.content);
  // The first call's reply gave way for room; the answer to the second holds what the call gave.
  expect(replies[1]).toMatch(/^\[left out for room: the reply of 'open_issue' here/);
  expect(replies.at(-1)).toContain('"number":4242');
  expect(replies.at(-1)).toMatch(/^Not run again: 'open_issue' with these arguments already took effect earlier in this step/);
});
