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

/** The regex work left to one evaluation's goals (`evaluateGoals` makes one): each pattern goal is charged before it runs. */
export class GoalRegexWork {
  #left = MAX_GOALS_REGEX_WORK;

  /** The work not yet charged. */
  get left(): number {
    return this.#left;
  }

  /** Charges one call of `regex` on `text`: throws `RegexWorkError` past its own bound, `GoalNotEvaluableError` past what is left. */
  charge(regex: LinearRegex, text: string): void {
    regex.checkWork(text);
    this.spend(regex.size * text.length, String(regex), text.length);
  }

  /** Charges `work` done (or about to be) by `pattern` on `chars` characters; throws `GoalNotEvaluableError` past what is left. */
  spend(work: number, pattern: string, chars: number): void {
    if (work > this.#left) {
      throw new GoalNotEvaluableError(
        `the goals' patterns together would take more than the ${groupDigits(MAX_GOALS_REGEX_WORK)} steps all of a run's goals may take on the event loop, where no timeout can stop them ` +
          `(next was ${shownPattern(pattern)} on ${groupDigits(chars)} characters, ${groupDigits(work)} steps, with ${groupDigits(this.#left)} left): ` +
          "make the patterns' repeats (`{n}`) smaller, check this result with fewer pattern goals, or have the step return less",
      );
    }
    this.#left -= work;
  }
}
