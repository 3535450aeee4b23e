/**
 * Lets whoever reads the CLI's output stop reading. `plan-runner validate … | head` closes the pipe
 * after a few lines; the next write fails with EPIPE, which Node turns into an unhandled 'error' event:
 * a stack trace and exit code 1. The CLI stops writing to that stream instead and carries on, so a run
 * still finishes and writes its report and trace files, and the exit code is still the command's.
 */
export function letReaderLeave(stream: NodeJS.WriteStream, name: string): void {
  let said = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    // Any other failure to write (a full disk behind a redirect) is the command's failure, said once:
    // each later write fails too, and said it again (found by an adversarial pass).
    process.exitCode = 1;
    if (said) return;
    said = true;
    if (stream !== process.stderr) process.stderr.write(`plan-runner: could not write to ${name}: ${error.message}\n`);
  });
}
