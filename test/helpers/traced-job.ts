import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { systemClock } from '../../src/core/clock.ts';
import { runJob, type JobOutcome } from '../../src/job/run-job.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { FanOutPart } from '../../src/run/fan-out-part.ts';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import type { ChatServer } from './chat-server.ts';

export interface TracedJob {
  readonly outcome: JobOutcome;
  /** The run's status, or the outcome's kind when the job did not run (`rejected`). */
  readonly status: string;
  /** The first goal as `outcome: evidence`, when the plan has one. */
  readonly goal?: string;
  /** Its trace, for a later job to resume. */
  readonly trace: ResumeTrace;
}

let jobs = 0;

/**
 * One job of `plan` as the CLI and the action run it, in `dir` (also the tools' working directory), against
 * the local Chat Completions `server` through the real SDK; its trace is written and returned, so that the
 * jobs after it can resume it (a re-run, a shard, a merge).
 */
export async function runTracedJob(
  dir: string,
  plan: string,
  server: ChatServer,
  options: { readonly resume?: ResumeTrace[]; readonly fanOut?: FanOutPart; readonly approve?: { readonly hash: string }; readonly signal?: AbortSignal; readonly inputs?: Readonly<Record<string, unknown>> } = {},
): Promise<TracedJob> {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, plan);
  const file = path.join(dir, `trace-${++jobs}.jsonl`);
  const writer = traceWriter(file);
  const { signal, inputs = {}, ...job } = options;
  const outcome = await runJob(
    { planFile, inputs, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: server.baseURL, apiKey: 'sk-test-key' }, ...job },
    {
      listeners: [writer.listener],
      clock: systemClock,
      ...(signal && { signal }),
      createModel: (settings) => createOpenAIModelClient({ baseURL: settings.baseURL, apiKey: 'sk-test-key', model: 'm', timeoutMs: 10_000, maxRetries: 0 }),
    },
  );
  await writer.close();
  const goal = outcome.kind === 'ran' ? outcome.goals[0] : undefined;
  return { outcome, status: outcome.kind === 'ran' ? outcome.status : outcome.kind, ...(goal && { goal: `${goal.outcome}: ${goal.evidence}` }), trace: { file, text: await readFile(file, 'utf8') } };
}
