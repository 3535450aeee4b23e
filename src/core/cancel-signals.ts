/**
 * The signals that cancel a run, the run still reporting: SIGINT and SIGTERM, and on Windows SIGBREAK, which is what
 * a runner sends there where it sends SIGTERM elsewhere (Ctrl-Break after Ctrl-C), as a user's Ctrl-Break in a console
 * is. Without a listener Node ends the process at once on it: a cancelled Windows job lost the summary, outputs and
 * comment it was still writing, and the CLI its trace, leaving its tools running (found by an adversarial hunt).
 */
export function cancelSignals(platform: NodeJS.Platform = process.platform): ReadonlyArray<'SIGINT' | 'SIGTERM' | 'SIGBREAK'> {
  return platform === 'win32' ? ['SIGINT', 'SIGTERM', 'SIGBREAK'] : ['SIGINT', 'SIGTERM'];
}
