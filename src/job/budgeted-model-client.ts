import { billedUsage, callUsage, estimatePromptTokens } from '../llm/call-usage.ts';
import { describePurpose } from '../llm/describe-purpose.ts';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from '../llm/model-client.ts';
import type { RunBudget } from '../run/run-budget.ts';

/** True for calls a step makes: those report their usage through the step (`ctx.onUsage`). */
function isStepCall(label: CallLabel): boolean {
  return label.purpose.startsWith('step:');
}

/**
 * The model client every part of a job uses, so one budget sees every call: a call waits while the
 * calls in flight are expected to fill the budget, and is refused before it is made when the budget
 * has no room; calls no step owns (planner, replanner, review, goal judges) are charged here, while
 * steps charge theirs through `ctx.onUsage`.
 */
export function budgetedModelClient(inner: ModelClient, budget: RunBudget): ModelClient {
  return {
    defaultModel: inner.defaultModel,
    async complete(request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse> {
      // A call its caller gave up on before it began is never sent: the budget throws its reason, and counts nothing.
      const ended = await budget.reserveModelCall(describePurpose(label.purpose), { model: request.model, promptTokens: estimatePromptTokens(request) }, signal);
      try {
        // A request abandoned in flight (a timeout, a cancel, a budget stop, an answer that broke off) may be billed: counted apart.
        let abandoned = false;
        const onAbandoned = (): void => {
          abandoned = true;
          budget.countAbandoned();
        };
        let response: ChatResponse;
        try {
          response = await inner.complete(request, { ...label, onAbandoned }, signal);
        } catch (error) {
          // An answer that was no answer but said what it used is billed: charged as any other (a step's by the step).
          const billed = billedUsage(error, request);
          if (billed && !isStepCall(label)) budget.chargeOutsideSteps(billed);
          // One that said nothing of it was a call all the same: max_model_calls counted it, and the report says so.
          if (!billed && !abandoned) budget.countUnanswered();
          throw error;
        }
        const usage = callUsage(response, request);
        // How the endpoint counts this text: later calls in flight are expected so (CJK text is about a token a character).
        budget.learnPrompt(estimatePromptTokens(request), usage.promptTokens);
        if (!isStepCall(label)) budget.chargeOutsideSteps(usage);
        return response;
      } finally {
        ended();
      }
    },
  };
}
