import { z } from 'zod';
import { shorten } from './excerpt.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';
import { jsonFences, parseJsonText } from './parse-json-result.ts';

/** What a judge answers about one goal. */
export const JudgeVerdict = z.object({ met: z.boolean(), reason: z.string().min(1) });
export type JudgeVerdict = z.infer<typeof JudgeVerdict>;

/** The verdict as a strict JSON schema for `response_format` (every property required, nothing extra). */
export const JUDGE_VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    met: { type: 'boolean', description: 'true only if the result clearly meets the criterion' },
    reason: { type: 'string', description: 'one or two sentences that point at the result' },
  },
  required: ['met', 'reason'],
  additionalProperties: false,
} as const;

/**
 * The verdict in a judge's reply: plain JSON, JSON in a code fence, or a JSON object inside prose.
 * Anything else throws `GoalNotEvaluableError`: an unreadable verdict is never taken as met, and
 * neither is a reply whose fences hold verdicts that disagree (a "met" draft, then a correction).
 */
export function parseJudgeVerdict(content: string): JudgeVerdict {
  const candidates: unknown[] = [];
  const whole = parseJsonText(content.trim());
  if (whole.ok) candidates.push(whole.value);
  else {
    // Every fence is read: a reply may hold a draft verdict and then another.
    for (const fence of jsonFences(content)) {
      const parsed = parseJsonText(fence.trim());
      if (parsed.ok) candidates.push(parsed.value);
    }
    const start = content.indexOf('{');
    const end = content.lastIndexOf('}');
    if (candidates.length === 0 && start >= 0 && end > start) {
      const inner = parseJsonText(content.slice(start, end + 1));
      if (inner.ok) candidates.push(inner.value);
    }
  }
  const verdicts = candidates.flatMap((candidate) => {
    const verdict = JudgeVerdict.safeParse(candidate);
    return verdict.success ? [verdict.data] : [];
  });
  if (verdicts.length > 1 && verdicts.some((verdict) => verdict.met !== verdicts[0]!.met)) {
    throw new GoalNotEvaluableError(`the judge's answer holds verdicts that disagree: "${shorten(content, 160)}"`);
  }
  if (verdicts[0]) return verdicts[0];
  throw new GoalNotEvaluableError(
    `the judge's answer is not a verdict {"met": boolean, "reason": string}: "${shorten(content, 160)}"`,
  );
}
