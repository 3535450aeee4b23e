import { readdirSync, readFileSync } from 'node:fs';
import { pushAll } from '../core/push-all.ts';

/** The variable every command plan-runner starts carries, with a value unique to that command. */
export const PROCESS_MARKER_VARIABLE = 'PLAN_RUNNER_PROCESS_MARKER';

/**
 * Kills, on Linux, every process still carrying `${PROCESS_MARKER_VARIABLE}=marker` in its
 * environment: what a command started and detached from its process group (`setsid`, a daemon),
 * which a group kill cannot reach. Processes inherit the marker through fork and exec; one that
 * execs itself with a scrubbed environment escapes, so this is best effort. Elsewhere it does nothing.
 * Returns the pids it signalled.
 */
export function killMarkedProcesses(marker: string, procRoot = '/proc'): number[] {
  if (process.platform !== 'linux') return [];
  const needle = Buffer.from(`${PROCESS_MARKER_VARIABLE}=${marker}\0`);
  // A process killed in one sweep may have forked after the sweep read /proc (a supervisor, a pool):
  // sweep again until one finds nothing, a bounded number of times.
  const killed: number[] = [];
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const found = sweepOnce(needle, procRoot);
    pushAll(killed, found);
    if (found.length === 0) break;
  }
  return killed;
}

/** Sweeps after which a process tree still forking is left: each sweep kills every process it finds. */
const MAX_SWEEPS = 5;

function sweepOnce(needle: Buffer, procRoot: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync(procRoot);
  } catch {
    return [];
  }
  const killed: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environment: Buffer;
    try {
      // Readable only for our own user's processes: nobody else's can be matched, let alone killed.
      environment = readFileSync(`${procRoot}/${entry}/environ`);
    } catch {
      continue;
    }
    if (!environment.includes(needle)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed.push(Number(entry));
    } catch {
      // Gone already, or not ours to signal.
    }
  }
  return killed;
}

/**
 * Resolves once each of `pids` has ended (gone from `/proc`, or a zombie waiting for its parent), or
 * after `maxMs`: a SIGKILL is delivered asynchronously, and a caller that says "ended" should mean it.
 */
export async function whenEnded(pids: readonly number[], maxMs = 2000, procRoot = '/proc'): Promise<void> {
  const alive = (pid: number): boolean => {
    try {
      return !/^State:\s+Z/m.test(readFileSync(`${procRoot}/${pid}/status`, 'utf8'));
    } catch {
      return false;
    }
  };
  // On the monotonic clock: the wall clock set back during the wait held it that much longer.
  const deadline = performance.now() + maxMs;
  while (pids.some(alive) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
