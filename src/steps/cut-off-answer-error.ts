import { StepError } from '../core/step-error.ts';
import { cutOffWhy, reachedTokenLimit } from '../llm/cut-off-reason.ts';

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
