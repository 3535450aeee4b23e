import { MAX_JSON_DEPTH } from '../core/parse-json.ts';
import { StepError } from '../core/step-error.ts';

/** A tool answered with a value nesting deeper than any data needs (`MAX_JSON_DEPTH`); its result is not kept. */
export class ToolResultTooDeepError extends StepError {
  constructor(options: { toolName: string }) {
    // An answer not taken: whether the call took effect is not known (the run records one that answered as succeeded before it refuses the value).
    super(`tool '${options.toolName}' answered with a value nesting more than ${MAX_JSON_DEPTH} levels deep; make it return flatter data`, { transient: false, toolName: options.toolName, effectUnknown: true });
  }
}
