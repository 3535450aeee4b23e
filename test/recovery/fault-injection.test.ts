import { describe, expect, it } from 'vitest';
import type { RunListener } from '../../src/core/run-event.ts';
import type { ManualClock } from '../../src/run/manual-clock.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { hang, httpError, textAnswer, type ChatScript } from '../helpers/chat-server.ts';
import { countedTool, failsOnceCode, nodeTool, planYaml, transient503, untilAborted } from './fault-plans.ts';
import { runOfflineJob, type OfflineJob } from './job-harness.ts';

type Outcome = 'retried' | 'replanned' | 'escalated' | 'stopped';

interface FaultCase {
  readonly fault: string;
  readonly expected: Outcome;
  readonly plan: string;
  readonly script?: ChatScript;
  readonly tools?: () => Tool[];
  readonly listeners?: (clock: ManualClock, controller: AbortController) => RunListener[];
  readonly modelTimeoutMs?: number;
  readonly modelRetries?: number;
  /** What else must hold after this fault. */
  readonly check: (job: OfflineJob, tools: Tool[]) => void;
}

const twoThinkingSteps = planYaml({
  steps: [
    '{ id: 1, type: reasoning, description: Say hello to the team }',
    '{ id: 2, type: reasoning, description: Say goodbye to the team }',
  ],
});

const stepPlan = (steps: string[], tools: Record<string, string> = {}, limits: object = {}, extra?: string): string =>
  planYaml({ steps, tools, limits, ...(extra && { extra }) });

const planWriterPlan = planYaml({
  goal: 'Report the release notes',
  tools: { notes: nodeTool('Read the release notes', "process.stdout.write('v2 adds retries')") },
});
const validPlan = JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'notes', args: {}, depends_on: [], why: 'read them' }] });

/** What recovery did, read from what the job left behind. */
function observed(job: OfflineJob): Outcome {
  const { outcome } = job;
  if (outcome.kind !== 'ran') return 'stopped';
  if (outcome.status === 'escalated') return 'escalated';
  if (outcome.status !== 'succeeded') return 'stopped';
  const planWrites = job.server.requests.filter((request) => JSON.stringify(request.body.response_format ?? '').includes('plan_steps')).length;
  if (outcome.run.replans > 0 || planWrites > 1) return 'replanned';
  const sdkRetries = job.server.requests.length > outcome.usage.modelCalls;
  return sdkRetries || job.events.some((event) => event.type === 'step_retrying') ? 'retried' : 'stopped';
}

