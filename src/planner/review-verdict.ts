import { z } from 'zod';
import type { ReviewVerdict } from '../run/replanner.ts';
import { findJsonValue } from './find-json-value.ts';
import { PlanAnswerError } from './plan-answer-error.ts';

const Verdict = z.object({ fits: z.boolean(), reason: z.string() });

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
  const found = findJsonValue(answer);
  const verdict = found.ok ? Verdict.safeParse(found.value) : undefined;
  if (!verdict?.success) throw new PlanAnswerError('review', 'the answer is not {"fits": boolean, "reason": string}', answer);
  return verdict.data;
}
