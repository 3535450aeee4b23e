/**
 * How the front end that started a job names what its user sets, for messages that say what to
 * change: the action's inputs or the CLI's flags. Advice in the other front end's words cannot be
 * followed (the CLI has no `mode: run`).
 */
export interface OptionNames {
  /** Where the task is given, as a noun: `the task input`, `--task`. */
  readonly task: string;
  /** What runs the task as one agent step, as a noun: `mode: agent`, `--agent`. */
  readonly agent: string;
  /** How the plan's own steps run instead, after "run it": `with mode: run`, `without --agent`. */
  readonly notAgent: string;
  /** How to run the plan afresh instead of resuming, as an instruction: `run it without --resume`. */
  readonly fresh: string;
}

/** For a job whose front end did not say (tests, a library caller): both front ends' names. */
export const EITHER_OPTION_NAMES: OptionNames = {
  task: 'a task (the task input, --task)',
  agent: 'mode: agent (--agent)',
  notAgent: 'with mode: run (without --agent)',
  fresh: 'start a new run of the workflow, or re-run the job with resume: never (the CLI: run it without --resume)',
};
