import type { GoalKind } from '../plan/schema.ts';
import type { GoalCheck } from './goal-check.ts';
import { allStepsCompletedCheck } from './kinds/all-steps-completed.ts';
import { commandCheck } from './kinds/command.ts';
import { containsCheck } from './kinds/contains.ts';
import { equalsCheck } from './kinds/equals.ts';
import { everySentenceMatchesCheck } from './kinds/every-sentence-matches.ts';
import { jsonSchemaCheck } from './kinds/json-schema.ts';
import { judgeCheck } from './kinds/judge.ts';
import { matchesCheck } from './kinds/matches.ts';
import { maxCharsCheck } from './kinds/max-chars.ts';
import { maxWordsCheck } from './kinds/max-words.ts';
import { minWordsCheck } from './kinds/min-words.ts';
import { notContainsCheck } from './kinds/not-contains.ts';

/** The check for every goal kind; the `Record` makes a kind added to the schema without a check a type error. */
export const GOAL_CHECKS: Readonly<Record<GoalKind, GoalCheck>> = {
  contains: containsCheck,
  not_contains: notContainsCheck,
  matches: matchesCheck,
  equals: equalsCheck,
  min_words: minWordsCheck,
  max_words: maxWordsCheck,
  max_chars: maxCharsCheck,
  every_sentence_matches: everySentenceMatchesCheck,
  json_schema: jsonSchemaCheck,
  command: commandCheck,
  all_steps_completed: allStepsCompletedCheck,
  judge: judgeCheck,
};
