import { describe, expect, it } from 'vitest';
import { StepError } from '../../src/core/step-error.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

const PLAN = `
name: Agent that opens an issue
workflow_sequence:
  - id: report
    type: agent
    task: Open one issue about the flaky test.
    tools: [open_issue]
`;

describe('agent step: a side-effect call that got no answer', () => {
  it('is not followed by another call of the agent’s: the step ends and the run escalates', async () => {
    const titles: string[] = [];
    const openIssue: Tool = {
      name: 'open_issue',
      description: 'Opens an issue.',
      inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
      sideEffects: true,
      async execute(args) {
        titles.push(String(args['title']));
        // The first call reached the server, which opened the issue, but its answer never came.
        if (titles.length === 1) throw new StepError('open_issue timed out after 30 s', { transient: true, toolName: 'open_issue' });
        return { number: 2 };
      },
    };
    const job = await runOfflineJob({
      plan: PLAN,
      extraTools: [openIssue],
      script: [
        todos(false, [['1', 'Open the issue', 'in_progress']]),
        toolCallAnswer('open_issue', { title: 'Flaky test' }),
        // Told only that the tool failed, the model tries again in other words.
        toolCallAnswer('open_issue', { title: 'Flaky test in CI' }),
        textAnswer('Opened issue #2.'),
      ],
    });
    expect(titles).toEqual(['Flaky test']);
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('escalated');
    // The call is on the agent's record, and the step fails on it: the model is not asked again.
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'open_issue')).toMatchObject([{ ok: false, error: 'open_issue timed out after 30 s' }]);
    expect(job.server.requests).toHaveLength(2);
    expect(job.summary).toContain('it may have taken effect, so plan-runner will not call it again');
  });
});
