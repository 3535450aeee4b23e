import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { killProcessGroup } from '../../src/process/kill-process-group.ts';

/** A child as Node describes one, recording the signals sent to it alone. */
function child(state: { exitCode: number | null }): { child: ChildProcess; killed: string[] } {
  const killed: string[] = [];
  const fake = { pid: 2147483646, exitCode: state.exitCode, signalCode: null, kill: (signal: string) => killed.push(signal) };
  return { child: fake as unknown as ChildProcess, killed };
}

describe('killProcessGroup on Windows', () => {
  it('ends the running command’s whole tree (cmd /c and what it started), not only the command', () => {
    const trees: number[] = [];
    const { child: running } = child({ exitCode: null });
    killProcessGroup(running, 'SIGKILL', 'win32', (pid) => trees.push(pid));
    expect(trees).toEqual([2147483646]);
  });

  it('leaves a command that already exited alone: its process id may be another program’s by now', () => {
    const trees: number[] = [];
    const { child: exited, killed } = child({ exitCode: 0 });
    killProcessGroup(exited, 'SIGKILL', 'win32', (pid) => trees.push(pid));
    expect({ trees, killed }).toEqual({ trees: [], killed: [] });
  });
});
