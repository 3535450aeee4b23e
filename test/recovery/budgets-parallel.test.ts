import { describe, expect, it } from 'vitest';
import { hang, textAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from './job-harness.ts';

// Four independent model steps at concurrency 4 and a budget that fits about one call (each costs
// $0.30 at this pricing): every step once started its call before any had answered, so the run spent
// four calls' worth before it stopped. Calls in flight now count; a sequential run spends two.
const PLAN = `name: Four notes at once
limits: { concurrency: 4, max_cost_usd: 0.5, max_replans: 0 }
pricing: { gpt-4.1-mini: { input_per_mtok: 2000, output_per_mtok: 10000 } }
workflow_sequence:
  - { id: a, type: reasoning, description: Note on sales, depends_on: [] }
  - { id: b, type: reasoning, description: Note on churn, depends_on: [] }
  - { id: c, type: reasoning, description: Note on hiring, depends_on: [] }
  - { id: d, type: reasoning, description: Note on costs, depends_on: [] }
`;

async function slowAnswer(): Promise<ScriptedReply> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return textAnswer('Noted.', { usage: { prompt_tokens: 100, completion_tokens: 10 } });
}

describe('a cost budget with steps running in parallel', () => {
  it('stops within one call of max_cost_usd, as a sequential run does, not one call per step in flight', async () => {
    // Each answer takes 20 ms, so every step has asked before the first answer is in.
    const job = await runOfflineJob({ plan: PLAN, script: slowAnswer });
    expect(job.outcome).toMatchObject({ kind: 'ran', status: 'failed', run: { reason: 'budget exceeded: max_cost_usd 0.50 (spent 0.60)' } });
    expect(job.server.requests).toHaveLength(2);
    expect(job.outcome.usage).toMatchObject({ modelCalls: 2, promptTokens: 200, completionTokens: 20 });
    // Calls that waited for room were never sent: none was abandoned.
    expect(job.outcome.usage).not.toHaveProperty('abandonedRequests');
    expect(job.summary).not.toContain('model request');
    // The two answered steps keep their answers (the second's passed the cap; it was paid for); those that never called are not done.
    const states = job.outcome.kind === 'ran' ? [...job.outcome.run.record.steps.values()].map((step) => step.state).sort() : [];
    expect(states.filter((state) => state === 'completed')).toHaveLength(2);
  });

  // A budget stop abandons the calls still out; what an endpoint bills for them is not known. The
  // summary's cost table counted only the answered calls and said nothing of the others.
  it('says in the summary how many requests a budget stop abandoned in flight, which no figure counts', async () => {
    let secondSent!: () => void;
    const bothOut = new Promise<void>((resolve) => (secondSent = resolve));
    const job = await runOfflineJob({
      plan: PLAN.replace('max_cost_usd: 0.5', 'max_cost_usd: 1').replace(/  - \{ id: c.*\n  - \{ id: d.*\n/, ''),
      script: async (request) => {
        if (request.index === 1) {
          secondSent();
          return hang();
        }
        // Answers once the other step's call is out too, and passes the cap: $10.20.
        await bothOut;
        return textAnswer('Noted.', { usage: { prompt_tokens: 100, completion_tokens: 1000 } });
      },
    });
    expect(job.outcome).toMatchObject({ kind: 'ran', status: 'failed', run: { reason: expect.stringContaining('budget exceeded: max_cost_usd 1.00') } });
    expect(job.server.requests).toHaveLength(2);
    expect(job.outcome.usage).toMatchObject({ modelCalls: 1, promptTokens: 100, completionTokens: 1000, abandonedRequests: 1 });
    expect(job.summary).toContain(
      '1 model request was abandoned before its answer came in (a timeout, a cancel, a budget stop or an answer that broke off): what the endpoint bills for it is not known, so no cost figure counts it.',
    );
  });

  it('still runs the calls in parallel when the budget has room for all of them', async () => {
    let inFlight = 0;
    let most = 0;
    let allOut!: () => void;
    const everyCallOut = new Promise<void>((resolve) => (allOut = resolve));
    const job = await runOfflineJob({
      plan: PLAN.replace('max_cost_usd: 0.5', 'max_cost_usd: 50'),
      script: async () => {
        most = Math.max(most, ++inFlight);
        // No answer until all four calls are out (or 2 s have passed, when they never will be): a
        // fixed 20 ms let a loaded machine answer the first call before the last one was made.
        if (most === 4) allOut();
        let fallback: NodeJS.Timeout | undefined;
        await Promise.race([everyCallOut, new Promise((resolve) => (fallback = setTimeout(resolve, 2_000)))]);
        clearTimeout(fallback);
        const answer = await slowAnswer();
        inFlight--;
        return answer;
      },
    });
    expect(job.outcome).toMatchObject({ kind: 'ran', status: 'succeeded' });
    expect(most).toBe(4);
  });

  // Before any answer, a call in flight was taken to cost twice its prompt: under max_tokens 250 two
  // calls of ~150 estimated prompt tokens ran one after the other, although the run spent 110 tokens,
  // and the wait ran down the waiting step's timeout_seconds and the run's timeout_minutes.
  it('does not make a call wait for room the budget has: before any answer, only the prompts of calls in flight count', async () => {
    let inFlight = 0;
    let most = 0;
    let allOut!: () => void;
    const everyCallOut = new Promise<void>((resolve) => (allOut = resolve));
    const job = await runOfflineJob({
      plan: PLAN.replace('max_cost_usd: 0.5', 'max_tokens: 250').replace(/  - \{ id: c.*\n  - \{ id: d.*\n/, ''),
      script: async () => {
        most = Math.max(most, ++inFlight);
        // No answer until both calls are out (or 2 s have passed, when the second waits for the first): a
        // fixed 20 ms could answer the first call on a loaded machine before the second was made.
        if (most === 2) allOut();
        let fallback: NodeJS.Timeout | undefined;
        await Promise.race([everyCallOut, new Promise((resolve) => (fallback = setTimeout(resolve, 2_000)))]);
        clearTimeout(fallback);
        inFlight--;
        return textAnswer('Noted.', { usage: { prompt_tokens: 50, completion_tokens: 5 } });
      },
    });
    expect(job.outcome).toMatchObject({ kind: 'ran', status: 'succeeded', usage: { promptTokens: 100, completionTokens: 10 } });
    expect(most).toBe(2);
  });
});

