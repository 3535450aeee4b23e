import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Kills a child started with `detached: true` together with everything it started: the child
 * leads its own process group, so signalling `-pid` reaches grandchildren too and none are orphaned.
 * Windows has no process groups: there the child's process tree is ended (`killTree`) while the child runs.
 */
export function killProcessGroup(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGKILL',
  platform: NodeJS.Platform = process.platform,
  killTree: (pid: number, child: ChildProcess) => void = taskkillTree,
): void {
  if (child.pid === undefined) return;
  if (platform === 'win32') {
    // Once the child has exited its id may name another program's tree, and what it left has no parent to be found by.
    if (child.exitCode === null && child.signalCode === null) killTree(child.pid, child);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is gone already. Killing is best effort and must never throw from an event handler.
  }
}

/**
 * Ends a Windows process and every process it started (`taskkill /T /F`, from the system folder, not PATH): Node's
 * `kill` ends the one process only, and `cmd /c x.cmd` or a launcher's program ran on after a timeout or a cancel.
 * Where taskkill cannot start, the child alone is ended, as before.
 */
function taskkillTree(pid: number, child: ChildProcess): void {
  const { spawn } = process.getBuiltinModule('node:child_process');
  const taskkill = path.win32.join(process.env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'taskkill.exe');
  const killer = spawn(taskkill, ['/PID', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
  killer.on('error', () => child.kill('SIGKILL'));
}
