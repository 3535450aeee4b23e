import { GOAL_KINDS, type Goal, type GoalKind } from './schema.ts';

/** A goal field that only some kinds of check read, and what to tell someone who put it on another kind. */
export interface GoalOptionField {
  readonly field: keyof Goal;
  readonly kinds: readonly GoalKind[];
  readonly message: (kind: GoalKind) => string;
}

/**
 * Goal fields that only some kinds of check take; the CLI and the editor schema both refuse them on the others (an
 * option of one kind on a goal of another was ignored: `not_contains: todo` with `flags: i` passed on "TODO").
 */
export const GOAL_OPTION_FIELDS: readonly GoalOptionField[] = [
  {
    field: 'flags',
    kinds: ['matches', 'every_sentence_matches'],
    message: (kind) => `\`flags\` applies to matches and every_sentence_matches only, not to ${kind}; for a case-insensitive check write \`matches: '(?i)…'\``,
  },
  { field: 'timeout_seconds', kinds: ['command'], message: (kind) => `\`timeout_seconds\` applies to command goals only, not to ${kind}` },
  { field: 'of', kinds: GOAL_KINDS.filter((kind) => kind !== 'all_steps_completed'), message: () => '`of` does not apply to all_steps_completed, which checks every step of the run' },
];
