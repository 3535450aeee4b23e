/** Another run on this machine is writing the trace file a run was to write: two writers mix their lines. */
export class TraceInUseError extends Error {
  readonly path: string;
  /** The process that holds the trace's lock file. */
  readonly pid: number;

  constructor(file: string, holder: { readonly pid: number; readonly started: string }, lockFile: string) {
    super(
      `another plan-runner run (process ${holder.pid}, started ${holder.started}) is writing the trace ${file}, and two runs writing one trace mix their lines; wait for it to end, or give this run its own trace and report paths (--trace FILE --summary FILE). If no such run is going on, remove ${lockFile}`,
    );
    this.name = new.target.name;
    this.path = file;
    this.pid = holder.pid;
  }
}
