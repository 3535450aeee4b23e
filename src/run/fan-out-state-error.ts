import { StepError } from '../core/step-error.ts';

/**
 * A part of a fanned-out run found the state it builds on lacking: a step the prepare job should
 * have completed, a shard plan, or an item its shard never finished. Permanent: running the step
 * here would repeat (or skip) another job's work; the message says which job to re-run.
 */
export class FanOutStateError extends StepError {
  readonly stepKey: string;

  constructor(stepKey: string, problem: string) {
    super(problem, { transient: false });
    this.stepKey = stepKey;
  }
}
