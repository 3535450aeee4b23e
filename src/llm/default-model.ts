/** Default model when neither the plan nor the caller names one. */
export const DEFAULT_MODEL = 'gpt-4.1-mini';
