import { StepError } from '../core/step-error.ts';
import { cutOffWhy } from '../llm/cut-off-reason.ts';

/** The model's answer to a step ended before it was done (`finish_reason` length or content_filter): a fragment is not a result. */
export class CutOffAnswerError extends StepError {
  readonly stepKey: string;
  readonly finishReason: string;

  constructor(options: { stepKey: string; finishReason: string }) {
    super(`Step ${options.stepKey}: the model's answer was cut off: ${cutOffWhy(options.finishReason)}. Ask for a shorter answer in the step's description, or raise the model's token limit.`, { transient: false });
    this.stepKey = options.stepKey;
    this.finishReason = options.finishReason;
  }
}
