import { describe, expect, it } from 'vitest';
import { INVENTED_URL, planningChapterPlan } from '../fixtures/planning-chapter/plan-text.ts';
import { runOfflineJob } from './job-harness.ts';
import { FAILING_REPLAN_ANSWER, PLAN_ANSWER, REPLAN_ANSWER, REPORT_ANSWER } from './planning-chapter-answers.ts';

describe("the planning chapter's run, offline", () => {
  it('retries the timeout, replans around the 404, meets every goal in three model calls', async () => {
    const job = await runOfflineJob({ plan: planningChapterPlan(), script: [PLAN_ANSWER, REPLAN_ANSWER, REPORT_ANSWER] });
    const { outcome } = job;
    expect(outcome.kind).toBe('ran');
    if (outcome.kind !== 'ran') return;
    expect(outcome.status).toBe('succeeded');
    expect(outcome.goals.map((goal) => [goal.name, goal.outcome])).toEqual([
      ['states the measured change in car trips', 'met'],
      ['mentions other changes in the same period', 'met'],
      ["gives the bike share's own estimated effect", 'met'],
      ['cites a source in every sentence', 'met'],
    ]);

    // Three model calls: the plan, the replan, the report.
    expect(job.server.requests).toHaveLength(3);
    expect(outcome.usage.modelCalls).toBe(3);
    expect(job.server.requests[0]!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'plan_steps', strict: true } });
    const replanPrompt = JSON.stringify(job.server.requests[1]!.body.messages);
    expect(replanPrompt).toContain(`fetch ${INVENTED_URL}: 404 not found`);
    expect(replanPrompt).toContain('Did bike share reduce car trips'); // a completed result the replan may use

    // The timeout was retried (transient), the 404 was not (permanent) and was replanned into read_top.
    const retries = job.events.filter((event) => event.type === 'step_retrying');
    expect(retries).toEqual([expect.objectContaining({ stepKey: '2', attempt: 1, maxAttempts: 3, waitMs: 500, error: expect.stringContaining('timed out after 10 s') })]);
    expect(outcome.run.record.steps.get('2')).toMatchObject({ state: 'completed', attempts: 2 });
    expect(outcome.run.record.steps.get('4')).toMatchObject({ state: 'failed', error: expect.stringContaining('404 not found') });
    const revised = job.events.find((event) => event.type === 'plan_revised');
    expect(revised).toMatchObject({ replaced: ['4', '5'], added: ['6', '7'], plan: { revision: 2 } });
    expect(outcome.run.record.steps.get('6')).toMatchObject({ state: 'completed', result: expect.stringContaining('September 2023') });
    expect(outcome.run.resultStepKey).toBe('7');
    // Completed steps were kept, never rerun.
    const started = job.events.flatMap((event) => (event.type === 'step_started' ? [event.stepKey] : []));
    expect(started.sort()).toEqual(['1', '2', '3', '4', '6', '7']);

    // Visible in the trace and the summary.
    expect(job.trace.map((line) => line.type)).toEqual(expect.arrayContaining(['step_retrying', 'plan_revised']));
    expect(job.summary).toContain('### Plan revisions');
    expect(job.summary).toContain('search for the tram page instead of guessing its URL');
    expect(job.summary).toMatch(/2\. Fetch the university study\*\* · .*2 attempts/);
    expect(job.summary).toContain('plan revision 2');
    expect(job.comment).toContain('✅ 7.');
  });

  it('escalates to a person when the replacement fails too and max_replans is 1', async () => {
    const job = await runOfflineJob({ plan: planningChapterPlan({ max_replans: 1 }), script: [PLAN_ANSWER, FAILING_REPLAN_ANSWER] });
    const { outcome } = job;
    expect(outcome.kind).toBe('ran');
    if (outcome.kind !== 'ran') return;
    expect(outcome.status).toBe('escalated');
    expect(job.server.requests).toHaveLength(2);
    expect(outcome.run.reason).toMatch(/^step 6 failed and the 1 replan allowed \(limits\.max_replans\) are used up\. Last error: .*larkford\.gov\/tram: 404 not found/s);
    expect(outcome.run.escalation).toMatchObject({ lastError: expect.stringContaining('404 not found'), tried: expect.arrayContaining(['replanned once (plan revision 2)']) });
    expect(outcome.run.record.steps.get('7')).toMatchObject({ state: 'skipped' });
    // What completed is kept everywhere.
    for (const key of ['1', '2', '3']) expect(outcome.run.results.has(key)).toBe(true);
    expect(job.summary).toContain('escalated — a person is needed: step 6 failed');
    expect(job.summary).not.toContain('a person is needed: a person is needed');
    expect(job.comment).toContain('a person is needed');
    expect(job.trace.slice(-2)).toMatchObject([{ type: 'run_finished', status: 'escalated' }, { type: 'goals_checked', status: 'escalated' }]);
  });
});
