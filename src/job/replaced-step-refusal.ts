import type { OptionNames } from '../core/option-names.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { stepsTakenOut, type ResumeState } from '../run/resume-state.ts';
import { toolsStepMayCall } from '../run/step-tools.ts';
import type { ToolRegistry } from '../tools/tool.ts';

/**
 * Why a resumed run may not start: it does not go on with the plan the run it resumes last had (`why`: a merge
 * job's re-run from the prepare job's plan, `ResumeState.replacedBefore`; a plain resume from the plan file's
 * steps or a plan written anew, `ResumedSteps`), and a step that run's revisions took out (`stepsTakenOut`) is in
 * its plan again and may call a tool with side effects, so it could take effect beside what replaced it.
 */
export function replacedStepRefusal(plan: ValidPlan, resume: ResumeState, why: string, tools: ToolRegistry, names: OptionNames): string | undefined {
  for (const [key, took] of stepsTakenOut(resume)) {
    const step = plan.steps.find((candidate) => candidate.key === key);
    const tool = step && toolsStepMayCall(step, plan).find((name) => tools.get(name)?.sideEffects);
    if (tool === undefined) continue;
    return (
      `step ${key} ${took}, and ${why}, where step ${key} is in the plan again: it may call ${tool}, a tool with side effects, which could take effect beside what replaced it. ` +
      `Nothing ran. If running that step again is what you want, run the plan afresh: ${names.fresh}`
    );
  }
  return undefined;
}
