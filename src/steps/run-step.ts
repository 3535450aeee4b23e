import { runAggregateStep } from './run-aggregate-step.ts';
import { runReasoningStep } from './run-reasoning-step.ts';
import { runToolCallStep } from './run-tool-call-step.ts';
import type { StepRunner } from './step-context.ts';

/** Runs one step by its kind: `tool_call`, `reasoning` or `aggregate`. */
export const runStep: StepRunner = (ctx) => {
  switch (ctx.step.type) {
    case 'tool_call':
      return runToolCallStep(ctx);
    case 'reasoning':
      return runReasoningStep(ctx);
    case 'aggregate':
      return runAggregateStep(ctx);
  }
};
