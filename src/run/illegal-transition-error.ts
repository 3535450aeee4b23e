import type { StepState } from '../core/run-event.ts';

/** A bug in the executor: it tried to move a step between states that do not connect. */
export class IllegalTransitionError extends Error {
  readonly stepKey: string;
  readonly from: StepState | 'unknown';
  readonly to: StepState;

  constructor(stepKey: string, from: StepState | 'unknown', to: StepState) {
    super(`step ${stepKey} cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
    this.stepKey = stepKey;
    this.from = from;
    this.to = to;
  }
}
