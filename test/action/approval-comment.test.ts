import { describe, expect, it } from 'vitest';
import { approvalCommand, malformedApprovalCommand } from '../../src/action/approval-command.ts';
import { approvalMarkerLine, approvalMarkerOf, readApprovalMarker } from '../../src/action/approval-marker.ts';
import { newRunRecord } from '../../src/core/run-record.ts';

const comment = (body: string, action = 'created') => ({ eventName: 'issue_comment', payload: { action, comment: { body, user: { login: 'maintainer' } } } });

describe('approval commands', () => {
  it('reads /approve and /reject on the first line of a new comment', () => {
    expect(approvalCommand(comment('/approve'))).toEqual({ kind: 'approve', by: 'maintainer', app: false });
    expect(approvalCommand(comment('  /reject  \nnot this week'))).toEqual({ kind: 'reject', by: 'maintainer', app: false });
  });

  it('marks an app\'s command, by its account type or [bot] login', () => {
    const byApp = (login: string, type: string) => ({ eventName: 'issue_comment', payload: { action: 'created', comment: { body: '/approve', user: { login, type } } } });
    expect(approvalCommand(byApp('helper[bot]', 'User'))?.app).toBe(true);
    expect(approvalCommand(byApp('helper', 'Bot'))?.app).toBe(true);
    expect(approvalCommand(byApp('maintainer', 'User'))?.app).toBe(false);
  });

  // An app posting through a maintainer's token (an assistant, an integration) wrote as the maintainer (found by a review).
  it('marks a command an app posted through a person’s token', () => {
    const via = (app: unknown) => ({ eventName: 'issue_comment', payload: { action: 'created', comment: { body: '/approve', user: { login: 'maintainer', type: 'User' }, performed_via_github_app: app } } });
    expect(approvalCommand(via({ id: 1, slug: 'assistant' }))?.app).toBe(true);
    expect(approvalCommand(via(null))?.app).toBe(false);
  });

  it('ignores other text, edited comments and other events', () => {
    expect(approvalCommand(comment('please /approve'))).toBeUndefined();
    expect(approvalCommand(comment('/approved'))).toBeUndefined();
    expect(approvalCommand(comment('/approve', 'edited'))).toBeUndefined();
    expect(approvalCommand({ eventName: 'pull_request', payload: comment('/approve').payload })).toBeUndefined();
  });
});

// Found by an adversarial pass: `/approve` pasted with an invisible character after it (a zero-width space) reads as
// `/approve` alone, and the refusal said it "takes nothing after it": the approver saw nothing after it to remove.
it('names an invisible character after /approve, which the approver cannot see', () => {
  expect(malformedApprovalCommand(comment('/approve\u200b'))).toContain('an invisible character follows it there (U+200B)');
  expect(malformedApprovalCommand(comment('/reject\u2060\ufe0f\nno'))).toContain('(U+2060, U+FE0F)');
  // Named once each, at most four: a line of them is no longer message.
  expect(malformedApprovalCommand(comment(`/approve${'\u200b\u200c\u200d\u2060\u2061'.repeat(10_000)}`))).toContain('(U+200B, U+200C, U+200D, U+2060, …)');
  // What can be seen is not called invisible.
  expect(malformedApprovalCommand(comment('/approve abc'))).not.toContain('invisible');
  expect(malformedApprovalCommand(comment('/approve'))).toBeUndefined();
});

describe('the hidden approval marker', () => {
  const hash = '0123456789abcdef0123456789abcdef';

  it('says a paused run waits, with its run id and hash, and reads back the same', () => {
    const record = { ...newRunRecord(), status: 'awaiting-approval' as const, approval: { hash, planFileHash: 'f', plan: { name: 'p', revision: 1, steps: [] }, pending: [] } };
    const marker = approvalMarkerOf(record, 4242);
    expect(marker).toEqual({ state: 'awaiting', runId: 4242, hash });
    expect(readApprovalMarker(`<!-- plan-runner: p -->${approvalMarkerLine(marker)}\nbody`)).toEqual(marker);
  });

  it('says a run was answered, by whom, for which paused run and in which workflow run', () => {
    const record = { ...newRunRecord(), decision: { decision: 'approved' as const, hash, by: 'maintainer' } };
    expect(readApprovalMarker(approvalMarkerLine(approvalMarkerOf(record, 5151, 4242)))).toEqual({ state: 'approved', hash, by: 'maintainer', runId: 4242, answerRunId: 5151 });
    expect(readApprovalMarker(approvalMarkerLine(approvalMarkerOf(record, undefined)))).toEqual({ state: 'approved', hash, by: 'maintainer' });
  });

  it('reads nothing from a broken or foreign marker', () => {
    expect(readApprovalMarker('<!-- plan-runner-approval: {"state":"awaiting","runId":-1,"hash":"0123456789abcdef"} -->')).toBeUndefined();
    expect(readApprovalMarker('<!-- plan-runner-approval: {"state":"awaiting","runId":1,"hash":"not hex"} -->')).toBeUndefined();
    expect(readApprovalMarker('<!-- plan-runner-approval: {oops -->')).toBeUndefined();
    expect(approvalMarkerOf(newRunRecord(), 1)).toBeUndefined();
  });
});
