import { z } from 'zod';
import { cutText } from '../core/cut-text.ts';
import type { ReviewVerdict } from '../run/replanner.ts';
import { locateJsonValue, jsonValuesInWords } from './find-json-value.ts';
import { PlanAnswerError } from './plan-answer-error.ts';

// Other keys are let be: a key a model adds (`confidence`) changes no verdict, and a review that fails is silent (it is
// advisory), so a strict verdict made every review of such a model fail unseen (found by a review).
const Verdict = z.object({ fits: z.boolean(), reason: z.string() });

/** Characters of a review's reason kept at most. */
const MAX_REASON_CHARS = 1_000;

/** The review's answer as a strict JSON schema for `response_format`. */
export const REVIEW_VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    fits: { type: 'boolean', description: 'false only when the steps not yet run no longer fit the goal' },
    reason: { type: 'string', description: 'one sentence' },
  },
  required: ['fits', 'reason'],
  additionalProperties: false,
} as const;

/** The verdict in a review's answer (plain, fenced or in prose); `PlanAnswerError` when there is none. */
export function readReviewVerdict(answer: string): ReviewVerdict {
  const { found, inWords } = locateJsonValue(answer);
  const verdict = found.ok ? Verdict.safeParse(found.value) : undefined;
  if (!verdict?.success) throw new PlanAnswerError('review', 'the answer is not {"fits": boolean, "reason": string}', answer);
  // Among words, a verdict may be quoted from the results the review read: the first one decided, and a step's result
  // that held {"fits": false} replaced the people's steps (found by a hunt of model-written plans). Answers that
  // disagree are refused, as a judge's are.
  if (inWords) {
    const { values, searchedAll } = jsonValuesInWords(answer);
    if (!searchedAll) throw new PlanAnswerError('review', 'the answer holds too much among its words to tell whether it holds one verdict only: reply with your one verdict, JSON only', answer);
    const fits = new Set(values.flatMap((value) => (value !== null && typeof value === 'object' && 'fits' in value ? [String((value as { fits: unknown }).fits)] : [])));
    if (fits.size > 1) throw new PlanAnswerError('review', 'the answer holds verdicts that disagree among its words, and one may be quoted from the data it read: reply with your one verdict, JSON only', answer);
  }
  // One sentence is asked for; the reason becomes a revision's reason or an escalation's last error, which each step not run yet keeps.
  return { fits: verdict.data.fits, reason: cutText(verdict.data.reason, MAX_REASON_CHARS) };
}
