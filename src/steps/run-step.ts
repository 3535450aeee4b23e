import { runAgentStep } from './agent/run-agent-step.ts';
import { runAggregateStep } from './run-aggregate-step.ts';
import { runReasoningStep } from './run-reasoning-step.ts';
import { runToolCallStep } from './run-tool-call-step.ts';
import type { StepRunner } from './step-context.ts';

/** Runs one step by its kind: `tool_call`, `reasoning`, `aggregate` or `agent`. */
export const runStep: StepRunner = (ctx) => {
  switch (ctx.step.type) {
    case 'tool_call':
      return runToolCallStep(ctx);
    case 'reasoning':
      return runReasoningStep(ctx);
    case 'aggregate':
      return runAggregateStep(ctx);
    case 'agent':
      return runAgentStep(ctx);
    case 'plan':
      // The executor runs plan steps itself, as nested runs sharing the budget; reaching here is a bug.
      return Promise.reject(new Error(`step ${ctx.step.key} is a plan step: the executor runs it as a nested run`));
  }
};
