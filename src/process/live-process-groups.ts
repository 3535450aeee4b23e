import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The process groups this process started (`detached: true`) whose leader has not yet exited, by its id; on Windows, the process trees. */
const live = new Set<number>();
/** Whether the exit hook that ends them is in place. */
let hooked = false;

/**
 * Counts `child`, started with `detached: true`, as leading a live process group until its 'exit', when
 * its starter ends the group (`killProcessGroup`). Until then an exit of this process (a third Ctrl-C's
 * `process.exit(130)`) ends the group too (`killLiveProcessGroups`): in a group of its own, a server that
 * ignored SIGINT and SIGTERM ran on after the CLI had gone (found by an adversarial CLI hunt). On Windows, which has
 * no groups, the child's process tree is counted and ended: the same server ran on there (found by an adversarial hunt).
 */
export function trackProcessGroup(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (!hooked) {
    hooked = true;
    process.on('exit', () => killLiveProcessGroups());
  }
  live.add(pid);
  // Not counted past its exit: its id, and its group's, may then be another program's.
  child.once('exit', () => live.delete(pid));
}

/**
 * Ends every live process group (SIGKILL), at once and synchronously: for an exit that waits for nothing. On Windows
 * each process tree, with `taskkill /T /F` waited for (`endTree`): a signal to a child there ends the child alone.
 */
export function killLiveProcessGroups(platform: NodeJS.Platform = process.platform, endTree: (pid: number) => void = taskkillTreeNow): void {
  for (const pid of live) {
    try {
      if (platform === 'win32') endTree(pid);
      else process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is gone already.
    }
  }
  live.clear();
}

/** `taskkill /PID pid /T /F` from the system folder, waited for (at most 5 s): the one way to end a tree at an exit. */
function taskkillTreeNow(pid: number): void {
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const taskkill = path.win32.join(process.env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'taskkill.exe');
  spawnSync(taskkill, ['/PID', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true, timeout: 5000 });
}
