import type { ChildProcess } from 'node:child_process';

/**
 * Kills a child started with `detached: true` together with everything it started: the child
 * leads its own process group, so signalling `-pid` reaches grandchildren too and none are orphaned.
 */
export function killProcessGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    // Windows has no process groups to signal; this ends the direct child only.
    child.kill(signal);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is gone already. Killing is best effort and must never throw from an event handler.
  }
}
