import { StepError } from '../core/step-error.ts';

/** The model answered a step with no text (an empty message, a refusal, or no choice at all). */
export class EmptyAnswerError extends StepError {
  readonly stepKey: string;
  /** The refusal text or finish reason the endpoint gave, if any. */
  readonly reason: string;

  constructor(options: { stepKey: string; reason: string }) {
    super(
      `Step ${options.stepKey}: the model returned no answer (${options.reason}). Rephrase the step's description or try another model.`,
      { transient: false },
    );
    this.stepKey = options.stepKey;
    this.reason = options.reason;
  }
}
