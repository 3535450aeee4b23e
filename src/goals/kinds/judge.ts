import { stepKeyWithin } from '../../core/plan-step.ts';
import type { ChatRequest, ChatResponse } from '../../llm/model-client.ts';
import { completeForJson } from '../../llm/ask-for-json.ts';
import { cutOffReason, cutOffWhy } from '../../llm/cut-off-reason.ts';
import { ModelCallError } from '../../llm/model-call-error.ts';
import { toolCallInstead } from '../../llm/tool-call-instead.ts';
import type { GoalCheck } from '../goal-check.ts';
import { shorten } from '../excerpt.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';
import { JUDGE_VERDICT_SCHEMA, parseJudgeVerdict } from '../judge-verdict.ts';

/** `judge`: a model decides whether the result meets the criterion; evidence is its reason. */
export const judgeCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { value, deps }) {
    if (!deps.model) {
      throw new GoalNotEvaluableError('judge goals need a model; set the model endpoint inputs of the action');
    }
    // The prompt's code (and the Markdown reader it needs) loads with the first judge goal.
    const { judgeMessages } = await import('../judge-prompt.ts');
    const request: ChatRequest = {
      model: deps.modelName ?? deps.model.defaultModel,
      messages: judgeMessages(goal.judge ?? '', value),
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'goal_verdict', strict: true, schema: JUDGE_VERDICT_SCHEMA },
      },
    };
    const outage = deps.judgeOutage;
    if (outage?.why !== undefined) throw new GoalNotEvaluableError(`not judged: an earlier judge's call found the model endpoint not answering (${outage.why})`);
    let response: ChatResponse;
    try {
      // The client already retries transient failures; a second loop here would stack retries. An endpoint that
      // refuses `response_format` is asked once more without it, as the planner's is: the verdict is read from text.
      response = await completeForJson(deps.model, request, { purpose: `goal:${stepKeyWithin(deps.within, goal.name)}` }, deps.signal);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (outage && error instanceof ModelCallError && (error.failure === 'connection' || error.failure === 'timeout')) outage.why = shorten(why, 200);
      throw new GoalNotEvaluableError(`the judge call failed: ${shorten(why, 300)}`, { cause: error });
    }
    // Its cost is the job's model client's to charge (job/budgeted-model-client.ts), as every call no step owns.
    const choice = response.choices[0];
    if (!choice) throw new GoalNotEvaluableError('the judge returned no answer');
    if (choice.message.refusal) {
      throw new GoalNotEvaluableError(`the judge refused: ${shorten(choice.message.refusal, 200)}`);
    }
    // A verdict cut off is not read as the whole: `{"met": true` of a longer answer is no verdict.
    const cutOff = cutOffReason(choice);
    if (cutOff) throw new GoalNotEvaluableError(`the judge's answer was cut off before its verdict ended: ${cutOffWhy(cutOff)}`);
    const instead = toolCallInstead(choice);
    if (instead !== undefined) throw new GoalNotEvaluableError(`the judge gave no verdict: ${instead}`);
    if ((choice.message.content ?? '').trim() === '') throw new GoalNotEvaluableError('the judge gave an empty answer, no verdict');
    const verdict = parseJudgeVerdict(choice.message.content ?? '');
    return { met: verdict.met, evidence: verdict.reason };
  },
};
