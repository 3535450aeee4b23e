import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const MODULE = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../../src/action/end-once-idle.ts')).href);

/** Runs `body` in a fresh Node after importing `endOnceIdle`, and returns how the process ended. */
function runNode(body: string) {
  const script = `import { endOnceIdle } from ${MODULE};\n${body}`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000 });
  return { status: child.status, signal: child.signal, stderr: child.stderr };
}

// A request the artifact client could not cancel held a step whose reports were written until the job's timeout.
it('ends a process that something holds open once the grace has passed, with its exit code, saying what was open', () => {
  const ended = runNode(`
    const server = (await import('node:net')).createServer().listen(0);
    process.exitCode = 3;
    endOnceIdle((message) => process.stderr.write(message + '\\n'), 200);`);
  expect(ended).toEqual({ status: 3, signal: null, stderr: expect.stringMatching(/still open 0\.2 s later \(TCPServerWrap\), such as a request .*: ending the step\n$/) });
});

it('holds nothing open itself: a process with nothing left ends at once, saying nothing', () => {
  // A grace past the child's own 15 s limit: had the timer held the process, the child would have been killed.
  const ended = runNode(`process.exitCode = 2; endOnceIdle((message) => process.stderr.write(message), 60_000);`);
  expect(ended).toEqual({ status: 2, signal: null, stderr: '' });
});
