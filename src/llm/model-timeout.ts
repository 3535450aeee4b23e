/** How long one model request waits for its answer when neither the plan nor the caller says: 2 minutes. */
export const DEFAULT_MODEL_TIMEOUT_SECONDS = 120;

/**
 * The longest wait a setting may give one request: 30 minutes. A call makes up to `MODEL_CALL_RETRIES + 1`
 * requests, and the planner's and the judges' calls run outside the run's timeout, so a longer one could
 * hold a job for hours on an endpoint that never answers.
 */
export const MAX_MODEL_TIMEOUT_SECONDS = 1_800;

/** The SDK's retries of one call (the one retry layer): a call makes this many requests more at most. */
export const MODEL_CALL_RETRIES = 3;

/**
 * How long one model request of a run waits: the caller's setting (the action's input, the CLI's option), which
 * replaces the plan's `model.timeout_seconds`, else the plan's, else the default. Every front end's runs, the eval's
 * ReAct baseline's included, wait by this one rule.
 */
export function modelWaitSeconds(callerSeconds: number | undefined, planSeconds: number | undefined): number {
  return callerSeconds ?? planSeconds ?? DEFAULT_MODEL_TIMEOUT_SECONDS;
}

/** What a model timeout setting takes, as its errors say it. */
export const MODEL_TIMEOUT_RANGE = `a whole number of seconds from 1 to ${MAX_MODEL_TIMEOUT_SECONDS} (30 minutes)`;

/** Where the wait is set, in the words every front end's message uses: the plan key, the action input, the CLI option. */
export const MODEL_TIMEOUT_SETTINGS = 'model.timeout_seconds, the model-timeout-seconds input or --model-timeout-seconds';
