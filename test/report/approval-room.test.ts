import { expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { approvalRequest, pendingApprovalStep } from '../../src/run/approval-request.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../../src/report/comment/render-comment.ts';
import { renderSummary, SUMMARY_MAX_BYTES } from '../../src/report/summary/render-summary.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';

const marker = '<!-- plan-runner: plan.yml -->';

/** A run whose `failed` steps failed (on_failure: continue) and whose `waiting` agent steps, each with a long task and many tools, wait for approval. */
function pausedRun(failed: number, waiting: number): RunRecord {
  const tools = Array.from({ length: 100 }, (_, i) => `tool_${String(i).padStart(3, '0')}_${'x'.repeat(52)}`);
  const agents: PlanStep[] = Array.from({ length: waiting }, (_, i) => ({
    key: `agent_${i}`,
    id: `agent_${i}`,
    type: 'agent',
    description: `Agent ${i}`,
    task: `Task ${i}: ${'review the change carefully. '.repeat(150)}`,
    tools,
    inputs: [],
    dependsOn: [],
  }));
  const broken = Array.from({ length: failed }, (_, i) => step(`broken_${i}`, `Broken step ${i}`));
  const snapshot = plan([...broken, ...agents]);
  const script = new RunScript(snapshot);
  for (const { key } of broken) script.fail(key, 'HTTP 500');
  for (const { key } of agents) script.events.push({ type: 'step_waiting', at: 99_000, stepKey: key, reason: 'approval: true' });
  const pending = agents.map((agent) => pendingApprovalStep(agent, { results: new Map(), inputs: {} }));
  script.events.push({ type: 'approval_requested', at: 99_001, request: approvalRequest(snapshot, 'f'.repeat(32), pending, {}) });
  script.events.push({ type: 'run_finished', at: 99_002, status: 'awaiting-approval', durationMs: 99_002, usage: { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 } });
  return script.record();
}

// Found by an adversarial pass: an agent step's task and tools did not count against the comment's room for
// arguments, so 50 waiting agents of 100 tools made the approval list alone longer than the comment: every
// checklist line, the ❌ ones too, became `… N more steps`, and the approval list was cut mid-item.
it('keeps every ❌ line and the whole approval list in a comment of many waiting agents with many tools', () => {
  const record = pausedRun(20, 60);
  const comment = renderComment(record, { marker, redact: noRedaction });
  expect(comment.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
  for (let i = 0; i < 20; i++) expect(comment).toContain(`- ❌ broken_${i}. Broken step ${i}`);
  expect(comment).toContain(record.approval!.hash);
  expect(comment).toContain('**Finished: awaiting approval');
  expect(comment).toMatch(/\n- … 10 more steps to approve: the job summary lists them$/);
  // What a step's line leaves out is said, not dropped.
  expect(comment).toMatch(/- agent_0\. Agent 0 — may call `tool_000_x+`, .+ and \d+ more tools \(the job summary lists them\), working on `Task 0: /);
  expect(comment).toContain('- agent_49. Agent 49 — may call 100 tools (the job summary lists them), working on a task of 4,000 characters (the job summary has it)');
});

it('keeps every ❌ line and the whole approval list in a job summary of many waiting agents with many tools', () => {
  const record = pausedRun(20, 300);
  const summary = renderSummary(record, { redact: noRedaction });
  expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
  for (let i = 0; i < 20; i++) expect(summary).toContain(`broken_${i}`);
  expect(summary).toContain('- agent_299. Agent 299 — may call');
});
