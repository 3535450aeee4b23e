import { constants } from 'node:os';

/**
 * Signals that never mean a child was killed: ignored by default (SIGCHLD, SIGCONT, SIGURG, SIGWINCH), stops a
 * shell that runs a command never reports, and SIGPIPE, which `… | head` under `set -o pipefail` gives a command
 * that did its work (a review: 141 read as a kill escalated runs for nothing).
 */
const NO_KILL = new Set(['SIGPIPE', 'SIGCHLD', 'SIGCONT', 'SIGURG', 'SIGWINCH', 'SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU']);

/** Windows' error statuses a crashed or ended program exits with, by what they say. */
const WINDOWS_CRASHES: ReadonlyMap<number, string> = new Map([
  [0xc0000005, 'an access violation'],
  [0xc00000fd, 'a stack overflow'],
  [0xc0000409, 'a fail-fast abort'],
  [0xc0000374, 'a corrupt heap'],
  [0xc000001d, 'an illegal instruction'],
  [0xc0000094, 'an integer division by zero'],
  [0xc0000017, 'no memory'],
  [0xc000013a, 'Ctrl-C'],
  [0xc0000142, 'a DLL that failed to start'],
]);

/**
 * What a Windows error status (0xC0000000–0xCFFFFFFF, NTSTATUS) says ended a program: no exit code a program chooses
 * but Windows' word for a crash (`0xC0000005`, an access violation) or a stop (Ctrl-C), where a POSIX system reports a
 * signal. Node gives it as a number (3221225477), and a crashed goal command was read as unmet, which a report-only
 * gate passes over, and a crashed tool as a plain failure, called again on resume (found by an adversarial hunt).
 */
function windowsCrash(status: number): string | undefined {
  if (!Number.isInteger(status) || status < -0x80000000 || status > 0xffffffff) return undefined;
  const unsigned = status >>> 0;
  if (unsigned < 0xc0000000 || unsigned >= 0xd0000000) return undefined;
  return `0x${unsigned.toString(16).toUpperCase()}${WINDOWS_CRASHES.has(unsigned) ? `, ${WINDOWS_CRASHES.get(unsigned)!}` : ''}`;
}

/**
 * The signal a status of 129–159 names: what a shell (`sh -c`, `bash script.sh`, `npm run`) exits with when the
 * child it ran was killed by signal N (128 + N); or, for a Windows error status (`windowsCrash`), what it says. Undefined
 * for any other status, and for a signal that kills nothing.
 */
export function signalledStatus(status: number | null): string | undefined {
  if (status === null) return undefined;
  const crash = windowsCrash(status);
  if (crash !== undefined) return crash;
  if (status <= 128 || status >= 160) return undefined;
  const number = status - 128;
  const name = Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? `signal ${number}`;
  return NO_KILL.has(name) ? undefined : name;
}

/** `status 137 (a shell's status for a child killed by SIGKILL)`, `status 3221225477 (0xC0000005, an access violation: …)`, or `status 1`: an exit status as the messages say it. */
export function describeStatus(status: number): string {
  const crash = windowsCrash(status);
  if (crash !== undefined) return `status ${status} (${crash}: Windows' status for a program that crashed or was stopped)`;
  const signalled = signalledStatus(status);
  return `status ${status}${signalled ? ` (a shell's status for a child killed by ${signalled})` : ''}`;
}
