import { StepError } from '../core/step-error.ts';

/** A step needs a model (reasoning, aggregate, tool_call without args) but the run has none. */
export class NoModelConfiguredError extends StepError {
  readonly stepKey: string;
  readonly stepType: string;

  constructor(options: { stepKey: string; stepType: string }) {
    super(
      `Step ${options.stepKey} (${options.stepType}) needs a model, but none is configured. ` +
        'Set api-key (OPENAI_API_KEY) and model, replay a recording with --replay FILE, or give the step explicit args.',
      { transient: false },
    );
    this.stepKey = options.stepKey;
    this.stepType = options.stepType;
  }
}
