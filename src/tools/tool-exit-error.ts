import { StepError } from '../core/step-error.ts';
import { describeStatus, signalledStatus } from '../process/signalled-status.ts';

/** Exit status 75 (`EX_TEMPFAIL`, sysexits.h): the command says "try again later". */
export const EX_TEMPFAIL = 75;

/**
 * A command tool ended with a non-zero exit status or was killed by a signal. Exit 75 is transient;
 * every other failure is permanent. A signal, or a status a shell gives for a child killed by one, leaves the
 * effect unknown.
 */
export class ToolExitError extends StepError {
  /** The exit status, or null when a signal ended the process. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The last part of what the command wrote to stderr. */
  readonly stderrTail: string;

  constructor(options: { toolName: string; exitCode: number | null; signal: string | null; stderrTail: string }) {
    const signalled = signalledStatus(options.exitCode);
    const how =
      options.exitCode === null
        ? `was killed by ${options.signal ?? 'a signal'}`
        : `exited with ${describeStatus(options.exitCode)}`;
    const hint = options.exitCode === EX_TEMPFAIL ? ' (exit 75: a temporary failure, retried unless the tool has side effects)' : '';
    const tail = options.stderrTail.trim() ? `\nstderr (last lines):\n${options.stderrTail.trimEnd()}` : ' with no stderr output';
    super(`tool '${options.toolName}' ${how}${hint}${tail}`, {
      transient: options.exitCode === EX_TEMPFAIL,
      toolName: options.toolName,
      // A signal is no answer: an out-of-memory kill may come after the effect. So is a wrapper's report of one
      // (`sh -c` exits 137 for a SIGKILLed child): taken for a failure, a resume made the call again (adversarial pass).
      effectUnknown: options.exitCode === null || signalled !== undefined,
    });
    this.exitCode = options.exitCode;
    this.signal = options.signal;
    this.stderrTail = options.stderrTail;
  }
}
