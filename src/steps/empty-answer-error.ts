import { StepError } from '../core/step-error.ts';
import { reachedTokenLimit } from '../llm/cut-off-reason.ts';
import type { ChatResponse } from '../llm/model-client.ts';
import { cutText } from '../core/cut-text.ts';

/** The most characters of a refusal or finish reason the error quotes: both are the endpoint's, of any length. */
const MAX_REASON_CHARS = 300;

/** The model answered a step with no text (an empty message, a refusal, or no choice at all). */
export class EmptyAnswerError extends StepError {
  readonly stepKey: string;
  /** The refusal text or finish reason the endpoint gave, if any. */
  readonly reason: string;

  constructor(options: { stepKey: string; reason: string; tokenLimit?: boolean }) {
    // A 100,000-character refusal was the step's error whole: the log, the trace, the summary and the replanner's
    // prompt (found by an adversarial pass).
    const reason = cutText(options.reason, MAX_REASON_CHARS);
    // A thinking model can spend its whole output limit on reasoning (an unclosed `<think>`, reasoning tokens):
    // rephrasing does not help that, a larger limit does (found by an adversarial pass).
    const what = options.tokenLimit
      ? ": it reached the token limit before it wrote one (a thinking model may spend it all on reasoning). Raise the model's output token limit, or ask for less in the step's description."
      : ` (${reason}). Rephrase the step's description or try another model.`;
    super(`Step ${options.stepKey}: the model returned no answer${what}`, { transient: false });
    this.stepKey = options.stepKey;
    this.reason = reason;
  }

  /** The error for `choice`, an answer with no text: its refusal, or its finish reason. */
  static of(stepKey: string, choice: ChatResponse['choices'][number] | undefined): EmptyAnswerError {
    return new EmptyAnswerError({ stepKey, reason: emptyAnswerReason(choice), tokenLimit: !choice?.message.refusal && reachedTokenLimit(choice?.finish_reason) });
  }
}

/** Why `choice` holds no answer, as the endpoint said it, cut (also for the eval's ReAct baseline): its refusal, or its finish reason. */
export function emptyAnswerReason(choice: ChatResponse['choices'][number] | undefined): string {
  return cutText(choice?.message.refusal ? `refused: ${choice.message.refusal}` : choice ? `finish reason ${choice.finish_reason}` : 'no choices', MAX_REASON_CHARS);
}
