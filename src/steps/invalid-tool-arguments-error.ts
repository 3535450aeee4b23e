import { StepError } from '../core/step-error.ts';

/**
 * Arguments that do not fit a tool's input schema: the step's own `args` (one error), or what the
 * model chose on both of its tries (two errors, first and second).
 */
export class InvalidToolArgumentsError extends StepError {
  readonly stepKey: string;
  /** Who chose the arguments: the plan's `args`, or the model. */
  readonly chosenBy: 'plan' | 'model';
  /** One validation error per attempt, in order. */
  readonly errors: readonly string[];

  constructor(options: { stepKey: string; toolName: string; chosenBy: 'plan' | 'model'; errors: readonly string[] }) {
    const { stepKey, toolName, chosenBy, errors } = options;
    const message =
      chosenBy === 'plan'
        ? `Step ${stepKey}: the args for tool '${toolName}' do not match its input schema:\n${errors.join('\n')}\nFix the step's args (after references are resolved) to match the tool's input.`
        : `Step ${stepKey}: the model gave invalid arguments for tool '${toolName}' ${errors.length === 1 ? 'once' : `${errors.length} times`}.\n` +
          errors.map((error, index) => `Attempt ${index + 1}: ${error}`).join('\n') +
          `\nDescribe the arguments more precisely in the step's description, or give the step explicit args.`;
    super(message, { transient: false, toolName });
    this.stepKey = stepKey;
    this.chosenBy = chosenBy;
    this.errors = [...errors];
  }
}
