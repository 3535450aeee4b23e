import { hasVisibleText } from '../core/invisible-characters.ts';
import { buildStepMessages } from './build-step-messages.ts';
import { completeForStep, requireModel } from './complete-for-step.ts';
import { refuseCutOff } from './cut-off-answer-error.ts';
import { EmptyAnswerError } from './empty-answer-error.ts';
import type { StepContext } from './step-context.ts';
import { stepModelSettings } from './step-model-settings.ts';

/** One model call answering the step in text, from its context; the text is the step's result. */
export async function askForText(ctx: StepContext, instruction: string): Promise<string> {
  const client = requireModel(ctx);
  const { model, temperature, agentSystem } = stepModelSettings(ctx, client);
  const messages = buildStepMessages(ctx, instruction, { agentSystem });
  const response = await completeForStep(ctx, client, { model, messages, ...(temperature !== undefined ? { temperature } : {}) });
  const choice = response.choices[0];
  const text = choice?.message.content;
  refuseCutOff(ctx.step.key, choice, hasVisibleText(text));
  if (!hasVisibleText(text)) throw EmptyAnswerError.of(ctx.step.key, choice);
  return text;
}
