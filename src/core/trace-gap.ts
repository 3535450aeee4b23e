import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { closeOutputFile, openOutputFile, writeOutputFile } from './open-output-file.ts';
/**
 * The type of the trace line written in place of an event the trace writer could not serialise:
 * `{"type":"trace_gap","event":"<its type>","why":"…"}`. A trace with one is not a record a run can
 * resume from: the missing event may be a call with side effects.
 */
export const TRACE_GAP = 'trace_gap';

/**
 * Appends a `trace_gap` line to the trace `file`: the state to keep of a run whose trace writer failed (a
 * full disk). Its last events are missing (a call with side effects may be among them), so no resume may
 * build on it; a line the failed write cut stays, and a resume reads the trace as damaged. Appended, not
 * rewritten (a full disk could lose a rewritten trace whole), and never through a symlink planted at the
 * path (see openOutputFile). Only the file's last byte is read, to end a cut line first. False when the
 * line cannot be written, or `file` is no regular file: `--trace /dev/full` was once read back without end
 * (24 GB, then the kernel killed the run before its summary was written).
 */
export function markTraceGapped(file: string, why: string): boolean {
  try {
    const line = JSON.stringify({ ts: new Date().toISOString(), type: TRACE_GAP, event: 'unknown', why });
    const read = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
    let endsLine: boolean;
    try {
      const stat = fstatSync(read);
      if (!stat.isFile()) return false;
      const size = stat.size;
      const last = Buffer.alloc(1);
      endsLine = size === 0 || (readSync(read, last, 0, 1, size - 1) === 1 && last[0] === 0x0a);
    } finally {
      closeSync(read);
    }
    const fd = openOutputFile(file, 'a');
    try {
      writeOutputFile(fd, `${endsLine ? '' : '\n'}${line}\n`);
    } finally {
      closeOutputFile(fd);
    }
    return true;
  } catch {
    return false;
  }
}
