import { askForText } from './ask-for-text.ts';
import type { StepContext } from './step-context.ts';

/** A `reasoning` step: the model answers the description from the step's context; the text is the result. */
export function runReasoningStep(ctx: StepContext): Promise<string> {
  return askForText(ctx, 'Do this step using the goal and the results above. Reply with the result of the step only.');
}
