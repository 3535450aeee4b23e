import { closeSync, writeFileSync } from 'node:fs';
import { openOutputFile } from './open-output-file.ts';
import { MAX_TRACE_BYTES, readInputFile } from './read-input-file.ts';
/**
 * The type of the trace line written in place of an event the trace writer could not serialise:
 * `{"type":"trace_gap","event":"<its type>","why":"…"}`. A trace with one is not a record a run can
 * resume from: the missing event may be a call with side effects.
 */
export const TRACE_GAP = 'trace_gap';

/**
 * A copy of the trace `file` that ends in a `trace_gap` line, at `copy` (the line appended when `copy` is `file`): the state to keep of a run
 * whose trace writer failed (a full disk). Its last events are missing (a call with side effects may be
 * among them), so no resume may build on it. Undefined when even the copy cannot be written, or `file`
 * is no regular file (a device) or larger than a trace is read.
 */
export function gappedTraceCopy(file: string, copy: string, why: string): string | undefined {
  try {
    const line = JSON.stringify({ ts: new Date().toISOString(), type: TRACE_GAP, event: 'unknown', why });
    // A line cut by the failed write ends first: the gap line must be a line of its own. Only a regular
    // file, at most as large as a trace is read: `--trace /dev/full` was read back without end (24 GB, then
    // the kernel killed the run before its summary was written).
    const read = readInputFile(file, MAX_TRACE_BYTES);
    if (!read.ok) return undefined;
    const text = read.bytes.toString('utf8');
    const ending = `${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`;
    // The trace itself only gets the line appended (rewritten, a full disk could lose it); never through
    // a symlink planted at the path (see openOutputFile).
    const inPlace = copy === file;
    const fd = openOutputFile(copy, inPlace ? 'a' : 'w');
    try {
      // A copy leaves out a line the failed write cut, so the gap says what happened.
      writeFileSync(fd, inPlace ? ending : `${text.slice(0, text.lastIndexOf('\n') + 1)}${line}\n`);
    } finally {
      closeSync(fd);
    }
    return copy;
  } catch {
    return undefined;
  }
}
