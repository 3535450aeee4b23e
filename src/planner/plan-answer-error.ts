import { cutText } from '../core/cut-text.ts';

/** A planner, replanner or review answer that could not be used (no JSON, wrong shape, invalid steps). */
export class PlanAnswerError extends Error {
  /** Who answered: `planner`, `replanner` or `review`. */
  readonly purpose: string;
  readonly problem: string;
  readonly answer: string;

  constructor(purpose: string, problem: string, answer: string) {
    const excerpt = cutText(answer, 201);
    super(`the ${purpose}'s answer could not be used: ${problem} (it answered ${JSON.stringify(excerpt)})`);
    this.name = 'PlanAnswerError';
    this.purpose = purpose;
    this.problem = problem;
    this.answer = answer;
  }
}
