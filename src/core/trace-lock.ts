import { randomBytes } from 'node:crypto';
import { linkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDevicePath } from './create-output-folder.ts';
import { parseJson } from './parse-json.ts';
import { readInputFile } from './read-input-file.ts';
import { TraceInUseError } from './trace-in-use-error.ts';

/** Who holds a trace's lock: the process, on which machine, since when. */
interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  /** When the process started, as Linux counts it (`/proc/PID/stat`'s start time): tells a pid used again. */
  readonly processStart?: string;
}

/**
 * When process `pid` started, in clock ticks since the machine booted (`/proc/PID/stat`, field 22), or undefined
 * where there is no `/proc` or no such process. The process's name, field 2, is in parentheses and may hold any
 * character: the fields are read after its last `)`.
 */
export function processStartOf(pid: number): string | undefined {
  const read = readInputFile(`/proc/${pid}/stat`, 4096);
  if (!read.ok) return undefined;
  const text = read.bytes.toString('utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Field 3 (the state) is the first after the name: field 22 is the 20th after it.
  const start = fields[19];
  return start !== undefined && /^\d+$/.test(start) ? start : undefined;
}

/** The lock files (absolute paths) this process holds: a lock naming this process is held only while listed here. */
const held = new Set<string>();

/** The lock file beside a trace: it names the run writing the trace while that run goes on. */
export function traceLockFile(file: string): string {
  return `${file}.lock`;
}

/** The holder a lock file names; undefined when it is not there or not a lock plan-runner wrote. */
function holderOf(lockFile: string): LockHolder | undefined {
  const read = readInputFile(lockFile, 1024);
  if (!read.ok) return undefined;
  try {
    const holder = parseJson(read.bytes.toString('utf8')) as Partial<LockHolder> | null;
    return holder && Number.isSafeInteger(holder.pid) && holder.pid! > 0 && typeof holder.host === 'string' && typeof holder.started === 'string' && (holder.processStart === undefined || typeof holder.processStart === 'string')
      ? (holder as LockHolder)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder is a process still running on this machine. A lock of another machine (a shared
 * folder) cannot be checked and is taken as left behind, as one of a process that ended (a kill). Nor is one
 * whose pid another process has now (a container's pids are few and soon used again): the lock names when its
 * process started, and a later run was refused for good by a process that was not the run (found by a hunt of
 * kills).
 */
function alive(holder: LockHolder, lockFile: string): boolean {
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return held.has(lockFile);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.processStart === undefined) return true;
  const now = processStartOf(holder.pid);
  return now === undefined || now === holder.processStart;
}

/** The run on this machine writing `file` now, when one is (another process, or this one's open writer of it). */
export function traceHolder(file: string): LockHolder | undefined {
  if (isDevicePath(file)) return undefined;
  const lockFile = path.resolve(traceLockFile(file));
  const holder = holderOf(lockFile);
  return holder && alive(holder, lockFile) ? holder : undefined;
}

/**
 * Takes the lock of the trace `file` for this run, or throws `TraceInUseError` naming the run that holds
 * it: two runs in one folder both wrote `.plan-runner/trace.jsonl`, each over the other's lines, and
 * neither run's trace was left whole. A lock its process left (killed) is taken over. Returns its release
 * (also done when the process exits), or undefined where no lock file can be made (a device, a folder
 * that takes no hard link): the trace is then written as before, unguarded.
 */
export function lockTrace(file: string): (() => void) | undefined {
  if (isDevicePath(file)) return undefined;
  const lockFile = path.resolve(traceLockFile(file));
  const processStart = processStartOf(process.pid);
  const mine: LockHolder = { pid: process.pid, host: os.hostname(), started: new Date().toISOString(), ...(processStart !== undefined && { processStart }) };
  // Written whole under a name of its own, then linked into place: a reader never finds a lock half written.
  const temp = `${lockFile}.${randomBytes(6).toString('hex')}`;
  try {
    writeFileSync(temp, JSON.stringify(mine), { flag: 'wx' });
  } catch {
    return undefined;
  }
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(temp, lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
        const holder = holderOf(lockFile);
        if (holder && alive(holder, lockFile)) throw new TraceInUseError(file, holder, traceLockFile(file));
        removeFile(lockFile);
        continue;
      }
      held.add(lockFile);
      const release = (): void => {
        if (!held.delete(lockFile)) return;
        process.removeListener('exit', release);
        const holder = holderOf(lockFile);
        // Only its own: a run that found this one gone (a pid reused) may have taken it over.
        if (holder?.pid === mine.pid && holder.started === mine.started) removeFile(lockFile);
      };
      process.once('exit', release);
      return release;
    }
    return undefined;
  } finally {
    removeFile(temp);
  }
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already, or not ours to remove.
  }
}
