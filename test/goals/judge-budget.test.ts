import { describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

// $1 per million tokens either way: cost = tokens / 1e6.
const PRICING = 'pricing: { gpt-4.1-mini: { input_per_mtok: 1, output_per_mtok: 1 } }\n';
const isJudge = (body: { response_format?: unknown }) => JSON.stringify(body.response_format ?? '').includes('goal_verdict');
const answer = (content: string, promptTokens: number): ScriptedReply => ({ kind: 'completion', content, usage: { prompt_tokens: promptTokens, completion_tokens: 0 } });

// Judges started together each passed the budget check before any had spent: four judges of
// $0.05 ran under a $0.01 cap, and the run succeeded.
describe('judge goals under max_cost_usd', () => {
  it('are judged one after another: once the cap is spent, the next judge is refused and the goal is not met', async () => {
    const plan = `name: Judged
limits: { max_cost_usd: 0.01, max_tokens: 100000000, max_replans: 0 }
${PRICING}workflow_sequence:
  - { id: a, type: reasoning, description: Write the report }
goals:
  - { name: g1, judge: The report is good }
  - { name: g2, judge: The report is short }
  - { name: g3, judge: The report is polite }
  - { name: g4, judge: The report is correct }
`;
    const job = await runOfflineJob({
      plan,
      // The step costs $0.001 (under the cap); each judge call costs $0.05.
      script: (request) => (isJudge(request.body) ? answer('{"met": true, "reason": "ok"}', 50_000) : answer('The report.', 1_000)),
    });
    expect(job.outcome.kind).toBe('ran');
    if (job.outcome.kind !== 'ran') return;
    expect(job.server.requests.filter((request) => isJudge(request.body))).toHaveLength(1);
    expect(job.outcome.usage.costUsd).toBeLessThanOrEqual(0.01 + 0.05);
    // The first judge passed the cap: the job fails with the budget's message, as a step's call would make it.
    expect(job.outcome.status).toBe('failed');
    expect(job.outcome.goals.map((goal) => goal.outcome)).toEqual(['met', 'error', 'error', 'error']);
  });

  it('fail the job with the budget message when a judge\'s own call passes a cap, keeping the goals table', async () => {
    const plan = `name: Judged
limits: { max_tokens: 3000, max_replans: 0 }
workflow_sequence:
  - { id: a, type: reasoning, description: Write the note }
goals:
  - { name: good note, judge: The note is good }
`;
    // The step spends 2,000 tokens (under the cap), the judge 2,000 more.
    const job = await runOfflineJob({ plan, script: (request) => (isJudge(request.body) ? answer('{"met": true, "reason": "ok"}', 2_000) : answer('The note.', 2_000)) });
    expect(job.outcome.kind).toBe('ran');
    if (job.outcome.kind !== 'ran') return;
    expect(job.outcome.status).toBe('failed');
    expect(job.outcome.run.record.reason).toBe('budget exceeded: max_tokens 3,000 (spent 4,000)');
    expect(job.outcome.goals).toEqual([expect.objectContaining({ name: 'good note', outcome: 'met' })]);
    expect(job.trace.at(-1)).toMatchObject({ type: 'goals_checked', status: 'failed', reason: 'budget exceeded: max_tokens 3,000 (spent 4,000)' });
    expect(job.summary).toContain('budget exceeded: max_tokens 3,000 (spent 4,000)');
    expect(job.summary).toContain('good note');
  });
});

// A warning's judge refused for want of budget beside a required goal that was judged unmet failed the job
// with the budget's message: with fail-on-unmet-goals: false it failed though warnings never fail a job.
describe('a warning’s judge refused by the budget', () => {
  it('leaves a run whose required goal was judged unmet goals-unmet, not failed', async () => {
    const plan = `name: Judged
limits: { max_model_calls: 1, max_replans: 0 }
workflow_sequence:
  - { id: a, type: reasoning, description: Write the note }
goals:
  - { name: says done, contains: DONE }
  - { name: polite, severity: warning, judge: The note is polite }
`;
    const job = await runOfflineJob({ plan, script: (request) => (isJudge(request.body) ? answer('{"met": true, "reason": "ok"}', 10) : answer('The note.', 10)) });
    expect(job.outcome.kind).toBe('ran');
    if (job.outcome.kind !== 'ran') return;
    expect(job.server.requests.filter((request) => isJudge(request.body))).toHaveLength(0);
    expect(job.outcome.goals.map((goal) => [goal.name, goal.outcome])).toEqual([['says done', 'unmet'], ['polite', 'error']]);
    expect(job.outcome.status).toBe('goals-unmet');
  });

  it('still fails the run when a required goal could not be evaluated', async () => {
    const plan = `name: Judged
limits: { max_model_calls: 1, max_replans: 0 }
workflow_sequence:
  - { id: a, type: reasoning, description: Write the note }
goals:
  - { name: says done, contains: DONE }
  - { name: polite, judge: The note is polite }
`;
    const job = await runOfflineJob({ plan, script: (request) => (isJudge(request.body) ? answer('{"met": true, "reason": "ok"}', 10) : answer('The note.', 10)) });
    expect(job.outcome.kind).toBe('ran');
    if (job.outcome.kind !== 'ran') return;
    expect(job.outcome.status).toBe('failed');
  });
});
