// A finish reason is the endpoint's text: `content_filter` followed by 100,000 spaces was read as a cut-off reason
// (its blanks trimmed), and went whole into the step's error, the log, the trace and the summary (found by an
// adversarial pass).
import { expect, it } from 'vitest';
import type { ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

const PLAN = `
name: Filtered
workflow_sequence:
  - id: think
    type: reasoning
    description: Say something
`;

const filtered = (finish: string): ScriptedReply => ({
  kind: 'raw',
  body: { choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: 'North: 120; South' } }], usage: { prompt_tokens: 10, completion_tokens: 5 } },
});

it('a cut-off finish reason padded with 100,000 blanks fails the step with the reason as it reads, not the blanks', async () => {
  const job = await runOfflineJob({ plan: PLAN, script: [filtered(`content_filter${' '.repeat(100_000)}`)] });
  expect(job.outcome.kind === 'ran' && job.outcome.status).not.toBe('succeeded');
  const failed = job.events.find((event) => event.type === 'step_failed');
  const error = failed && 'error' in failed ? String(failed.error) : '';
  expect(error).toContain("the model's answer was cut off: the endpoint stopped it (content_filter).");
  expect(error.length).toBeLessThan(500);
  expect(JSON.stringify(job.trace).length).toBeLessThan(50_000);
});
