import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { killLiveProcessGroups, trackProcessGroup } from '../../src/process/live-process-groups.ts';

// Found by an adversarial hunt: on Windows no child was counted, so the CLI's third Ctrl-C (or Ctrl-Break) ended the CLI
// and left a tool or an MCP server that ignores them running, as it had on Linux before its groups were ended.
it('ends the process tree of each child still running on Windows when the process ends at once', () => {
  // Above any pid_max: no process anywhere has these ids.
  const [running, exited] = [4_206_649, 4_206_650];
  const children = [running, exited].map((pid) => Object.assign(new EventEmitter(), { pid }) as unknown as ChildProcess);
  for (const child of children) trackProcessGroup(child);
  children[1]!.emit('exit', 0, null);
  const ended: number[] = [];
  killLiveProcessGroups('win32', (pid) => ended.push(pid));
  expect(ended).toEqual([running]);
  // Each once: the exit hook that runs again later finds none.
  killLiveProcessGroups('win32', (pid) => ended.push(pid));
  expect(ended).toEqual([running]);
});
