import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { renderRejectedPlan } from '../../src/report/rejected-plan-markdown.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { RunEvent, RunListener } from '../../src/core/run-event.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { runJob, type JobOutcome } from '../../src/job/run-job.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { startChatServer, type ChatScript, type ChatServer } from '../helpers/chat-server.ts';

const noRedaction = (text: string): string => text;

/** Moves the manual clock through every retry wait as soon as it is set, so backoff costs no real time. */
export function advanceOnRetry(clock: ManualClock): RunListener {
  return (event) => {
    if (event.type === 'step_retrying') setImmediate(() => clock.advance(event.waitMs));
  };
}

export interface OfflineJob {
  readonly outcome: JobOutcome;
  readonly events: RunEvent[];
  readonly server: ChatServer;
  readonly clock: ManualClock;
  /** The trace file's lines, parsed. */
  readonly trace: Record<string, unknown>[];
  /** The job summary and the final PR comment, as written to the job's directory. */
  readonly summary: string;
  readonly comment: string;
  readonly dir: string;
}

export interface OfflineJobOptions {
  readonly plan: string;
  /** More files beside the plan (plans it uses), by path. */
  readonly files?: Readonly<Record<string, string>>;
  readonly script: ChatScript;
  readonly signal?: AbortSignal;
  readonly extraTools?: readonly Tool[];
  /** As JobDeps.argsCheckLimitMs. */
  readonly argsCheckLimitMs?: number;
  /** Extra listeners (e.g. to inject a fault when a step starts); they get the clock. */
  readonly listeners?: (clock: ManualClock) => RunListener[];
  /** The SDK's request timeout and retries (the SDK retries model calls; we add no layer). */
  readonly modelTimeoutMs?: number;
  readonly modelRetries?: number;
}

function finalRecord(outcome: Extract<JobOutcome, { kind: 'ran' }>): RunRecord {
  return { ...outcome.run.record, status: outcome.status };
}

/**
 * Runs a plan file through `runJob` as the CLI does, offline: a local Chat Completions server
 * behind the real SDK, a manual clock, and the trace, summary and final comment written to a
 * fresh directory (which is also the tools' working directory).
 */
export async function runOfflineJob(options: OfflineJobOptions): Promise<OfflineJob> {
  const dir = mkdtempSync(join(tmpdir(), 'plan-runner-recovery-'));
  const planFile = join(dir, 'plan.yml');
  writeFileSync(planFile, options.plan);
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), text);
  const server = await startChatServer(options.script);
  const clock = new ManualClock();
  const events: RunEvent[] = [];
  const tracePath = join(dir, 'trace.jsonl');
  const trace = traceWriter(tracePath);
  try {
    const outcome = await runJob(
      { planFile, inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' } },
      {
        listeners: [(event) => events.push(event), trace.listener, advanceOnRetry(clock), ...(options.listeners?.(clock) ?? [])],
        clock,
        ...(options.signal && { signal: options.signal }),
        ...(options.extraTools && { extraTools: options.extraTools }),
        ...(options.argsCheckLimitMs !== undefined && { argsCheckLimitMs: options.argsCheckLimitMs }),
        random: () => 0.5,
        createModel: (settings) =>
          createOpenAIModelClient({
            baseURL: settings.baseURL,
            apiKey: settings.apiKey ?? 'none',
            model: settings.model ?? 'gpt-4.1-mini',
            timeoutMs: options.modelTimeoutMs ?? 10_000,
            maxRetries: options.modelRetries ?? 2,
          }),
      },
    );
    await trace.close();
    let summary: string;
    let comment = '';
    if (outcome.kind === 'ran') {
      const record = finalRecord(outcome);
      const limits = outcome.plan.limits;
      summary = renderSummary(record, {
        redact: noRedaction,
        goals: outcome.goals,
        limits: { maxModelCalls: limits.max_model_calls, maxTokens: limits.max_tokens, maxCostUsd: limits.max_cost_usd },
      });
      comment = renderComment(record, { marker: commentMarker('plan.yml'), goals: outcome.goals, redact: noRedaction });
    } else if (outcome.kind === 'rejected') {
      summary = [...outcome.errors.map((error) => `- ${error.path}: ${error.message}`), outcome.rejectedPlan ? renderRejectedPlan(outcome.rejectedPlan, noRedaction) : ''].join('\n');
    } else {
      summary = '';
    }
    writeFileSync(join(dir, 'summary.md'), summary);
    writeFileSync(join(dir, 'comment.md'), comment);
    const lines = readFileSync(tracePath, 'utf8').split('\n').filter((line) => line !== '');
    return { outcome, events, server, clock, trace: lines.map((line) => JSON.parse(line) as Record<string, unknown>), summary, comment, dir };
  } finally {
    await server.close();
  }
}
