import type { ChildProcess } from 'node:child_process';

/** The process groups this process started (`detached: true`) whose leader has not yet exited, by its id. */
const live = new Set<number>();
/** Whether the exit hook that ends them is in place. */
let hooked = false;

/**
 * Counts `child`, started with `detached: true`, as leading a live process group until its 'exit', when
 * its starter ends the group (`killProcessGroup`). Until then an exit of this process (a third Ctrl-C's
 * `process.exit(130)`) ends the group too (`killLiveProcessGroups`): in a group of its own, a server that
 * ignored SIGINT and SIGTERM ran on after the CLI had gone (found by an adversarial CLI hunt).
 */
export function trackProcessGroup(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined || process.platform === 'win32') return;
  if (!hooked) {
    hooked = true;
    process.on('exit', killLiveProcessGroups);
  }
  live.add(pid);
  // Not counted past its exit: its id, and its group's, may then be another program's.
  child.once('exit', () => live.delete(pid));
}

/** Sends SIGKILL to every live process group, at once and synchronously: for an exit that waits for nothing. */
export function killLiveProcessGroups(): void {
  for (const pid of live) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is gone already.
    }
  }
  live.clear();
}
