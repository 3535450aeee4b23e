/**
 * How the front end that started a job names what its user sets, for messages that say what to
 * change: the action's inputs or the CLI's flags. Advice in the other front end's words cannot be
 * followed (the action has no `--agent`).
 */
export interface OptionNames {
  /** Where the task is given, as a noun: `the task input`, `--task`. */
  readonly task: string;
  /** What runs the task as one agent step, as a noun: `mode: agent`, `--agent`. */
  readonly agent: string;
}

/** For a job whose front end did not say (tests, a library caller): both front ends' names. */
export const EITHER_OPTION_NAMES: OptionNames = {
  task: 'a task (the task input, --task)',
  agent: 'mode: agent (--agent)',
};
