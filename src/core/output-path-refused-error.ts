/** An output file (report, trace, record) was asked for where plan-runner will not write. */
export class OutputPathRefusedError extends Error {
  readonly path: string;

  constructor(file: string, reason: string) {
    super(`refused to write ${file}: ${reason}; choose a path in the workspace or in RUNNER_TEMP`);
    this.name = new.target.name;
    this.path = file;
  }
}
