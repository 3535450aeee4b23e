/** The folder in the repository where plan-runner writes its trace and report when not told otherwise (the CLI; the action without `RUNNER_TEMP`). */
export const OUTPUT_FOLDER = '.plan-runner';
