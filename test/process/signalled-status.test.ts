import { expect, it } from 'vitest';
import { describeStatus, signalledStatus } from '../../src/process/signalled-status.ts';
import { ToolExitError } from '../../src/tools/tool-exit-error.ts';

// Found by an adversarial hunt: on Windows a crashed program exits with an NTSTATUS (0xC0000005), which Node gives as
// 3221225477; read as a plain exit, a crashed goal command was unmet (a report-only gate passed over it, where a
// segfault on Linux fails the job as not evaluable) and a crashed tool's call was made again on resume.
it('reads a Windows crash status as a kill, as a signal is read elsewhere', () => {
  expect(signalledStatus(3221225477)).toBe('0xC0000005, an access violation');
  expect(signalledStatus(-1073741819)).toBe('0xC0000005, an access violation');
  expect(signalledStatus(0xc000013a)).toBe('0xC000013A, Ctrl-C');
  expect(signalledStatus(0xc0001234)).toBe('0xC0001234');
  expect(describeStatus(3221225725)).toBe("status 3221225725 (0xC00000FD, a stack overflow: Windows' status for a program that crashed or was stopped)");
  const error = new ToolExitError({ toolName: 'build', exitCode: 3221225477, signal: null, stderrTail: '' });
  expect(error.effectUnknown).toBe(true);
  expect(error.message).toBe("tool 'build' exited with status 3221225477 (0xC0000005, an access violation: Windows' status for a program that crashed or was stopped) with no stderr output");
});

it('leaves exit codes a program chooses as they are', () => {
  for (const status of [0, 1, 2, 75, 128, 255, 4294967295, -1, 0xd0000000, 0xbfffffff]) expect(signalledStatus(status)).toBeUndefined();
  expect(describeStatus(4294967295)).toBe('status 4294967295');
  expect(signalledStatus(137)).toBe('SIGKILL');
});
