import { runToolCallStep } from './run-tool-call-step.ts';
import type { StepRunner } from './step-context.ts';

/**
 * Runs one step by its kind: `tool_call`, `reasoning`, `aggregate` or `agent`. The kinds that always
 * ask a model load their code (and the Markdown reader their prompts need) at their first step, so a
 * plan without them never compiles it.
 */
export const runStep: StepRunner = async (ctx) => {
  switch (ctx.step.type) {
    case 'tool_call':
      return runToolCallStep(ctx);
    case 'reasoning':
      return (await import('./run-reasoning-step.ts')).runReasoningStep(ctx);
    case 'aggregate':
      return (await import('./run-aggregate-step.ts')).runAggregateStep(ctx);
    case 'agent':
      return (await import('./agent/run-agent-step.ts')).runAgentStep(ctx);
    case 'plan':
      // The executor runs plan steps itself, as nested runs sharing the budget; reaching here is a bug.
      throw new Error(`step ${ctx.step.key} is a plan step: the executor runs it as a nested run`);
  }
};
