import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** The largest trace (or recording) plan-runner reads: far more than 10,000 steps' events. */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;

export type InputFileResult = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly problem: string; readonly code?: string };

const NOT_A_FILE = 'not a file (a folder, a FIFO or a device); give the path of a regular file';

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/**
 * Reads an input file the user names (a trace to resume or weigh by, a recording to replay, a fault or
 * answers file) whole, at most `maxBytes`: what is not a regular file is refused without blocking (a FIFO
 * is opened non-blocking, so no writer is waited for), and the size is counted as it is read, not taken
 * from `stat` (a device says 0 and never ends). Never throws: a problem comes back in words, without the path.
 */
export function readInputFile(file: string, maxBytes: number): InputFileResult {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, problem: 'no such file; check the path (it is relative to the current directory)', code };
    if (code === 'EACCES') return { ok: false, problem: 'cannot read the file: permission denied', code };
    if (code === 'EISDIR') return { ok: false, problem: NOT_A_FILE, code };
    return { ok: false, problem: `cannot read the file (${code ?? String(error)})`, ...(code !== undefined && { code }) };
  }
  try {
    if (!fstatSync(fd).isFile()) return { ok: false, problem: NOT_A_FILE };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) return { ok: false, problem: `it is larger than ${megabytes(maxBytes)}, more than plan-runner reads from such a file` };
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: `cannot read the file (${code ?? String(error)})`, ...(code !== undefined && { code }) };
  } finally {
    closeSync(fd);
  }
}
