import type { RunStatus } from '../core/run-event.ts';

/**
 * A run's reason as shown beside its status, less the status word it repeats: a cancel's reason is `cancelled (SIGINT)`,
 * and the views read `Run cancelled in 1.3 s (cancelled (SIGINT))` and `cancelled: cancelled (SIGINT)`. `SIGINT` then,
 * and no reason for one that is the word alone; any other reason as it is.
 */
export function reasonBesideStatus(status: RunStatus | undefined, reason: string | undefined): string | undefined {
  if (reason === undefined || status === undefined) return reason;
  if (reason === status) return undefined;
  const inner = reason.startsWith(`${status} (`) && reason.endsWith(')') ? reason.slice(status.length + 2, -1) : undefined;
  // Only a reason that is the status and one parenthesis: `cancelled (a) and (b)` is left whole.
  return inner !== undefined && !/[()]/.test(inner) ? inner : reason;
}

/**
 * What follows a status word in a sentence: ` (SIGINT)` for a reason that repeats the status (see {@link reasonBesideStatus}),
 * `: <reason>` for another, '' for none; `shown` makes the reason's text fit where it goes (redacted, one line, escaped).
 */
export function reasonAfterStatus(status: RunStatus | undefined, reason: string | undefined, shown: (text: string) => string): string {
  const beside = reasonBesideStatus(status, reason);
  if (beside !== reason) return beside === undefined ? '' : ` (${shown(beside)})`;
  return reason ? `: ${shown(reason)}` : '';
}
