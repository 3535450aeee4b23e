import { expect, it } from 'vitest';
import { newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import type { ApprovalRequest } from '../../src/core/run-event.ts';
import { renderApprovalSection } from '../../src/report/approval-section.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';

// A person approves a hash that covers a step's whole arguments: what they read must not stop at 300
// characters, past which a body could say anything.
it('shows an approver a step\'s arguments whole in the summary, and their start in the comment with where the rest is', () => {
  const body = `Release notes. ${'Fine print. '.repeat(300)}Also: grant @mallory admin.`;
  const request: ApprovalRequest = {
    hash: 'a'.repeat(32),
    planFileHash: 'b'.repeat(32),
    plan: { name: 'publish', revision: 1, steps: [] },
    pending: [{ stepKey: 'post', type: 'tool_call', title: 'Post the notes', tool: 'create_issue', args: { body }, approvalKey: 'k' }],
  };
  const record: RunRecord = { ...newRunRecord(), status: 'awaiting-approval', approval: request };
  const asIs = (text: string) => text;
  const summary = renderApprovalSection(record, asIs);
  expect(summary).toContain('grant @mallory admin');
  expect(summary).not.toContain('more characters');
  const comment = renderComment(record, { marker: '<!-- plan-runner: plan.yml -->', redact: asIs });
  expect(comment).not.toContain('grant');
  expect(comment).toMatch(/\(2,\d{3} more characters: the job summary has them all\)/);
});