const cases: FaultCase[] = [
  {
    fault: 'model 429 with retry-after',
    expected: 'retried',
    plan: twoThinkingSteps,
    script: [httpError(429, { headers: { 'retry-after-ms': '10' } }), textAnswer('Hello!'), textAnswer('Bye!')],
    check: (job) => expect(job.server.requests).toHaveLength(3),
  },
  {
    fault: 'model 500',
    expected: 'retried',
    plan: twoThinkingSteps,
    script: [textAnswer('Hello!'), httpError(500, { retryAfterMs: 0 }), textAnswer('Bye!')],
    check: (job) => expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('2')?.usage.modelCalls).toBe(1),
  },
  {
    fault: 'model timeout',
    expected: 'retried',
    plan: twoThinkingSteps,
    script: [hang(), textAnswer('Hello!'), textAnswer('Bye!')],
    // The timeout is every request's, the answers' too: at 300 ms a loaded machine timed out an answer.
    modelTimeoutMs: 3_000,
    modelRetries: 1,
    check: (job) => expect(job.server.requests).toHaveLength(3),
  },
  {
    fault: 'malformed plan JSON',
    expected: 'replanned',
    plan: planWriterPlan,
    script: [textAnswer('Here you go: {"steps": [{"id": 1, "type": "tool_call",'), textAnswer(validPlan)],
    check: (job) => {
      expect(JSON.stringify(job.server.requests[1]!.body.messages)).toContain('the answer holds no JSON');
      expect(job.outcome.kind === 'ran' && job.outcome.run.results.get('1')).toBe('v2 adds retries');
    },
  },
  {
    fault: 'a plan naming a missing tool',
    expected: 'stopped',
    plan: planWriterPlan,
    script: [
      textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'browse', args: { url: 'x' }, depends_on: [] }] })),
      textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'browser', args: { url: 'x' }, depends_on: [] }] })),
    ],
    check: (job) => {
      expect(job.outcome).toMatchObject({ kind: 'rejected', rejectedPlan: { attempts: [expect.anything(), expect.anything()] } });
      expect(job.summary).toContain('"tool": "browser"');
      expect(job.summary).toMatch(/`steps\[0\]\.tool`: .*browser/);
      // Nothing ran: the trace holds only what the two calls that wrote no plan cost, as they were charged.
      expect(job.trace.map((event) => [event.type, (event as { usage?: { modelCalls: number } }).usage?.modelCalls])).toEqual([['model_used', 1], ['model_used', 1]]);
    },
  },
  {
    fault: 'tool timeout',
    expected: 'retried',
    plan: stepPlan(['{ id: 1, type: tool_call, tool: slow_fetch, args: {} }']),
    tools: () => [countedTool('slow_fetch', { timeoutSeconds: 5 }, (call, signal) => (call === 1 ? untilAborted(signal) : Promise.resolve('page text')))],
    listeners: (clock) => [(event) => void (event.type === 'step_started' && setImmediate(() => clock.advance(5_000)))],
    check: (job, [tool]) => {
      expect((tool as Tool & { calls: number }).calls).toBe(2);
      expect(job.events.find((event) => event.type === 'step_retrying')).toMatchObject({ error: "step 1 timed out after 5 s, the limit of its tool 'slow_fetch'; give the step its own timeout_seconds if it needs longer" });
    },
  },
  {
    fault: 'tool exit 75',
    expected: 'retried',
    plan: stepPlan(['{ id: 1, type: tool_call, tool: flaky, args: {} }'], { flaky: nodeTool('Flaky', failsOnceCode(75, 'fine now')) }),
    script: [],
    check: (job) => expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('1')).toMatchObject({ result: 'fine now', attempts: 2 }),
  },
  {
    fault: 'tool exit 1',
    expected: 'replanned',
    plan: stepPlan(['{ id: 1, type: tool_call, tool: broken, args: {} }', '{ id: 2, type: reasoning, description: Summarise step 1 }'], {
      broken: nodeTool('Broken', failsOnceCode(1, 'never')),
      backup: nodeTool('Backup source', "process.stdout.write('backup data')"),
    }),
    script: [
      textAnswer(JSON.stringify({ steps: [{ id: 3, type: 'tool_call', tool: 'backup', args: {}, depends_on: [] }, { id: 4, type: 'reasoning', description: 'Summarise step 3', depends_on: [3] }], why: 'use the backup source' })),
      textAnswer('Summary of the backup data.'),
    ],
    check: (job) => {
      expect(job.events.some((event) => event.type === 'step_retrying')).toBe(false);
      expect(job.outcome.kind === 'ran' && job.outcome.run.finalResult).toBe('Summary of the backup data.');
    },
  },
  {
    fault: 'a side-effect tool failing',
    expected: 'escalated',
    plan: stepPlan(['{ id: 1, type: tool_call, tool: post_comment, args: {} }'], {}, { max_replans: 0 }, 'escalate: { mention: "@acme/release-team", label: needs-human }'),
    tools: () => [countedTool('post_comment', { sideEffects: true }, () => Promise.reject(transient503()))],
    check: (job, [tool]) => {
      expect((tool as Tool & { calls: number }).calls).toBe(1);
      expect(job.outcome.kind === 'ran' && job.outcome.run.escalation).toMatchObject({ mention: '@acme/release-team', label: 'needs-human', lastError: '503 from the comment service' });
    },
  },
  {
    fault: 'a budget hit mid-run',
    expected: 'stopped',
    plan: planYaml({
      limits: { max_cost_usd: 0.5 },
      steps: ['{ id: 1, type: reasoning, description: Say hello }', '{ id: 2, type: reasoning, description: Say more }', '{ id: 3, type: reasoning, description: Say goodbye }'],
      extra: 'pricing: { gpt-4.1-mini: { input_per_mtok: 2000, output_per_mtok: 10000 } }',
    }),
    script: [
      { kind: 'completion', content: 'Hello!', usage: { prompt_tokens: 100, completion_tokens: 10 } },
      { kind: 'completion', content: 'More!', usage: { prompt_tokens: 100, completion_tokens: 10 } },
    ],
    check: (job) => {
      expect(job.outcome).toMatchObject({ kind: 'ran', status: 'failed', run: { reason: 'budget exceeded: max_cost_usd 0.50 (spent 0.60)' } });
      expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('3')).toMatchObject({ state: 'skipped' });
      expect(job.server.requests).toHaveLength(2);
    },
  },
  {
    fault: 'SIGTERM mid-run',
    expected: 'stopped',
    plan: twoThinkingSteps,
    script: [textAnswer('Hello!'), hang()],
    listeners: (_clock, controller) => [(event) => void (event.type === 'step_started' && event.stepKey === '2' && controller.abort('SIGTERM'))],
    check: (job) => {
      expect(job.outcome).toMatchObject({ kind: 'ran', status: 'cancelled', run: { reason: 'cancelled (SIGTERM)' } });
    },
  },
];

describe('fault injection: each fault ends the way recovery promises, and nothing completed is lost', () => {
  it.each(cases)('$fault → $expected', async (fault) => {
    const controller = new AbortController();
    const tools = fault.tools?.() ?? [];
    const job = await runOfflineJob({
      plan: fault.plan,
      script: fault.script ?? [],
      signal: controller.signal,
      extraTools: tools,
      listeners: (clock) => fault.listeners?.(clock, controller) ?? [],
      ...(fault.modelTimeoutMs !== undefined && { modelTimeoutMs: fault.modelTimeoutMs }),
      ...(fault.modelRetries !== undefined && { modelRetries: fault.modelRetries }),
    });
    expect(observed(job)).toBe(fault.expected);
    fault.check(job, tools);

    if (job.outcome.kind !== 'ran') return;
    // The trace, the summary and the final checklist were written, and end with the run's end.
    expect(job.trace.slice(-2)).toMatchObject([{ type: 'run_finished' }, { type: 'goals_checked' }]);
    expect(job.summary).toContain(`**Status:** `);
    expect(job.comment).toContain('**Finished: ');
    // No completed result is lost: each is in the outcome, the trace, the summary and the comment.
    const completed = job.events.flatMap((event) => (event.type === 'step_completed' ? [event] : []));
    for (const step of completed) {
      expect(job.outcome.run.results.get(step.stepKey)).toEqual(step.result);
      expect(job.trace).toContainEqual(expect.objectContaining({ type: 'step_completed', stepKey: step.stepKey, result: step.result }));
      expect(job.summary).toContain(`✅ **${step.stepKey}.`);
      expect(job.comment).toContain(`✅ ${step.stepKey}.`);
    }
  });
});
