import { spawnSync } from 'node:child_process';

/** How a script run by `runCpuBounded` ended: `signal` is set (`SIGKILL` here) when it used up its CPU time. */
export interface CpuBoundedRun {
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string[];
  readonly stderr: string;
}

/**
 * Runs an ES module `script` in a node child held to `cpuSeconds` of CPU time (`ulimit -t`, its every
 * thread counted): a bound on the work, which a loaded machine does not move as it moves wall time. One
 * timed by the wall clock took 45 s for 17 s of CPU in the suite on two cores, and was killed at 60 s with
 * more load beside it. `wallMs` only ends a child that waits instead of working. Its stdout as lines.
 */
export function runCpuBounded(script: string, cpuSeconds: number, wallMs: number): CpuBoundedRun {
  const run = spawnSync('sh', ['-c', 'ulimit -t "$1" && exec "$0" --input-type=module -e "$2"', process.execPath, String(cpuSeconds), script], { encoding: 'utf8', timeout: wallMs });
  return { signal: run.signal, stdout: run.stdout.trim().split('\n'), stderr: run.stderr };
}
