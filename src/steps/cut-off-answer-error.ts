import { StepError } from '../core/step-error.ts';
import { cutOffReason, cutOffWhy, reachedTokenLimit } from '../llm/cut-off-reason.ts';
import type { ChatResponse } from '../llm/model-client.ts';
import { EmptyAnswerError } from './empty-answer-error.ts';

/** The model's answer to a step ended before it was done (`finish_reason` length or content_filter): a fragment is not a result. */
export class CutOffAnswerError extends StepError {
  readonly stepKey: string;
  readonly finishReason: string;

  constructor(options: { stepKey: string; finishReason: string }) {
    // A filter's (or a refusal's, or an error's) stop is not helped by a shorter answer or a larger limit.
    const remedy = reachedTokenLimit(options.finishReason)
      ? "Ask for a shorter answer in the step's description, or raise the model's token limit."
      : "It is not the length that stopped it: rephrase the step's description, look at the text it reads, or try another model.";
    super(`Step ${options.stepKey}: the model's answer was cut off: ${cutOffWhy(options.finishReason)}. ${remedy}`, { transient: false });
    this.stepKey = options.stepKey;
    this.finishReason = options.finishReason;
  }
}

/**
 * Throws for an answer the endpoint cut off, whatever the step asked for: EmptyAnswerError when it holds nothing
 * (`holdsAnswer` false: no text, no call), else CutOffAnswerError, as what it holds is a fragment, calls included.
 */
export function refuseCutOff(stepKey: string, choice: ChatResponse['choices'][number] | undefined, holdsAnswer: boolean): void {
  const cutOff = cutOffReason(choice);
  if (cutOff === undefined) return;
  if (!holdsAnswer) throw EmptyAnswerError.of(stepKey, choice);
  throw new CutOffAnswerError({ stepKey, finishReason: cutOff });
}
