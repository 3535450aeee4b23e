import { z } from 'zod';
import { shorten } from './excerpt.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';
import { parseJsonResult } from './parse-json-result.ts';

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
 * Anything else throws `GoalNotEvaluableError`: an unreadable verdict is never taken as met.
 */
export function parseJudgeVerdict(content: string): JudgeVerdict {
  const candidates: unknown[] = [];
  const parsed = parseJsonResult(content);
  if (parsed.ok) candidates.push(parsed.value);
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (!parsed.ok && start >= 0 && end > start) {
    const inner = parseJsonResult(content.slice(start, end + 1));
    if (inner.ok) candidates.push(inner.value);
  }
  for (const candidate of candidates) {
    const verdict = JudgeVerdict.safeParse(candidate);
    if (verdict.success) return verdict.data;
  }
  throw new GoalNotEvaluableError(
    `the judge's answer is not a verdict {"met": boolean, "reason": string}: "${shorten(content, 160)}"`,
  );
}
