import { groupDigits } from '../core/group-digits.ts';
import { MAX_REGEX_WORK, type LinearRegex } from '../core/linear-regex.ts';
import { shownPattern } from '../core/regex-syntax-error.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';

/**
 * The most regex work (program size × characters, as `LinearRegex` counts it) the goals of one evaluation may
 * do together. Each call is held to MAX_REGEX_WORK, but an evaluation checks its goals one after another on the
 * event loop, where no timeout or cancel can stop them: ten `matches: '\pL{1000}\pN'` goals on a result of 90,000
 * letters held it 33 s, and a plan may declare thousands (found by an adversarial pass). About 16 s at the
 * slowest shapes measured, and literal or ASCII patterns far less.
 */
export const MAX_GOALS_REGEX_WORK = 4 * MAX_REGEX_WORK;

/** The most subschema evaluations one `json_schema` check may make (`evaluationBound` in json-schema-validator.ts). */
export const MAX_SCHEMA_EVALUATIONS = 4_000_000;

/**
 * The most subschemas the `json_schema` goals of one evaluation may evaluate together: four checks at the most one
 * may take. Each check had its own bound, and a hundred goals holding a recursive `anyOf` held the event loop about
 * a minute on a result 22 deep (found by an adversarial pass).
 */
export const MAX_GOALS_SCHEMA_EVALUATIONS = 4 * MAX_SCHEMA_EVALUATIONS;

/**
 * The most characters the text searches of one evaluation's goals may read together (`contains` and `not_contains`,
 * each search charged the length of the text it reads). A search reads its text once, but each goal searches the
 * whole result again, checked one after another on the event loop, where no timeout or cancel can stop them: 2,000
 * `not_contains` goals on a 1 MB result held it 30 s, and a plan may declare thousands (found by an adversarial
 * pass). About 3 to 18 s at the speeds measured (3 to 18 ns a character).
 */
export const MAX_GOALS_SEARCH_CHARS = 1_000_000_000;

/**
 * The work left to one evaluation's goals (`evaluateGoals` makes one), which are checked one after another on the
 * event loop: the regex work of their patterns, each charged before it runs, the subschema evaluations of
 * their `json_schema` checks (and the pairs of items `uniqueItems` compares), each given at most what is left, and
 * the characters their text searches read, each charged before it runs.
 */
export class GoalWork {
  #regexLeft = MAX_GOALS_REGEX_WORK;
  #evaluationsLeft = MAX_GOALS_SCHEMA_EVALUATIONS;
  #searchLeft = MAX_GOALS_SEARCH_CHARS;

  /** The regex work not yet charged. */
  get regexLeft(): number {
    return this.#regexLeft;
  }

  /** The subschema evaluations not yet charged: the most the next `json_schema` check may make. */
  get evaluationsLeft(): number {
    return this.#evaluationsLeft;
  }

  /** Charges one call of `regex` on `text`: throws `RegexWorkError` past its own bound, `GoalNotEvaluableError` past what is left. */
  charge(regex: LinearRegex, text: string): void {
    regex.checkWork(text);
    this.spendRegexWork(regex.size * text.length, String(regex), text.length);
  }

  /** Charges `work` done (or about to be) by `pattern` on `chars` characters; throws `GoalNotEvaluableError` past what is left. */
  spendRegexWork(work: number, pattern: string, chars: number): void {
    if (work > this.#regexLeft) {
      throw new GoalNotEvaluableError(
        `the goals' patterns together would take more than the ${groupDigits(MAX_GOALS_REGEX_WORK)} steps all of a run's goals may take on the event loop, where no timeout can stop them ` +
          `(next was ${shownPattern(pattern)} on ${groupDigits(chars)} characters, ${groupDigits(work)} steps, with ${groupDigits(this.#regexLeft)} left): ` +
          "make the patterns' repeats (`{n}`) smaller, check this result with fewer pattern goals, or have the step return less",
      );
    }
    this.#regexLeft -= work;
  }

  /** The characters text searches may still read. */
  get searchLeft(): number {
    return this.#searchLeft;
  }

  /** Charges a search of `kind` through `chars` characters, before it runs; throws `GoalNotEvaluableError` past what is left. */
  search(chars: number, kind: string): void {
    if (chars > this.#searchLeft) {
      throw new GoalNotEvaluableError(
        `the goals' text searches together would read more than the ${groupDigits(MAX_GOALS_SEARCH_CHARS)} characters all of a run's goals may read on the event loop, where no timeout can stop them ` +
          `(next was \`${kind}\` through ${groupDigits(chars)} characters, with ${groupDigits(this.#searchLeft)} left): check this result with fewer ${kind} goals (a \`matches\` goal's alternatives can hold what several check), or have the step return less`,
      );
    }
    this.#searchLeft -= chars;
  }

  /** Charges `count` subschema evaluations a `json_schema` check made (it was given at most what is left). */
  spendEvaluations(count: number): void {
    this.#evaluationsLeft = Math.max(0, this.#evaluationsLeft - count);
  }

  /** Why a `json_schema` check that needed more evaluations than were left (before it is charged) is not evaluable. */
  evaluationsSpent(): GoalNotEvaluableError {
    return new GoalNotEvaluableError(
      `the goals' json_schema checks together would evaluate more than the ${groupDigits(MAX_GOALS_SCHEMA_EVALUATIONS)} subschemas (or pairs of items compared for uniqueItems) all of a run's goals may evaluate on the event loop, ` +
        `where no timeout can stop them (this check needed more than the ${groupDigits(this.#evaluationsLeft)} left): check this result with fewer json_schema goals (one schema can hold what several check), ` +
        'make the branches of an anyOf or oneOf differ early, or have the step return less',
    );
  }
}
