import { constants } from 'node:os';

/**
 * Signals that never mean a child was killed: ignored by default (SIGCHLD, SIGCONT, SIGURG, SIGWINCH), stops a
 * shell that runs a command never reports, and SIGPIPE, which `… | head` under `set -o pipefail` gives a command
 * that did its work (a review: 141 read as a kill escalated runs for nothing).
 */
const NO_KILL = new Set(['SIGPIPE', 'SIGCHLD', 'SIGCONT', 'SIGURG', 'SIGWINCH', 'SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU']);

/**
 * The signal a status of 129–159 names: what a shell (`sh -c`, `bash script.sh`, `npm run`) exits with when the
 * child it ran was killed by signal N (128 + N). Undefined for any other status, and for a signal that kills nothing.
 */
export function signalledStatus(status: number | null): string | undefined {
  if (status === null || status <= 128 || status >= 160) return undefined;
  const number = status - 128;
  const name = Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? `signal ${number}`;
  return NO_KILL.has(name) ? undefined : name;
}

/** `status 137 (a shell's status for a child killed by SIGKILL)`, or `status 1`: an exit status as the messages say it. */
export function describeStatus(status: number): string {
  const signalled = signalledStatus(status);
  return `status ${status}${signalled ? ` (a shell's status for a child killed by ${signalled})` : ''}`;
}
