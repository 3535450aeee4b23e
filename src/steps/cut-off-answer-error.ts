import { StepError } from '../core/step-error.ts';

/** Finish reasons that mean the text is not the whole answer: the token limit, a content filter. */
export const CUT_OFF_FINISH_REASONS: readonly string[] = ['length', 'content_filter'];

/** The model's answer to a step ended before it was done (`finish_reason` length or content_filter): a fragment is not a result. */
export class CutOffAnswerError extends StepError {
  readonly stepKey: string;
  readonly finishReason: string;

  constructor(options: { stepKey: string; finishReason: string }) {
    const why = options.finishReason === 'length' ? 'it reached the token limit' : `the endpoint stopped it (${options.finishReason})`;
    super(`Step ${options.stepKey}: the model's answer was cut off: ${why}. Ask for a shorter answer in the step's description, or raise the model's token limit.`, { transient: false });
    this.stepKey = options.stepKey;
    this.finishReason = options.finishReason;
  }
}
