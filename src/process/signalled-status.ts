import { constants } from 'node:os';

/**
 * The signal a status of 129–159 names: what a shell (`sh -c`, `bash script.sh`, `npm run`) exits with when the
 * child it ran was killed by signal N (128 + N). Undefined for any other status.
 */
export function signalledStatus(status: number | null): string | undefined {
  if (status === null || status <= 128 || status >= 160) return undefined;
  const number = status - 128;
  return Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? `signal ${number}`;
}
