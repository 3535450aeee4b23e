import type { PlanStep } from '../core/plan-step.ts';
import { foundNote, itemProgress, otherShardsNote, partialNote, planStepOf, STATE_ICONS, stepTitle, todoNote, undoneNote } from '../report/checklist.ts';
import { cutText } from '../report/cut-text.ts';
import { formatDuration } from '../report/format-duration.ts';
import type { Redactor } from '../core/redact.ts';
import { resultText } from '../core/result-text.ts';
import type { RunEvent, RunListener } from '../core/run-event.ts';
import { followRecord, type StepRecord } from '../core/run-record.ts';
import type { ActionIO } from './action-io.ts';
import { pushAll } from '../core/push-all.ts';
import type { Usage } from '../core/usage.ts';
import { quotedLines } from '../security/neutralise-log-text.ts';

/** A result longer than this is cut in the log; the summary and the trace keep it whole. */
const MAX_LOG_RESULT_CHARS = 16_000;

/** A usage's tokens as the log says them; the prompt tokens read from the endpoint's cache (cheaper) named when there are any. */
function tokensInOut(usage: Usage): string {
  const cached = usage.cachedPromptTokens ? ` (${usage.cachedPromptTokens} of them in from the cache)` : '';
  return `tokens in/out: ${usage.promptTokens}/${usage.completionTokens}${cached}`;
}

function detailLines(step: StepRecord, planStep: PlanStep | undefined, redact: Redactor): string[] {
  const lines: string[] = [];
  if (planStep) {
    lines.push(`type: ${planStep.type}${planStep.tool ? `, tool: ${planStep.tool}` : ''}`);
    if (planStep.args !== undefined) lines.push(`args: ${JSON.stringify(planStep.args)}`);
    if (planStep.dependsOn.length) lines.push(`after: ${planStep.dependsOn.join(', ')}`);
  }
  if (step.reused) {
    const { modelCalls } = step.reused;
    const cost = modelCalls > 0 ? ` (${modelCalls} model call${modelCalls === 1 ? '' : 's'} there, ${tokensInOut(step.reused)})` : '';
    lines.push(`reused: its result was taken from an earlier run's saved state${cost}; the step did not run here`);
  }
  if (step.itemCounts) {
    const counts = step.itemCounts;
    // Items taken from an earlier run did not run here either: the count says how many, as the summary marks each.
    lines.push(`items: ${counts.completed}/${counts.total} done${counts.reused ? `, ${counts.reused} of them reused (not run here)` : ''}${counts.failed ? `, ${counts.failed} failed` : ''}${otherShardsNote(counts)}`);
    // Every failed item, whether its step completed (on_item_failure: continue) or failed with them.
    const failed = step.failedItems ?? (step.items ?? []).filter((item) => item.state === 'failed').map((item) => ({ key: item.key, error: item.error ?? 'no error message' }));
    for (const failure of failed.slice(0, 50)) {
      lines.push(`item ${failure.key} failed:`);
      pushAll(lines, quotedLines(redact(failure.error)));
    }
  }
  if (step.usage.modelCalls > 0) {
    lines.push(`model calls: ${step.usage.modelCalls}, ${tokensInOut(step.usage)}`);
  }
  if (step.state === 'completed' && step.result !== undefined) {
    // Redact the whole text before cutting it, so no half of a secret survives the cut.
    const text = redact(resultText(step.result).text);
    const shown = text.length > MAX_LOG_RESULT_CHARS ? `${cutText(text, MAX_LOG_RESULT_CHARS)}\n(cut: the full result is in the job summary and the trace)` : text;
    lines.push('result:');
    pushAll(lines, quotedLines(shown));
  }
  if (step.state === 'failed') {
    lines.push('error:');
    pushAll(lines, quotedLines(redact(step.error ?? 'no error message')));
  }
  if (step.state === 'skipped' && step.skipReason) {
    lines.push('skipped:');
    pushAll(lines, quotedLines(redact(step.skipReason)));
  }
  return lines;
}

/**
 * A listener that prints one collapsed log group per step as the step ends, saying what it did
 * (tool, arguments as planned, model use, result or error). Groups cannot nest or interleave, so
 * concurrent steps each get theirs when they finish rather than when they start.
 */
export function stepLogGroups(io: ActionIO, redact: Redactor): RunListener {
  const follow = followRecord();
  return (event: RunEvent, sent) => {
    const record = follow(event, sent);
    if (event.type !== 'step_completed' && event.type !== 'share_ended' && event.type !== 'step_failed' && event.type !== 'step_skipped') return;
    const step = record.steps.get(event.stepKey);
    if (!step) return;
    const planStep = planStepOf(record, event.stepKey);
    // A reused step did not run: its 0 ms read as a step that ran, where the checklist and the summary say reused.
    const took = step.reused ? ' (reused, not run here)' : step.durationMs === undefined ? '' : ` in ${formatDuration(step.durationMs)}`;
    // A for_each step's counts, as its checklist line has them: the title is all of a collapsed group the log
    // shows, and `✅ … — completed` alone hid the items it lost (found by an adversarial pass). So did it the TODOs its
    // agent left not done, which its checklist line counts (found by a cross-view pass).
    // A shard's share: the step itself completes in the merge job.
    const state = step.shareDone ? `this shard's items ${step.state === 'completed' ? 'done' : 'failed'}` : step.state;
    const title = `${STATE_ICONS[step.state]} Step ${step.key}: ${planStep ? stepTitle(planStep, redact) : ''} — ${state}${took}${itemProgress(step)}${partialNote(step, redact)}${todoNote(step)}${undoneNote(step, redact)}${foundNote(step, redact)}`;
    io.group(title, detailLines(step, planStep, redact));
  };
}
