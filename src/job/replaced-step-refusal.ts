import type { ValidPlan } from '../plan/valid-plan.ts';
import type { ResumeState } from '../run/resume-state.ts';
import { toolsStepMayCall } from '../run/step-tools.ts';
import type { ToolRegistry } from '../tools/tool.ts';

/**
 * Why a merge job's re-run may not start (`ResumeState.replacedBefore`): a step its earlier attempt's revisions took out
 * is in the plan again, and may call a tool with side effects, so it could take effect beside what replaced it.
 */
export function replacedStepRefusal(plan: ValidPlan, resume: ResumeState | undefined, tools: ToolRegistry): string | undefined {
  for (const [key, why] of resume?.replacedBefore ?? []) {
    const step = plan.steps.find((candidate) => candidate.key === key);
    const tool = step && toolsStepMayCall(step, plan).find((name) => tools.get(name)?.sideEffects);
    if (tool === undefined) continue;
    return (
      `step ${key} ${why}, and that attempt's replans also replaced a fan-out step, so this attempt starts from the prepare job's plan, ` +
      `where step ${key} would run again: it may call ${tool}, a tool with side effects, which could take effect beside what replaced it. ` +
      'Nothing ran. Start a new run of the workflow (not a re-run) to run the plan afresh, or re-run this job with resume: never if running that step again is what you want'
    );
  }
  return undefined;
}
