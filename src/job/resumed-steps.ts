import type { PlanStep } from '../core/plan-step.ts';
import type { Redactor } from '../core/redact.ts';
import { tracedStepsHash } from '../plan/hashed-step.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { ResumeState } from '../run/resume-state.ts';
import { callsRefusedNow, hiddenName } from './saved-steps.ts';

/**
 * The steps a resumed run goes on with (the plan the run it resumes last had, its replans or a plan the model
 * wrote), or why it does not and what it starts from instead, in words (`replacedStepRefusal` says them when a
 * step taken out of that plan would run again).
 */
export type ResumedSteps = { readonly steps: readonly PlanStep[]; readonly why?: undefined } | { readonly steps?: undefined; readonly why: string };

/**
 * Whether a run resuming `resume` goes on with its last plan: a plan the model wrote is resumed as that run last
 * had it, not written again, and a plan file's replans are resumed while the file's steps are as they were
 * (`revisedFrom`), unless the trace hid a name in it, it was planned for another goal or other inputs, or it
 * calls what the plan no longer lets it. `fileSteps`: the hash of the file's steps (`fileStepsHash`), when it has any.
 */
export function resumedSteps(loadedPlan: ValidPlan, resume: ResumeState, planned: string, fileSteps: string | undefined, redact: Redactor): ResumedSteps {
  const instead = fileSteps === undefined ? 'so the model writes its steps anew' : "so this run starts from the plan file's steps";
  const not = (why: string): ResumedSteps => ({ why: `this run does not go on with the last plan of the run it resumes: ${why}, ${instead}` });
  if (resume.plan.steps.length === 0) return not('it had no steps');
  const hidden = hiddenName(resume.plan.steps);
  if (hidden !== undefined) return not(`${hidden} holds a value the run hides as a secret, which the trace keeps as ***`);
  if (!samePlanning(planned, resume)) return not('it was planned for other inputs, another goal or other goal checks (give those again to go on with that plan)');
  const fromFile = fileSteps === undefined ? (sameGoal(loadedPlan.goal, resume, redact) ? undefined : 'the model wrote it for another goal (give that goal again to go on with that plan)') : notRevisedFrom(fileSteps, resume);
  if (fromFile !== undefined) return not(fromFile);
  // Steps that call what the plan no longer lets them (a tool, an agent profile's): written anew, or the file's own.
  const refused = callsRefusedNow(loadedPlan, resume.plan.steps);
  if (refused !== undefined) return not(`it calls what the plan no longer lets it (${refused})`);
  return { steps: resume.plan.steps };
}

/** Whether a plan the model wrote was written for this goal (as the trace keeps it, redacted): for another, the model writes it anew. */
function sameGoal(goal: string | undefined, resume: ResumeState, redact: Redactor): boolean {
  return (goal === undefined ? undefined : redact(goal)) === resume.firstPlan.goal;
}

/** Whether the run `resume` came from was planned for what this run's model would be given (a trace written before `plannedFor` says nothing: as before). */
function samePlanning(planned: string, resume: ResumeState): boolean {
  return resume.plannedFor === undefined || resume.plannedFor === planned;
}

/**
 * Why the run `resume` came from did not replan the plan file's steps as they still are (`fileSteps`: their
 * hash), or undefined when it did: then it resumes with its replans, as a plan a model wrote resumes as written.
 * From the file's steps a step a replan replaced would run again, and a call it failed for certain could now
 * take effect besides its replacement's (found by a review). A file changed since starts from its own steps.
 *
 * Steps are compared as `fileStepsHash` hashes them (`tracedStepsHash`): a trace keeps a step's `taskAsWritten` that hash leaves out.
 *
 * A run that resumed such replans (or ran an approved plan) records the file's steps it resumed them for: its
 * own first plan is the replanned one, so a resume of that resume, judged by the first plan and its
 * revisions, started from the file's steps and repeated the replaced call (found by an adversarial hunt).
 */
function notRevisedFrom(fileSteps: string, resume: ResumeState): string | undefined {
  const changed = "the plan file's steps changed since (restore them to go on with that plan)";
  if (resume.fileSteps !== undefined) return resume.fileSteps !== fileSteps ? changed : tracedStepsHash(resume.plan.steps) === fileSteps ? "it is the plan file's steps" : undefined;
  // A trace written before `fileSteps`: its own replans only.
  if (resume.plan.revision <= resume.firstPlan.revision) return "its trace, written before plan-runner recorded the plan file's steps a plan came from, shows no replan of its own";
  return fileSteps === tracedStepsHash(resume.firstPlan.steps) ? undefined : changed;
}
