import { askForText } from './ask-for-text.ts';
import type { StepContext } from './step-context.ts';

/** An `aggregate` step: the model combines the results of the step's `inputs` as the description asks. */
export function runAggregateStep(ctx: StepContext): Promise<string> {
  const inputs = ctx.step.inputs.length > 0 ? ctx.step.inputs.map((key) => `step ${key}`).join(', ') : 'the steps above';
  return askForText(
    ctx,
    `Combine the results of ${inputs} as this step asks. Use only what the results say. Reply with the combined result only.`,
  );
}
